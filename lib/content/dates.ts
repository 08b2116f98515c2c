import type { Locale } from '@/lib/i18n/config';

/** A fixed, server-side date for cached pages (China time), e.g. 2025-03-14 08:30 / 2025年3月14日. */
export function formatDate(iso: string, locale: Locale, withTime = true): string {
  const d = new Date(iso);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  if (locale === 'zh-CN') {
    const date = `${get('year')}年${Number(get('month'))}月${Number(get('day'))}日`;
    return withTime ? `${date} ${get('hour')}:${get('minute')}` : date;
  }
  const date = `${get('year')}-${get('month')}-${get('day')}`;
  return withTime ? `${date} ${get('hour')}:${get('minute')}` : date;
}
