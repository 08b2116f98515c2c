import { localeUrl } from '@/lib/routing/locale-url';
import { siteUrl } from '@/lib/server/site';
import { LOCALES } from '@/lib/shared/locale';

export const dynamic = 'force-dynamic';

// Search and account pages: kept out at every URL, unprefixed and in each language.
const PERSONAL = [
  '/equitiesCentre/',
  '/correspondence/',
  '/regard/journalism?keyword=',
  '/documents?q=',
  '/mobileRegard/journalism?keyword=',
  '/mobileDocuments?q=',
];

/** Search and account pages are for people; the API, tools and payment pages are not pages at all. */
export function GET() {
  const site = siteUrl();
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /dev/',
    'Disallow: /pay/',
    ...PERSONAL.map((p) => `Disallow: ${p}`),
    ...LOCALES.flatMap((l) => PERSONAL.map((p) => `Disallow: ${localeUrl(l, p)}`)),
    '',
    `Sitemap: ${site}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
