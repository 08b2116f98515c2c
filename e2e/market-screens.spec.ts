import { expect, test, type Page } from '@playwright/test';
import { loginAs } from './support/api';

// What the market page shows of stale series, its sticky filters at 1024 px, and where a
// logged-in user who opens a login screen goes. WFP's China file ends on 2020-10-15.
const MEMBER = { phone: '13800000001', password: 'Demo12345' };
const section = (page: Page, id: string) => page.locator(`section#${id}`);
const zh = async (page: Page, baseURL: string) =>
  page.context().addCookies([{ name: 'locale', value: 'zh-CN', url: baseURL }]);

test.describe('a series that stopped in 2020 (WFP wheat, China)', () => {
  test('a visitor sees its last 90 days of data, marked with the day it was last updated', async ({ page }) => {
    await page.goto('/functionality?product=wheat');
    const trend = section(page, 'priceTrend');
    // Not "No prices … try a longer period": the window moved to where the prices are, and says so.
    await expect(trend.getByTestId('moved-window')).toContainText('No prices after 2020-10-15', { timeout: 30_000 });
    await expect(trend).not.toContainText('No prices for this choice');
    await expect(trend.getByTestId('lock')).toHaveCount(0);
    await expect(trend.locator('.recharts-line-curve').first()).toBeVisible();
    await expect(trend.getByTestId('trend-stats').getByTestId('stale')).toHaveText('last updated 2020-10-15');
    // The overview's latest price is the same stale one, marked the same way.
    await expect(section(page, 'chart').getByTestId('stale').first()).toHaveText(/^last updated 20[12]\d-\d\d-\d\d$/);
    // The latest board follows the product: wheat's markets only, none listed as latest beside
    // today's prices, all under their own heading.
    const list = section(page, 'list').getByTestId('price-list');
    await expect(section(page, 'list').getByTestId('list-scope')).toHaveText('Wheat in the markets of China');
    await expect(list.getByTestId('stale-rows')).toContainText(/Not updated in the last 60 days/);
    await expect(list.locator('tbody:not([data-testid="stale-rows"])')).toHaveCount(0);
    // On a phone the narrow date column shows the date alone, marked, under that heading.
    await expect(list.getByTestId('stale-rows').getByTestId('stale').first()).toHaveText(
      /^(last updated )?20[12]\d-\d\d-\d\d$/,
    );
    // The product picker's longer option text never widens the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('the Chinese page says the same in Chinese', async ({ page, baseURL }) => {
    await zh(page, baseURL!);
    await page.goto('/functionality?product=wheat');
    const trend = section(page, 'priceTrend');
    await expect(trend.getByTestId('moved-window')).toContainText('2020-10-15 之后没有价格', { timeout: 30_000 });
    await expect(trend.getByTestId('trend-stats').getByTestId('stale')).toHaveText('最后更新于 2020-10-15');
  });

  test('its product index moves to where its prices end, and it gets no forecast of the past', async ({ page }) => {
    await loginAs(page, MEMBER.phone, MEMBER.password);
    await page.goto('/functionality?product=wheat&index=prod:wheat');
    const index = section(page, 'chartIndex');
    await expect(index.getByTestId('moved-window')).toContainText('No prices after 2020-10-15', { timeout: 30_000 });
    await expect(index).not.toContainText('No prices for this choice');
    await expect(index.getByTestId('index-latest').getByTestId('stale').first()).toHaveText(/^last updated 2020-10/);
    // Every month a forecast would cover is long past: none is made, and it says when the series ended.
    const forecast = section(page, 'chartForecast');
    await expect(forecast.getByTestId('no-forecast')).toContainText('No forecast: this series ended 2020-10.');
    await expect(forecast.getByTestId('forecast-table')).toHaveCount(0);
    await expect(forecast.getByTestId('stale').first()).toHaveText('last updated 2020-10-15');
  });

  // The phone picker is the native select: its text is checked by the next test.
  test('the product picker shows each product’s unit, span and source', { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/functionality?product=wheat');
    await page.getByTestId('product-select').click();
    // The chosen option is scrolled into the (virtual) list; its neighbours include demo products.
    const option = page.locator('.ant-select-item-option').filter({ hasText: /^Wheat\s*per kg · \d{4}-/ });
    await expect(option).toHaveText(/^Wheat\s*per kg · 20\d\d-\d\d – 2020-10 · WFP VAM via HDX$/);
    await expect(page.locator('.ant-select-item-option').filter({ hasText: 'Demo data' }).first()).toBeVisible();
  });

  test('on a phone the native product picker names the unit, span and source too', { tag: '@phone' }, async ({
    page,
  }) => {
    await page.goto('/functionality?product=wheat');
    await expect(page.getByTestId('m-product').locator('option', { hasText: /^Wheat \(/ })).toHaveText(
      /^Wheat \(per kg · 20\d\d-\d\d – 2020-10 · WFP VAM via HDX\)$/,
    );
  });
});

test.describe('red and green', () => {
  test('a rise is green in English and red in Chinese; the reader’s choice is kept', async ({
    page,
    baseURL,
  }, info) => {
    await page.goto('/functionality');
    // The tone of any rise on the page (the latest board has many).
    const rise = page.locator('[data-tone]').filter({ hasText: /^\+/ }).first();
    const upTone = async () => {
      await expect(rise).toBeVisible({ timeout: 30_000 });
      return rise.getAttribute('data-tone');
    };
    await expect.poll(upTone).toBe('green');

    await zh(page, baseURL!);
    await page.reload();
    await expect.poll(upTone).toBe('red');

    // The setting: green up on this Chinese page, and still so after a reload.
    if (info.project.name === 'mobile') {
      await page.locator('form details summary').click();
      await page.getByTestId('m-up-green').click();
    } else {
      await page.getByRole('button', { name: '更多筛选' }).click();
      await page.getByTestId('up-colour').getByText('绿色').click();
    }
    await expect.poll(upTone).toBe('green');
    await page.reload();
    await expect.poll(upTone).toBe('green');
  });
});

test.describe('the sticky filter bar at 1024 px', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('is two rows at most and covers no panel heading when a panel is jumped to', { tag: '@desktop' }, async ({
    page,
  }) => {
    await page.goto('/functionality');
    await expect(section(page, 'priceTrend').getByTestId('trend-stats')).toBeVisible({ timeout: 30_000 });
    const bar = page.getByRole('form', { name: 'Choose what to show' });
    // Two rows of labelled controls (the labels stay at 1024 px); scrolled, the bar folds to one line.
    const box = (await bar.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(150);
    for (const id of ['chartIndex', 'priceTrend', 'list']) {
      await page.evaluate((x) => document.getElementById(x)!.scrollIntoView(), id);
      const heading = section(page, id).locator('h2');
      const h = (await heading.boundingBox())!;
      const b = (await bar.boundingBox())!;
      expect(h.y, `${id} heading below the bar`).toBeGreaterThanOrEqual(b.y + b.height);
    }
    // What does not fit is one click away, and Escape puts it away.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'More filters' }).click();
    await expect(page.getByRole('group', { name: 'Granularity' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('group', { name: 'Granularity' })).toBeHidden();
  });
});

test('the filters under More are made when first opened, then kept', { tag: '@desktop' }, async ({ page }) => {
  // Hidden until asked for, they are not hydrated before the first chart
  // (docs/decisions/market-page-main-thread.md).
  await page.goto('/functionality');
  await expect(section(page, 'chart').locator('.recharts-curve').first()).toBeVisible({ timeout: 30_000 });
  const granularity = page.getByRole('group', { name: 'Granularity', includeHidden: true });
  await expect(granularity).toHaveCount(0);
  await page.getByRole('button', { name: 'More filters' }).click();
  await expect(granularity).toBeVisible();
  await page.getByRole('group', { name: 'Granularity' }).getByText('Month').click();
  await expect(page).toHaveURL(/granularity=month/);
  await page.keyboard.press('Escape');
  await expect(granularity).toBeHidden();
  await expect(granularity).toHaveCount(1);
});

test.describe('the overview at 1024 px', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('keeps each index change beside its label', { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/functionality');
    const card = section(page, 'chart').locator('dd').filter({ hasText: 'Year-on-year' });
    await expect(card).toContainText('%', { timeout: 30_000 });
    // The label's last line and its figure's first line are one line of text.
    const tops = await card.evaluate((dd) => {
      const small = dd.querySelector('small')!;
      const walker = document.createTreeWalker(small, NodeFilter.SHOW_TEXT);
      const label = [];
      for (let n = walker.nextNode(); n; n = walker.nextNode())
        if (n.textContent?.includes('Year-on-year')) label.push(n);
      const range = document.createRange();
      range.selectNodeContents(label[0]!);
      const rects = range.getClientRects();
      const labelTop = rects[rects.length - 1]!.top;
      let figure = label[0]!.nextSibling ?? label[0]!.parentElement!.nextElementSibling;
      while (figure && !(figure.textContent ?? '').includes('%')) figure = figure.nextSibling;
      return { labelTop, figureTop: (figure as Element).getClientRects()[0]!.top };
    });
    expect(Math.abs(tops.labelTop - tops.figureTop)).toBeLessThan(4);
  });
});

test.describe('a logged-in user who opens a login screen', () => {
  test('goes back to the page they came from', async ({ page, baseURL }, info) => {
    await loginAs(page, MEMBER.phone, MEMBER.password);
    const login = info.project.name === 'mobile' ? '/mobileLogin' : '/login';
    await page.goto(login, { referer: `${baseURL}/functionality?product=pork` });
    await expect(page).toHaveURL((u) => u.pathname.endsWith('unctionality') && u.search === '?product=pork');
  });

  test('never to another site, whatever the stored return path says', async ({ page, baseURL }, info) => {
    await loginAs(page, MEMBER.phone, MEMBER.password);
    // A browser reads "/\\host" as "//host": another site.
    await page.evaluate(() => sessionStorage.setItem('loginUrl', '/\\evil.example/x'));
    await page.goto(info.project.name === 'mobile' ? '/mobileLogin' : '/login');
    await expect(page).toHaveURL((u) => u.host === new URL(baseURL!).host && u.pathname === '/');
  });
});

test.describe('a hand-off link that cannot be used', () => {
  test('says so in the page’s language, in the page and in its title', async ({ page, baseURL }) => {
    await zh(page, baseURL!);
    await page.goto('/correspondence/v1~not-a-token~nope');
    const alert = page.getByRole('alert').filter({ hasText: '该登录链接无法使用' });
    await expect(alert).toContainText('该登录链接无法使用');
    await expect(alert).toContainText('该链接无效');
    await expect(page).toHaveTitle(/该登录链接无法使用/);
    await expect(alert).not.toContainText(/token|signature/i);
  });
});

test.describe('the membership page on a phone', () => {
  test('leaves room between the card above and the "Membership levels" heading', { tag: '@phone' }, async ({
    page,
  }) => {
    await loginAs(page, MEMBER.phone, MEMBER.password);
    await page.goto('/equitiesCentre/member');
    const card = page.getByTestId('current-membership');
    const heading = page.getByRole('heading', { name: 'Membership levels' });
    await expect(card).toBeVisible({ timeout: 30_000 });
    const c = (await card.boundingBox())!;
    const h = (await heading.boundingBox())!;
    expect(h.y - (c.y + c.height)).toBeGreaterThanOrEqual(16);
  });
});
