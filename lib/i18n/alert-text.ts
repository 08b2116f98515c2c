// What a notification says, in the reader's language: the portal's notification centre and the
// server's e-mail, SMS and webhook texts render it with this one function (docs/alerts.md).
import type { Locale } from '@/lib/shared/locale';
import { fmt } from './format';
import type { Messages } from './types';

export type AlertTexts = Messages['alerts'];
export type AnomalyTexts = Messages['anomaly'];

export type NotificationView = {
  kind: 'above' | 'below' | 'move' | 'level' | 'new';
  product: string;
  region: string;
  priceType: 'wholesale' | 'retail';
  currency: string;
  unit: string;
  day: string;
  price: number;
  detail: {
    value?: number | null;
    days?: number | null;
    direction?: string | null;
    level?: string | null;
    refDay?: string | null;
    refPrice?: number | null;
    pct?: number | null;
    reached?: string | null;
    score?: number | null;
  };
};

function digitsOf(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** A number in the currency's decimals, grouped as the language groups numbers. */
export function money(locale: Locale, v: number, currency: string): string {
  const d = digitsOf(currency);
  return new Intl.NumberFormat(locale === 'zh-CN' ? 'zh-CN' : 'en-US', {
    minimumFractionDigits: d,
    maximumFractionDigits: d,
  }).format(v);
}

const signed = (locale: Locale, v: number, digits = 2) =>
  new Intl.NumberFormat(locale === 'zh-CN' ? 'zh-CN' : 'en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: 'exceptZero',
  }).format(v);

/** The view of a notification as the API answers it (names in the reader's language). */
export function viewOf(n: {
  kind: NotificationView['kind'];
  productName: string;
  regionName: string;
  priceType: NotificationView['priceType'];
  currency: string;
  unit: string;
  day: string;
  price: number;
  detail: NotificationView['detail'];
}): NotificationView {
  return { ...n, product: n.productName, region: n.regionName };
}

/** "Pork, Shandong (wholesale)". */
export function seriesName(t: AlertTexts, n: Pick<NotificationView, 'product' | 'region' | 'priceType'>): string {
  return fmt(t.series, { product: n.product, region: n.region, priceType: t[n.priceType] });
}

/** "Pork, Shandong (wholesale): 31.20 CNY/kg on 2026-11-28, above 30.00 CNY/kg". */
export function notificationText(t: AlertTexts, ta: AnomalyTexts, n: NotificationView, locale: Locale): string {
  const unit = t.units[n.unit as keyof AlertTexts['units']] ?? n.unit;
  const priced = (v: number) => fmt(t.priceUnit, { price: money(locale, v, n.currency), currency: n.currency, unit });
  const d = n.detail;
  const level = (d.reached ?? d.level ?? 'normal') as keyof AnomalyTexts;
  return fmt(t.said[n.kind], {
    series: seriesName(t, n),
    price: priced(n.price),
    date: n.day,
    value: d.value === null || d.value === undefined ? '' : priced(d.value),
    pct: d.pct === null || d.pct === undefined ? '' : `${signed(locale, d.pct)} %`,
    refDate: d.refDay ?? '',
    refPrice: d.refPrice === null || d.refPrice === undefined ? '' : priced(d.refPrice),
    level: typeof ta[level] === 'string' ? (ta[level] as string) : String(level),
    score: d.score === null || d.score === undefined ? '' : signed(locale, d.score),
  });
}
