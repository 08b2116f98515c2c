import 'server-only';
import { sql } from 'drizzle-orm';
import type { PriceAgTrendDTO } from '@/lib/api/schemas/market';
import { query } from '../../../db/client';
import { priceObservations, regionPrices } from '../../../db/schema';
import { ACTUAL, PRICE_TYPE_CODE } from '../../../market/codes';
import { forecastPrices, MIN_OBSERVED, MODEL_NAMES, type ForecastResult } from '../../../market/forecast';
import { fail } from '../../../errors';
import { authorize, check, type AccessCtx } from './access';
import { loadProduct, loadRegion, sourcesOf, withPrices, type RegionRow } from './catalogue';
import { convertPoints, moneyFor } from './fx';
import { seriesEnd } from './series-end';
import { msg } from '@/lib/i18n/server-messages';
import { round4 } from '@/lib/shared/format';
import { VersionedCache } from '../cache';
import { bandCalibration } from '../forecast-record/read';

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

// The fit and its rolling back-test take ~0.1 s: kept per data version (an import gives a new
// forecast) and month (a series ends when its months pass). The same for every viewer.
const forecasts = new VersionedCache<ForecastResult>(200);

export type ForecastRequest = {
  productCode: string;
  regionId: string;
  horizon: number;
  priceType: 'wholesale' | 'retail';
  currency?: 'local' | 'USD';
  export: boolean;
};

/**
 * PriceAgTrend (docs/market-data.md#forecasts): monthly history with the months that had no price
 * marked, then the forecast midpoint with 80 % and 95 % bands, the method and its back-test
 * against seasonal naive, dated by the last price it was made from; no forecast for a series that
 * ended before the months it would cover, or with too few observed months. The model sees the
 * whole series; the history shown stops where the viewer's access does.
 */
export async function priceAgTrend(ctx: AccessCtx, req: ForecastRequest): Promise<PriceAgTrendDTO> {
  const { db, lang, today } = ctx;
  const [product, region] = await Promise.all([
    loadProduct(db, req.productCode, lang),
    loadRegion(db, req.regionId, lang).then((r) => withPrices(r)),
  ]);
  await authorize(ctx, 'forecast', region, product.categoryCode, today);
  if (req.export) await authorize(ctx, 'export', region, product.categoryCode, today);
  const priceType = PRICE_TYPE_CODE[req.priceType];
  // The model is fitted in the wanted currency: a USD forecast is the USD series' forecast.
  const [money, local, dataEnd, bands] = await Promise.all([
    moneyFor(db, region.currency, req.currency),
    monthlyHistory(ctx, product.num, region, priceType),
    seriesEnd(db, product.num, [region], priceType),
    bandCalibration(db),
  ]);
  const points = convertPoints(
    local.map((p) => [p.date, p.price] as [string, number]),
    money,
  ).points.map(([date, price]) => ({ date, price }));
  if (!points.length || !dataEnd)
    throw fail.generic(
      msg('market.notEnoughHistory', { product: product.name, region: region.name, months: MIN_OBSERVED }),
    );
  const key = [product.code, region.id, req.priceType, money.currency, req.horizon, today.slice(0, 7)].join('|');
  const f = await forecasts.get(db, key, async () =>
    forecastPrices(points, { horizon: req.horizon, today, dataEnd, calibration: bands?.calibration ?? null }),
  );
  // Whole history for holders; otherwise from the first month the viewer's level reaches.
  const full = await check(ctx, 'trend', region, product.categoryCode, '1900-01-01', dataEnd);
  const allowedFrom = full.ok ? null : (full.unlock.allowedFrom ?? today);
  const history = f.history
    .filter((h) => allowedFrom === null || `${h.period}-31` >= allowedFrom)
    .map((h) => ({ date: h.period, price: round4(h.price), interpolated: h.interpolated }));
  const bt = f.backtest;
  const { num: _num, ...ref } = product;
  const language = lang === 'zh-CN' ? 'zh' : 'en';
  return {
    product: ref,
    currency: money.currency,
    regionId: region.id,
    regionName: region.name,
    granularity: 'month',
    history,
    observed: {
      months: history.filter((h) => !h.interpolated).length,
      of: history.length,
      modelFrom: f.stretch.from,
      modelObserved: f.stretch.observed,
      needed: MIN_OBSERVED,
    },
    noForecast: f.none
      ? f.none.reason === 'ended'
        ? { reason: 'ended', lastMonth: f.none.lastMonth, observed: f.stretch.observed, needed: MIN_OBSERVED }
        : {
            reason: 'tooFew',
            lastMonth: f.history.at(-1)?.period ?? '',
            observed: f.none.observed,
            needed: f.none.needed,
          }
      : null,
    forecast: f.forecast.map((p) => ({
      date: p.period,
      mid: round4(p.mid),
      lo80: round4(p.lo80),
      hi80: round4(p.hi80),
      lo95: round4(p.lo95),
      hi95: round4(p.hi95),
    })),
    model: {
      name: f.method === null ? null : MODEL_NAMES[f.method === 'snaive' ? 'snaive' : (f.kind ?? 'trend')][language],
      method: f.method,
      mase: bt?.etsMase == null ? null : round4(bt.etsMase),
      naiveMase: bt?.snaiveMase == null ? null : round4(bt.snaiveMase),
      backtestOrigins: bt?.origins ?? 0,
      lowConfidence: f.lowConfidence,
      madeOn: f.madeOn,
      calibrated: f.calibrated,
      cover80: bands?.cover80 == null ? null : round4(bands.cover80),
      cover95: bands?.cover95 == null ? null : round4(bands.cover95),
    },
    provenance: {
      sources: await sourcesOf(db, [product.num], [region.countryCode]),
      asOf: dataEnd,
      unit: product.unit,
      currency: money.currency,
      fx: money.fx(local.length - points.length),
    },
  };
}
