import { expect, test, type Page } from '@playwright/test';
import { loginAs } from './support/api';

// Forecasts on observed months and the published forecast record (docs/market-data.md#forecasts),
// on both devices and in both languages. Bangladesh's rice in Dhaka: WFP prices to 2020-05 from
// one market, none from 2020-06 to 2024-08, then 2024-09 … 2025-06 from thirteen others. A Gold
// member's five years count back from the last price, so what is shown does not move with the day.
const MEMBER = { phone: '13800000001', password: 'Demo12345' };
const DHAKA_RICE = '/functionality?country=BGD&product=rice-coarse&region=bgd/dhaka&price=retail';
const forecastPanel = (page: Page) => page.locator('section#chartForecast');
const zh = async (page: Page, baseURL: string) =>
  page.context().addCookies([{ name: 'locale', value: 'zh-CN', url: baseURL }]);

test.describe('Bangladesh: rice in Dhaka', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, MEMBER.phone, MEMBER.password);
  });

  test('shows its observed months, marks the months without a price, and makes no forecast of the past', async ({
    page,
  }) => {
    await page.goto(DHAKA_RICE);
    const f = forecastPanel(page);
    await expect(f.getByTestId('observed-months')).toHaveText('10 of 61 months have prices', { timeout: 30_000 });
    await expect(f.getByTestId('no-forecast')).toContainText('No forecast: this series ended 2025-06.');
    // The months without a price are drawn dotted, and the key says what that line is.
    await expect(f.locator('path.recharts-curve[stroke-dasharray="2 4"]')).toHaveCount(1);
    await expect(f.getByText('No price that month (line drawn between neighbours)')).toBeVisible();
    // The ten months with prices are dots on the history line; no forecast table, no band.
    await expect(f.locator('.recharts-line-dots circle')).toHaveCount(10);
    await expect(f.getByTestId('forecast-table')).toHaveCount(0);
    await expect(f.locator('.recharts-area-area')).toHaveCount(0);
  });

  test('says the same in Chinese', async ({ page, baseURL }) => {
    await zh(page, baseURL!);
    await page.goto(DHAKA_RICE);
    const f = forecastPanel(page);
    await expect(f.getByTestId('observed-months')).toHaveText('61 个月中有 10 个月有价格', { timeout: 30_000 });
    await expect(f.getByTestId('no-forecast')).toContainText('无预测：该序列止于 2025-06。');
    await expect(f.getByText('当月无价格（虚线连接前后月份）')).toBeVisible();
  });
});

test.describe('the forecast record', () => {
  test('is linked from the forecast and lists its figures by country and product', async ({ page }) => {
    await loginAs(page, MEMBER.phone, MEMBER.password);
    await page.goto(DHAKA_RICE);
    await forecastPanel(page).getByTestId('record-link').click();
    await expect(page).toHaveURL(/\/functionality\/forecastRecord$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forecast record');
    const overall = page.getByTestId('record-overall');
    await expect(overall).toContainText(/Model error \d\.\d\d vs seasonal naive \d\.\d\d \(MASE\)/);
    // Calibrated bands hold within 5 points of what they promise.
    const held = async (id: string) =>
      Number(/held ([\d.]+)%/.exec((await page.getByTestId(id).textContent()) ?? '')?.[1] ?? NaN);
    expect(Math.abs((await held('record-held80')) - 80)).toBeLessThanOrEqual(5);
    expect(Math.abs((await held('record-held95')) - 95)).toBeLessThanOrEqual(5);
    const countries = page.getByTestId('record-countries');
    await expect(countries.locator('tbody tr')).toHaveCount(3);
    await expect(countries).toContainText('Bangladesh');
    await expect(countries).toContainText('China');
    await expect(page.getByTestId('record-products')).toContainText('Rice (coarse)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('reads in Chinese', async ({ page, baseURL }) => {
    await zh(page, baseURL!);
    await page.goto('/functionality/forecastRecord');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('预测记录');
    await expect(page.getByTestId('record-held80')).toContainText(/80% 区间命中 [\d.]+%/);
    await expect(page.getByTestId('record-countries')).toContainText('孟加拉国');
    await expect(page.getByTestId('record-countries')).toContainText('中国');
  });
});
