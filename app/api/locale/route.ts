// GET /api/locale?l=zh-CN|en — the header's language switch: sets the `locale` cookie and goes back.
import { NextResponse, type NextRequest } from 'next/server';
import { isLocale, LOCALE_COOKIE } from '@/lib/shared/locale';
import { isSafeReturnPath } from '@/lib/routing/return-path';

const ONE_YEAR = 60 * 60 * 24 * 365;

/**
 * The page the switch was on, from the Referer when it is this site as the browser addressed
 * it (its Host header: the server's own URL may be a bind address like 0.0.0.0:3100), as a
 * same-site path; else home.
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
  // A relative Location: the browser resolves it against the address it used, behind any proxy.
  const res = new NextResponse(null, { status: 303, headers: { location: backTo(req), 'cache-control': 'no-store' } });
  if (isLocale(l)) res.cookies.set(LOCALE_COOKIE, l, { path: '/', maxAge: ONE_YEAR, sameSite: 'lax' });
  return res;
}
