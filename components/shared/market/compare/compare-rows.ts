import type { CompareLineDTO, PriceCompareDTO } from '@/lib/api/schemas/compare';
import type { MarketLang } from '@/lib/api/schemas/market';
import { fmt } from '@/lib/i18n/format';
import { toCsv } from '@/lib/shared/csv';
import type { Row, SeriesSpec } from '../charts';
import * as F from '../format';
import type { MarketT } from '../ui/parts';

/** "Rice (coarse) · Bangladesh", "Maize · Shandong, China": a line as the key, the table and the CSV name it. */
export function lineName(l: CompareLineDTO): string {
  const place = l.regionLevel === 'nation' ? l.countryName : `${l.regionName}, ${l.countryName}`;
  return `${l.productName} · ${place}`;
}

/** What a line's figures are in: "USD/kg", "BDT/kg", or for an index the prices it was made from. */
export function lineUnit(a: PriceCompareDTO, l: CompareLineDTO, t: MarketT, lang: MarketLang): string {
  const currency = a.currency ?? (a.indexedIn === 'USD' ? 'USD' : l.sourceCurrency);
  return `${F.currencyLabel(currency, lang)}/${F.unitLabel(l.unit, t)}`;
}

/** The lines drawn (a locked line draws nothing, and says so beside the chart). */
export const drawn = (a: PriceCompareDTO) => a.lines.map((l, i) => ({ l, i })).filter(({ l }) => l.points.length > 0);

/**
 * The answer as a table: one row per date any drawn line has, one column per drawn line, each cell
 * the figure drawn (null where the line has none that date). The chart, the table on the page and
 * the CSV are all made from these rows, so they hold the same figures.
 */
export function compareTable(a: PriceCompareDTO): { dates: string[]; cells: (number | null)[][] } {
  const lines = drawn(a);
  const dates = [...new Set(lines.flatMap(({ l }) => l.points.map((p) => p[0])))].sort();
  const at = new Map(dates.map((d, i) => [d, i]));
  const cells = dates.map(() => lines.map((): number | null => null));
  lines.forEach(({ l }, j) => {
    for (const [d, v] of l.points) cells[at.get(d)!]![j] = v;
  });
  return { dates, cells };
}

export function compareChart(a: PriceCompareDTO): { rows: Row[]; series: SeriesSpec[] } {
  const { dates, cells } = compareTable(a);
  const lines = drawn(a);
  const rows = dates.map((date, r) => {
    const row: Row = { date };
    lines.forEach(({ i }, j) => {
      row[`l${i}`] = cells[r]![j];
    });
    return row;
  });
  const series = lines.map(({ l, i }) => ({
    key: `l${i}`,
    label: lineName(l),
    slot: i,
    monthly: a.granularity === 'month',
  }));
  return { rows, series };
}

/**
 * Exactly the figures drawn: one row per date, one column per drawn line, its header naming the
 * line, its price type, and its unit and currency (or the index's base); then the sources.
 */
export function compareCsv(a: PriceCompareDTO, t: MarketT, lang: MarketLang): string {
  const { dates, cells } = compareTable(a);
  const lines = drawn(a);
  const head = lines.map(({ l }) => {
    const unit = lineUnit(a, l, t, lang);
    const what = a.show === 'index' ? `index ${a.base} = 100, from ${unit}` : unit;
    return `${lineName(l)} · ${l.priceType} (${what})`;
  });
  const sources = [
    ...new Set(lines.flatMap(({ l }) => l.sources.map((s) => (s.demo ? `${s.name} (demo data)` : s.attribution)))),
  ];
  const rates = [
    ...new Set(
      lines.flatMap(({ l }) =>
        l.fx?.source
          ? [l.fx.implied ? `${l.fx.from}: USD rates implied by ${l.fx.source.name}` : l.fx.source.attribution]
          : [],
      ),
    ),
  ];
  return toCsv([
    ['date', ...head],
    ...dates.map((d, r) => [d, ...cells[r]!]),
    ['source', [...sources, ...rates].join('; ')],
  ]);
}

/** The note of a line that lost months for want of a rate. */
export const missingNote = (t: MarketT, l: CompareLineDTO) =>
  l.fx && l.fx.missing > 0 ? fmt(t.cmpMissing, { line: lineName(l), n: l.fx.missing }) : null;
