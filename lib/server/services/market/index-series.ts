import 'server-only';
import { sql } from 'drizzle-orm';
import type { IndexPoint, PriceIndexDTO } from '@/lib/api/schemas/market';
import { query } from '../../db/client';
import { jsonColumn } from '../../db/json-column';
import { queryArrays } from '../../db/raw-client';
import { arr } from '../../db/sql-array';
import { INDEX_METHODOLOGY } from '../../market/indexes';
import { fail } from '../../errors';
import { authorize, type AccessCtx } from './access';
import { VersionedCache } from './cache';
import { loadRegion, pick, provenanceOf } from './catalogue';
import { resolveWindow } from './trend';
import { msg } from '@/lib/i18n/server-messages';

type DefRow = {
  code: string;
  scope: 'composite' | 'category' | 'product';
  subject: string | null;
  name_zh: string;
  name_en: string;
  granularity: 'day' | 'month';
  bs: string;
  be: string;
  equal_weights: boolean;
  weights: Record<string, number> | string | null;
  region_ids: string[] | string;
  category: string | null;
};
const r4 = (x: number | null) => (x === null ? null : Math.round(x * 10_000) / 10_000);

/** Monthly averages of daily levels; month-on-month and year-on-year between those averages. */
function monthly(points: IndexPoint[]): IndexPoint[] {
  const months = new Map<string, { sum: number; n: number }>();
  for (const p of points) {
    const k = p[0].slice(0, 7);
    const m = months.get(k) ?? { sum: 0, n: 0 };
    m.sum += p[1];
    m.n++;
    months.set(k, m);
  }
  const avg = new Map([...months].map(([k, m]) => [k, m.sum / m.n]));
  const prevMonth = (k: string, back: number) => {
    const n = Number(k.slice(0, 4)) * 12 + Number(k.slice(5, 7)) - 1 - back;
    return `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;
  };
  const pct = (now: number, before: number | undefined) => (before === undefined ? null : (now / before - 1) * 100);
  return [...avg].map(
    ([k, level]): IndexPoint => [
      `${k}-01`,
      r4(level) ?? 0,
      null,
      r4(pct(level, avg.get(prevMonth(k, 1)))),
      r4(pct(level, avg.get(prevMonth(k, 12)))),
    ],
  );
}

export type IndexRequest = {
  indexCode: string;
  regionId: string;
  from?: string;
  to?: string;
  granularity: 'day' | 'month';
  export: boolean;
};

/** PriceIndex (docs/market-data.md): stored levels (base period = 100) and their changes, with the methodology. */
export async function priceIndex(ctx: AccessCtx, req: IndexRequest): Promise<PriceIndexDTO> {
  const { db, lang } = ctx;
  const def = await definitions.get(db, req.indexCode, async () => {
    const [row] = await query<DefRow>(
      db,
      sql`SELECT d.code, d.scope, d.subject, d.name_zh, d.name_en, d.granularity, to_char(d.base_period_start, 'YYYY-MM-DD') AS bs,
            to_char(d.base_period_end, 'YYYY-MM-DD') AS be, d.equal_weights, d.weights, d.region_ids,
            CASE d.scope WHEN 'category' THEN d.subject WHEN 'product' THEN (SELECT category_code FROM products WHERE code = d.subject) END AS category
          FROM index_definitions d WHERE d.code = ${req.indexCode}`,
    );
    return row ?? null;
  });
  if (!def) throw fail.notFound(msg('market.unknownIndex', { code: req.indexCode }));
  const region = await loadRegion(db, req.regionId, lang);
  if (!jsonColumn<string[]>(def.region_ids).includes(region.id))
    throw fail.notFound(msg('market.indexNotPublished', { code: req.indexCode, region: region.name }));
  const nativeMonthly = def.granularity === 'month';
  const window = resolveWindow(req.from, req.to, ctx.today, nativeMonthly ? 5 * 365 : undefined);
  await authorize(ctx, 'index', region, def.category, window.from);
  if (req.export) await authorize(ctx, 'export', region, def.category, window.from);

  const key = [def.code, region.id, window.from, window.to, req.granularity, lang].join('|');
  return answers.get(db, key, async () => {
    const stored = await queryArrays<IndexPoint>(
      db,
      sql`SELECT to_char(day, 'YYYY-MM-DD'), round(level::numeric, 4)::float8, round(dod::numeric, 4)::float8, round(mom::numeric, 4)::float8, round(yoy::numeric, 4)::float8
          FROM index_values WHERE index_code = ${def.code} AND region_id = ${region.id} AND day BETWEEN ${window.from}::date AND ${window.to}::date ORDER BY day`,
    );
    const granularity = nativeMonthly ? 'month' : req.granularity;
    const series = granularity === 'month' && !nativeMonthly ? monthly(stored) : stored;

    const weights = def.weights ? Object.entries(jsonColumn<Record<string, number>>(def.weights)) : [];
    const names = weights.length
      ? await query<{ code: string; num: number; name_zh: string; name_en: string }>(
          db,
          sql`SELECT code, num, name_zh, name_en FROM products WHERE code = ANY(${arr(weights.map(([c]) => c))}::text[])`,
        )
      : [];
    const productNums =
      def.scope === 'product'
        ? (await query<{ num: number }>(db, sql`SELECT num FROM products WHERE code = ${def.subject}`)).map((r) =>
            Number(r.num),
          )
        : names.map((n) => Number(n.num));
    const equalWeights = def.equal_weights === true || String(def.equal_weights) === 'true';
    const base = `${def.bs} – ${def.be}`;
    const extra =
      lang === 'zh-CN'
        ? ` 基期：${base}（基期平均 = 100）。${equalWeights ? '成交量未知，各单品等权重。' : '权重为基期交易额占比。'}${nativeMonthly ? '本指数按月编制（源数据为月度价格）。' : ''}仅使用实际批发价格；预测值与汇总值不参与计算。`
        : ` Base period: ${base} (its average = 100). ${equalWeights ? 'Traded volumes are unknown, so every product weighs the same.' : 'Weights are base-period value shares.'}${nativeMonthly ? ' This index is monthly (its source prices are monthly).' : ''} Only actual wholesale prices are used; forecasts and aggregates never enter it.`;
    const asOf = series.length ? series[series.length - 1]![0] : null;
    return {
      index: {
        code: def.code,
        name: pick(lang, def.name_zh, def.name_en),
        scope: def.scope,
        subject: def.subject,
        granularity: def.granularity,
        basePeriod: { start: def.bs, end: def.be },
        equalWeights,
        weights: weights
          .map(([code, weight]) => {
            const n = names.find((x) => x.code === code);
            return {
              productCode: code,
              name: n ? pick(lang, n.name_zh, n.name_en) : code,
              weight: Math.round(weight * 1e6) / 1e6,
            };
          })
          .sort((a, b) => b.weight - a.weight),
      },
      regionId: region.id,
      regionName: region.name,
      granularity,
      from: window.from,
      to: window.to,
      points: series,
      methodology: (lang === 'zh-CN' ? INDEX_METHODOLOGY.zh : INDEX_METHODOLOGY.en) + extra,
      provenance: await provenanceOf(
        db,
        productNums,
        lang === 'zh-CN' ? '指数（基期 = 100）' : 'index (base period = 100)',
        asOf,
        window,
      ),
    };
  });
}

// The same for every viewer allowed to see it: reused while the data is unchanged.
const answers = new VersionedCache<PriceIndexDTO>(300);
// Definitions change only with an index refresh, which moves the data version.
const definitions = new VersionedCache<DefRow | null>(200);
