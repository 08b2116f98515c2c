// Sitemap, robots, RSS feed, the news SEO JSON and the home figures.
import { describe, expect, it } from '@jest/globals';
import { XMLParser } from 'fast-xml-parser';
import { GET as feed } from '@/app/feed.xml/route';
import { GET as robots } from '@/app/robots.txt/route';
import { GET as newsJson } from '@/app/seo/news.json/route';
import { GET as sitemap } from '@/app/sitemap.xml/route';
import { getDb } from '@/lib/server/db/client';
import { count } from 'drizzle-orm';
import { documents, news, priceObservations } from '@/lib/server/db/schema';
import { WFP_FILE } from '@/lib/server/seed/market';
import { importCsvFile } from '@/lib/server/services/market/import/pipeline';
import { homeFigures, HOME_FIGURES, marketCoverage } from '@/lib/server/services/content/home-figures';
import type { NewsSeoJson } from '@/lib/server/services/content/seo-json';
import { ok } from '../support/api-client';
import { seededContent } from '../support/content';

const ctx = seededContent();
const xml = new XMLParser({ ignoreAttributes: false });

type SitemapUrl = { loc: string; 'xhtml:link': { '@_hreflang': string; '@_href': string }[] };

describe('/sitemap.xml', () => {
  it('lists every published article, every document and the public pages, in each language', async () => {
    const res = await sitemap();
    expect(res.headers.get('content-type')).toMatch(/application\/xml/);
    const doc = xml.parse(await res.text());
    const urls = doc.urlset.url as SitemapUrl[];
    const byLoc = new Map(urls.map((u) => [u.loc, u]));
    // Every page once in English and once in Chinese, each naming both and the unprefixed URL.
    const inLanguage = (l: 'en' | 'zh-CN', p: string) => `http://portal.test/${l}${p === '/' ? '' : p}`;
    const locs = new Set<string>();
    for (const u of urls) {
      const m = /^http:\/\/portal\.test\/(en|zh-CN)(\/.*)?$/.exec(u.loc);
      expect({ loc: u.loc, prefixed: !!m }).toEqual({ loc: u.loc, prefixed: true });
      const path = m![2] ?? '/';
      locs.add(`http://portal.test${path}`);
      expect(Object.fromEntries(u['xhtml:link'].map((a) => [a['@_hreflang'], a['@_href']]))).toEqual({
        en: inLanguage('en', path),
        'zh-CN': inLanguage('zh-CN', path),
        'x-default': `http://portal.test${path}`,
      });
      expect(byLoc.has(inLanguage(m![1] === 'en' ? 'zh-CN' : 'en', path))).toBe(true);
    }
    expect(urls.length).toBe(locs.size * 2);
    const db = await getDb();
    const articles = await db.select({ id: news.id }).from(news);
    const docs = await db.select({ id: documents.id, slug: documents.slug }).from(documents);
    expect(articles.length).toBeGreaterThanOrEqual(20);
    expect(docs.length).toBeGreaterThanOrEqual(25);
    for (const a of articles) expect(locs).toContain(`http://portal.test/regard/journalism/${a.id}`);
    for (const d of docs) expect(locs).toContain(`http://portal.test/documents/${d.id}/${d.slug}`);
    for (const p of [
      '/',
      '/regard/journalism',
      '/documents',
      '/regard/aboutUs',
      '/product/farming',
      '/product/enforceSystem',
      '/solution/garbage',
      '/solution/securitySolution',
    ]) {
      expect(locs).toContain(`http://portal.test${p}`);
    }
  });
});

describe('/robots.txt', () => {
  it('points at the sitemap and keeps crawlers out of the API and search results', async () => {
    const text = await (await robots()).text();
    expect(text).toContain('Sitemap: http://portal.test/sitemap.xml');
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toMatch(/^Disallow: \/documents\?q=$/m);
    expect(text).toMatch(/^Disallow: \/zh-CN\/equitiesCentre\/$/m);
    expect(text).toMatch(/^Disallow: \/en\/documents\?q=$/m);
  });
});

