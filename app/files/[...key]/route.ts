// GET /files/{key}: a stored file, with the type sniffed at upload and no browser sniffing.
import { fileStorage, isValidKey } from '@/lib/server/adapters/storage';
import { isPrivateKey, privateUrlSecondsLeft } from '@/lib/server/services/accounts/uploads';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ key: string[] }> };

const notFound = () =>
  new Response('Not found', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
  });

/**
 * Public files for an hour in any cache. A private file (a feedback image, a user's PDF) only with a
 * valid signed URL, which only its owner and staff are given, and only into the browser's own
 * cache for as long as the URL works; without one it does not exist. PDFs download rather
 * than open in the site's origin.
 */
export async function GET(req: Request, { params }: Params) {
  const { key: parts } = await params;
  // Keys are made of characters that never need encoding, so the segments are used as given.
  const key = parts.join('/');
  if (!isValidKey(key)) return notFound();
  let cacheControl = 'public, max-age=3600';
  if (isPrivateKey(key)) {
    const q = new URL(req.url).searchParams;
    const left = privateUrlSecondsLeft(key, q.get('e'), q.get('s'), new Date());
    if (left === null) return notFound();
    cacheControl = `private, max-age=${left}`;
  }
  const obj = await fileStorage().get(key);
  if (!obj) return notFound();
  const headers: Record<string, string> = {
    'content-type': obj.contentType,
    'content-length': String(obj.bytes.length),
    'x-content-type-options': 'nosniff',
    'cache-control': cacheControl,
  };
  if (obj.contentType === 'application/pdf') headers['content-disposition'] = `attachment; filename="${parts.at(-1)}"`;
  return new Response(obj.bytes as unknown as BodyInit, { headers });
}
