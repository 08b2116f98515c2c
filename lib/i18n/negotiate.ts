import { DEFAULT_LOCALE, isLocale, type Locale } from '@/lib/shared/locale';

type Range = { tag: string; q: number; order: number };

/** `Accept-Language` ranges, most preferred first; q=0 means "not acceptable" and is dropped. */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  const ranges: Range[] = [];
  header.split(',').forEach((part, order) => {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag?.trim().toLowerCase();
    if (!tag) return;
    let q = 1;
    for (const p of params) {
      const [k, v] = p.trim().split('=');
      if (k?.trim() === 'q') {
        const n = Number(v);
        q = Number.isFinite(n) ? n : 0;
      }
    }
    if (q > 0) ranges.push({ tag, q, order });
  });
  // Stable by position for equal q, as browsers list them in preference order.
  ranges.sort((a, b) => b.q - a.q || a.order - b.order);
  return ranges.map((r) => r.tag);
}

/** zh* → zh-CN; any other language → en (docs/screens.md). */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  const first = parseAcceptLanguage(header)[0];
  if (!first) return DEFAULT_LOCALE;
  return first === 'zh' || first.startsWith('zh-') ? 'zh-CN' : 'en';
}

/** The `locale` cookie wins when it names a supported locale; else the browser's languages. */
export function negotiateLocale(cookie: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  if (isLocale(cookie)) return cookie;
  return localeFromAcceptLanguage(acceptLanguage);
}
