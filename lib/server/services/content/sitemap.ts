import 'server-only';
import { dirUrl, docUrl, DOCS_PATH, NEWS_LIST_PATH, newsListUrl, newsUrl } from '@/lib/content/urls';
import { PRODUCT_IDS, SECTION_PATHS, SOLUTION_IDS } from '@/lib/routing/sections';
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
    documentIndex(db),
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

export function sitemapXml(site: string, entries: SitemapEntry[]): string {
  const urls = entries.map((e) =>
    [
      '<url>',
      `<loc>${xml(site + e.path)}</loc>`,
      e.lastModified ? `<lastmod>${e.lastModified.toISOString()}</lastmod>` : '',
      e.changeFrequency ? `<changefreq>${e.changeFrequency}</changefreq>` : '',
      e.priority !== undefined ? `<priority>${e.priority.toFixed(1)}</priority>` : '',
      '</url>',
    ].join(''),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export { xml as escapeXml };
