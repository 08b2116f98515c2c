// News calls (docs/api.md InfoNews; docs/content.md) on the seeded content.
import { afterEach, describe, expect, it } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { news, newsTexts } from '@/lib/server/db/schema';
import { newsSearchVector } from '@/lib/server/services/content/news';
import { call, ok, type CallOptions } from '../support/api-client';
import { registerUser } from '../support/accounts';
import { fakeClock } from '../support/clock';
import { seededContent } from '../support/content';
import { GET as feed } from '@/app/feed.xml/route';

let clock: ReturnType<typeof fakeClock> | undefined;
afterEach(() => {
  clock?.restore();
  clock = undefined;
});

const ctx = seededContent();

describe('QueryNewsCategory', () => {
  it('lists at least four categories with their article counts, in the language asked for', async () => {
    const en = await ok('QueryNewsCategory', { query: { lang: 'en' } });
    const zh = await ok('QueryNewsCategory', { query: { lang: 'zh-CN' } });
    expect(en.length).toBeGreaterThanOrEqual(4);
    // The market category holds the weekly briefs, written from the market data (market-briefs.test.ts).
    expect(en.filter((c) => c.id !== 'market').every((c) => c.count > 0)).toBe(true);
    expect(en.find((c) => c.id === 'market')?.name).toBe('Market watch');
    expect(zh.find((c) => c.id === 'market')?.name).toBe('市场行情');
    expect(en.reduce((n, c) => n + c.count, 0)).toBeGreaterThanOrEqual(20);
  });
});

