import 'server-only';
import { localeUrl } from '@/lib/routing/locale-url';
import type { Locale } from '@/lib/shared/locale';
import type { Db } from '../../db/client';
import { latestNews } from './news';
import { escapeXml as x } from './sitemap';

/** RSS 2.0 of the newest articles in one language, linking their URLs in that language. */
export async function rssFeed(
  db: Db,
  {
    site,
    locale,
    brand,
    description,
    n = 30,
    now = new Date(),
  }: { site: string; locale: Locale; brand: string; description: string; n?: number; now?: Date },
) {
  const items = await latestNews(db, locale, n, now);
  const body = items
    .map((a) => ({ ...a, url: localeUrl(locale, a.url) }))
    .map((a) =>
      [
        '<item>',
        `<title>${x(a.title)}</title>`,
        `<link>${x(site + a.url)}</link>`,
        `<guid isPermaLink="true">${x(site + a.url)}</guid>`,
        `<description>${x(a.summary)}</description>`,
        `<category>${x(a.categoryName)}</category>`,
        `<pubDate>${new Date(a.publishedAt).toUTCString()}</pubDate>`,
        a.cover ? `<enclosure url="${x(new URL(a.cover, site + '/').toString())}" type="image/png" length="0"/>` : '',
        '</item>',
      ].join(''),
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${x(brand)}</title>
<link>${x(site + localeUrl(locale, '/regard/journalism'))}</link>
<atom:link href="${x(`${site}/feed.xml?lang=${locale}`)}" rel="self" type="application/rss+xml"/>
<description>${x(description)}</description>
<language>${locale === 'zh-CN' ? 'zh-cn' : 'en'}</language>
<lastBuildDate>${(items[0] ? new Date(items[0].publishedAt) : now).toUTCString()}</lastBuildDate>
${body}
</channel>
</rss>
`;
}
