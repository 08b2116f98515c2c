import 'server-only';
import { sql } from 'drizzle-orm';
import type { WebPriceDTO } from '@/lib/api/schemas/market';
import { query, type Db } from '../../db/client';
import { PRICE_TYPE_OF } from '../../market/codes';
import { VersionedCache } from './cache';
import { pick, PRODUCT_COLUMNS, toProductRef, type Lang } from './catalogue';

type Row = {
  code: string;
  num: number;
  name_zh: string;
  name_en: string;
  unit: string;
  category_code: string;
  cat_zh: string;
  cat_en: string;
  is_demo: boolean;
  market_id: string;
  m_zh: string;
  m_en: string;
  province_id: string;
  p_zh: string;
  p_en: string;
  day: string;
  price: number;
  prev_day: string | null;
  prev_price: number | null;
  price_type: number;
  source_id: number;
};

const r4 = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * WebPrice (public, docs/market-data.md): the latest price per product and market, with its change.
 * Products and markets are listed once and referenced by code (thousands of items would
 * otherwise repeat the same names); the answer is the same for everyone, so it is reused
 * while the data is unchanged.
 */
export async function webPrice(db: Db, lang: Lang): Promise<WebPriceDTO> {
  return answers.get(db, lang, () => build(db, lang));
}

const answers = new VersionedCache<WebPriceDTO>(4);

async function build(db: Db, lang: Lang): Promise<WebPriceDTO> {
  const rows = await query<Row>(
    db,
    sql`SELECT ${PRODUCT_COLUMNS}, m.id AS market_id, m.name_zh AS m_zh, m.name_en AS m_en, pv.id AS province_id, pv.name_zh AS p_zh, pv.name_en AS p_en,
          to_char(l.day, 'YYYY-MM-DD') AS day, l.price, to_char(l.prev_day, 'YYYY-MM-DD') AS prev_day, l.prev_price, l.price_type, l.source_id
        FROM latest_prices l
        JOIN products p ON p.num = l.product_num JOIN product_categories c ON c.code = p.category_code
        JOIN regions m ON m.num = l.market_num JOIN regions pv ON pv.id = m.province_id
        ORDER BY l.day DESC, c.sort, p.code, pv.sort, m.id`,
  );
  const sourceRows = await query<{ id: number; name: string; licence: string; attribution: string; is_demo: boolean }>(
    db,
    sql`SELECT id, name, licence, attribution, is_demo FROM data_sources ORDER BY id`,
  );
  const sourceIndex = new Map(sourceRows.map((r, i) => [Number(r.id), i]));
  const products = new Map<string, WebPriceDTO['products'][number]>();
  const markets = new Map<string, WebPriceDTO['markets'][number]>();
  const items = rows.map((r) => {
    if (!products.has(r.code)) products.set(r.code, toProductRef(r, lang));
    if (!markets.has(r.market_id))
      markets.set(r.market_id, {
        id: r.market_id,
        name: pick(lang, r.m_zh, r.m_en),
        provinceId: r.province_id,
        provinceName: pick(lang, r.p_zh, r.p_en),
      });
    const price = Number(r.price);
    const prev = r.prev_price === null ? null : Number(r.prev_price);
    return {
      product: r.code,
      market: r.market_id,
      date: r.day,
      price: r4(price),
      prevDate: r.prev_day,
      change: prev === null ? null : r4(price - prev),
      changePct: prev ? Math.round(((price - prev) / prev) * 10_000) / 100 : null,
      priceType: PRICE_TYPE_OF[Number(r.price_type)] ?? 'wholesale',
      source: sourceIndex.get(Number(r.source_id)) ?? 0,
    };
  });
  return {
    asOf: items[0]?.date ?? null,
    products: [...products.values()],
    markets: [...markets.values()],
    items,
    sources: sourceRows.map((r) => ({
      name: r.name,
      licence: r.licence,
      attribution: r.attribution,
      demo: r.is_demo === true || String(r.is_demo) === 'true',
    })),
  };
}
