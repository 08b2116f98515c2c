// Content changed through one instance shows on the other's cached pages within 2 s (each
// instance reads the cache tags the others expired at most twice a second before serving a page,
// server/page-cache/tag-store.ts). The pages on B are cached first, so what is measured is B
// dropping a cached page and rendering it again, not a first render.
import { expect, test } from '@playwright/test';
import type { DirListing } from '../lib/api/schemas/content';
import { consoleLogin, ok, page, PHONE_UA } from './support/api';
import { readState } from './support/fleet';
import { msUntil } from './support/timings';

const { a, b } = readState();
const LIMIT_MS = 2000;
const stamp = Date.now().toString(36);

/** Requests a page until the whole-response cache answers it: it is cached on that instance now. */
async function cached(base: string, path: string, ua?: string) {
  for (let i = 0; i < 5; i++) {
    const r = await page(base, path, ua);
    expect(r.status, `${base}${path}`).toBe(200);
    if (r.headers.get('x-response-cache') === 'HIT') return r;
  }
  throw new Error(`${base}${path} never came from the page cache`);
}

const shows = (base: string, path: string, text: string, ua?: string) => async () => {
  const r = await page(base, path, ua);
  return r.html.includes(text) || `HTTP ${r.status}, x-nextjs-cache ${r.headers.get('x-nextjs-cache')}`;
};
const lacks = (base: string, path: string, text: string, ua?: string) => async () => {
  const r = await page(base, path, ua);
  return !r.html.includes(text) || `still there (HTTP ${r.status})`;
};

test.describe.configure({ mode: 'serial' });

let staff = '';
let articleId = 0;
const title = `Fleet article ${stamp}`;
const texts = (t: string) => ({
  en: { title: t, summary: `Summary of ${t}`, body: `<p>Body of ${t}</p>` },
  'zh-CN': { title: `集群 ${t}`, summary: '摘要', body: '<p>正文</p>' },
});

test.beforeAll(async () => {
  staff = await consoleLogin(a.url, '13800000002', 'Staff12345');
});

test('an article saved on A shows on B: news list (desktop and phone), article page, sitemap and RSS', async () => {
  await cached(b.url, '/regard/journalism');
  await cached(b.url, '/regard/journalism', PHONE_UA);
  await cached(b.url, '/');

  const t0 = performance.now();
  articleId = (
    await ok<{ id: number }>(a.url, 'SaveNews', { token: staff, body: { categoryId: 'company', texts: texts(title) } })
  ).id;
  // Each page watched at once: every figure is that page's own.
  await Promise.all([
    msUntil('new article → B news list (desktop)', t0, LIMIT_MS, shows(b.url, '/regard/journalism', title)),
    msUntil('new article → B news list (phone)', t0, LIMIT_MS, shows(b.url, '/regard/journalism', title, PHONE_UA)),
    msUntil('new article → B home page', t0, LIMIT_MS, shows(b.url, '/', title)),
    msUntil('new article → B article page', t0, LIMIT_MS, shows(b.url, `/regard/journalism/${articleId}`, title)),
    msUntil('new article → B sitemap', t0, LIMIT_MS, shows(b.url, '/sitemap.xml', `/regard/journalism/${articleId}<`)),
    msUntil('new article → B RSS', t0, LIMIT_MS, shows(b.url, '/feed.xml?lang=en', `<title>${title}</title>`)),
  ]);
});

test("an edit on A replaces B's cached article page", async () => {
  const path = `/regard/journalism/${articleId}`;
  await cached(b.url, path);
  await cached(b.url, path, PHONE_UA);
  const edited = `${title} edited`;
  const t0 = performance.now();
  await ok(a.url, 'SaveNews', { token: staff, body: { id: articleId, categoryId: 'company', texts: texts(edited) } });
  await Promise.all([
    msUntil('edited article → B article page (desktop)', t0, LIMIT_MS, shows(b.url, path, edited)),
    msUntil('edited article → B article page (phone)', t0, LIMIT_MS, shows(b.url, path, edited, PHONE_UA)),
  ]);
});

test('an article unpublished on B disappears from both instances', async () => {
  const path = `/regard/journalism/${articleId}`;
  await cached(a.url, '/regard/journalism');
  await cached(a.url, path);
  await cached(b.url, '/regard/journalism');
  const later = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const t0 = performance.now();
  // Unpublishing is moving the publication date into the future.
  await ok(b.url, 'SaveNews', {
    token: staff,
    body: { id: articleId, categoryId: 'company', publishedAt: later, texts: texts(`${title} edited`) },
  });
  const notFound = (base: string) => async () => (await page(base, path)).status === 404 || 'still answered';
  await Promise.all([
    msUntil('unpublished on B → gone from A news list', t0, LIMIT_MS, lacks(a.url, '/regard/journalism', title)),
    msUntil('unpublished on B → gone from B news list', t0, LIMIT_MS, lacks(b.url, '/regard/journalism', title)),
    msUntil('unpublished on B → A article page 404', t0, LIMIT_MS, notFound(a.url)),
    msUntil('unpublished on B → B article page 404', t0, LIMIT_MS, notFound(b.url)),
    msUntil('unpublished on B → gone from A RSS', t0, LIMIT_MS, lacks(a.url, '/feed.xml?lang=en', title)),
    msUntil(
      'unpublished on B → gone from A sitemap',
      t0,
      LIMIT_MS,
      lacks(a.url, '/sitemap.xml', `/regard/journalism/${articleId}<`),
    ),
  ]);
});

