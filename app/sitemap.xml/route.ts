import { getDb } from '@/lib/server/db/client';
import { siteUrl } from '@/lib/server/site';
import { sitemapEntries, sitemapXml } from '@/lib/server/services/content/sitemap';

// Read at request time (the database is never opened while building); shared caches keep it ten minutes.
export const dynamic = 'force-dynamic';

export async function GET() {
  const site = siteUrl();
  const body = sitemapXml(site, await sitemapEntries(await getDb()));
  return new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=600' },
  });
}
