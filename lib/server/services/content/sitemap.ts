import 'server-only';
import { dirUrl, docUrl, DOCS_PATH, NEWS_LIST_PATH, newsListUrl, newsUrl } from '@/lib/content/urls';
import { localeUrl } from '@/lib/routing/locale-url';
import { PRODUCT_IDS, SECTION_PATHS, SOLUTION_IDS } from '@/lib/routing/sections';
import { LOCALES } from '@/lib/shared/locale';
import type { Db } from '../../db/client';
import { docDirs } from '../../db/schema';
import { documentIndex } from './documents';
import { listCategories, publishedNewsIndex } from './news';

export type SitemapEntry = {
  path: string;
  lastModified?: Date;
  changeFrequency?: 'daily' | 'weekly' | 'monthly';
  priority?: number;
};

/** Every public, indexable page: marketing pages, lists, every published article and every document. */
export async function sitemapEntries(db: Db, now = new Date()): Promise<SitemapEntry[]> {
  const [articles, docs, dirs, cats] = await Promise.all([
    publishedNewsIndex(db, now),
    documentIndex(db, now),
    db.select({ id: docDirs.id }).from(docDirs),
    listCategories(db, 'en', now),
  ]);
  const newest = articles[0]?.updatedAt;
  const pages: SitemapEntry[] = [
    { path: '/', lastModified: newest, changeFrequency: 'daily', priority: 1 },
    { path: SECTION_PATHS.functionality, changeFrequency: 'daily', priority: 0.9 },
    { path: NEWS_LIST_PATH, lastModified: newest, changeFrequency: 'daily', priority: 0.8 },
    { path: DOCS_PATH, changeFrequency: 'weekly', priority: 0.7 },
    { path: SECTION_PATHS.aboutUs, changeFrequency: 'monthly', priority: 0.5 },
    ...PRODUCT_IDS.map((id) => ({ path: SECTION_PATHS[id], changeFrequency: 'monthly' as const, priority: 0.6 })),
    ...SOLUTION_IDS.map((id) => ({ path: SECTION_PATHS[id], changeFrequency: 'monthly' as const, priority: 0.6 })),
    ...cats
      .filter((c) => c.count > 0)
      .map((c) => ({ path: newsListUrl({ category: c.id }), changeFrequency: 'daily' as const, priority: 0.5 })),
    ...dirs.map((d) => ({ path: dirUrl(d.id), changeFrequency: 'weekly' as const, priority: 0.4 })),
    ...articles.map((a) => ({
      path: newsUrl(a.id),
      lastModified: a.updatedAt,
      changeFrequency: 'monthly' as const,
      priority: 0.6,
    })),
    ...docs.map((d) => ({
      path: docUrl(d.id, d.slug),
      lastModified: d.updatedAt,
      changeFrequency: 'monthly' as const,
      priority: 0.5,
    })),
  ];
  return pages;
}

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/**
 * Each page once per language, at its URL for that language, naming every language's URL and the
 * unprefixed one (x-default) as its alternates (docs/screens.md, "Languages in the URL").
 */
export function sitemapXml(site: string, entries: SitemapEntry[]): string {
  const urls = entries.flatMap((e) => {
    const alternates = [
      ...LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${xml(site + localeUrl(l, e.path))}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${xml(site + e.path)}"/>`,
    ].join('');
    return LOCALES.map((locale) =>
      [
        '<url>',
        `<loc>${xml(site + localeUrl(locale, e.path))}</loc>`,
        alternates,
        e.lastModified ? `<lastmod>${e.lastModified.toISOString()}</lastmod>` : '',
        e.changeFrequency ? `<changefreq>${e.changeFrequency}</changefreq>` : '',
        e.priority !== undefined ? `<priority>${e.priority.toFixed(1)}</priority>` : '',
        '</url>',
      ].join(''),
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

export { xml as escapeXml };
