// GET /api/locale?l=zh-CN|en — the header's language switch: sets the `locale` cookie and goes back.
import { NextResponse, type NextRequest } from 'next/server';
import { isLocale, LOCALE_COOKIE } from '@/lib/i18n/config';

const ONE_YEAR = 60 * 60 * 24 * 365;

/** Back to the page the switch was on (same origin only), else home. */
function backTo(req: NextRequest): string {
  const referer = req.headers.get('referer');
  if (!referer) return '/';
  try {
    const url = new URL(referer);
    return url.origin === req.nextUrl.origin ? url.pathname + url.search : '/';
  } catch {
    return '/';
  }
}

export function GET(req: NextRequest) {
  const l = req.nextUrl.searchParams.get('l');
  const res = NextResponse.redirect(new URL(backTo(req), req.url), 303);
  if (isLocale(l)) res.cookies.set(LOCALE_COOKIE, l, { path: '/', maxAge: ONE_YEAR, sameSite: 'lax' });
  res.headers.set('Cache-Control', 'no-store');
  return res;
}
