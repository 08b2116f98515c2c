import { expect, test, type Page } from '@playwright/test';

// Figures in USD name their exchange rates (docs/market-data.md, "Exchange rates"): the seed's
// H.10 rates for CNY (published, to 2026-06), the rates Bangladesh's WFP file implies for BDT.
const section = (page: Page, id: string) => page.locator(`section#${id}`);

test.describe('prices in USD', () => {
  test('Bangladesh in USD shows the rate and its month beside the unit, in Chinese', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'locale', value: 'zh-CN', url: baseURL! }]);
    await page.goto('/functionality?country=BGD&product=lentils-masur&price=retail&currency=usd');
    const trend = section(page, 'priceTrend');
    await expect(trend.getByTestId('trend-unit')).toHaveText('USD/公斤', { timeout: 45_000 });
    await expect(trend.getByTestId('fx-rate')).toHaveText(/^1 美元 = \d+(\.\d+)? BDT（2025-06）$/);
    await expect(trend.getByTestId('usd-note')).toContainText('WFP VAM via HDX');
  });

  test("China in USD uses the Federal Reserve's rates and marks the months after their last one", async ({ page }) => {
    // The demo series run to today; H.10's rates end 2026-06.
    await page.goto('/functionality?product=tomato&currency=usd');
    const trend = section(page, 'priceTrend');
    await expect(trend.getByTestId('trend-unit')).toHaveText('USD/kg', { timeout: 45_000 });
    await expect(trend.getByTestId('fx-rate')).toHaveText('1 USD = 6.7758 CNY (2026-06)');
    await expect(trend.getByTestId('usd-note')).toContainText('Federal Reserve H.10 via FRED (Public domain)');
    await expect(trend.getByTestId('usd-note')).toContainText('The rates end 2026-06');
    await expect(trend.getByText('After 2026-06: 2026-06 rate')).toBeVisible();
  });
});
