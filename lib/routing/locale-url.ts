// Every page has a URL per language, /en/… and /zh-CN/…, beside the unprefixed URL that is
// negotiated (docs/screens.md, "Languages in the URL"). Browser-safe and pure: the proxy, the
// language switch, page metadata, the sitemap and the feeds build and read page URLs through these.
import { LOCALES, type Locale } from '@/lib/shared/locale';

/** How long the `locale` cookie is kept, by the language switch and by a prefixed URL. */
export const LOCALE_COOKIE_OPTIONS = { path: '/', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' } as const;

/**
 * Top-level path segments that are no localised pages: the API, Next internals, stored files, the
 * payment gateway, the operator tools, the console and the embeddable charts (proxy.ts).
 */
export const NOT_PAGES = ['api', '_next', 'files', 'pay', 'dev', 'api-docs', 'console', 'embed'];

export type LocalePrefix = {
  locale: Locale;
  /** The path without the language: '/en/functionality' → '/functionality', '/en' → '/'. */
  path: string;
  /** Whether the prefix is spelled as the site spells it ('/zh-cn/…' is not). */
  exact: boolean;
};

/** The language a path starts with (matched case-insensitively), or null. */
export function localePrefix(pathname: string): LocalePrefix | null {
  const slash = pathname.indexOf('/', 1);
  const first = slash < 0 ? pathname.slice(1) : pathname.slice(1, slash);
  const locale = LOCALES.find((l) => l.toLowerCase() === first.toLowerCase());
  if (!locale) return null;
  return { locale, path: slash < 0 ? '/' : pathname.slice(slash), exact: first === locale };
}

/** A path without any language prefix. */
export function stripLocale(pathname: string): string {
  return localePrefix(pathname)?.path ?? pathname;
}

/** Whether a path is a page that has a URL per language (not the API, a tool, the console …). */
export function isLocalisedPage(pathname: string): boolean {
  return !NOT_PAGES.includes(pathname.split('/')[1] ?? '');
}

/**
 * A page URL (path with any query and fragment) in `locale`: '/functionality?p=1' →
 * '/zh-CN/functionality?p=1', '/' → '/zh-CN'. A URL already in a language moves to `locale`;
 * a path that is no localised page is returned as it is.
 */
export function localeUrl(locale: Locale, url: string): string {
  const cut = url.search(/[?#]/);
  const path = cut < 0 ? url : url.slice(0, cut);
  const rest = cut < 0 ? '' : url.slice(cut);
  const bare = stripLocale(path);
  if (!bare.startsWith('/') || !isLocalisedPage(bare)) return url;
  return `/${locale}${bare === '/' ? '' : bare}${rest}`;
}
