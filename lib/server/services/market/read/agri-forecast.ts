import 'server-only';
import { sql } from 'drizzle-orm';
import type { PriceAgTrendDTO } from '@/lib/api/schemas/market';
import { query } from '../../../db/client';
import { priceObservations, regionPrices } from '../../../db/schema';
import { ACTUAL, PRICE_TYPE_CODE } from '../../../market/codes';
import { forecastPrices, MIN_HISTORY, MODEL_NAMES, type ForecastResult } from '../../../market/forecast';
import { fail } from '../../../errors';
import { authorize, check, type AccessCtx } from './access';
import { loadProduct, loadRegion, sourcesOf, withPrices, type RegionRow } from './catalogue';
import { convertPoints, moneyFor } from './fx';
import { seriesEnd } from './series-end';
import { msg } from '@/lib/i18n/server-messages';

const r4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** Monthly average prices (the 15th stands for the month) of a product in a region, in its currency. */
async function monthlyHistory(ctx: AccessCtx, productNum: number, region: RegionRow, priceType: number) {
  const o = priceObservations;
  const r = regionPrices;
  const source =
    region.level === 'market'
      ? sql`SELECT ${o.day} AS day, ${o.price} AS price FROM ${o} WHERE ${o.productNum} = ${productNum} AND ${o.marketNum} = ${region.num}
            AND ${o.flag} = ${ACTUAL} AND ${o.priceType} = ${priceType} AND ${o.currency} = ${region.currency}`
      : sql`SELECT ${r.day} AS day, ${r.price} AS price FROM ${r} WHERE ${r.productNum} = ${productNum} AND ${r.regionNum} = ${region.num}
            AND ${r.priceType} = ${priceType} AND ${r.currency} = ${region.currency}`;
  const rows = await query<{ date: string; price: number | string }>(
    ctx.db,
    sql`SELECT to_char(date_trunc('month', day), 'YYYY-MM-15') AS date, avg(price) AS price FROM (${source}) s GROUP BY 1 ORDER BY 1`,
  );
  return rows.map((r) => ({ date: r.date, price: Number(r.price) }));
}

// The fit and its rolling back-test take ~0.1 s: keep recent results per process. The key holds
// the history itself, so new prices (an import) give a new forecast; the day, so "made on" is true.
const cache = new Map<string, ForecastResult>();
const CACHE_MAX = 200;

function forecastCached(key: string, points: { date: string; price: number }[], horizon: number, madeOn: string) {
  const hit = cache.get(key);
  if (hit) return hit;
  const f = forecastPrices(points, { granularity: 'month', horizon, madeOn });
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(key, f);
  return f;
}

export type ForecastRequest = {
  productCode: string;
  regionId: string;
  horizon: number;
  priceType: 'wholesale' | 'retail';
  currency?: 'local' | 'USD';
  export: boolean;
};

/**
 * PriceAgTrend (docs/market-data.md): monthly history, then the forecast midpoint with 80 % and 95 %
 * intervals, the model's name, its back-test error against seasonal naive and the day it was
 * made; "low confidence" when it does not beat seasonal naive. The model sees the whole series;
 * the history shown stops where the viewer's access does.
 */
export async function priceAgTrend(ctx: AccessCtx, req: ForecastRequest): Promise<PriceAgTrendDTO> {
  const { db, lang, today } = ctx;
  const [product, region] = await Promise.all([
    loadProduct(db, req.productCode, lang),
    loadRegion(db, req.regionId, lang).then((r) => withPrices(r)),
  ]);
  await authorize(ctx, 'forecast', region, product.categoryCode, today);
  if (req.export) await authorize(ctx, 'export', region, product.categoryCode, today);
  // The model is fitted in the wanted currency: a USD forecast is the USD series' forecast.
  const money = await moneyFor(db, region.currency, req.currency);
  const local = await monthlyHistory(ctx, product.num, region, PRICE_TYPE_CODE[req.priceType]);
  const points = convertPoints(
    local.map((p) => [p.date, p.price] as [string, number]),
    money,
  ).points.map(([date, price]) => ({ date, price }));
  if (points.length < MIN_HISTORY) {
    throw fail.generic(
      msg('market.notEnoughHistory', { product: product.name, region: region.name, months: MIN_HISTORY }),
    );
  }
  const key = [
    product.code,
    region.id,
    req.priceType,
    money.currency,
    req.horizon,
    today,
    points.map((p) => `${p.date}:${p.price}`).join(','),
  ].join('|');
  const f = forecastCached(key, points, req.horizon, today);
  // Whole history for holders; otherwise from the first month the viewer's level reaches.
  const dataEnd = await seriesEnd(db, product.num, [region], PRICE_TYPE_CODE[req.priceType]);
  const full = await check(ctx, 'trend', region, product.categoryCode, '1900-01-01', dataEnd);
  const allowedFrom = full.ok ? null : (full.unlock.allowedFrom ?? today);
  const history = f.history
    .filter((h) => allowedFrom === null || `${h.period}-31` >= allowedFrom)
    .map((h) => ({ date: h.period, price: r4(h.price), interpolated: h.interpolated }));
  const lastActual = points[points.length - 1]?.date.slice(0, 7) ?? null;
  const { num: _num, ...ref } = product;
  return {
    product: ref,
    currency: money.currency,
    regionId: region.id,
    regionName: region.name,
    granularity: 'month',
    history,
    forecast: f.forecast.map((p) => ({
      date: p.period,
      mid: r4(p.mid),
      lo80: r4(p.lo80),
      hi80: r4(p.hi80),
      lo95: r4(p.lo95),
      hi95: r4(p.hi95),
    })),
    model: {
      name: MODEL_NAMES[f.kind][lang === 'zh-CN' ? 'zh' : 'en'],
      mase: f.backtest?.modelMase === null || f.backtest === null ? null : r4(f.backtest.modelMase),
      naiveMase: f.backtest?.naiveMase === null || f.backtest === null ? null : r4(f.backtest.naiveMase),
      backtestOrigins: f.backtest?.origins ?? 0,
      lowConfidence: f.lowConfidence,
      madeOn: f.madeOn,
    },
    provenance: {
      sources: await sourcesOf(db, [product.num], [region.countryCode]),
      asOf: lastActual,
      unit: product.unit,
      currency: money.currency,
      fx: money.fx(local.length - points.length),
    },
  };
}
