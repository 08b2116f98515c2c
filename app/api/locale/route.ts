// GET /api/locale?l=zh-CN|en — the header's language switch: sets the `locale` cookie and opens
// the same page in that language, at its URL for the language (docs/screens.md, "Languages in the URL").
import { NextResponse, type NextRequest } from 'next/server';
import { isLocale, LOCALE_COOKIE } from '@/lib/shared/locale';
import { isSafeReturnPath } from '@/lib/routing/return-path';
import { isLocalisedPage, LOCALE_COOKIE_OPTIONS, localeUrl } from '@/lib/routing/locale-url';

/**
 * The page the switch was on, from the Referer when it is this site as the browser addressed
 * it (its Host header: the server's own URL may be a bind address like 0.0.0.0:3100), as a
 * same-site path with its query (a market view keeps its state); else home.
 */
function backTo(req: NextRequest): string {
  const referer = req.headers.get('referer');
  const host = req.headers.get('x-forwarded-host') ?? req.headers.get('host');
  if (!referer || !host) return '/';
  try {
    const url = new URL(referer);
    const path = url.pathname + url.search;
    return url.host === host && isSafeReturnPath(path) ? path : '/';
  } catch {
    return '/';
  }
}

export function GET(req: NextRequest) {
  const l = req.nextUrl.searchParams.get('l');
  const back = backTo(req);
  // A page moves to its URL in the chosen language; the console and the tools go back as they were.
  const to = isLocale(l) && isLocalisedPage(back) ? localeUrl(l, back) : back;
  // A relative Location: the browser resolves it against the address it used, behind any proxy.
  const res = new NextResponse(null, { status: 303, headers: { location: to, 'cache-control': 'no-store' } });
  if (isLocale(l)) res.cookies.set(LOCALE_COOKIE, l, LOCALE_COOKIE_OPTIONS);
  return res;
}