test("a document edited on B replaces A's cached document page", async () => {
  const root = await ok<DirListing>(a.url, 'GetDirListToWeb');
  const dirId = root.children[0]!.id;
  const doc = (t: string) => ({
    en: { title: t, summary: 'S', content: `<p>${t}</p>` },
    'zh-CN': { title: `文档 ${t}`, summary: '摘要', content: '<p>内容</p>' },
  });
  const first = `Fleet document ${stamp}`;
  const { id } = await ok<{ id: number }>(b.url, 'SaveKnowledge', { token: staff, body: { dirId, texts: doc(first) } });
  await cached(a.url, `/documents/${id}`);
  const edited = `${first} revised`;
  const t0 = performance.now();
  await ok(b.url, 'SaveKnowledge', { token: staff, body: { id, dirId, texts: doc(edited) } });
  await msUntil('edited document → A document page', t0, LIMIT_MS, shows(a.url, `/documents/${id}`, edited));
});

test('an article published from the console on A shows on B within 2 s, and its unpublishing on B leaves A', async () => {
  const consoleTitle = `Console article ${stamp}`;
  const draft = await ok<{ id: number; version: number; status: string }>(a.url, 'ConsoleSaveNewsDraft', {
    token: staff,
    body: { categoryId: 'market', texts: texts(consoleTitle) },
  });
  expect(draft.status).toBe('draft');
  const path = `/regard/journalism/${draft.id}`;
  // A draft is on none of B's pages; the news lists are cached on B before the publish.
  for (const ua of [undefined, PHONE_UA]) {
    const r = await cached(b.url, '/regard/journalism', ua);
    expect(r.html, 'news list on B before publishing').not.toContain(consoleTitle);
  }
  for (const p of ['/sitemap.xml', '/feed.xml?lang=en']) {
    expect((await page(b.url, p)).html, `${p} on B before publishing`).not.toContain(consoleTitle);
  }
  expect((await page(b.url, path)).status).toBe(404);
  const seoHas = (base: string, want: boolean) => async () => {
    const r = await fetch(`${base}/seo/news.json`);
    const items = r.ok ? ((await r.json()) as { items: { id: number }[] }).items : [];
    return items.some((i) => i.id === draft.id) === want || `HTTP ${r.status}, ${items.length} items`;
  };
  expect(await seoHas(b.url, false)()).toBe(true);

  const t0 = performance.now();
  const published = await ok<{ version: number; status: string }>(a.url, 'ConsolePublishNews', {
    token: staff,
    body: { id: draft.id, version: draft.version },
  });
  expect(published.status).toBe('published');
  await Promise.all([
    msUntil(
      'console publish on A → B news list (desktop)',
      t0,
      LIMIT_MS,
      shows(b.url, '/regard/journalism', consoleTitle),
    ),
    msUntil(
      'console publish on A → B news list (phone)',
      t0,
      LIMIT_MS,
      shows(b.url, '/regard/journalism', consoleTitle, PHONE_UA),
    ),
    msUntil('console publish on A → B article page', t0, LIMIT_MS, shows(b.url, path, consoleTitle)),
    msUntil('console publish on A → B sitemap', t0, LIMIT_MS, shows(b.url, '/sitemap.xml', `${path}<`)),
    msUntil(
      'console publish on A → B RSS',
      t0,
      LIMIT_MS,
      shows(b.url, '/feed.xml?lang=en', `<title>${consoleTitle}</title>`),
    ),
    msUntil('console publish on A → B /seo/news.json', t0, LIMIT_MS, seoHas(b.url, true)),
  ]);

  await cached(a.url, '/regard/journalism');
  await cached(a.url, path);
  const t1 = performance.now();
  await ok(b.url, 'ConsoleUnpublishNews', { token: staff, body: { id: draft.id, version: published.version } });
  await Promise.all([
    msUntil(
      'console unpublish on B → gone from A news list',
      t1,
      LIMIT_MS,
      lacks(a.url, '/regard/journalism', consoleTitle),
    ),
    msUntil(
      'console unpublish on B → A article page 404',
      t1,
      LIMIT_MS,
      async () => (await page(a.url, path)).status === 404 || 'still answered',
    ),
    msUntil('console unpublish on B → gone from A sitemap', t1, LIMIT_MS, lacks(a.url, '/sitemap.xml', `${path}<`)),
    msUntil('console unpublish on B → gone from A /seo/news.json', t1, LIMIT_MS, seoHas(a.url, false)),
  ]);
});

test("a scheduled article is published by one instance's job and shows on the other", async () => {
  const scheduledTitle = `Scheduled article ${stamp}`;
  const draft = await ok<{ id: number; version: number }>(b.url, 'ConsoleSaveNewsDraft', {
    token: staff,
    body: { categoryId: 'market', texts: texts(scheduledTitle) },
  });
  await cached(a.url, '/regard/journalism');
  const due = Date.now() + 3000;
  const scheduled = await ok<{ status: string }>(b.url, 'ConsolePublishNews', {
    token: staff,
    body: { id: draft.id, version: draft.version, at: new Date(due).toISOString() },
  });
  expect(scheduled.status).toBe('scheduled');
  const before = await page(a.url, '/regard/journalism');
  expect(before.html).not.toContain(scheduledTitle);
  // Each instance looks for due articles every PUBLISH_WORKER_MS (5 s by default), then the
  // change reaches every instance within the 2 s measured above.
  const tDue = performance.now() + (due - Date.now());
  await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
  await msUntil(
    'scheduled on B → on A news list, after its time',
    tDue,
    5000 + LIMIT_MS,
    shows(a.url, '/regard/journalism', scheduledTitle),
  );
});
