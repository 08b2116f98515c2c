import 'server-only';
import { and, eq, like, sql } from 'drizzle-orm';
import { getISOWeek, getISOWeekYear } from 'date-fns';
import type { SeedArticle } from '@/content/news/types';
import { addDays, dayNumber, fromDayNumber } from '@/lib/shared/dates';
import { query, type Db } from '../../db/client';
import { indexDefinitions, indexValues, news, products, regionPrices, regions } from '../../db/schema';
import { PRICE_TYPE_CODE } from '../../market/codes';

/**
 * The weekly market briefs (docs/content.md#market-briefs): each written from the figures stored
 * for its own ISO week — the national composite wholesale index and the national average price of
 * each product, against the week before — so a brief says what the market-data page shows for
 * those days. China's figures, in yuan; the demo data is labelled as such.
 */

const COUNTRY = 'CHN';
const NATION = 'cn';
const TOP = 5;

export type BriefProduct = { code: string; en: string; zh: string; demo: boolean; price: number; change: number };
export type WeekFigures = {
  /** ISO 8601 week and its year. */
  year: number;
  week: number;
  monday: string;
  sunday: string;
  index: { level: number; prev: number; baseYear: string } | null;
  /** The biggest moves of the week, largest first. */
  products: BriefProduct[];
};

/** The Monday of the ISO week holding `day`. */
export function mondayOf(day: string): string {
  const n = dayNumber(day);
  return fromDayNumber(n - ((n + 3) % 7)); // 1970-01-01 was a Thursday
}

export function isoWeekOf(day: string): { year: number; week: number } {
  const d = new Date(`${day}T12:00:00Z`);
  return { year: getISOWeekYear(d), week: getISOWeek(d) };
}

/** The stored figures of the ISO week starting on `monday`, or null when it has none. */
export async function weekFigures(db: Db, monday: string): Promise<WeekFigures | null> {
  const sunday = addDays(monday, 6);
  const before = addDays(monday, -7);
  const [idx] = await query<{ cur: number | null; prev: number | null; base: string | null }>(
    db,
    sql`SELECT avg(${indexValues.level}) FILTER (WHERE ${indexValues.day} >= ${monday}::date) AS cur,
          avg(${indexValues.level}) FILTER (WHERE ${indexValues.day} < ${monday}::date) AS prev,
          (SELECT ${indexDefinitions.basePeriodStart}::text FROM ${indexDefinitions}
            WHERE ${indexDefinitions.countryCode} = ${COUNTRY} AND ${indexDefinitions.code} = 'composite') AS base
        FROM ${indexValues}
        WHERE ${indexValues.indexCode} = 'composite' AND ${indexValues.regionId} = ${NATION}
          AND ${indexValues.day} BETWEEN ${before}::date AND ${sunday}::date`,
  );
  const rp = regionPrices;
  const rows = await query<{ code: string; en: string; zh: string; demo: boolean; cur: number; prev: number }>(
    db,
    sql`SELECT ${products.code} AS code, ${products.nameEn} AS en, ${products.nameZh} AS zh, ${products.isDemo} AS demo,
          exp(avg(ln(${rp.price})) FILTER (WHERE ${rp.day} >= ${monday}::date)) AS cur,
          exp(avg(ln(${rp.price})) FILTER (WHERE ${rp.day} < ${monday}::date)) AS prev
        FROM ${rp} JOIN ${regions} ON ${regions.num} = ${rp.regionNum} JOIN ${products} ON ${products.num} = ${rp.productNum}
        WHERE ${regions.id} = ${NATION} AND ${rp.priceType} = ${PRICE_TYPE_CODE.wholesale} AND ${rp.currency} = 'CNY'
          AND ${rp.day} BETWEEN ${before}::date AND ${sunday}::date
        GROUP BY 1, 2, 3, 4`,
  );
  const moves = rows
    .filter((r) => r.cur !== null && r.prev !== null)
    .map((r) => ({
      code: r.code,
      en: r.en,
      zh: r.zh,
      demo: r.demo,
      price: Number(r.cur),
      change: (Number(r.cur) / Number(r.prev) - 1) * 100,
    }))
    .sort((a, b) => Math.abs(b.change) - Math.abs(a.change) || (a.code < b.code ? -1 : 1))
    .slice(0, TOP);
  if (!moves.length) return null;
  const { year, week } = isoWeekOf(monday);
  return {
    year,
    week,
    monday,
    sunday,
    index:
      idx?.cur != null && idx.prev != null
        ? { level: Number(idx.cur), prev: Number(idx.prev), baseYear: (idx.base ?? '').slice(0, 4) }
        : null,
    products: moves,
  };
}

