import 'server-only';
import { sql } from 'drizzle-orm';
import type { PriceTrendDTO } from '@/lib/api/schemas/market';
import { addDays } from '../../access/market-policy';
import { query, type Db } from '../../db/client';
import { type Lang, type RegionRow } from './catalogue';

export type Granularity = 'day' | 'week' | 'month';
type Point = { date: string; price: number; min: number | null; max: number | null };

const SEASONAL_YEARS = 3;

/** Nation and province series come from the derived region_prices; a market reads its own observations. */
function seriesSql(productCode: string, region: RegionRow, priceType: string, from: string, to: string, g: Granularity) {
  const bucket = g === 'day' ? sql`day` : g === 'week' ? sql`date_trunc('week', day)::date` : sql`date_trunc('month', day)::date`;
  const source =
    region.level === 'market'
      ? sql`SELECT day, price, min_price, max_price FROM price_observations WHERE product_code = ${productCode} AND market_id = ${region.id} AND price_type = ${priceType} AND flag = 'actual' AND day BETWEEN ${from}::date AND ${to}::date`
      : sql`SELECT day, price, min_price, max_price FROM region_prices WHERE product_code = ${productCode} AND region_id = ${region.id} AND price_type = ${priceType} AND day BETWEEN ${from}::date AND ${to}::date`;
  return sql`SELECT to_char(${bucket}, 'YYYY-MM-DD') AS date, avg(price) AS price, min(coalesce(min_price, price)) AS min, max(coalesce(max_price, price)) AS max
    FROM (${source}) s GROUP BY 1 ORDER BY 1`;
}

export async function latestDay(db: Db, productCode: string, region: RegionRow, priceType: string): Promise<string | null> {
  const [r] = await query<{ d: string | null }>(
    db,
    region.level === 'market'
      ? sql`SELECT to_char(max(day), 'YYYY-MM-DD') AS d FROM price_observations WHERE product_code = ${productCode} AND market_id = ${region.id} AND price_type = ${priceType} AND flag = 'actual'`
      : sql`SELECT to_char(max(day), 'YYYY-MM-DD') AS d FROM region_prices WHERE product_code = ${productCode} AND region_id = ${region.id} AND price_type = ${priceType}`,
  );
  return r?.d ?? null;
}

const round = (n: number) => Math.round(n * 10000) / 10000;

function stats(points: Point[]) {
  if (!points.length) return { latest: null, change: null, changePct: null, min: null, max: null, avg: null };
  const first = points[0]!.price;
  const latest = points[points.length - 1]!.price;
  const prices = points.map((p) => p.price);
  return {
    latest: round(latest),
    change: round(latest - first),
    changePct: first ? round(((latest - first) / first) * 100) : null,
    min: round(Math.min(...prices)),
    max: round(Math.max(...prices)),
    avg: round(prices.reduce((a, b) => a + b, 0) / prices.length),
  };
}

export async function regionSeries(db: Db, productCode: string, region: RegionRow, priceType: string, from: string, to: string, g: Granularity, seasonal: boolean) {
  const qFrom = seasonal ? `${Number(from.slice(0, 4)) - SEASONAL_YEARS}${from.slice(4)}` : from;
  const rows = await query<{ date: string; price: number | string; min: number | string | null; max: number | string | null }>(db, seriesSql(productCode, region, priceType, qFrom, to, g));
  const all: Point[] = rows.map((r) => ({ date: r.date, price: round(Number(r.price)), min: r.min === null ? null : round(Number(r.min)), max: r.max === null ? null : round(Number(r.max)) }));
  const points = all.filter((p) => p.date >= from);
  const overlay: PriceTrendDTO['series'][number]['seasonal'] = [];
  if (seasonal) {
    for (let k = 1; k <= SEASONAL_YEARS; k++) {
      const shift = (d: string) => `${Number(d.slice(0, 4)) - k}${d.slice(4)}`;
      const lo = shift(from);
      const hi = shift(to);
      // Re-date earlier years onto this window so the lines overlay.
      const pts = all.filter((p) => p.date >= lo && p.date <= hi).map((p) => ({ date: `${Number(p.date.slice(0, 4)) + k}${p.date.slice(4)}`, price: p.price }));
      if (pts.length) overlay.push({ year: Number(from.slice(0, 4)) - k, points: pts });
    }
  }
  return { regionId: region.id, regionName: region.name, points, stats: stats(points), seasonal: overlay };
}

export function defaultWindow(to: string, days: number) {
  return { from: addDays(to, -days), to };
}

export type { Lang };
