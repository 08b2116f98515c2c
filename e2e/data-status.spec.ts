import { expect, test } from '@playwright/test';
import { newCustomer } from './support/api';

// Issue 28 item 8 (docs/pricing.md "Current and archive regions", docs/market-data.md "Data
// status"): the public data status page, reached from the site's menus, and what each region of a
// data product holds before it is bought. The seed: demo daily prices to today in six provinces,
// WFP's monthly prices of China's provinces (to 2020), Bangladesh's and the global fixture's.

test.describe('data status page', () => {
  test('lists each country and source with coverage, last price, last import and licence; reached from the menu', async ({
    page,
    isMobile,
  }) => {
    await page.goto('/');
    if (isMobile) {
      await page.locator('label[for="m-drawer-toggle"]').filter({ hasText: 'Open menu' }).click();
      await page.locator('#m-drawer').getByRole('link', { name: 'Data status' }).click();
    } else {
      await page.getByRole('contentinfo').getByRole('link', { name: 'Data status' }).click();
    }
    await expect(page).toHaveURL(
      (u) => u.pathname.endsWith('/functionality/dataStatus') || u.pathname.endsWith('/mobileFunctionality/dataStatus'),
    );
    await expect(page.getByRole('heading', { name: 'Data status', level: 1 })).toBeVisible();
    const prices = page.getByTestId('status-prices');
    // China: the demo source is current and daily; WFP's monthly prices ended in 2020 and are an archive.
    const row = (text: string) =>
      (isMobile ? prices.locator('li') : prices.locator('tbody tr'))
        .filter({ hasText: 'China' })
        .filter({ hasText: text });
    const demo = row('Demo data (generated)');
    await expect(demo).toContainText('Current');
    await expect(demo).toContainText('Daily');
    const wfp = row('WFP');
    await expect(wfp).toContainText('Archive');
    await expect(wfp).toContainText('Monthly');
    await expect(wfp).toContainText('CC BY-IGO');
    // The seed's import recorded when it read each source.
    await expect(wfp).toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    await expect(page.getByTestId('status-rates')).toContainText('CNY');
  });

  test('reads in Chinese', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'locale', value: 'zh-CN', url: baseURL! }]);
    await page.goto('/functionality/dataStatus');
    await expect(page.getByRole('heading', { name: '数据状态', level: 1 })).toBeVisible();
    await expect(page.getByTestId('status-prices')).toContainText('中国');
    await expect(page.getByTestId('status-prices')).toContainText('历史数据');
  });
});

test('each region of a data product says what it holds; ended ones are archives at the archive price', async ({
  page,
}) => {
  await newCustomer(page);
  await page.goto('/equitiesCentre/purchaseDataContent?product=DP-GRAINS');
  await expect(page.getByTestId('dp-DP-GRAINS')).toContainText('Selected');
  await expect(page.getByTestId('dp-archive-price').first()).toContainText('¥594.00 per region / 12 months');
  const shandong = page.getByTestId('dp-region-shandong').getByTestId('region-contents');
  await expect(shandong).toHaveAttribute('data-current', 'true');
  await expect(shandong).toContainText('Current');
  await expect(shandong).toContainText('Products: ');
  await expect(shandong).toContainText(/Demo data \(generated\): daily, \d{4}-\d\d-\d\d – \d{4}-\d\d-\d\d/);
  // A province with only WFP's prices (to 2020) is sold as an archive, at 30 % of the price.
  const archive = page.locator('[data-testid^="dp-region-"]').filter({
    has: page.locator('[data-testid="region-contents"][data-current="false"]'),
  });
  await expect(archive.first()).toContainText(/Archive: prices end 20\d\d-\d\d-\d\d/);
  await expect(archive.first()).toContainText('monthly');
  await expect(archive.first()).toContainText('¥594.00');
});
