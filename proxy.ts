import { NextResponse, type NextRequest } from 'next/server';
import { UAParser } from 'ua-parser-js';
import { LOCALE_COOKIE } from '@/lib/shared/locale';
import { negotiateLocale } from '@/lib/i18n/negotiate';
import { routeContentQuery } from '@/lib/routing/content-query';
import { LOCALE_COOKIE_OPTIONS, localePrefix, NOT_PAGES } from '@/lib/routing/locale-url';
import { desktopPathFor, isMobilePath, MOBILE_NOT_FOUND, mobilePathFor } from '@/lib/routing/mobile-path';
import { isToolBeforePage } from '@/lib/routing/page-roots';
import { isPreviewPath } from '@/lib/routing/preview-path';
import { newNonce, pagePolicy } from '@/lib/server/http/csp';

// Each decides what a page URL serves (device variant, language), so caches must key on them.
const VARY = ['User-Agent', 'Sec-CH-UA-Mobile', 'Accept-Language', 'Cookie'];

// NOT_PAGES (lib/routing/locale-url.ts) are the top-level paths that are no localised pages. The
// last five are pages all the same (they get the CSP below); the first three never reach the proxy
// (see `config`).

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
  // Next replaces Vary on prerendered pages; server/http-server.ts merges this copy back in.
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
 * - the language: the URL's prefix (/en/…, /zh-CN/…), else the `locale` cookie, else
 *   Accept-Language (docs/screens.md, "Languages in the URL"). A prefixed URL and the unprefixed
 *   one in the same language rewrite to the same /{locale}/… page, so they share its cache entry;
 *   opening a prefixed URL also keeps its language in the cookie, so unprefixed links stay in it;
 * - the device (docs/screens.md): a phone gets the mobile page of every URL, so every phone
 *   page wears the mobile chrome; a desktop opening a /mobile… URL (a link shared from a
 *   phone) is sent to the desktop page instead of a stretched phone layout.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  // Every page gets a fresh nonce: Next reads it from the request's copy of the policy and puts
  // it on each script it renders; the browser gets the same policy (lib/server/http/csp.ts).
  // Only the embeddable charts may be framed, by any site (docs/decisions/embeds.md), and the
  // console's previews by this site's own pages (docs/console.md "Preview").
  const passThrough = isPassThrough(pathname);
  const embed = pathname.startsWith('/embed/');
  const prefix = localePrefix(pathname);
  const preview = !passThrough && isPreviewPath(prefix?.path ?? pathname);
  const policy = pagePolicy(newNonce(), passThrough && embed ? 'any' : preview ? 'self' : 'none');
  const headers = new Headers(request.headers);
  headers.set('content-security-policy', policy);
  if (passThrough) return withPolicy(NextResponse.next({ request: { headers } }), policy);
  // /zh-cn/… is /zh-CN/…: one spelling, so each page has one URL per language.
  if (prefix && !prefix.exact) return redirect(request, prefixed(prefix.locale, prefix.path) + search, 308);
  const path = prefix?.path ?? pathname;
  const mobile = isMobileRequest(request.headers);
  if (!mobile) {
    const desktop = desktopPathFor(path);
    // Temporary: the same URL is right for a phone, and caches key on the user agent.
    if (desktop) return redirect(request, (prefix ? prefixed(prefix.locale, desktop) : desktop) + search, 307);
  }
  const cookie = request.cookies.get(LOCALE_COOKIE)?.value;
  const locale = prefix?.locale ?? negotiateLocale(cookie, request.headers.get('accept-language'));
  // A preview names its device in its path: the console shows the phone's on a desktop.
  const page = mobile && !preview ? phonePage(path) : path;
  // Content list queries become paths, so each list page is cached on its own.
  const routed = routeContentQuery(page, request.nextUrl.searchParams) ?? { path: page, search };
  const res = NextResponse.rewrite(new URL(prefixed(locale, routed.path) + routed.search, request.url), {
    request: { headers },
  });
  res.headers.set('Content-Language', locale);
  // next.config.ts leaves X-Frame-Options off /embed/… for the charts; its 404s may not be framed.
  if (embed) res.headers.set('X-Frame-Options', 'DENY');
  // A preview in the other language must not switch the console's (or the site's) language.
  if (prefix && cookie !== locale && !preview) res.cookies.set(LOCALE_COOKIE, locale, LOCALE_COOKIE_OPTIONS);
  return withPolicy(addVary(res), policy);
}

const prefixed = (locale: string, path: string) => `/${locale}${path === '/' ? '' : path}`;

function redirect(request: NextRequest, to: string, status: 307 | 308) {
  return addVary(NextResponse.redirect(new URL(to, request.url), status));
}

function withPolicy(res: NextResponse, policy: string) {
  res.headers.set('Content-Security-Policy', policy);
  return res;
}

/**
 * The files the app serves under a file name: public/ (the icons, content images), the feed, robots,
 * sitemap, map shapes and SEO snapshots. Any other file name (/wp-login.php, /.env) is no page and
 * is rewritten like one, so it gets the localised 404, never cached (issue 27, item 2). A browser
 * asks for /favicon.ico where a page names no icon (the sandbox pay page) or before it has read the
 * page's icon link (seen on the 404 page), so public/ has one. Kept in step with `config.matcher`,
 * which must be a literal.
 */
const REAL_FILE =
  /^\/(?:favicon\.(?:svg|ico)|feed\.xml|robots\.txt|sitemap\.xml|sw\.js|(?:content|geo|seo)\/.*\.[a-zA-Z0-9]+)$/;

/**
 * Of the names above, those with no page of their own. Asked bare (/pay, /embed, /api), Next took
 * the name for a language and rendered the home page under it, 200 and cached (issue 27, item 2):
 * bare, they are rewritten like any unknown page path, to the localised 404, rendered per request.
 */
const NO_INDEX = ['api', '_next', 'files', 'pay', 'dev', 'embed'];

function isPassThrough(pathname: string) {
  const [, first = '', second = ''] = pathname.split('/');
  if (NO_INDEX.includes(first) && pathname === `/${first}`) return false;
  // A tool name before a localised page's path (/pay/functionality, /console/regard/aboutUs): Next
  // would render that page with the tool name as its language, 200 and cached. The 404 instead.
  if (NOT_PAGES.includes(first) && isToolBeforePage(first, second)) return false;
  return NOT_PAGES.includes(first) || REAL_FILE.test(pathname);
}

export const config = {
  // Not the API, Next's own files, stored files or the files above: they are no pages
  // (next.config.ts gives them their headers). The pay and tool pages come through for the CSP, and
  // the bare names /api, /_next and /files for their 404 (NO_INDEX).
  matcher: [
    '/((?!(?:api|_next|files)/|(?:favicon\\.(?:svg|ico)|feed\\.xml|robots\\.txt|sitemap\\.xml|sw\\.js)$|(?:content|geo|seo)/.*\\.[a-zA-Z0-9]+$).*)',
  ],
};