describe('/feed.xml', () => {
  it('parses as RSS 2.0 with the newest articles as items, in the language asked for, at its URLs', async () => {
    const res = await feed(new Request('http://portal.test/feed.xml?lang=zh-CN'));
    expect(res.headers.get('content-type')).toMatch(/application\/rss\+xml/);
    const rss = xml.parse(await res.text()).rss;
    expect(rss['@_version']).toBe('2.0');
    expect(rss.channel.language).toBe('zh-cn');
    const items = rss.channel.item as { title: string; link: string; pubDate: string; guid: unknown }[];
    expect(items.length).toBeGreaterThanOrEqual(20);
    for (const i of items) {
      expect(i.link).toMatch(/^http:\/\/portal\.test\/zh-CN\/regard\/journalism\/\d+$/);
      expect(Number.isNaN(Date.parse(i.pubDate))).toBe(false);
      expect(i.title.length).toBeGreaterThan(0);
    }
    const dates = items.map((i) => Date.parse(i.pubDate));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    // The visitor's language when none is asked for.
    const en = xml.parse(
      await (
        await feed(new Request('http://portal.test/feed.xml', { headers: { 'accept-language': 'en-GB' } }))
      ).text(),
    ).rss;
    expect(en.channel.language).toBe('en');
    expect(en.channel.link).toBe('http://portal.test/en/regard/journalism');
    expect((en.channel.item as { link: string }[])[0]!.link).toMatch(
      /^http:\/\/portal\.test\/en\/regard\/journalism\/\d+$/,
    );
  });
});

describe('/seo/news.json', () => {
  it('holds every published article in both languages and is rebuilt when news changes', async () => {
    const before = (await (await newsJson()).json()) as NewsSeoJson;
    const count = (await (await getDb()).select({ id: news.id }).from(news)).length;
    expect(before.count).toBe(count);
    expect(before.items[0]).toMatchObject({
      url: expect.stringMatching(/^http:\/\/portal\.test\/regard\/journalism\/\d+$/),
      urls: {
        en: expect.stringMatching(/^http:\/\/portal\.test\/en\/regard\/journalism\/\d+$/),
        'zh-CN': expect.stringMatching(/^http:\/\/portal\.test\/zh-CN\/regard\/journalism\/\d+$/),
      },
      title: { en: expect.any(String), 'zh-CN': expect.any(String) },
    });

    const target = before.items[3]!;
    const get = async (lang: 'en' | 'zh-CN') =>
      ok('QueryNewsById', {
        query: { id: target.id, lang },
      });
    const [en, zh] = [await get('en'), await get('zh-CN')];
    await ok('SaveNews', {
      token: ctx.staffToken,
      body: {
        id: target.id,
        categoryId: en.categoryId,
        texts: {
          en: { title: 'Renamed for the SEO file', summary: en.summary, body: en.body },
          'zh-CN': { title: zh.title, summary: zh.summary, body: zh.body },
        },
      },
    });
    const after = (await (await newsJson()).json()) as NewsSeoJson;
    expect(after.items.find((i) => i.id === target.id)?.title.en).toBe('Renamed for the SEO file');
  });
});

describe('home figures', () => {
  it('count what exists in the database, one entry per figure of the list', async () => {
    const db = await getDb();
    await importCsvFile(db, WFP_FILE, { skipIndexes: true }); // the real WFP file: 1,259 prices
    const figures = await homeFigures(db, 'en');
    expect(figures.map((f) => f.key)).toEqual(HOME_FIGURES.map((f) => f.key));
    const by = Object.fromEntries(figures.map((f) => [f.key, f.value]));
    // Nothing about the site's users is public.
    expect(Object.keys(by)).not.toEqual(expect.arrayContaining(['users']));
    expect(Object.keys(by)).not.toEqual(expect.arrayContaining(['members']));
    expect(by.documents).toBe((await db.select({ id: documents.id }).from(documents)).length);
    expect(by.news).toBeGreaterThanOrEqual(20);
    // Only observed prices, and only markets and products with a price (__tests__/api/coverage-claims.test.ts).
    expect(by.prices).toBe((await db.select({ n: count() }).from(priceObservations))[0]!.n);
    const coverage = await marketCoverage(db, 'en');
    expect(by.markets).toBe(coverage.markets);
    expect(by.countries).toBe(1);
    expect(coverage.byProvince.map((p) => p.name)).not.toContain('Dhaka'); // a Bangladeshi division, not a province
    const zh = await homeFigures(db, 'zh-CN');
    expect(zh[0]!.label).not.toBe(figures[0]!.label);
  });
});
