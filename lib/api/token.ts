import { isSafeReturnPath } from '@/lib/routing/return-path';

// Browser storage keys of docs/screens.md.
export const TOKEN_KEY = 'token';
export const LOGIN_URL_KEY = 'loginUrl';
/** The console's login, kept apart from the site's (docs/access-policy.md "Staff roles"). */
export const CONSOLE_TOKEN_KEY = 'consoleToken';

const hasWindow = () => typeof window !== 'undefined';

// Which login this page's calls carry: the site's, or (on /console, whose pages set it once as
// they load) the console's.
let tokenKey = TOKEN_KEY;
export function selectConsoleToken() {
  tokenKey = CONSOLE_TOKEN_KEY;
}

export function getToken(): string {
  if (!hasWindow()) return '';
  try {
    return window.localStorage.getItem(tokenKey) ?? '';
  } catch {
    return '';
  }
}

export function setToken(token: string) {
  if (hasWindow()) window.localStorage.setItem(tokenKey, token);
}

export function removeToken() {
  if (hasWindow()) window.localStorage.removeItem(tokenKey);
}

export function setLoginUrl(path: string) {
  if (hasWindow()) window.sessionStorage.setItem(LOGIN_URL_KEY, path);
}

/**
 * Where to go after a login: the stored return path (taken once), else `fallback`. Only same-site
 * paths: `/\evil.example` is another site to a browser, as `//evil.example` is.
 */
export function takeLoginUrl(fallback = '/'): string {
  if (!hasWindow()) return fallback;
  const v = window.sessionStorage.getItem(LOGIN_URL_KEY);
  window.sessionStorage.removeItem(LOGIN_URL_KEY);
  return isSafeReturnPath(v) ? v : fallback;
}