const pct = (x: number) => `${x > 0 ? '+' : ''}${x.toFixed(1)}%`;
const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** A brief's article in both languages, from its week's figures. */
export function composeBrief(f: WeekFigures, publishedHoursAgo: number, cover: number): SeedArticle {
  const lead = f.products[0]!;
  const up = lead.change > 0;
  const demo = f.products.some((p) => p.demo);
  const span = `${f.monday} – ${f.sunday}`;
  const idx = f.index;
  const idxChange = idx ? (idx.level / idx.prev - 1) * 100 : 0;
  const table = (lang: 'en' | 'zh') =>
    `<table><caption>${
      lang === 'en'
        ? `National average wholesale prices, ISO week ${f.week} of ${f.year}${demo ? ' (demo figures)' : ''}`
        : `${f.year} 年第 ${f.week} 周全国批发均价${demo ? '（演示数据）' : ''}`
    }</caption><thead><tr><th scope="col">${lang === 'en' ? 'Product' : '品种'}</th><th scope="col">${
      lang === 'en' ? 'Price (yuan/kg)' : '价格（元/公斤）'
    }</th><th scope="col">${lang === 'en' ? 'Week on week' : '周环比'}</th></tr></thead><tbody>${f.products
      .map(
        (p) =>
          `<tr><td>${lang === 'en' ? p.en : p.zh}</td><td>${p.price.toFixed(2)}</td><td>${pct(p.change)}</td></tr>`,
      )
      .join('')}</tbody></table>`;
  const idxEn = idx
    ? ` The composite wholesale price index averaged <strong>${idx.level.toFixed(1)}</strong> (base year ${idx.baseYear} = 100), against ${idx.prev.toFixed(1)} the week before (${pct(idxChange)}).`
    : '';
  const idxZh = idx
    ? `农产品批发价格综合指数周均 <strong>${idx.level.toFixed(1)}</strong>（${idx.baseYear} 年 = 100），上周为 ${idx.prev.toFixed(1)}（${pct(idxChange)}）。`
    : '';
  const weekEn = `ISO week ${f.week} of ${f.year} (${span})`;
  const weekZh = `${f.year} 年第 ${f.week} 周（${span}）`;
  return {
    slug: `market-brief-${f.year}-w${String(f.week).padStart(2, '0')}`,
    category: 'market',
    hoursAgo: publishedHoursAgo,
    cover: `/content/news/market-${cover}.png`,
    coverAlt: { en: 'Wholesale price chart of the week', 'zh-CN': '本周批发价格走势图' },
    texts: {
      en: {
        title: `Week ${f.week}, ${f.year}: ${lower(lead.en)} ${up ? 'up' : 'down'} ${Math.abs(lead.change).toFixed(1)}% on the week`,
        summary: `${weekEn}: ${lead.en} moved most among national wholesale prices.${idx ? ` The composite index averaged ${idx.level.toFixed(1)} (base year ${idx.baseYear} = 100), ${pct(idxChange)} on the week before.` : ''}`,
        body: `<p>In ${weekEn} the national average wholesale price of ${lower(lead.en)} ${up ? 'rose' : 'fell'} ${Math.abs(lead.change).toFixed(1)}% on the week before, the largest move among the products we track.${idxEn}</p>${table('en')}<p>These are the figures stored for those days, the same as the daily series and the index on the market-data page, where members can also follow each product's monthly forecast (3 to 12 months ahead).</p>${demo ? "<p><small>Figures in this brief come from the portal's generated demo data.</small></p>" : ''}`,
        source: 'Yoonop Research',
        author: 'Market desk',
      },
      'zh-CN': {
        title: `${f.year} 年第 ${f.week} 周：${lead.zh}周环比${up ? '上涨' : '下跌'} ${Math.abs(lead.change).toFixed(1)}%`,
        summary: `${weekZh}，全国批发均价中${lead.zh}波动最大。${idx ? `综合指数周均 ${idx.level.toFixed(1)}（${idx.baseYear} 年 = 100），周环比 ${pct(idxChange)}。` : ''}`,
        body: `<p>${weekZh}，${lead.zh}全国批发均价周环比${up ? '上涨' : '下跌'} ${Math.abs(lead.change).toFixed(1)}%，为我们跟踪的品种中波动最大。${idxZh}</p>${table('zh')}<p>以上为这些日期存储的数据，与市场数据页面的日度序列和指数一致；会员还可在该页面查看每个品种的月度预测（未来 3 至 12 个月）。</p>${demo ? '<p><small>本文数据来自本站生成的演示数据。</small></p>' : ''}`,
        source: '优农研究院',
        author: '市场分析组',
      },
    },
  };
}

/** Each brief is published on the Monday after its week, at 10:00 China time (02:00 UTC). */
export const publishedAt = (f: Pick<WeekFigures, 'sunday'>) => new Date(`${addDays(f.sunday, 1)}T02:00:00Z`);

/**
 * The briefs of the last `count` complete ISO weeks before `now` that have figures, written for
 * the seed. Briefs of the earlier, invented kind (slugs `market-brief-week-…`) are removed.
 */
export async function marketBriefArticles(db: Db, now: Date, count = 12): Promise<SeedArticle[]> {
  await db.delete(news).where(and(eq(news.categoryId, 'market'), like(news.slug, 'market-brief-week-%')));
  const today = now.toISOString().slice(0, 10);
  const out: SeedArticle[] = [];
  // The week before this one is the latest complete one (published this Monday).
  let monday = addDays(mondayOf(today), -7);
  for (let tries = 0; out.length < count && tries < count + 8; tries++, monday = addDays(monday, -7)) {
    const f = await weekFigures(db, monday);
    if (!f) continue;
    const at = publishedAt(f);
    if (at > now) continue;
    out.push(composeBrief(f, (now.getTime() - at.getTime()) / 3_600_000, (f.week % 3) + 1));
  }
  return out;
}
