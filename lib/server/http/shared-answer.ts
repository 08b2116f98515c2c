import 'server-only';
import { gzipSync } from 'node:zlib';

/**
 * Answers handed unchanged to many requests (the market caches keep one object per series while
 * the data is unchanged). Their envelope is serialised once, and compressed once, instead of on
 * every request: for a five-year daily series that was most of the time a request took.
 */
type Prepared = { text?: string; gzip?: Uint8Array<ArrayBuffer> };
const shared = new WeakMap<object, Prepared>();

/** Marks a cached answer as shared (it must not be changed after this). */
export function markShared<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !shared.has(value)) shared.set(value, {});
  return value;
}

// Below this size compressing saves nothing worth a header.
const GZIP_FROM_BYTES = 1024;
// zlib's default level 6 took 9.4 ms for a five-year daily trend of three regions (190 KB of
// JSON), most of an uncached answer's time; level 4 takes 2.9 ms for a body 6 % larger.
const GZIP_LEVEL = 4;

/**
 * Set on every request by scripts/server.mjs, which restores the Content-Encoding that Next drops
 * from route handlers' answers (respond.ts). Without it (`next dev`) an answer goes uncompressed.
 */
export const PASS_ENCODING_HEADER = 'x-pass-content-encoding';

/**
 * The success envelope of a shared answer, serialised (and gzipped when the client takes it and
 * the server in front can pass the encoding on) once; null for other answers.
 */
export function sharedEnvelope(
  value: unknown,
  acceptEncoding: string | null,
  canPassEncoding: boolean,
): { body: string | Uint8Array<ArrayBuffer>; gzip: boolean } | null {
  if (typeof value !== 'object' || value === null) return null;
  const p = shared.get(value);
  if (!p) return null;
  p.text ??= JSON.stringify({ code: 1, data: value });
  if (!canPassEncoding || p.text.length < GZIP_FROM_BYTES || !acceptsGzip(acceptEncoding))
    return { body: p.text, gzip: false };
  p.gzip ??= new Uint8Array(gzipSync(p.text, { level: GZIP_LEVEL }));
  return { body: p.gzip, gzip: true };
}

/** Whether an Accept-Encoding header allows gzip (`gzip`, or `*`, with a non-zero q). */
export function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.map((s) => s.trim()).find((s) => s.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
