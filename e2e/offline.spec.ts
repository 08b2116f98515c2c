// Panels that survive a bad connection (docs/screens.md, "Bad connections"): offline after the
// first load, a new period fails at once in every panel, with Retry and the last answer kept; the
// page says it is offline and when it is back; back online, Retry shows the new period.
import { expect, test, type Page } from '@playwright/test';

const WORDS = {
  en: {
    period: 'Period',
    ninetyDays: '90 days',
    offline: 'You are offline',
    back: 'Back online',
    failed: 'No connection: this could not be loaded.',
    retry: 'Retry',
    nation: 'China (national)',
  },
  'zh-CN': {
    period: '时间段',
    ninetyDays: '近 90 天',
    offline: '当前处于离线状态',
    back: '网络已恢复',
    failed: '网络未连接，无法加载。',
    retry: '重试',
    nation: '全国',
  },
} as const;

const section = (page: Page, id: string) => page.locator(`section#${id}`);

// The panels' own behaviour, without the phone's service worker: it takes control while the page
// loads (clients.claim) and, when it won that race, answers the new period offline with its kept
// copy of the same view (tested below), so the panels had no error to show and the test failed at
// random on phones (CI, 2026-11-28: mobile en failed, zh-CN passed).
test.describe('without the service worker', () => {
  test.use({ serviceWorkers: 'block' });
  for (const lang of ['en', 'zh-CN'] as const) {
    test(`offline after load → each panel fails with Retry, keeping its data → online → Retry shows the new period (${lang})`, async ({
      page,
      context,
      baseURL,
    }) => {
      test.slow();
      const w = WORDS[lang];
      await context.addCookies([{ name: 'locale', value: lang, url: baseURL! }]);
      // The last 30 days, then 90 (a visitor may see 90 days: docs/access-policy.md), by today's date.
      const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
      await page.goto(`/functionality?product=pork&range=custom&from=${day(30)}&to=${day(0)}`);
      const trend = section(page, 'priceTrend');
      const index = section(page, 'chartIndex');
      await expect(trend.getByTestId('trend-stats')).toContainText(w.nation, { timeout: 45_000 });
      await expect(index.locator('.recharts-line-curve').first()).toBeVisible();
      await expect(section(page, 'list').getByTestId('price-list').locator('tbody tr').first()).toBeVisible();
      const before = (await trend.locator('p').first().textContent()) ?? '';

      await context.setOffline(true);
      const banner = page.getByTestId('offline-banner');
      await expect(banner).toContainText(w.offline);
      await page.getByRole('group', { name: w.period }).getByText(w.ninetyDays, { exact: true }).click();
      // 90 days is the default period, which the URL leaves out.
      await expect(page).not.toHaveURL(/range=custom/);

      // Not "Loading…" for ever: each series panel says why at once, offers Retry, keeps its chart.
      for (const panel of [trend, index]) {
        const alert = panel.getByRole('alert');
        await expect(alert).toContainText(w.failed, { timeout: 10_000 });
        await expect(alert.getByRole('button', { name: w.retry })).toBeVisible();
        await expect(panel.getByTestId('previous-answer').locator('.recharts-line-curve').first()).toBeVisible();
        await expect(panel.getByTestId('skeleton')).toHaveCount(0);
      }
      // The kept trend is the one loaded before, its period named with it.
      await expect(trend.getByTestId('previous-answer').locator('p').first()).toHaveText(before);

      await context.setOffline(false);
      await expect(banner).toContainText(w.back);
      await expect(banner).toHaveCount(0, { timeout: 10_000 });
      // The browser may already have asked again on its own; Retry where a panel still offers it.
      for (const panel of [trend, index]) {
        const retry = panel.getByRole('button', { name: w.retry });
        if (await retry.isVisible()) await retry.click();
        await expect(panel.getByRole('alert')).toHaveCount(0, { timeout: 30_000 });
        await expect(panel.getByTestId('previous-answer')).toHaveCount(0);
        await expect(panel.locator('.recharts-line-curve').first()).toBeVisible();
      }
      await expect(trend.locator('p').first()).not.toHaveText(before);
    });
  }
});

test('a phone keeps the last prices it showed readable offline, saying when they were loaded @phone', async ({
  page,
  context,
  baseURL,
}) => {
  test.slow();
  await context.addCookies([{ name: 'locale', value: 'zh-CN', url: baseURL! }]);
  await page.goto('/functionality?product=pork');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // From the next load on, the worker keeps the page and each answer it shows.
  await page.reload();
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  const trend = section(page, 'priceTrend');
  await expect(trend.getByTestId('trend-stats')).toContainText('全国', { timeout: 45_000 });
  await expect(section(page, 'list').getByTestId('price-list').locator('tbody tr').first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  // Offline, the page opens again with the same prices, each panel saying they are a copy, and when.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toContainText('当前处于离线状态');
  await expect(trend.getByTestId('trend-stats')).toContainText('全国', { timeout: 30_000 });
  await expect(trend.getByTestId('offline-copy')).toContainText(/离线副本：\d{4}-\d{2}-\d{2} \d{2}:\d{2} 加载/);
  const list = section(page, 'list');
  await expect(list.getByTestId('price-list').locator('tbody tr').first()).toBeVisible();
  await expect(list.getByTestId('offline-copy')).toBeVisible();
  await context.setOffline(false);
});
