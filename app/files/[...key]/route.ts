// GET /files/{key}: a stored file, with the type sniffed at upload and no browser sniffing.
import { fileStorage, isValidKey } from '@/lib/server/adapters/storage';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ key: string[] }> };

const notFound = () =>
  new Response('Not found', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
  });

export async function GET(_req: Request, { params }: Params) {
  const { key: parts } = await params;
  // Keys are made of characters that never need encoding, so the segments are used as given.
  const key = parts.join('/');
  if (!isValidKey(key)) return notFound();
  const obj = await fileStorage().get(key);
  if (!obj) return notFound();
  return new Response(obj.bytes as unknown as BodyInit, {
    headers: {
      'content-type': obj.contentType,
      'content-length': String(obj.bytes.length),
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=3600',
    },
  });
}
