import type { MarketLang } from '@/lib/api/schemas/market';

const nf = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: MarketLang, digits: number) {
  const k = `${lang}:${digits}`;
  let f = nf.get(k);
  if (!f)
    nf.set(
      k,
      (f = new Intl.NumberFormat(lang === 'zh-CN' ? 'zh-CN' : 'en-US', {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      })),
    );
  return f;
}

const digits = new Map<string, number>();
/**
 * The decimals of every price in a currency: its minor unit (two for CNY, BDT and USD, none for
 * JPY). Decided once per currency, never per value, so one unit never reads "−0.911" beside
 * "25.30" and a chart's ticks read like its table and tooltip.
 */
export function priceDigits(currency: string): number {
  let d = digits.get(currency);
  if (d === undefined) {
    try {
      d = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      d = 2; // not an ISO 4217 code
    }
    digits.set(currency, d);
  }
  return d;
}

/** A price in its currency's decimals, grouped as the page's language groups numbers. */
export function price(lang: MarketLang, v: number | null | undefined, currency: string): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '–';
  return numberFormat(lang, priceDigits(currency)).format(v);
}

/** An exchange rate: up to four decimals ("6.7758", "117.35"). */
export function rate(lang: MarketLang, v: number): string {
  return new Intl.NumberFormat(lang === 'zh-CN' ? 'zh-CN' : 'en-US', { maximumFractionDigits: 4 }).format(v);
}

export function level(lang: MarketLang, v: number | null | undefined): string {
  return v === null || v === undefined ? '–' : numberFormat(lang, 2).format(v);
}

/** A signed percentage, e.g. "+1.25%"; "–" when unknown. */
export function pct(lang: MarketLang, v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '–';
  const s = numberFormat(lang, 2).format(Math.abs(v));
  return `${v > 0 ? '+' : v < 0 ? '−' : ''}${s}%`;
}

export function signed(lang: MarketLang, v: number | null | undefined, currency: string): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '–';
  return `${v > 0 ? '+' : v < 0 ? '−' : ''}${price(lang, Math.abs(v), currency)}`;
}

/** Up, down or flat, for colouring changes (which colour is up is the reader's setting: up-colour.ts). */
export function direction(v: number | null | undefined): 'up' | 'down' | 'flat' {
  if (!v) return 'flat';
  return v > 0 ? 'up' : 'down';
}

/** A currency as a page shows it: 元 for yuan on Chinese pages, else its ISO code. */
export function currencyLabel(code: string, lang: MarketLang): string {
  return code === 'CNY' && lang === 'zh-CN' ? '元' : code;
}

/** A unit as the page's language names it ("kg", "公斤", "bunch", "串"); one it does not know as the source wrote it. */
export function unitLabel(unit: string, t: { units: Record<string, string> }): string {
  return Object.hasOwn(t.units, unit) ? t.units[unit]! : unit;
}
