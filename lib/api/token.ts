import { isSafeReturnPath } from '@/lib/routing/return-path';

// Browser storage keys of docs/screens.md.
export const TOKEN_KEY = 'token';
export const LOGIN_URL_KEY = 'loginUrl';

const hasWindow = () => typeof window !== 'undefined';

export function getToken(): string {
  if (!hasWindow()) return '';
  try {
    return window.localStorage.getItem(TOKEN_KEY) ?? '';
  } catch {
    return '';
  }
}

export function setToken(token: string) {
  if (hasWindow()) window.localStorage.setItem(TOKEN_KEY, token);
}

export function removeToken() {
  if (hasWindow()) window.localStorage.removeItem(TOKEN_KEY);
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
