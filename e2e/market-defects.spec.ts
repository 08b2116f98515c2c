import { expect, test, type Page } from '@playwright/test';
import { callUrl, loginAs, newCustomer } from './support/api';
import { CUSTOMER } from './support/accounts';

// The last screen defects of the market page (issue 31, item 6): each test is what a reader saw wrong.
const section = (page: Page, id: string) => page.locator(`section#${id}`);

test('a search of the price list that matches nothing says so, and clears', async ({ page }) => {
  await page.goto('/functionality');
  const list = section(page, 'list');
  await expect(list.getByTestId('price-list')).toBeVisible({ timeout: 30_000 });
  await list.locator('#price-search').fill('zzqx');
  await expect(list.getByRole('status')).toHaveText(/No price matches “zzqx”\./);
  await expect(list).not.toContainText('No prices for this choice');
  await list.getByRole('button', { name: 'Clear the search' }).click();
  await expect(list.getByTestId('price-list')).toBeVisible();
  await expect(list.locator('#price-search')).toHaveValue('');
});

test('a region’s latest prices show five rows, then all of them on request', async ({ page }) => {
  await loginAs(page, CUSTOMER.phone, CUSTOMER.password);
  await page.goto('/functionality?region=shandong');
  const table = section(page, 'chart').getByTestId('region-latest');
  await expect(table).toBeVisible({ timeout: 30_000 });
  const rows = table.locator('tbody tr:not([class*="staleHead"])');
  await expect(rows).toHaveCount(5);
  const all = section(page, 'chart').getByTestId('region-latest-all');
  const n = Number((await all.textContent())?.match(/\d+/)?.[0]);
  expect(n).toBeGreaterThan(5);
  await expect(all).toHaveText(`Show all ${n}`);
  await all.click();
  await expect(rows).toHaveCount(n);
  await all.click();
  await expect(rows).toHaveCount(5);
});

test('a visitor’s locked region and shorter history are said, not silently swapped', async ({ page }) => {
  await page.goto('/functionality?region=shandong&range=1y');
  const trend = section(page, 'priceTrend');
  // The period line names the year the axis shows, and from when prices are drawn.
  await expect(trend.getByTestId('trend-period')).toHaveText(
    /^\d{4}-\d\d-\d\d – \d{4}-\d\d-\d\d, prices shown from \d{4}-\d\d-\d\d$/,
    { timeout: 30_000 },
  );
  await expect(trend.getByTestId('stand-in')).toHaveText('Showing China (national); Shandong locked.');
});

// The phone's forecast panel has no CSV button (its trend has).
test('the locked forecast’s CSV button answers with the lock, as the trend’s does', { tag: '@desktop' }, async ({
  page,
}) => {
  await page.goto('/functionality');
  const forecast = section(page, 'chartForecast');
  await expect(forecast.getByTestId('lock')).toHaveCount(1, { timeout: 30_000 });
  await page.getByTestId('export-forecast').click();
  await expect(forecast.getByTestId('lock')).toHaveCount(2);
  await expect(forecast.getByTestId('lock').nth(1)).toContainText(/log in/i);
});

test('the filter bar folds to one line after scrolling, and opens again', { tag: '@desktop' }, async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/functionality');
  const bar = page.locator('form[aria-label="Choose what to show"]');
  await expect(page.getByTestId('product-select')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('filters-summary')).toBeHidden();
  await section(page, 'priceTrend').scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 400);
  await expect(page.getByTestId('filters-summary')).toBeVisible();
  await expect(page.getByTestId('filters-summary')).toContainText('China');
  // Header and bar together: at most 14 % of a 900 px screen (23 % before).
  const bottom = await bar.evaluate((f) => f.getBoundingClientRect().bottom);
  expect(bottom).toBeLessThanOrEqual(0.14 * 900);
  await page.getByTestId('filters-change').click();
  await expect(page.getByTestId('product-select')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByTestId('filters-summary')).toBeHidden();
});

