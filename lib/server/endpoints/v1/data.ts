import 'server-only';
import type { Provenance } from '@/lib/api/schemas/market';
import { accessCtx, authorize } from '../../services/market/read/access';
import { priceAgTrend } from '../../services/market/read/agri-forecast';
import { regionOrNation, withPrices } from '../../services/market/read/catalogue';
import { priceIndex } from '../../services/market/read/index-series';
import { priceMenu } from '../../services/market/read/menus';
import { priceTrend } from '../../services/market/read/trend';
import type { V1Ctx, V1Result, V1Source } from './types';

// Each endpoint asks the same service as the portal's page, as the page's download (export) asks
// it: the access policy decides exactly as it does there (docs/data-api.md, docs/access-policy.md).

const sourcesOf = (p: Provenance): V1Source[] =>
  p.sources.map(({ name, licence, attribution }) => ({ name, licence, attribution }));

export async function series({ db, query, viewer, now }: V1Ctx<'series'>): Promise<V1Result> {
  const ctx = accessCtx(db, viewer, now, query.lang);
  const region = await regionOrNation(db, query.region, query.country, ctx.lang);
  const t = (
    await priceTrend(ctx, {
      productCode: query.product,
      regionIds: [region.id],
      from: query.from,
      to: query.to,
      granularity: query.granularity,
      priceType: query.priceType,
      seasonal: false,
      currency: query.currency,
      export: true,
    })
  ).value();
  const line = t.series[0];
  const points = (line?.points ?? []).map(([date, price, low, high]) => ({ date, price, low, high }));
  const unit = t.product.unit;
  return {
    data: {
      product: { code: t.product.code, name: t.product.name, unit, category: t.product.categoryCode },
      region: {
        id: region.id,
        name: line?.regionName ?? region.name,
        level: region.level,
        country: region.countryCode,
      },
      priceType: t.priceType,
      granularity: t.granularity,
      currency: t.currency,
      from: t.from,
      to: t.to,
      asOf: t.provenance.asOf,
      points,
    },
    sources: sourcesOf(t.provenance),
    table: {
      header: ['date', 'product', 'region', 'price_type', 'currency', 'unit', 'price', 'low', 'high'],
      rows: points.map((p) => [
        p.date,
        t.product.code,
        region.id,
        t.priceType,
        t.currency,
        unit,
        p.price,
        p.low,
        p.high,
      ]),
    },
  };
}

export async function latest({ db, query, viewer, now }: V1Ctx<'latest'>): Promise<V1Result> {
  const ctx = accessCtx(db, viewer, now, query.lang);
  const region = withPrices(await regionOrNation(db, query.region, query.country, ctx.lang));
  await authorize(ctx, 'latest', region, null, ctx.today);
  const m = await priceMenu(db, region, ctx.lang, query.currency);
  const prices = m.categories.flatMap((c) =>
    c.products.map((p) => ({
      product: p.code,
      name: p.name,
      unit: p.unit,
      category: c.categoryCode,
      date: p.latest.date,
      price: p.latest.price,
      previousDate: p.latest.prevDate,
      change: p.latest.change,
      changePct: p.latest.changePct,
    })),
  );
  return {
    data: { region: { id: m.regionId, name: m.regionName }, currency: m.currency, asOf: m.asOf, prices },
    sources: m.sources.map(({ name, licence, attribution }) => ({ name, licence, attribution })),
    table: {
      header: ['date', 'product', 'region', 'currency', 'unit', 'price', 'previous_date', 'change', 'change_pct'],
      rows: prices.map((p) => [
        p.date,
        p.product,
        m.regionId,
        m.currency,
        p.unit,
        p.price,
        p.previousDate,
        p.change,
        p.changePct,
      ]),
    },
  };
}

export async function index({ db, query, viewer, now }: V1Ctx<'index'>): Promise<V1Result> {
  const ctx = accessCtx(db, viewer, now, query.lang);
  const region = await regionOrNation(db, query.region, query.country, ctx.lang);
  const x = (
    await priceIndex(ctx, {
      indexCode: query.index,
      regionId: region.id,
      from: query.from,
      to: query.to,
      granularity: query.granularity,
      export: true,
    })
  ).value();
  const points = x.points.map(([date, level, dayOnDay, monthOnMonth, yearOnYear]) => ({
    date,
    level,
    dayOnDay,
    monthOnMonth,
    yearOnYear,
  }));
  return {
    data: {
      index: {
        code: x.index.code,
        name: x.index.name,
        scope: x.index.scope,
        basePeriod: x.index.basePeriod,
        priceType: x.index.priceType,
        weights: x.index.weights,
      },
      region: { id: x.regionId, name: x.regionName },
      granularity: x.granularity,
      from: x.from,
      to: x.to,
      points,
      methodology: x.methodology,
    },
    sources: sourcesOf(x.provenance),
    table: {
      header: ['date', 'index', 'region', 'level', 'day_on_day_pct', 'month_on_month_pct', 'year_on_year_pct'],
      rows: points.map((p) => [p.date, x.index.code, x.regionId, p.level, p.dayOnDay, p.monthOnMonth, p.yearOnYear]),
    },
  };
}

export async function forecast({ db, query, viewer, now }: V1Ctx<'forecast'>): Promise<V1Result> {
  const ctx = accessCtx(db, viewer, now, query.lang);
  const region = await regionOrNation(db, query.region, query.country, ctx.lang);
  const f = await priceAgTrend(ctx, {
    productCode: query.product,
    regionId: region.id,
    horizon: query.horizon,
    priceType: query.priceType,
    currency: query.currency,
    export: true,
  });
  const rows = [
    ...f.history.map((h) => [h.date, 'history', h.price, null, null, null, null, h.interpolated ? 1 : 0]),
    ...f.forecast.map((p) => [p.date, 'forecast', p.mid, p.lo80, p.hi80, p.lo95, p.hi95, 0]),
  ] as (string | number | null)[][];
  return {
    data: {
      product: { code: f.product.code, name: f.product.name, unit: f.product.unit },
      region: { id: f.regionId, name: f.regionName },
      currency: f.currency,
      history: f.history.map((h) => ({ month: h.date, price: h.price, interpolated: h.interpolated })),
      forecast: f.forecast.map((p) => ({
        month: p.date,
        mid: p.mid,
        lo80: p.lo80,
        hi80: p.hi80,
        lo95: p.lo95,
        hi95: p.hi95,
      })),
      model: f.model,
    },
    sources: sourcesOf(f.provenance),
    table: {
      header: ['month', 'kind', 'price', 'lo80', 'hi80', 'lo95', 'hi95', 'interpolated'],
      rows,
    },
  };
}
