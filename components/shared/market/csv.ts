import { toCsv } from '@/lib/shared/csv';
import type { PriceAgTrendDTO, PriceIndexDTO, PriceTrendDTO, Provenance } from '@/lib/api/schemas/market';

export { csvField, toCsv } from '@/lib/shared/csv';

/** The sources' attribution lines, and where figures in USD were converted, whose rates (a licence asks for it). */
const sourceLine = (p: Provenance) =>
  [
    ...p.sources.map((s) => (s.demo ? `${s.name} (demo data)` : s.attribution)),
    ...(p.fx?.source
      ? [
          p.fx.implied
            ? `USD at rates implied by ${p.fx.source.name} (${p.fx.source.licence})`
            : p.fx.source.attribution,
        ]
      : []),
  ].join('; ');

/** Exactly the series on screen: one row per region and date, with unit and source on each row. */
export function trendCsv(t: PriceTrendDTO): string {
  const unit = `${t.currency}/${t.product.unit}`;
  const source = sourceLine(t.provenance);
  const rows: (string | number | null)[][] = [
    ['date', 'product', 'region', 'price_type', 'granularity', 'price', 'min', 'max', 'unit', 'source'],
  ];
  for (const s of t.series)
    for (const [date, price, min, max] of s.points)
      rows.push([date, t.product.name, s.regionName, t.priceType, t.granularity, price, min, max, unit, source]);
  for (const s of t.series)
    for (const y of s.seasonal)
      for (const [date, price] of y.points)
        rows.push([
          date,
          t.product.name,
          `${s.regionName} (${y.year})`,
          t.priceType,
          t.granularity,
          price,
          null,
          null,
          unit,
          source,
        ]);
  return toCsv(rows);
}

export function indexCsv(i: PriceIndexDTO): string {
  const source = sourceLine(i.provenance);
  const base = `${i.index.basePeriod.start}..${i.index.basePeriod.end}=100`;
  const rows: (string | number | null)[][] = [
    ['date', 'index', 'region', 'level', 'day_on_day_pct', 'month_on_month_pct', 'year_on_year_pct', 'base', 'source'],
  ];
  for (const [date, level, dod, mom, yoy] of i.points)
    rows.push([date, i.index.name, i.regionName, level, dod, mom, yoy, base, source]);
  return toCsv(rows);
}

export function forecastCsv(f: PriceAgTrendDTO): string {
  const unit = `${f.currency}/${f.product.unit}`;
  const rows: (string | number | null)[][] = [
    ['month', 'product', 'region', 'kind', 'price', 'lo95', 'lo80', 'hi80', 'hi95', 'unit', 'model', 'made_on'],
  ];
  for (const h of f.history)
    rows.push([
      h.date,
      f.product.name,
      f.regionName,
      h.interpolated ? 'interpolated' : 'actual',
      h.price,
      null,
      null,
      null,
      null,
      unit,
      '',
      '',
    ]);
  for (const p of f.forecast)
    rows.push([
      p.date,
      f.product.name,
      f.regionName,
      'forecast',
      p.mid,
      p.lo95,
      p.lo80,
      p.hi80,
      p.hi95,
      unit,
      f.model.name,
      f.model.madeOn,
    ]);
  return toCsv(rows);
}

/** File names without characters file systems refuse. */
export function csvName(...parts: string[]): string {
  return parts.map((p) => p.replace(/[\\/:*?"<>|\s]+/g, '-')).join('_') + '.csv';
}

/** Saves text as a file through a temporary object URL. */
export function downloadText(name: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
