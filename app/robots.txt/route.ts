import { siteUrl } from '@/lib/server/site';

export const dynamic = 'force-dynamic';

/** Search and account pages are for people; the API, tools and payment pages are not pages at all. */
export function GET() {
  const site = siteUrl();
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /dev/',
    'Disallow: /pay/',
    'Disallow: /equitiesCentre/',
    'Disallow: /correspondence/',
    'Disallow: /regard/journalism?keyword=',
    'Disallow: /documents?q=',
    'Disallow: /mobileRegard/journalism?keyword=',
    'Disallow: /mobileDocuments?q=',
    '',
    `Sitemap: ${site}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
