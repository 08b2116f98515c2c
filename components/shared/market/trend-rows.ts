import type { PriceTrendDTO } from '@/lib/api/schemas/market';
import { fmt } from '@/lib/i18n/format';
import { dayNumber } from '@/lib/shared/dates';
import { lockedDates } from './allowed';
import type { Row, SeriesSpec } from './charts';
import type { Lock } from './unlock';

/** Observations this many days apart or more, typically, make a monthly series (WFP's, on the 15th). */
const MONTHLY_SPACING = 25;
/** Two observations of a monthly series further apart than this have a month without a price between them. */
const MONTH_GAP = 45;

/** Whether a line's observations are monthly: drawn straight, a dot each, broken where a month has none. */
export function isMonthly(dates: readonly string[], granularity: PriceTrendDTO['granularity']): boolean {
  if (granularity === 'month') return true;
  if (dates.length < 2) return false;
  const gaps = dates.slice(1).map((d, i) => dayNumber(d) - dayNumber(dates[i]!));
  gaps.sort((a, b) => a - b);
  return (gaps[Math.floor(gaps.length / 2)] ?? 0) >= MONTHLY_SPACING;
}

/** A monthly line's runs of consecutive months: a month without a price ends one. */
export function monthlyRuns<P extends readonly [string, ...unknown[]]>(points: readonly P[]): P[][] {
  const runs: P[][] = [];
  let run: P[] = [];
  for (const p of points) {
    const prev = run.at(-1);
    if (prev && dayNumber(p[0]) - dayNumber(prev[0]) > MONTH_GAP) {
      runs.push(run);
      run = [];
    }
    run.push(p);
  }
  if (run.length) runs.push(run);
  return runs;
}

/** An overlay line's name: the span of its own prices and how many years it was moved on. */
export function seasonalLabel(template: string, s: { from: string; to: string; shift: number }): string {
  return fmt(template, { from: s.from.slice(0, 7), to: s.to.slice(0, 7), shift: s.shift });
}

/**
 * The lines of a trend answer as chart rows, with the locked start of the window the viewer asked
 * for. A monthly line is one key per run of consecutive months (same colour, one entry in the key),
 * so the chart breaks it where a month has no price and joins nothing else across the gap.
 */
export function trendRows(
  tr: PriceTrendDTO,
  locks: Lock[],
  windowFrom: string,
  seasonalTemplate: string,
): { rows: Row[]; series: SeriesSpec[]; lockedUntil: string | undefined } {
  const byDate = new Map<string, Row>();
  const series: SeriesSpec[] = [];
  const put = (date: string, key: string, price: number) =>
    byDate.set(date, { ...(byDate.get(date) ?? { date }), [key]: price });
  tr.series.forEach((s, slot) => {
    const monthly = isMonthly(
      s.points.map((p) => p[0]),
      tr.granularity,
    );
    const runs = monthly ? monthlyRuns(s.points) : [s.points];
    runs.forEach((run, i) => {
      const key = i === 0 ? `r:${s.regionId}` : `r:${s.regionId}#${i}`;
      series.push({ key, label: s.regionName, slot, monthly, inLegend: i === 0 });
      for (const [date, price] of run) put(date, key, price);
    });
  });
  const primary = tr.series[0];
  const primaryMonthly = isMonthly(primary?.points.map((p) => p[0]) ?? [], tr.granularity);
  (primary?.seasonal ?? []).forEach((y, slot) => {
    const runs = primaryMonthly ? monthlyRuns(y.points) : [y.points];
    runs.forEach((run, i) => {
      const key = i === 0 ? `y:${y.year}` : `y:${y.year}#${i}`;
      const label = seasonalLabel(seasonalTemplate, y);
      series.push({ key, label, dashed: true, muted: true, slot, monthly: primaryMonthly, inLegend: i === 0 });
      for (const [date, price] of run) put(date, key, price);
    });
  });
  const rows = [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
  // The locked start of the window the viewer asked for, shaded, as wide as the time it covers.
  const locked = locks.length > 0 && windowFrom < tr.from ? lockedDates(windowFrom, tr.from, tr.granularity) : [];
  const lockedUntil = locked.length > 0 ? rows[0]?.date : undefined;
  rows.unshift(...locked.map((date) => ({ date })));
  return { rows, series, lockedUntil };
}
