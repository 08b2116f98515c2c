// A path on this site to go back to after a hand-off or a login; browser-safe.
export const MAX_RETURN_PATH = 512;

/**
 * Only same-site relative paths: one leading slash, no scheme, no host
 * (`//evil.example`, `/\evil.example`), no control characters. Anything else
 * could send a freshly logged-in user to someone else's site.
 */
export function isSafeReturnPath(p: unknown): p is string {
  if (typeof p !== 'string' || !p.startsWith('/') || p.length > MAX_RETURN_PATH) return false;
  if (p.startsWith('//') || p.includes('\\')) return false;
  if (/[\u0000-\u001f\u007f]/.test(p)) return false;
  try {
    const u = new URL(p, 'http://same.invalid');
    return u.origin === 'http://same.invalid';
  } catch {
    return false;
  }
}

/**
 * A return path made safe: a same-site path as the browser would resolve it (dot segments
 * and repeated slashes collapsed), or `/` for anything else (another site, a scheme, no
 * leading slash, control characters, too long).
 */
export function normaliseReturnPath(p: unknown): string {
  if (!isSafeReturnPath(p)) return '/';
  const u = new URL(p, 'http://same.invalid');
  const path = u.pathname.replace(/\/{2,}/g, '/') + u.search + u.hash;
  return isSafeReturnPath(path) ? path : '/';
}
