import { NextResponse, type NextRequest } from 'next/server';
import { UAParser } from 'ua-parser-js';
import { LOCALE_COOKIE } from '@/lib/i18n/config';
import { negotiateLocale } from '@/lib/i18n/negotiate';
import { routeContentQuery } from '@/lib/routing/content-query';
import { desktopPathFor, isMobilePath, MOBILE_NOT_FOUND, mobilePathFor } from '@/lib/routing/mobile-path';

// Each decides what a page URL serves (device variant, language), so caches must key on them.
const VARY = ['User-Agent', 'Sec-CH-UA-Mobile', 'Accept-Language', 'Cookie'];

// Top-level paths that are not localised pages: the API, Next internals, stored
// files, the payment gateway and the operator tools.
const NOT_PAGES = ['api', '_next', 'files', 'pay', 'dev', 'api-docs'];

/** A phone: ua-parser-js says "mobile", or the browser's client hint says so (tablets get desktop pages). */
export function isMobileRequest(headers: Headers): boolean {
  if (headers.get('sec-ch-ua-mobile')?.trim() === '?1') return true;
  const ua = headers.get('user-agent');
  return !!ua && UAParser(ua).device.type === 'mobile';
}

function addVary(res: NextResponse) {
  const existing = (res.headers.get('Vary') ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  for (const v of VARY) if (!existing.some((e) => e.toLowerCase() === v.toLowerCase())) existing.push(v);
  res.headers.set('Vary', existing.join(', '));
  // Next replaces Vary on prerendered pages; scripts/server.mjs merges this copy back in.
  res.headers.set('x-page-vary', VARY.join(', '));
  return res;
}

/** The page a phone gets for a URL: the mobile counterpart, the mobile page itself, or the mobile 404. */
function phonePage(pathname: string): string {
  return mobilePathFor(pathname) ?? (isMobilePath(pathname) ? pathname : MOBILE_NOT_FOUND + pathname);
}

/**
 * Every page URL is served from app/[locale]/… by rewrite (the visitor's URL
 * does not change):
 * - the language: the `locale` cookie, else Accept-Language (docs/screens.md);
 * - the device (docs/screens.md): a phone gets the mobile page of every URL, so every phone
 *   page wears the mobile chrome; a desktop opening a /mobile… URL (a link shared from a
 *   phone) is sent to the desktop page instead of a stretched phone layout.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (isPassThrough(pathname)) return NextResponse.next();
  const mobile = isMobileRequest(request.headers);
  if (!mobile) {
    const desktop = desktopPathFor(pathname);
    // Temporary: the same URL is right for a phone, and caches key on the user agent.
    if (desktop) return addVary(NextResponse.redirect(new URL(desktop + search, request.url), 307));
  }
  const locale = negotiateLocale(request.cookies.get(LOCALE_COOKIE)?.value, request.headers.get('accept-language'));
  const page = mobile ? phonePage(pathname) : pathname;
  // Content list queries become paths, so each list page is cached on its own.
  const routed = routeContentQuery(page, request.nextUrl.searchParams) ?? { path: page, search };
  const target = `/${locale}${routed.path === '/' ? '' : routed.path}`;
  const res = NextResponse.rewrite(new URL(target + routed.search, request.url));
  res.headers.set('Content-Language', locale);
  return addVary(res);
}

function isPassThrough(pathname: string) {
  const first = pathname.split('/')[1] ?? '';
  return NOT_PAGES.includes(first) || /\.[a-z0-9]+$/i.test(pathname);
}

export const config = {
  // Same exclusions as isPassThrough, so Next skips the proxy for them entirely.
  matcher: ['/((?!(?:api|_next|files|pay|dev|api-docs)(?:/|$)|.*\\.[a-zA-Z0-9]+$).*)'],
};
