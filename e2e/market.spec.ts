import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { callUrl, loginAs } from './support/api';

// The seeded demo data (lib/server/seed/market.ts): the WFP file, a daily demo history up to
// today, a Gold member (13800000001) and a holder of the vegetable data of Shandong (13800000004).
const MEMBER = { phone: '13800000001', password: 'Demo12345' };
const HOLDER = { phone: '13800000004', password: 'Demo12345' };

// The same URL serves both projects: a phone is given /mobileFunctionality by the proxy.
const section = (page: Page, id: string) => page.locator(`section#${id}`);

test.describe('market data', () => {
  test('a visitor sees the latest price list and 90 days of national trends, and a lock on a province history', async ({
    page,
  }) => {
    test.slow();
    await page.goto('/functionality');
    const list = section(page, 'list');
    // The first test may meet a server whose embedded database is still being opened.
    await expect(list.getByTestId('price-list').locator('tbody tr').first()).toBeVisible({ timeout: 45_000 });
    // The board follows the product chosen above it (China opens on a demo cereal): its rows, its source only.
    await expect(list.getByTestId('list-scope')).toContainText('in the markets of China');
    await expect(list.getByText('Demo data').first()).toBeVisible();
    await expect(list.getByTestId('list-provenance')).not.toContainText('WFP');

    const trend = section(page, 'priceTrend');
    await expect(trend.getByTestId('trend-stats')).toContainText('China (national)');
    await expect(trend.locator('.recharts-line-curve').first()).toBeVisible();
    await expect(trend.getByTestId('lock')).toHaveCount(0);
    // The overview's figures are description lists a screen reader can walk: terms and descriptions only.
    await expect(section(page, 'chart').locator('dl [role="img"]').first()).toBeVisible();
    await expect(section(page, 'chart').locator('dl > :not(dt):not(dd)')).toHaveCount(0);
    await expect(trend.getByTestId('provenance')).toContainText('Demo data');

    // Forecasts are for members: a lock with the way in, not an empty chart.
    await expect(section(page, 'chartForecast').getByTestId('lock')).toBeVisible();
    await expect(section(page, 'chartForecast').getByRole('button', { name: 'Log in' })).toBeVisible();

    await page.goto('/functionality?product=tomato&region=shandong');
    const lock = section(page, 'priceTrend').getByTestId('lock');
    await expect(lock).toBeVisible();
    await expect(lock).toHaveAttribute('data-reason', 'login');
    await expect(lock.getByTestId('buy-link')).toHaveAttribute(
      'href',
      '/equitiesCentre/purchaseDataContent?product=DP-VEGETABLES',
    );
    // The board below shows nothing the lock withholds: Shandong's latest prices are for logged-in users.
    await expect(section(page, 'list').getByTestId('lock')).toHaveAttribute('data-reason', 'login');
    await expect(section(page, 'list').getByTestId('price-list')).toHaveCount(0);
    // The lock never blanks what a visitor may see: the nation's line stands in for the province.
    await expect(section(page, 'priceTrend').getByTestId('trend-stats')).toContainText('China (national)');
    await expect(section(page, 'priceTrend').locator('.recharts-line-curve').first()).toBeVisible();
  });

  test('a Chinese visitor asking a province for a year sees the national line of the 90 days allowed and a Chinese lock', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'locale', value: 'zh-CN', url: baseURL! }]);
    await page.goto('/functionality?region=shandong&range=1y');
    const trend = section(page, 'priceTrend');
    await expect(trend.getByTestId('trend-stats')).toContainText('全国', { timeout: 30_000 });
    await expect(trend.locator('.recharts-line-curve').first()).toBeVisible();
    // The nine months before the 90 days are shaded, not left out.
    await expect(trend.locator('.recharts-reference-area')).toBeVisible();
    const locks = trend.getByTestId('lock');
    await expect(locks.first()).toHaveAttribute('data-reason', 'login');
    await expect(locks.first()).toContainText(/山东：登录后可查看地区价格历史/);
    await expect(locks.first().getByRole('button', { name: '登录' })).toBeVisible();
    await expect(locks.filter({ hasText: '访客可查看最近 90 天的数据' })).toHaveAttribute('data-reason', 'history');
    await expect(trend).not.toContainText(/log in|visitors see/i);
    // The "Latest price" figure is the national one shown, not "–".
    await expect(page.getByTestId('kpi-latest')).toHaveText(/\d/);
  });

  test('while its menus load, the filters say so and show no raw code', async ({ page }) => {
    // The countries and the region tree are held until the filters have been read.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    for (const call of ['CountryMenu', 'GetRegion'] as const)
      await page.route(`**${callUrl(call)}*`, async (route) => {
        await held;
        await route.continue().catch(() => undefined);
      });
    await page.goto('/functionality?region=shandong');
    const filters = page.getByRole('form', { name: 'Choose what to show' });
    await expect(filters).toContainText('Loading…', { timeout: 30_000 });
    await expect(filters).toContainText('Local');
    const text = await filters.innerText();
    expect(text).not.toMatch(/\bCHN\b|\bshandong\b/);
    release();
    await expect(filters).toContainText('China · CNY');
    await expect(filters).toContainText('Shandong');
  });

  test.describe('on a phone', () => {
    test.use({
      viewport: { width: 390, height: 844 },
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      isMobile: true,
      hasTouch: true,
    });

    test('the sections stay where they are when the country line arrives late', async ({ page }) => {
      // The countries' answer is held until the sections below the line have been drawn.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(`**${callUrl('CountryMenu')}*`, async (route) => {
        await held;
        await route.continue().catch(() => undefined);
      });
      await page.goto('/functionality');
      const overview = section(page, 'chart');
      await expect(overview).toBeVisible({ timeout: 30_000 });
      const before = (await overview.boundingBox())!.y;
      release();
      await expect(page.getByTestId('country-line')).toBeVisible();
      // Nothing moves under the reader's eyes (a layout shift): the line had its place already.
      expect((await overview.boundingBox())!.y).toBeCloseTo(before, 0);
    });

    test("the trend chart's tick labels read the same numbers as the table below it", async ({ page }) => {
      await page.goto('/functionality?product=pork');
      const trend = section(page, 'priceTrend');
      const row = trend.getByTestId('trend-stats').locator('tbody tr').first();
      await expect(row).toContainText('China (national)', { timeout: 30_000 });
      const num = (s: string) => Number(s.replace(/[^\d.-]/g, ''));
      const cells = await row.locator('td').allInnerTexts();
      const [min, max] = [num(cells[3]!), num(cells[4]!)];
      const tick = trend.locator('.recharts-yAxis-tick-labels text');
      await expect(tick.first()).toBeVisible();
      // What a person reads: each label whole on screen (inside the chart and the section), and
      // the labels spanning the table's lowest and highest price on the same scale.
      const ticks = await tick.evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          const svg = el.closest('svg')!.getBoundingClientRect();
          const box = el.closest('section')!.getBoundingClientRect();
          const inside =
            r.left >= Math.max(svg.left, box.left, 0) - 0.5 && r.right <= Math.min(svg.right, box.right) + 0.5;
          return { text: el.textContent ?? '', inside };
        }),
      );
      expect(ticks.filter((t) => !t.inside)).toEqual([]);
      const values = ticks.map((t) => num(t.text));
      expect(Math.min(...values)).toBeLessThanOrEqual(min);
      expect(Math.max(...values)).toBeGreaterThanOrEqual(max);
      expect(Math.min(...values)).toBeGreaterThan(min / 2);
      expect(Math.max(...values)).toBeLessThan(max * 2);
    });
  });

  test('a member sees the forecast with its 80 % and 95 % bands, model and date', async ({ page }) => {
    await loginAs(page, MEMBER.phone, MEMBER.password);
    await page.goto('/functionality?product=pork');
    const forecast = section(page, 'chartForecast');
    await expect(forecast.getByTestId('forecast-table').locator('tbody tr')).toHaveCount(6);
    await expect(forecast.locator('.recharts-area-area')).toHaveCount(2);
    // ETS, or seasonal naive where ETS did not beat it on the back-test.
    await expect(forecast).toContainText(/Model: (ETS|Seasonal naive)/);
    // Dated by the last price it was made from (the demo series runs to the day the server seeded).
    await expect(forecast.getByTestId('made-on')).toHaveText(/^Made from prices up to \d{4}-\d\d-\d\d$/);
    await expect(forecast.getByTestId('forecast-table')).toContainText('Back-test over the last 24 months (MASE');
    await expect(forecast.getByTestId('lock')).toHaveCount(0);
  });

  test('a first visit asks each market call once, though the first ones leave before the page hydrates', async ({
    page,
  }) => {
    test.slow();
    const asked = new Map<string, number>();
    page.on('request', (r) => {
      const name = /\/api\/core\/api\/YoonopData\/(\w+)/.exec(r.url())?.[1];
      if (name) asked.set(name, (asked.get(name) ?? 0) + 1);
    });
    await page.goto('/functionality');
    await expect(section(page, 'priceTrend').locator('.recharts-line-curve').first()).toBeVisible({ timeout: 45_000 });
    await expect(section(page, 'chartIndex').locator('.recharts-line-curve').first()).toBeVisible();
    await expect(section(page, 'chartForecast').getByTestId('lock')).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The page's queries took the answers asked early (docs/decisions/market-early-calls.md): the
    // index is asked twice only because the overview and the index chart both show one. A region's
    // latest prices (PriceMenu) show only below the nation, so a whole country's view does not ask.
    expect(Object.fromEntries(asked)).toEqual({
      CountryMenu: 1,
      ProductsMenu: 1,
      IndexMenu: 1,
      WebPrice: 1,
      PriceIndex: 2,
      PriceTrend: 1,
      PriceAgTrend: 1,
      GetRegion: 1,
    });
  });

  test("the charts' code is asked before the first market call, not queued behind the calls", async ({ page }) => {
    // A browser opens at most six connections to one server: asked after the calls, the chunk
    // waited for their slowest answer before the first line could be drawn.
    const order: string[] = [];
    page.on('request', (r) => order.push(r.url()));
    const chartsChunk = new Promise<string>((resolve) => {
      page.on('response', async (r) => {
        if (r.request().resourceType() !== 'script') return;
        const text = await r.text().catch(() => '');
        if (text.includes('recharts-line-curve')) resolve(r.url());
      });
    });
    await page.goto('/functionality');
    const chunk = await chartsChunk;
    const firstCall = order.findIndex((u) => u.includes('/api/core/api/YoonopData/'));
    expect(firstCall).toBeGreaterThan(-1);
    expect(order.indexOf(chunk)).toBeLessThan(firstCall);
  });

  test('a chart whose code has arrived never waits for its code', async ({ page }) => {
    // React reveals a suspended part no sooner than 300 ms after its placeholder: a chart must not
    // suspend when its code is already here. The calls are held until the charts' code arrived. (A
    // chart may still wait its turn: they draw one per task, docs/decisions/market-page-main-thread.md.)
    await page.addInitScript(() => {
      const w = window as unknown as { placeholders: number };
      w.placeholders = 0;
      new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.addedNodes)
            if (
              n instanceof Element &&
              (n.matches('.market-chart-placeholder[data-wait="code"]') ||
                n.querySelector('.market-chart-placeholder[data-wait="code"]'))
            )
              w.placeholders += 1;
      }).observe(document, { subtree: true, childList: true });
    });
    let arrived = () => {};
    const chartsCode = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    page.on('requestfinished', async (r) => {
      if (r.resourceType() !== 'script') return;
      const text = await (await r.response())?.text().catch(() => '');
      if (text?.includes('recharts-line-curve')) arrived();
    });
    await page.route('**/api/core/api/YoonopData/**', async (route) => {
      await chartsCode;
      // Time for the browser to run the chunk it has received.
      await new Promise((r) => setTimeout(r, 1000));
      await route.continue().catch(() => undefined);
    });
    await page.goto('/functionality');
    await expect(section(page, 'priceTrend').locator('.recharts-line-curve').first()).toBeVisible({ timeout: 45_000 });
    await expect(section(page, 'chart').locator('.recharts-curve, .recharts-line-curve').first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { placeholders: number }).placeholders)).toBe(0);
  });

  test("a member's series do not wait for the session's start-up calls", async ({ page }) => {
    await loginAs(page, MEMBER.phone, MEMBER.password);
    // The session's first start-up call is held: the calls carry the token, so the forecast (members
    // only) is drawn for the member all the same.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${callUrl('GetCurrentUser')}`, async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.goto('/functionality?product=pork');
    const forecast = section(page, 'chartForecast');
    await expect(forecast.getByTestId('forecast-table').locator('tbody tr')).toHaveCount(6);
    await expect(forecast.getByTestId('lock')).toHaveCount(0);
    release();
  });

  test('a data-product holder sees full history in the bought region only', async ({ page }) => {
    await loginAs(page, HOLDER.phone, HOLDER.password);
    await page.goto('/functionality?product=tomato&region=shandong&range=5y');
    const trend = section(page, 'priceTrend');
    await expect(trend.getByTestId('trend-stats')).toContainText('Shandong');
    // A region below the nation shows its latest prices (asked only for such a view).
    await expect(section(page, 'chart').getByTestId('region-latest')).toContainText('Shandong');
    await expect(trend.getByTestId('lock')).toHaveCount(0);
    await expect(trend.locator('.recharts-line-curve').first()).toBeVisible();
    await page.goto('/functionality?product=tomato&region=henan&range=5y');
    await expect(section(page, 'priceTrend').getByTestId('lock').first()).toHaveAttribute('data-reason', 'region');
  });

  test('CSV export downloads the series on screen', async ({ page }) => {
    await loginAs(page, HOLDER.phone, HOLDER.password);
    await page.goto('/functionality?product=tomato&region=shandong&range=6m&granularity=week');
    const trend = section(page, 'priceTrend');
    await expect(trend.getByTestId('trend-stats')).toContainText('Shandong');
    const [download] = await Promise.all([page.waitForEvent('download'), trend.getByTestId('export-trend').click()]);
    expect(download.suggestedFilename()).toMatch(/^tomato_shandong_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('date,product,region,price_type,granularity,price,min,max,unit,source');
    // ~26 weeks of a 6-month window, each a row for Shandong, weekly, in CNY/kg.
    expect(lines.length - 1).toBeGreaterThanOrEqual(25);
    expect(lines.slice(1).every((l) => /,Shandong,wholesale,week,[\d.]+,/.test(l) && l.includes('CNY/kg'))).toBe(true);
    await expect(trend.getByTestId('export-done')).toBeVisible();
  });

  test('a visitor asking to export is told what would allow it', async ({ page }) => {
    await page.goto('/functionality');
    const trend = section(page, 'priceTrend');
    await expect(trend.getByTestId('trend-stats')).toBeVisible();
    await trend.getByTestId('export-trend').click();
    await expect(trend.getByTestId('lock').last()).toHaveAttribute('data-reason', 'login');
  });

  test("Bangladesh's WFP prices: a market and a commodity of the file in BDT, then in USD at the file's own rates", async ({
    page,
  }, info) => {
    test.slow();
    await loginAs(page, MEMBER.phone, MEMBER.password);
    const view = 'product=lentils-masur&region=bgd%2Fdhaka%2Fdhaka-sadar&range=custom&from=2024-09-01&to=2025-06-30';
    await page.goto(`/functionality?country=BGD&${view}`);
    const trend = section(page, 'priceTrend');
    await expect(trend.getByTestId('trend-stats')).toContainText('Dhaka Sadar', { timeout: 30_000 });
    await expect(trend.getByTestId('trend-unit')).toHaveText('BDT/kg');
    await expect(trend).toContainText('Lentils (masur)');
    await expect(trend.getByTestId('provenance')).toContainText('WFP VAM via HDX');
    await expect(trend.locator('.recharts-line-curve').first()).toBeVisible();
    await expect(page.getByTestId('country-line')).toContainText('Bangladesh');
    await expect(page.getByTestId('country-line')).toContainText('BDT');
    const list = section(page, 'list');
    await expect(list.getByTestId('price-list')).toContainText('Lentils (masur)');
    // The board follows the chosen product and market.
    await expect(list.getByTestId('list-scope')).toHaveText('Lentils (masur) in the markets of Dhaka Sadar');

    // The currency switch: USD, with the rate's origin said beside the figures.
    if (info.project.name === 'mobile') await page.getByTestId('m-currency-USD').click();
    else await page.getByTestId('currency-switch').getByText('USD', { exact: true }).click();
    await expect(page).toHaveURL(/currency=usd/);
    await expect(trend.getByTestId('trend-unit')).toHaveText('USD/kg');
    await expect(trend.getByTestId('usd-note')).toContainText('BDT per USD');
    // BDT has no published series: the rates are those the WFP file's USD prices imply, and the
    // rate of the latest price and its month stand beside the unit.
    await expect(trend.getByTestId('usd-note')).toContainText('implied by the USD prices of WFP VAM via HDX');
    await expect(trend.getByTestId('fx-rate')).toHaveText(/^1 USD = \d+(\.\d+)? BDT \(2025-06\)$/);
    await expect(trend.getByTestId('trend-stats')).toContainText('Dhaka Sadar');
  });
});
