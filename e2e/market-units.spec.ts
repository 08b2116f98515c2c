import { expect, test, type Page } from '@playwright/test';

// A country file quoting cabbage per kg in Nairobi and per head in Kisumu (e2e/fixtures/README.md:
// imported with the defaults after the seed): both series are on the market page, each with its unit.
const section = (page: Page, id: string) => page.locator(`section#${id}`);

test.describe('one commodity quoted in two units', () => {
  test('the product menu offers both cabbage series with their units, and each chart says its unit', async ({
    page,
    isMobile,
  }) => {
    test.slow();
    await page.goto('/functionality?country=KEN&product=cabbage&price=retail');
    const trend = section(page, 'priceTrend');
    await expect(trend.getByTestId('trend-unit')).toHaveText('KES/kg', { timeout: 45_000 });
    await expect(trend.getByTestId('trend-stats')).toContainText('Kenya (national)');
    await expect(trend.getByTestId('provenance')).toContainText('Unit: KES/kg');

    if (isMobile) {
      const select = page.getByTestId('m-product');
      await expect(select.locator('option', { hasText: 'Cabbage (per kg' })).toHaveCount(1);
      await expect(select.locator('option', { hasText: 'Cabbage (per head' })).toHaveCount(1);
      await select.selectOption('cabbage-per-head');
    } else {
      await page.getByTestId('product-select').click();
      const options = page.locator('.ant-select-item-option');
      await expect(options.filter({ hasText: 'Cabbage' })).toHaveCount(2);
      await expect(options.filter({ hasText: 'per head ·' })).toHaveCount(1);
      await options.filter({ hasText: 'per head ·' }).click();
      // Chosen, the menu names the unit: two products share the name.
      await expect(page.getByTestId('product-select')).toContainText('Cabbage · per head');
    }
    await expect(trend.getByTestId('trend-unit')).toHaveText('KES/head');
    await expect(trend.getByTestId('provenance')).toContainText('Unit: KES/head');
    await expect(trend.locator('.recharts-line-curve').first()).toBeVisible();
  });

  test('in Chinese, the units read in Chinese', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'locale', value: 'zh-CN', url: baseURL! }]);
    await page.goto('/functionality?country=KEN&product=cabbage-per-head&price=retail');
    await expect(section(page, 'priceTrend').getByTestId('trend-unit')).toHaveText('KES/颗', { timeout: 45_000 });
    await page.goto('/functionality?country=KEN&product=bananas-per-bunch&price=retail');
    await expect(section(page, 'priceTrend').getByTestId('trend-unit')).toHaveText('KES/串', { timeout: 45_000 });
  });
});
