import 'server-only';
import { SERVICES } from '@/lib/api/contract';
import { servicePrefix } from '@/lib/api/service-prefix';
import { filesPublicPath } from '../adapters/storage';
import { env } from '../env';

/** A fresh nonce: 128 random bits, base64 (what CSP's nonce-source takes). */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}

const originOf = (u: string) => {
  try {
    return /^https?:\/\//i.test(u) ? new URL(u).origin : null;
  } catch {
    return null;
  }
};

/** Where pages may load images from and call: this site, plus stored files and API services on other hosts. */
function extraOrigins() {
  const img = originOf(filesPublicPath());
  const connect = SERVICES.map((s) => originOf(servicePrefix(s))).filter((o): o is string => !!o);
  return { img: img ? [img] : [], connect: [...new Set(connect)] };
}

/**
 * The Content-Security-Policy of every page (docs/decisions/csp-and-page-cache.md):
 * - scripts: only those carrying this response's nonce (Next puts it on each of its own, read
 *   from the request's copy of this header), and what they load ('strict-dynamic'); no inline
 *   script without it, no eval. server/page-csp.ts swaps the nonce for the hashes of the
 *   page's inline scripts when the HTML comes from a cache;
 * - styles: 'unsafe-inline', because antd's CSS-in-JS inserts <style> tags at run time and
 *   React renders style attributes, neither of which can carry a nonce; a style cannot run code;
 * - no plugins, no <base>, forms post only here, and no site may frame a page — but the
 *   embeddable charts (/embed/…, `framedBy` 'any'), which any site may, and the console's
 *   previews of articles and documents ('self'), which only this site's pages may.
 */
export function pagePolicy(nonce: string, framedBy: 'none' | 'self' | 'any' = 'none'): string {
  const { img, connect } = extraOrigins();
  const https = env().SITE_URL.startsWith('https:');
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...img].join(' '),
    "font-src 'self' data:",
    ["connect-src 'self'", ...connect].join(' '),
    // The phone's offline worker (public/sw.js), from this site only.
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    framedBy === 'any' ? 'frame-ancestors *' : `frame-ancestors '${framedBy}'`,
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}
