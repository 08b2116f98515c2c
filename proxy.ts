import { NextResponse, type NextRequest } from 'next/server';
import { UAParser } from 'ua-parser-js';
import { mobilePathFor } from '@/lib/routing/mobile-path';

// Both decide which variant a URL serves, so caches must key on them.
const VARY = ['User-Agent', 'Sec-CH-UA-Mobile'];

/** A phone: ua-parser-js says "mobile", or the browser's client hint says so (tablets get desktop pages). */
export function isMobileRequest(headers: Headers): boolean {
  if (headers.get('sec-ch-ua-mobile')?.trim() === '?1') return true;
  const ua = headers.get('user-agent');
  return !!ua && UAParser(ua).device.type === 'mobile';
}

function addVary(res: NextResponse) {
  const existing = (res.headers.get('Vary') ?? '').split(',').map((v) => v.trim()).filter(Boolean);
  for (const v of VARY) if (!existing.some((e) => e.toLowerCase() === v.toLowerCase())) existing.push(v);
  res.headers.set('Vary', existing.join(', '));
  return res;
}

/**
 * Device routing (product.md §8): a phone asking for a desktop page gets its
 * mobile counterpart under the same URL. Explicit /mobile… URLs, the API,
 * Next internals and files are never touched.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (isPassThrough(pathname)) return NextResponse.next();
  const target = isMobileRequest(request.headers) ? mobilePathFor(pathname) : null;
  const res = target ? NextResponse.rewrite(new URL(target + search, request.url)) : NextResponse.next();
  return addVary(res);
}

function isPassThrough(pathname: string) {
  return /^\/(?:api|_next)(?:\/|$)/.test(pathname) || pathname.startsWith('/mobile') || /\.[a-z0-9]+$/i.test(pathname);
}

export const config = {
  // Same exclusions as isPassThrough, so Next skips the proxy for them entirely.
  matcher: ['/((?!api/|api$|_next/|mobile|.*\\.[a-zA-Z0-9]+$).*)'],
};
