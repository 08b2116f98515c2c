import 'server-only';
import { and, asc, desc, eq, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DisplayCurrency, WebPriceDTO } from '@/lib/api/schemas/market';
import type { Db } from '../../../db/client';
import { dataSources, latestPrices, productCategories, products, regions } from '../../../db/schema';
import { PRICE_TYPE_OF } from '../../../market/codes';
import { VersionedCache } from '../cache';
import { productColumns, snapshot, toProductRef, type Lang } from './catalogue';
import { pick } from '@/lib/shared/names';
import { moneyFor, type Money } from './fx';
import { shareAnswer, type SharedAnswer } from '../../../http/shared-answer';
import { anomaliesOf, seriesKey } from '../../alerts/anomaly-read';
import { round4 } from '@/lib/shared/format';

/** What a board asks for: one product's prices (`productNum`), the markets in one region (`region`, an id below the nation). */
export type BoardScope = { productNum?: number; region?: string };

/**
 * WebPrice (public, docs/market-data.md): the latest price per product and market, with its change,
 * in the price's own currency; every country's, or one's; one product's and one region's when the
 * market page's board asks (the caller checked the region's access). Products and markets are listed once
 * and referenced by code (thousands of items would otherwise repeat the same names); the answer
 * is the same for everyone, so it is reused while the data is unchanged.
 */
export async function webPrice(
  db: Db,
  lang: Lang,
  country: string | undefined,
  currency: DisplayCurrency,
  /** Today (UTC): a series' anomaly level is not shown once it has no price for six months. */
  today: string,
  scope: BoardScope = {},
): Promise<SharedAnswer<WebPriceDTO>> {
  const key = `${lang}|${country ?? '*'}|${currency}|${today}|${scope.productNum ?? '*'}|${scope.region ?? '*'}`;
  return answers.get(db, key, async () => {
    const local = await build(db, lang, country, today, scope);
    return shareAnswer(currency === 'USD' ? await inUsd(db, local) : local);
  });
}

/** Every price and its change in USD at its month's rate (a price with no rate is left out and counted). */
async function inUsd(db: Db, local: WebPriceDTO): Promise<WebPriceDTO> {
  const moneys = new Map<string, Money>();
  const missing = new Map<string, number>();
  const items: WebPriceDTO['items'] = [];
  for (const i of local.items) {
    let money = moneys.get(i.currency);
    if (!money) moneys.set(i.currency, (money = await moneyFor(db, i.currency, 'USD')));
    const rate = money.rateAt(i.date);
    if (rate === null) {
      missing.set(i.currency, (missing.get(i.currency) ?? 0) + 1);
      continue;
    }
    const prevRate = i.prevDate ? money.rateAt(i.prevDate) : null;
    const price = i.price / rate;
    const prev = i.change !== null && prevRate ? (i.price - i.change) / prevRate : null;
    items.push({
      ...i,
      price: round4(price),
      change: prev === null ? null : round4(price - prev),
      changePct: prev ? Math.round(((price - prev) / prev) * 10_000) / 100 : null,
      currency: 'USD',
    });
  }
  const fx = [...moneys.values()]
    .flatMap((m) => m.fx(0) ?? [])
    .map((f) => ({ ...f, missing: missing.get(f.from) ?? 0 }));
  return { ...local, items, fx };
}

const answers = new VersionedCache<SharedAnswer<WebPriceDTO>>(400);

async function build(
  db: Db,
  lang: Lang,
  country: string | undefined,
  today: string,
  scope: BoardScope,
): Promise<WebPriceDTO> {
  const l = latestPrices;
  const m = alias(regions, 'm');
  const pv = alias(regions, 'pv');
  const rows = await db
    .select({
      ...productColumns,
      marketId: m.id,
      marketNum: l.marketNum,
      mZh: m.nameZh,
      mEn: m.nameEn,
      countryCode: m.countryCode,
      lat: m.lat,
      lon: m.lon,
      provinceId: pv.id,
      pZh: pv.nameZh,
      pEn: pv.nameEn,
      day: l.day,
      price: l.price,
      prevDay: l.prevDay,
      prevPrice: l.prevPrice,
      priceType: l.priceType,
      currency: l.currency,
      sourceId: l.sourceId,
    })
    .from(l)
    .innerJoin(products, eq(products.num, l.productNum))
    .innerJoin(productCategories, eq(productCategories.code, products.categoryCode))
    .innerJoin(m, eq(m.num, l.marketNum))
    .innerJoin(pv, eq(pv.id, m.provinceId))
    .where(
      and(
        country ? eq(m.countryCode, country) : undefined,
        scope.productNum === undefined ? undefined : eq(l.productNum, scope.productNum),
        // A market, the city above it or its province.
        scope.region ? or(eq(m.id, scope.region), eq(m.parentId, scope.region), eq(pv.id, scope.region)) : undefined,
      ),
    )
    .orderBy(desc(l.day), asc(productCategories.sort), asc(products.code), asc(pv.sort), asc(m.id));
  const sourceRows = await db.select().from(dataSources).orderBy(asc(dataSources.id));
  const keyOf = (r: (typeof rows)[number]) => ({
    productNum: r.num,
    regionNum: r.marketNum,
    priceType: r.priceType,
    currency: r.currency,
  });
  const anomalies = await anomaliesOf(db, rows.map(keyOf), today);
  const sourceIndex = new Map(sourceRows.map((r, i) => [r.id, i]));
  const { aliases } = await snapshot(db);
  const productRefs = new Map<string, WebPriceDTO['products'][number]>();
  const markets = new Map<string, WebPriceDTO['markets'][number]>();
  const items = rows.map((r) => {
    if (!productRefs.has(r.code)) productRefs.set(r.code, toProductRef(r, lang, aliases.get(r.code)));
    if (!markets.has(r.marketId))
      markets.set(r.marketId, {
        id: r.marketId,
        name: pick(lang, r.mZh, r.mEn),
        provinceId: r.provinceId,
        provinceName: pick(lang, r.pZh, r.pEn),
        countryCode: r.countryCode,
        lat: r.lat,
        lon: r.lon,
      });
    const prev = r.prevPrice;
    return {
      product: r.code,
      market: r.marketId,
      date: r.day,
      price: round4(r.price),
      prevDate: r.prevDay,
      change: prev === null ? null : round4(r.price - prev),
      changePct: prev ? Math.round(((r.price - prev) / prev) * 10_000) / 100 : null,
      priceType: PRICE_TYPE_OF[r.priceType] ?? 'wholesale',
      currency: r.currency,
      source: sourceIndex.get(r.sourceId) ?? 0,
      anomaly: anomalies.get(seriesKey(keyOf(r))) ?? null,
    };
  });
  return {
    asOf: items[0]?.date ?? null,
    products: [...productRefs.values()],
    markets: [...markets.values()],
    items,
    sources: sourceRows.map((r) => ({
      name: r.name,
      licence: r.licence,
      attribution: r.attribution,
      demo: r.isDemo,
    })),
    fx: [],
  };
}
