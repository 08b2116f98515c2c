// Headers Next cannot send itself (docs/decisions/page-cache-and-server.md): the Vary list proxy.ts
// asks for (Next overwrites Vary on prerendered pages, so proxy.ts hands its list over in
// `x-page-vary`) and the Content-Encoding of API answers gzipped once for many requests (Next drops
// it; the answer carries it in `x-content-encoding`), restored just before the headers go out.
import type { OutgoingHttpHeader, ServerResponse } from 'node:http';
import type { CacheResult } from '@/lib/server/fleet/metrics';

/** Two Vary values as one, each name once (case-insensitive), in the order first seen. */
export function mergeVary(current: OutgoingHttpHeader | undefined, extra: OutgoingHttpHeader | undefined): string {
  const items: string[] = [];
  for (const v of [current, extra].flatMap((h) => (Array.isArray(h) ? h : h !== undefined ? [String(h)] : []))) {
    for (const part of v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      if (!items.some((i) => i.toLowerCase() === part.toLowerCase())) items.push(part);
    }
  }
  return items.join(', ');
}

const NEXT_CACHE_RESULT: Record<string, CacheResult> = { HIT: 'next-hit', STALE: 'next-stale', MISS: 'next-miss' };

/** Restores x-page-vary and x-content-encoding; notes how Next's cache answered (`state.cache`). */
export function finishHeaders(res: ServerResponse, state: { cache: CacheResult | null }) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const extra = res.getHeader('x-page-vary');
    if (extra !== undefined) {
      res.removeHeader('x-page-vary');
      res.setHeader('Vary', mergeVary(res.getHeader('vary'), extra));
    }
    const encoding = res.getHeader('x-content-encoding');
    if (encoding !== undefined) {
      res.removeHeader('x-content-encoding');
      res.setHeader('Content-Encoding', encoding);
    }
    const nextCache = res.getHeader('x-nextjs-cache');
    if (nextCache !== undefined) state.cache = NEXT_CACHE_RESULT[String(nextCache).toUpperCase()] ?? null;
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['writeHead'];
}
