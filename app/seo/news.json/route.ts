import { fileStorage } from '@/lib/server/adapters/storage';
import { getDb } from '@/lib/server/db/client';
import { NEWS_SEO_KEY, publishNewsSeoJson } from '@/lib/server/services/content/seo-json';

export const dynamic = 'force-dynamic';

/**
 * The news SEO JSON (docs/api.md): a file in storage, rebuilt whenever news
 * changes (lib/server/services/content/revalidate.ts). Built on the spot if
 * storage does not have it yet.
 */
export async function GET() {
  const stored = await fileStorage().get(NEWS_SEO_KEY);
  const bytes = stored
    ? stored.bytes
    : new TextEncoder().encode(JSON.stringify(await publishNewsSeoJson(await getDb())));
  return new Response(bytes as unknown as BodyInit, {
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}