test('at 1024 px the filters keep their labels and the price list its dates', { tag: '@desktop' }, async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto('/functionality');
  const bar = page.locator('form[aria-label="Choose what to show"]');
  for (const label of ['Country', 'Product', 'Region', 'Period'])
    await expect(bar.getByText(label, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  const list = section(page, 'list').getByTestId('price-list');
  await expect(list).toBeVisible();
  const fits = await list.evaluate((t) => t.getBoundingClientRect().width <= t.parentElement!.clientWidth + 1);
  expect(fits).toBe(true);
  const date = list.getByRole('columnheader', { name: 'Date' });
  await date.scrollIntoViewIfNeeded();
  await expect(date).toBeInViewport({ ratio: 1 });
});

test('on a phone the index shows every change, and the extra filters stay in their card', { tag: '@phone' }, async ({
  page,
}) => {
  await loginAs(page, CUSTOMER.phone, CUSTOMER.password);
  await page.goto('/functionality?region=shandong');
  const latest = section(page, 'chartIndex').getByTestId('index-latest');
  await expect(latest).toBeVisible({ timeout: 30_000 });
  const card = await section(page, 'chartIndex').boundingBox();
  for (const name of ['Day-on-day', 'Month-on-month', 'Year-on-year']) {
    const figure = latest.locator('div', { has: page.getByText(name, { exact: true }) });
    await expect(figure.locator('dd')).toHaveText(/\d%|–/);
    const box = await figure.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(card!.x + card!.width);
  }
  await page.locator('details summary').first().click();
  const form = await page.locator('form[aria-label="Choose what to show"]').boundingBox();
  const compare = await page.locator('details label', { hasText: 'Compare with' }).locator('select').boundingBox();
  expect(compare!.x + compare!.width).toBeLessThanOrEqual(form!.x + form!.width);
  for (const group of ['Granularity', 'Price'])
    await expect(page.getByRole('group', { name: group, exact: true }).getByText(group, { exact: true })).toBeVisible();
});

test('the account pages’ login prompts say what logging in shows there', async ({ page }) => {
  for (const [path, body] of [
    ['/equitiesCentre/myData', 'regional data products you hold'],
    ['/equitiesCentre/memberCentre', 'your membership, what it unlocks'],
    ['/equitiesCentre/purchaseRecord', 'your orders'],
    ['/equitiesCentre/watchlist', 'prices you follow'],
  ] as const) {
    await page.goto(path);
    const prompt = page.locator('section[aria-labelledby="login-prompt-title"]');
    await expect(prompt, path).toContainText(body, { timeout: 30_000 });
    await expect(prompt, path).not.toContainText('buy a membership');
  }
});

test('charts are named images with their figures as a table; the period is one tab stop', async ({ page }) => {
  await loginAs(page, CUSTOMER.phone, CUSTOMER.password);
  await page.goto('/functionality');
  const trend = section(page, 'priceTrend');
  await expect(trend.locator('.recharts-surface')).toBeVisible({ timeout: 30_000 });
  // No chart drawing is a focus stop of its own, nameless.
  for (const svg of await page.locator('.recharts-surface').all()) await expect(svg).not.toHaveAttribute('tabindex');
  await expect(trend.getByRole('img', { name: /^Price trend / })).toBeVisible();
  const table = trend.getByTestId('chart-table');
  await table.locator('summary').click();
  await expect(table.locator('tbody tr').first()).toBeVisible();
  expect(await table.locator('tbody tr').count()).toBeGreaterThan(10);
  await expect(table.locator('tbody tr').first().locator('th')).toHaveText(/^\d{4}-\d\d-\d\d$/);
  if (test.info().project.name === 'desktop') {
    // At the top of the page, where the filter bar is unfolded.
    await page.evaluate(() => window.scrollTo(0, 0));
    // Tabbable in the period control: the chosen option only (its box was a second stop).
    const stops = await page
      .getByRole('group', { name: 'Period' })
      .evaluate(
        (g) =>
          [...g.querySelectorAll<HTMLElement>('*')].filter(
            (el) =>
              el.tabIndex >= 0 &&
              !(el as HTMLInputElement).disabled &&
              (el.getAttribute('type') !== 'radio' || (el as HTMLInputElement).checked),
          ).length,
      );
    expect(stops).toBe(1);
  }
});

test('an order’s result page is headed as the order, not as the purchase records', async ({ page }) => {
  await page.goto('/equitiesCentre/orderResult');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your order');
  await expect(page.getByRole('heading', { name: 'Purchase records' })).toHaveCount(0);
});

const LANGS = ['en', 'zh-CN'] as const;
const inLanguage = async (page: Page, lang: (typeof LANGS)[number]) =>
  page.context().addCookies([{ name: 'locale', value: lang, url: test.info().project.use.baseURL! }]);

for (const lang of LANGS) {
  test(`on a phone an order’s readable number sits under its title (${lang})`, { tag: '@phone' }, async ({ page }) => {
    await inLanguage(page, lang);
    const token = await newCustomer(page);
    const levels = (await (await page.request.post(callUrl('QueryMemberList'))).json()) as {
      data: { id: string; code: string }[];
    };
    const silver = levels.data.find((l) => l.code === 'silver')!;
    const order = await page.request.post(callUrl('UserBuyMemberLevel'), {
      headers: { Authorization: token },
      data: { memberId: silver.id, months: 1 },
    });
    const orderNo = ((await order.json()) as { data: { orderNo: string } }).data.orderNo;
    expect(orderNo).toMatch(/^YN-\d{8}-\d{4}$/);
    await page.goto('/equitiesCentre/purchaseRecord');
    const cell = page.getByTestId('order-row').first().locator('td').nth(1);
    const number = cell.getByText(orderNo, { exact: true });
    await expect(number).toBeVisible({ timeout: 30_000 });
    // The title's text, line by line, and the number: under the title, starting where it starts.
    const title = await cell.evaluate((td) => {
      const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
      const text = walker.nextNode()!;
      const r = document.createRange();
      r.selectNodeContents(text);
      const lines = [...r.getClientRects()];
      return {
        right: Math.max(...lines.map((l) => l.right)),
        bottom: Math.max(...lines.map((l) => l.bottom)),
        lines: lines.length,
      };
    });
    // Its own line under the title, ending where the title ends (a phone's cell aligns its value right).
    const box = (await number.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(title.bottom - 1);
    expect(Math.abs(box.x + box.width - title.right)).toBeLessThan(2);
    // The title has the cell's width: two lines at most (it wrapped to three beside the number).
    expect(title.lines).toBeLessThanOrEqual(2);
  });

  test(`a custom period’s dates are written and shown as ISO dates (${lang})`, async ({ page, isMobile }) => {
    await inLanguage(page, lang);
    const [from, to] = lang === 'en' ? ['From', 'To'] : ['开始', '结束'];
    await page.goto('/functionality?range=custom&from=2026-08-28&to=2026-11-20');
    if (!isMobile) {
      // antd's picker: its fields hold ISO dates, and a typed ISO date is taken as written.
      const first = page.getByPlaceholder(from, { exact: true });
      await expect(first).toHaveValue('2026-08-28', { timeout: 30_000 });
      await expect(page.getByPlaceholder(to, { exact: true })).toHaveValue('2026-11-20');
      await first.click();
      await first.fill('2026-09-01');
      await first.press('Enter');
      await page.getByPlaceholder(to, { exact: true }).press('Enter');
      await expect(page).toHaveURL(/from=2026-09-01/);
      await expect(first).toHaveValue('2026-09-01');
    } else {
      // The phone's own picker, under the date written as the portal writes it.
      const dates = page.getByTestId('iso-date');
      await expect(dates.first()).toHaveText('2026-08-28', { timeout: 30_000 });
      await expect(dates.nth(1)).toHaveText('2026-11-20');
      // Each date is a labelled input (the phone's picker opens on it).
      await expect(page.locator('label', { hasText: from }).first().locator('input[type="date"]')).toHaveValue(
        '2026-08-28',
      );
      await dates.first().locator('input').fill('2026-09-01');
      await expect(page).toHaveURL(/from=2026-09-01/);
      await expect(dates.first()).toHaveText('2026-09-01');
    }
    // Nowhere the browser's locale's "08/28/2026".
    await expect(page.locator('body')).not.toContainText(/\d\d\/\d\d\/\d{4}/);
  });
}

for (const lang of LANGS) {
  test(`offline, the banner covers neither the anomaly legends nor the footer at 1440 px (${lang})`, {
    tag: '@desktop',
  }, async ({ page, context }) => {
    await inLanguage(page, lang);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/functionality');
    // Both sections' legends (the latest prices' and the trend's), and nothing still loading: a
    // request cut off by going offline would leave its section loading, its legend gone, and the
    // scroll below waiting for it until the test's time ran out (as it once did in CI).
    const legends = page.getByTestId('anomaly-legend');
    await expect(legends).toHaveCount(2, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    const banner = page.getByTestId('offline-banner');
    await expect(banner).toBeVisible();
    const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    // Each legend at the foot of the window, where a reader scrolling down meets it; then the page's
    // end, the footer's attribution line.
    const targets = [...(await legends.all()), page.locator('footer').last()];
    for (const target of targets) {
      await target.evaluate((el) => el.scrollIntoView({ block: 'end' }), undefined, { timeout: 10_000 });
      const [a, b] = [await target.boundingBox(), await banner.boundingBox()];
      expect(overlaps(a!, b!), `${await target.evaluate((el) => el.outerHTML.slice(0, 80))} under the banner`).toBe(
        false,
      );
    }
    // The market's filter bar stays whole below the header and its offline line.
    const bar = page.locator('form[data-folded]');
    await expect(bar).toHaveAttribute('data-folded', 'true');
    expect(overlaps((await bar.boundingBox())!, (await banner.boundingBox())!)).toBe(false);
    await context.setOffline(false);
  });
}
