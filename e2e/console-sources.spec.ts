// Sources that refresh themselves (docs/console.md "Data"), desktop, in both languages: a data staff
// member gives a price file's URL (served by this test on the loopback address, which the e2e server
// allows through SOURCE_FETCH_TEST_LOOPBACK) and a schedule; the refresh job fetches and imports it
// within seconds, and the dashboard shows its run and next refresh. A source whose server fails is
// listed among the failing sources.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';

const DATA = { phone: '13800000012', password: 'Staff12345' } as const;

/** A generic price file: two years of monthly rice prices in one new market of Hainan (China). */
function pricesCsv(market: string) {
  const lines = ['product,region,market,date,price,unit'];
  for (let i = 0; i < 24; i++)
    lines.push(
      `Rice (Indica),Hainan,${market},${2020 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01,${5 + (i % 5) / 10},KG`,
    );
  return `${lines.join('\n')}\n`;
}

let server: http.Server;
let base = '';
const fetched: string[] = [];

test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    const p = new URL(req.url!, 'http://x').pathname;
    fetched.push(p);
    const m = /^\/feed_prices_(\w+)\.csv$/.exec(p);
    if (m)
      return res
        .writeHead(200, { 'content-type': 'text/csv', etag: `"${m[1]}"` })
        .end(pricesCsv(`Feed Market ${m[1]}`));
    res.writeHead(503).end('down');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((r) => server.close(r));
});

const EN = {
  phone: 'Phone number',
  password: 'Password',
  submit: 'Sign in',
  title: 'Scheduled sources',
  add: 'Add a source',
  name: 'Name',
  url: 'URL',
  save: 'Save',
  imported: 'imported',
  failed: 'failed',
  dashboard: 'Dashboard',
  failing: 'Failing sources',
  refresh: 'Refresh now',
  down: 'the server answered HTTP 503',
  nextRun: 'Next run: ',
};
const ZH = {
  phone: '手机号',
  password: '密码',
  submit: '登录',
  title: '定时数据源',
  add: '添加数据源',
  name: '名称',
  url: '网址',
  save: '保存',
  imported: '已导入',
  failed: '失败',
  dashboard: '概览',
  failing: '失败的数据源',
  refresh: '立即刷新',
  down: '服务器返回 HTTP 503',
  nextRun: '下次运行：',
};

async function signIn(page: Page, t: typeof EN) {
  await page.getByLabel(t.phone).fill(DATA.phone);
  await page.getByLabel(t.password).fill(DATA.password);
  await page.getByRole('button', { name: t.submit }).click();
}

async function addSource(page: Page, t: typeof EN, name: string, url: string) {
  await page.getByRole('button', { name: t.add }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t.name).fill(name);
  await dialog.getByLabel(t.url).fill(url);
  await dialog.getByRole('button', { name: t.save }).click();
  await expect(dialog).toBeHidden();
}

for (const [lang, t] of [
  ['en', EN],
  ['zh-CN', ZH],
] as const) {
  test(`a scheduled source served by the test refreshes and the dashboard shows its run (${lang})`, {
    tag: '@desktop',
  }, async ({ page, context }) => {
    const key = lang === 'en' ? 'en' : 'zh';
    await context.addCookies([{ name: 'locale', value: lang, url: test.info().project.use.baseURL! }]);
    // A 1024 px tablet: the table fits, its actions in reach without scrolling sideways.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/console/data/sources');
    await signIn(page, t);
    await expect(page.getByRole('heading', { name: t.title, level: 2 })).toBeVisible();

    const name = `Hainan rice feed (${key})`;
    await addSource(page, t, name, `${base}/feed_prices_${key}.csv`);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    // The job (every 2 s on the e2e server) fetches a new source at once; the page looks every 10 s.
    await expect(row.getByText(t.imported, { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(row).toContainText('CHN');
    expect(fetched).toContain(`/feed_prices_${key}.csv`);

    // A source whose server is down: recorded and listed as failing.
    const broken = `Broken feed (${key})`;
    await addSource(page, t, broken, `${base}/down_${key}.csv`);
    const brokenRow = page.getByRole('row').filter({ hasText: broken });
    await expect(brokenRow.getByText(t.failed, { exact: true })).toBeVisible({ timeout: 30_000 });
    // Its error in the console's language (the English sentence stays in the tooltip).
    await expect(brokenRow.getByTestId('feed-error')).toHaveText(t.down);
    await expect(brokenRow).toContainText(t.nextRun);
    const refresh = brokenRow.getByRole('button', { name: `${t.refresh}: ${broken}` });
    const box = (await refresh.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1024);
    const sideways = await page
      .locator('.ant-table-content, .ant-table-body')
      .first()
      .evaluate((e) => e.scrollWidth - e.clientWidth);
    expect(sideways).toBeLessThanOrEqual(0);

    await page.getByRole('menu').getByRole('link', { name: t.dashboard }).click();
    await expect(page.getByRole('heading', { name: t.dashboard, level: 2 })).toBeVisible();
    const card = page.getByTestId('dashboard-feeds');
    const feedRow = card.getByRole('row').filter({ hasText: name });
    await expect(feedRow.getByText(t.imported, { exact: true })).toBeVisible();
    // Its next run: tomorrow, a date and time (not "—").
    await expect(feedRow).toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d.*\d{4}-\d\d-\d\d \d\d:\d\d/);
    const failing = page.getByRole('alert').filter({ hasText: t.failing });
    await expect(failing).toContainText(broken);
    await expect(failing.getByRole('listitem').filter({ hasText: broken }).getByTestId('feed-error')).toHaveText(
      t.down,
    );
  });
}
