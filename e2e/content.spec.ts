import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { callUrl, loginViaApi } from './support/api';

type Envelope<T> = { code: number; msg?: string; data: T };
type Article = { id: number; categoryId: string; title: string; summary: string; body: string };

const STAFF = { phone: '13800000002', password: 'Staff12345' };

async function firstArticleId(request: APIRequestContext, offset = 0): Promise<number> {
  const res = await request.post(callUrl('QueryNewsForPage'), { data: { pageIndex: 1, pageSize: 10 } });
  return ((await res.json()) as Envelope<{ list: { id: number }[] }>).data.list[offset]!.id;
}

/** Staff edit of an article's English title through the service (SaveNews), both languages sent. */
async function renameArticle(request: APIRequestContext, token: string, id: number, title: string, body?: string) {
  const get = async (lang: string) =>
    ((await (await request.post(`${callUrl('QueryNewsById')}?id=${id}&lang=${lang}`)).json()) as Envelope<Article>)
      .data;
  const [en, zh] = [await get('en'), await get('zh-CN')];
  const res = await request.post(callUrl('SaveNews'), {
    headers: { authorization: token },
    data: {
      id,
      categoryId: en.categoryId,
      texts: {
        en: { title, summary: en.summary, body: body ?? en.body },
        'zh-CN': { title: zh.title, summary: zh.summary, body: body ?? zh.body },
      },
    },
  });
  expect(await res.json()).toMatchObject({ code: 1 });
}

test('home → news list → page 2 → article → next article', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: /^All news/ }).click();
  await expect(page).toHaveURL(/\/(regard|mobileRegard)\/journalism$/);
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();

  const pager = page.getByRole('navigation', { name: 'Pages' });
  await pager.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/(regard|mobileRegard)\/journalism\?page=2$/);
  await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  const first = page.getByRole('main').getByRole('heading', { level: 2 }).first().getByRole('link');
  const title = (await first.textContent())!.trim();
  await first.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText(/\d[\d,]* views/)).toBeVisible();

  const next = page.getByRole('link', { name: /^Next article/ });
  const nextTitle = (await next.textContent())!.replace(/^Next article/, '').trim();
  await next.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nextTitle);
  await expect(page.getByRole('link', { name: /^Previous article/ })).toContainText(title);
});

test('documents: three directory levels down, a document, and its PDF downloads', async ({ page }) => {
  await page.goto('/documents');
  const main = page.getByRole('main');
  for (const dir of ['Product guides', 'Electronic Ledger', 'Getting started']) {
    await main
      .getByRole('link', { name: new RegExp(`^${dir}`) })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: dir })).toBeVisible();
  }
  await expect(page.getByRole('navigation', { name: 'You are here' })).toContainText('Product guides');
  await main.getByRole('link', { name: 'Record your first batch' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Record your first batch' })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'You are here' }).getByRole('listitem');
  await expect(crumbs).toHaveText([
    'Home',
    'Documents',
    'Product guides',
    'Electronic Ledger',
    'Getting started',
    'Record your first batch',
  ]);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: /^Download ledger-record-first-batch\.pdf/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('ledger-record-first-batch.pdf');
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(1000);
});

test('document search finds a document by a word in its body, with the word marked', async ({ page }) => {
  await page.goto('/documents');
  const box = page.getByRole('searchbox', { name: 'Search the documents' });
  await box.fill('dominating');
  await box.press('Enter');
  await expect(page).toHaveURL(/ocuments\?q=dominating$/);
  const hit = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'How the fixed-base price index is computed' }) });
  await expect(hit).toBeVisible();
  await expect(hit.locator('mark')).toHaveText('dominating');
});

test('a phone on /regard/journalism gets the mobile page, which names the desktop URL in its language as canonical', async ({
  page,
  isMobile,
  baseURL,
}) => {
  const res = await page.goto('/regard/journalism');
  expect(res?.headers()['vary']).toMatch(/User-Agent/i);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/en/regard/journalism`);
  await expect(page.locator('main[data-chrome="mobile"]')).toHaveCount(isMobile ? 1 : 0);
  // Both variants carry the page's title, description and Open Graph tags.
  await expect(page).toHaveTitle(/^News \| /);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${baseURL}/en/regard/journalism`);
});

// Desktop and mobile run side by side: each edits its own article.
test('an article page comes from the cache, and a staff edit shows on it at once', async ({
  page,
  request,
  isMobile,
}) => {
  const id = await firstArticleId(request, isMobile ? 3 : 2);
  await page.goto(`/regard/journalism/${id}`);
  await request.get(`/regard/journalism/${id}`);
  const again = await request.get(`/regard/journalism/${id}`);
  expect(again.headers()['x-nextjs-cache']).toBe('HIT');
  const jsonLd = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((els) => els.map((e) => JSON.parse(e.textContent ?? '{}')['@type']));
  expect(jsonLd).toEqual(expect.arrayContaining(['NewsArticle', 'BreadcrumbList']));

  const token = await loginViaApi(request, STAFF.phone, STAFF.password, 'ConsoleLogin');
  const title = `Edited in the e2e run ${Date.now()}`;
  await renameArticle(request, token, id, title);
  await page.goto(`/regard/journalism/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});

test('script in an article body never reaches the page', async ({ page, request, isMobile }) => {
  const id = await firstArticleId(request, isMobile ? 6 : 5);
  const token = await loginViaApi(request, STAFF.phone, STAFF.password, 'ConsoleLogin');
  await renameArticle(
    request,
    token,
    id,
    `Hostile body ${Date.now()}`,
    '<p>Safe text</p><script>window.__xss = 1</script><img src="https://example.invalid/x.png" onerror="window.__xss = 2">',
  );
  await page.goto(`/regard/journalism/${id}`);
  await expect(page.getByText('Safe text')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('main [onerror]')).toHaveCount(0);
});
