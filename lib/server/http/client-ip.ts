import 'server-only';

/**
 * The caller's address for per-IP limits. Next's server fills X-Forwarded-For
 * from the socket when absent; behind a proxy, that proxy must overwrite it.
 */
export function clientIp(req: Request): string | null {
  const xff = req.headers.get('x-forwarded-for');
  const first = xff?.split(',')[0]?.trim();
  return first || req.headers.get('x-real-ip') || null;
}
