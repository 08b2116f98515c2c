import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { IndexPoint, PriceIndexDTO } from '@/lib/api/schemas/market';
import { jsonColumn } from '../../../db/json-column';
import { queryArrays } from '../../../db/raw-client';
import { indexDefinitions, indexValues } from '../../../db/schema';
import { INDEX_METHODOLOGY } from '../../../market/indexes';
import { fail } from '../../../errors';
import { authorize, type AccessCtx } from './access';
import { VersionedCache } from '../cache';
import { loadRegion, snapshot, sourcesOf } from './catalogue';
import { pick } from '@/lib/shared/names';
import { indexInfo } from './menus';
import { indexEnd } from './series-end';
import { shareAnswer, type SharedAnswer } from '../../../http/shared-answer';
import { resolveWindow } from './trend';
import { msg } from '@/lib/i18n/server-messages';
import { fromMonthNumber, monthNumber } from '@/lib/shared/dates';
import { withUnitWhereShared } from '../../../market/names';
import { round4 } from '@/lib/shared/format';

type DefRow = typeof indexDefinitions.$inferSelect & { category: string | null };
const r4 = (x: number | null) => (x === null ? null : round4(x));

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
  const prevMonth = (k: string, back: number) => fromMonthNumber(monthNumber(k) - back);
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
export async function priceIndex(ctx: AccessCtx, req: IndexRequest): Promise<SharedAnswer<PriceIndexDTO>> {
  const { db, lang } = ctx;
  const region = await loadRegion(db, req.regionId, lang);
  // Each country has its own indexes under the same codes: the region says whose.
  const def = await definitions.get(db, `${region.countryCode}|${req.indexCode}`, async () => {
    const d = indexDefinitions;
    const [row] = await db
      .select()
      .from(d)
      .where(and(eq(d.countryCode, region.countryCode), eq(d.code, req.indexCode)));
    if (!row) return null;
    const subject = row.scope === 'product' ? (await snapshot(db)).products.get(row.subject ?? '') : undefined;
    return { ...row, category: row.scope === 'category' ? row.subject : (subject?.categoryCode ?? null) };
  });
  if (!def) throw fail.notFound(msg('market.unknownIndex', { code: req.indexCode }));
  if (!jsonColumn<string[]>(def.regionIds).includes(region.id))
    throw fail.notFound(msg('market.indexNotPublished', { code: req.indexCode, region: region.name }));
  const nativeMonthly = def.granularity === 'month';
  const window = resolveWindow(req.from, req.to, ctx.today, nativeMonthly ? 5 * 365 : undefined);
  // History depth counts back from the index's last level when its prices stopped before today.
  const dataEnd = await indexEnd(db, def.code, region.id);
  await authorize(ctx, 'index', region, def.category, window.from, dataEnd);
  if (req.export) await authorize(ctx, 'export', region, def.category, window.from, dataEnd);

  const key = [def.code, region.id, window.from, window.to, req.granularity, lang].join('|');
  return answers.get(db, key, async () => {
    const weights = def.weights ? Object.entries(jsonColumn<Record<string, number>>(def.weights)) : [];
    const codes = def.scope === 'product' ? [def.subject ?? ''] : weights.map(([c]) => c);
    const catalogue = (await snapshot(db)).products;
    const names = withUnitWhereShared(
      codes.flatMap((code) => {
        const p = catalogue.get(code);
        return p ? [{ code, num: p.num, name_zh: p.nameZh, name_en: p.nameEn, unit: p.unit }] : [];
      }),
    );
    const v = indexValues;
    // The sources are read beside the levels, not after them: one round trip less per answer.
    const [read, sources] = await Promise.all([
      queryArrays<IndexPoint>(
        db,
        // The date's ISO text by a cast, cheaper than to_char per row (trend.ts says by how much).
        sql`SELECT ${v.day}::text, ${v.level}, ${v.dod}, ${v.mom}, ${v.yoy} FROM ${v}
          WHERE ${v.indexCode} = ${def.code} AND ${v.regionId} = ${region.id} AND ${v.day} BETWEEN ${window.from}::date AND ${window.to}::date ORDER BY ${v.day}`,
      ),
      names.length
        ? sourcesOf(
            db,
            names.map((n) => n.num),
            [region.countryCode],
            window,
          )
        : [],
    ]);
    // Rounded in place: the points are fresh from the database, and a copy of each is garbage.
    for (const p of read) {
      p[1] = r4(p[1]) ?? 0;
      p[2] = r4(p[2]);
      p[3] = r4(p[3]);
      p[4] = r4(p[4]);
    }
    const granularity = nativeMonthly ? 'month' : req.granularity;
    const series = granularity === 'month' && !nativeMonthly ? monthly(read) : read;

    const info = indexInfo(def, lang);
    const base = `${info.basePeriod.start} – ${info.basePeriod.end}`;
    const retail = info.priceType === 'retail';
    const extra =
      lang === 'zh-CN'
        ? ` 基期：${base}（基期平均 = 100）。${info.equalWeights ? '成交量未知，各单品等权重。' : '权重为基期交易额占比。'}${nativeMonthly ? '本指数按月编制（源数据为月度价格）。' : ''}仅使用以${info.currency}计的实际${retail ? '零售' : '批发'}价格；预测值与汇总值不参与计算。`
        : ` Base period: ${base} (its average = 100). ${info.equalWeights ? 'Traded volumes are unknown, so every product weighs the same.' : 'Weights are base-period value shares.'}${nativeMonthly ? ' This index is monthly (its source prices are monthly).' : ''} Only actual ${info.priceType} prices in ${info.currency} are used; forecasts and aggregates never enter it.`;
    const asOf = series.length ? series[series.length - 1]![0] : null;
    return shareAnswer<PriceIndexDTO>({
      index: {
        ...info,
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
      provenance: {
        sources,
        asOf,
        unit: lang === 'zh-CN' ? '指数（基期 = 100）' : 'index (base period = 100)',
        currency: null,
        fx: null,
      },
    });
  });
}

// The same for every viewer allowed to see it: reused while the data is unchanged.
const answers = new VersionedCache<SharedAnswer<PriceIndexDTO>>(300);
// Definitions change only with an index refresh, which moves the data version.
const definitions = new VersionedCache<DefRow | null>(200);