describe('QueryNewsForPage', () => {
  it('pages through every article newest first without repeats', async () => {
    const first = await ok('QueryNewsForPage', { body: { pageIndex: 1, pageSize: 15, lang: 'en' } });
    expect(first.total).toBeGreaterThanOrEqual(20);
    const seen: number[] = [];
    for (let p = 1; p <= Math.ceil(first.total / 15); p++) {
      const page = await ok('QueryNewsForPage', { body: { pageIndex: p, pageSize: 15, lang: 'en' } });
      seen.push(...page.list.map((i) => i.id));
      const times = page.list.map((i) => Date.parse(i.publishedAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    }
    expect(new Set(seen).size).toBe(first.total);
  });

  it('filters by category', async () => {
    const page = await ok('QueryNewsForPage', { body: { pageIndex: 1, pageSize: 50, categoryId: 'policy' } });
    expect(page.total).toBeGreaterThan(0);
    expect(page.list.every((i) => i.categoryId === 'policy')).toBe(true);
  });

  it('finds English words by prefix and Chinese words inside sentences, marking the matches', async () => {
    const en = await ok('QueryNewsForPage', { body: { keyword: 'cold-store', lang: 'en', pageSize: 50 } });
    expect(en.total).toBeGreaterThan(0);
    expect(en.list[0]!.match!.title.some((s) => s.hit) || en.list[0]!.match!.snippet.some((s) => s.hit)).toBe(true);
    const zh = await ok('QueryNewsForPage', { body: { keyword: '冷库', lang: 'zh-CN', pageSize: 50 } });
    expect(zh.total).toBeGreaterThan(0);
    for (const item of zh.list) {
      const text = [...item.match!.title, ...item.match!.snippet].filter((s) => s.hit).map((s) => s.text);
      expect(text).toContain('冷库');
    }
    expect(zh.list[0]!.match!.snippetHtml).not.toMatch(/<(?!\/?mark>)/);
  });

  it('answers an empty page for a query with nothing to search, and code 400 for junk', async () => {
    const none = await ok('QueryNewsForPage', { body: { keyword: '！！！' } });
    expect(none).toMatchObject({ total: 0, list: [] });
    const bad = await call('QueryNewsForPage', { body: { pageSize: 1000 } as never });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toMatch(/^pageSize/);
  });
});

describe('QueryNewsById', () => {
  it('returns the article with neighbours and related articles', async () => {
    const list = await ok('QueryNewsForPage', { body: { pageIndex: 1, pageSize: 3, lang: 'en' } });
    const middle = list.list[1]!;
    const a = await ok('QueryNewsById', { query: { id: middle.id, lang: 'en' } });
    expect(a.prev?.id).toBe(list.list[0]!.id);
    expect(a.next?.id).toBe(list.list[2]!.id);
    expect(a.related.every((r) => r.categoryId === a.categoryId && r.id !== a.id)).toBe(true);
    expect(a.body.length).toBeGreaterThan(50);
  });

  it('counts a view once per visitor per article per day', async () => {
    clock = fakeClock(Date.parse('2030-05-01T03:00:00Z'));
    const list = await ok('QueryNewsForPage', { body: { pageIndex: 1, pageSize: 2, lang: 'en' } });
    const [first, second] = [list.list[0]!.id, list.list[1]!.id];
    const read = async (id: number, who: CallOptions) =>
      (await ok('QueryNewsById', { query: { id, lang: 'en' }, ...who })).views;
    const reader = { ip: '198.51.100.7', headers: { 'user-agent': 'Reader/1' } };
    const start = await read(first, reader);
    // Reloading, or reading it in the other language, counts nothing more today …
    for (let i = 0; i < 5; i++) expect(await read(first, reader)).toBe(start);
    // … nor does the same address with another User-Agent, which anyone can make up (issue 27),
    // nor another address of the same IPv6 /64 …
    for (let i = 0; i < 20; i++)
      expect(await read(first, { ip: '198.51.100.7', headers: { 'user-agent': `Made-up/${i}` } })).toBe(start);
    const v6 = { ip: '2001:db8:1:2::1', headers: { 'user-agent': 'Reader/1' } };
    expect(await read(first, v6)).toBe(start + 1);
    expect(await read(first, { ...v6, ip: '2001:db8:1:2:ffff::9' })).toBe(start + 1);
    // … another visitor (another address, or an account) counts once …
    expect(await read(first, { ip: '198.51.100.8', headers: { 'user-agent': 'Reader/1' } })).toBe(start + 2);
    const u = await registerUser();
    expect(await read(first, { ...reader, token: u.token })).toBe(start + 3);
    expect(await read(first, { ip: '203.0.113.1', token: u.token })).toBe(start + 3);
    // … another article counts on its own, and the next day (Beijing time) counts again.
    const other = await read(second, reader);
    expect(await read(second, reader)).toBe(other);
    clock.advance(21 * 3600_000); // 2030-05-02 00:00 in Beijing
    expect(await read(first, reader)).toBe(start + 4);
  });

  it('answers 404 for an unknown article and 400 for a bad id', async () => {
    expect((await call('QueryNewsById', { query: { id: 999999 } })).body).toMatchObject({ code: 404 });
    expect((await call('QueryNewsById', { query: { id: 'abc' as never } })).body).toMatchObject({ code: 400 });
  });

  it('never returns script from a stored body, even one written around the service', async () => {
    const db = await getDb();
    const [row] = await db
      .insert(news)
      .values({ slug: 'hostile-row', categoryId: 'company', publishedAt: new Date(Date.now() - 60_000) })
      .returning({ id: news.id });
    const body =
      '<p>Hello</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>';
    for (const locale of ['en', 'zh-CN']) {
      await db.insert(newsTexts).values({
        newsId: row!.id,
        locale,
        title: 'Hostile',
        summary: 's',
        body,
        source: 's',
        author: 'a',
        search: newsSearchVector({ title: 'Hostile', summary: 's', body }),
      });
    }
    const a = await ok('QueryNewsById', { query: { id: row!.id, lang: 'en' } });
    expect(a.body).toContain('<p>Hello</p>');
    expect(a.body).not.toMatch(/<script|onerror|javascript:/i);
  });
});

describe('SaveNews and DeleteNews (staff)', () => {
  it('takes a cover only as a path of this site, so the feed and the article still build', async () => {
    const input = (cover: string) => ({
      categoryId: 'company',
      cover,
      texts: { en: { title: 'Cover', body: '<p>x</p>' }, 'zh-CN': { title: '封面', body: '<p>x</p>' } },
    });
    for (const cover of [
      'http://[',
      '//evil.test/x.png',
      'https://evil.test/x.png',
      'javascript:alert(1)',
      '/\\evil.test/x.png',
      '/../x.png',
      'x.png',
      '/a b.png',
      '/api/core/x.png', // a path of the site, but not one the image optimiser takes
    ]) {
      const r = await call('SaveNews', { body: input(cover), token: ctx.staffToken });
      expect({ cover, status: r.status, code: r.body.code, msg: r.body.msg }).toEqual({
        cover,
        status: 200,
        code: 400,
        msg: expect.stringMatching(/^cover: must be a path on this site/),
      });
    }
    const { id } = await ok('SaveNews', { body: input('/content/news/market-1.png'), token: ctx.staffToken });
    expect((await ok('QueryNewsById', { query: { id, lang: 'en' } })).cover).toBe('/content/news/market-1.png');
    const rss = await feed(new Request('http://portal.test/feed.xml'));
    expect(rss.status).toBe(200);
    expect(await rss.text()).toContain('<enclosure url="http://portal.test/content/news/market-1.png"');
    await ok('DeleteNews', { body: { id }, token: ctx.staffToken });
  });

  it('refuses customers and visitors', async () => {
    const input = {
      categoryId: 'company',
      texts: { en: { title: 'T', body: '<p>x</p>' }, 'zh-CN': { title: '标题', body: '<p>x</p>' } },
    };
    expect((await call('SaveNews', { body: input, token: ctx.customerToken })).body).toMatchObject({ code: 403 });
    expect((await call('SaveNews', { body: input })).status).toBe(401);
  });

  it('creates an article with its body sanitised before it is stored, edits it, and deletes it', async () => {
    const body = '<p onclick="x()">Fresh</p><script>steal()</script><iframe src="https://evil.test"></iframe>';
    const { id } = await ok('SaveNews', {
      token: ctx.staffToken,
      body: {
        slug: 'staff-test-article',
        categoryId: 'company',
        texts: {
          en: { title: 'Staff test', summary: 'S', body, source: 'Desk', author: 'Me' },
          'zh-CN': { title: '员工测试', summary: '摘要', body },
        },
      },
    });
    const [stored] = await (await getDb())
      .select({ body: newsTexts.body })
      .from(newsTexts)
      .where(eq(newsTexts.newsId, id));
    expect(stored!.body).toBe('<p>Fresh</p>');

    const original = await ok('QueryNewsById', { query: { id, lang: 'en' } });
    await ok('SaveNews', {
      token: ctx.staffToken,
      body: {
        id,
        categoryId: 'company',
        texts: {
          en: { title: 'Staff test, edited', body: '<p>Fresh</p>' },
          'zh-CN': { title: '员工测试', body: '<p>Fresh</p>' },
        },
      },
    });
    const edited = await ok('QueryNewsById', { query: { id, lang: 'en' } });
    expect(edited.title).toBe('Staff test, edited');
    expect(edited.source).toBe(original.source); // kept when omitted
    const found = await ok('QueryNewsForPage', { body: { keyword: 'edited', lang: 'en' } });
    expect(found.list.map((i) => i.id)).toContain(id);

    await ok('DeleteNews', { token: ctx.staffToken, body: { id } });
    expect((await call('QueryNewsById', { query: { id } })).body.code).toBe(404);
  });

  it('rejects an unknown category and a duplicate slug', async () => {
    const texts = { en: { title: 'T', body: '' }, 'zh-CN': { title: 'T中', body: '' } };
    expect((await call('SaveNews', { token: ctx.staffToken, body: { categoryId: 'nope', texts } })).body).toMatchObject(
      { code: 400, msg: expect.stringMatching(/^categoryId/) },
    );
    const existing = await ok('QueryNewsForPage', { body: { pageSize: 1 } });
    const slug = existing.list[0]!.slug;
    expect(
      (await call('SaveNews', { token: ctx.staffToken, body: { slug, categoryId: 'company', texts } })).body,
    ).toMatchObject({ code: 409 });
  });
});
