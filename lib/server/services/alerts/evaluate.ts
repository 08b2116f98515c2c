import 'server-only';
import { inArray, sql, type SQL } from 'drizzle-orm';
import { ANOMALY_RULES } from '@/lib/shared/anomaly';
import { addMonths, todayUtc } from '@/lib/shared/dates';
import type { Tx } from '../../db/client';
import { query } from '../../db/client';
import {
  alertDeliveries,
  alertRules,
  alertSettings,
  anomalyLevels,
  notifications,
  priceObservations,
  regionPrices,
  type NotificationDetail,
} from '../../db/schema';
import { arr } from '../../db/sql-array';
import { ACTUAL } from '../../market/codes';
import type { SeriesKey } from './anomaly-refresh';
import { mayReadHistory } from './entitlement';
import { notQuiet, nextLocal } from './schedule';

/** A rule the newest observation of its series fired. */
export type Fired = {
  id: string;
  user_id: string;
  kind: string;
  value: number | null;
  days: number | null;
  direction: string | null;
  level: string | null;
  channels: string[];
  product_num: number;
  region_num: number;
  price_type: number;
  currency: string;
  day: string;
  price: number;
  ref_day: string | null;
  ref_price: number | null;
  reached: string | null;
  score: number | null;
};

const o = priceObservations;
const rp = regionPrices;

/**
 * The observations of a series `k` (alias with columns p, g, ty, cur) matching `where`, newest first:
 * a market's actual prices, or a province's or nation's derived ones (a region number is one or the
 * other, so one branch is empty).
 */
function newest(k: string, whereO: SQL, whereR: SQL): SQL {
  const a = sql.raw(k);
  return sql`((SELECT ${o.day} AS day, ${o.price} AS price FROM ${o}
      WHERE ${o.productNum} = ${a}.p AND ${o.marketNum} = ${a}.g AND ${o.priceType} = ${a}.ty AND ${o.currency} = ${a}.cur
        AND ${o.flag} = ${ACTUAL} AND ${whereO} ORDER BY ${o.day} DESC LIMIT 1)
    UNION ALL
    (SELECT ${rp.day} AS day, ${rp.price} AS price FROM ${rp}
      WHERE ${rp.productNum} = ${a}.p AND ${rp.regionNum} = ${a}.g AND ${rp.priceType} = ${a}.ty AND ${rp.currency} = ${a}.cur
        AND ${whereR} ORDER BY ${rp.day} DESC LIMIT 1) LIMIT 1)`;
}

const rank = (col: SQL) =>
  sql`(CASE ${col} WHEN 'normal' THEN 0 WHEN 'stress' THEN 1 WHEN 'alert' THEN 2 WHEN 'crisis' THEN 3 ELSE -1 END)`;

/**
 * Evaluates every active rule on the series an import changed, against each series' newest
 * observation (docs/alerts.md, "Rules"), in the import's transaction. A rule is evaluated only on
 * an observation newer than its `lastDay`, and the UPDATE that moves `lastDay` is what claims it: a
 * second evaluator (another instance importing the same file) finds the row moved once the first
 * commits and claims nothing, so no observation fires a rule twice. Returns the rules that fired.
 * The UPDATE returns the evaluations it claimed: joining them to the claimed ids afterwards let
 * the planner, which expects one row from the four-column series join, compare every pair
 * (100,000 rules took over 7 minutes; docs/alerts.md "Scale").
 */
async function claim(tx: Tx, series: readonly SeriesKey[], today: string): Promise<Fired[]> {
  const r = alertRules;
  const al = anomalyLevels;
  const staleBefore = addMonths(today, -ANOMALY_RULES.recentMonths);
  const rows = await query<Fired & { cond: boolean; was_met: boolean }>(
    tx,
    sql`WITH s AS (
        SELECT * FROM unnest(${arr(series.map((x) => x.productNum))}::int2[], ${arr(series.map((x) => x.regionNum))}::int4[],
          ${arr(series.map((x) => x.priceType))}::int2[], ${arr(series.map((x) => x.currency))}::text[]) AS s(p, g, ty, cur)
      ),
      ser AS (
        SELECT DISTINCT s.p, s.g, s.ty, s.cur FROM s
        WHERE EXISTS (SELECT 1 FROM ${r} WHERE ${r.productNum} = s.p AND ${r.regionNum} = s.g AND ${r.priceType} = s.ty AND ${r.currency} = s.cur)
      ),
      lat AS (SELECT ser.*, x.day, x.price FROM ser CROSS JOIN LATERAL ${newest('ser', sql`true`, sql`true`)} x),
      ev AS (
        SELECT ${r.id} AS id, ${r.userId} AS user_id, ${r.kind} AS kind, ${r.value} AS value, ${r.days} AS days,
          ${r.direction} AS direction, ${r.level} AS level, ${r.channels} AS channels, ${r.met} AS was_met,
          lat.p AS product_num, lat.g AS region_num, lat.ty AS price_type, lat.cur AS currency,
          lat.day::text AS day, lat.price, ref.day::text AS ref_day, ref.price AS ref_price,
          CASE WHEN ${al.lastDay} >= ${staleBefore}::date THEN ${al.level} END AS reached, ${al.score} AS score
        FROM lat
        JOIN ${r} ON ${r.productNum} = lat.p AND ${r.regionNum} = lat.g AND ${r.priceType} = lat.ty AND ${r.currency} = lat.cur
        LEFT JOIN LATERAL (SELECT * FROM ${newest('lat', sql`${o.day} <= lat.day - ${r.days}`, sql`${rp.day} <= lat.day - ${r.days}`)} q WHERE ${r.kind} = 'move') ref ON true
        LEFT JOIN ${al} ON ${r.kind} = 'level' AND ${al.productNum} = lat.p AND ${al.regionNum} = lat.g AND ${al.priceType} = lat.ty AND ${al.currency} = lat.cur
        WHERE ${r.lastDay} IS NULL OR ${r.lastDay} < lat.day
      ),
      c AS (
        SELECT ev.*, coalesce(CASE ev.kind
          WHEN 'above' THEN ev.price > ev.value
          WHEN 'below' THEN ev.price < ev.value
          WHEN 'move' THEN ev.ref_price > 0 AND round(((CASE ev.direction
              WHEN 'up' THEN (ev.price - ev.ref_price) WHEN 'down' THEN (ev.ref_price - ev.price) ELSE abs(ev.price - ev.ref_price) END)
              / ev.ref_price * 100)::numeric, 6) >= ev.value
          WHEN 'level' THEN ${rank(sql`ev.reached`)} >= ${rank(sql`ev.level`)} AND ${rank(sql`ev.level`)} > 0
          ELSE true END, false) AS cond
        FROM ev
      ),
      upd AS (
        UPDATE ${r} SET ${sql.identifier(r.lastDay.name)} = c.day::date, ${sql.identifier(r.met.name)} = c.cond
        FROM c WHERE ${r.id} = c.id AND (${r.lastDay} IS NULL OR ${r.lastDay} < c.day::date)
        RETURNING c.*
      )
      SELECT * FROM upd WHERE upd.cond AND (upd.kind = 'new' OR NOT upd.was_met)`,
  );
  return rows.map((x) => ({
    ...x,
    value: x.value === null ? null : Number(x.value),
    price: Number(x.price),
    ref_price: x.ref_price === null ? null : Number(x.ref_price),
    score: x.score === null ? null : Number(x.score),
    channels: Array.isArray(x.channels) ? x.channels : parsePgArray(x.channels),
  }));
}

/** A text[] read as its literal ('{email,sms}') by a driver that does not parse it. */
function parsePgArray(v: unknown): string[] {
  if (typeof v !== 'string') return [];
  return v
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}

const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;

function detailOf(f: Fired): NotificationDetail {
  const d: NotificationDetail = { value: f.value, days: f.days, direction: f.direction, level: f.level };
  if (f.kind === 'move' && f.ref_price) {
    d.refDay = f.ref_day;
    d.refPrice = f.ref_price;
    d.pct = round(((f.price - f.ref_price) / f.ref_price) * 100, 2);
  }
  if (f.kind === 'level') {
    d.reached = f.reached;
    d.score = f.score === null ? null : round(f.score, 2);
  }
  return d;
}

export type Evaluation = { evaluated: number; fired: number; notified: number; deliveries: number };

/**
 * Evaluates the rules of `series` (the series an import changed) and writes what fired: one
 * notification per rule and observation, and a delivery per channel the rule asks for and the
 * user can receive, due now, after the user's quiet hours, or at their digest hour.
 */
export async function evaluateRules(tx: Tx, series: readonly SeriesKey[], now: Date): Promise<Evaluation> {
  if (!series.length) return { evaluated: series.length, fired: 0, notified: 0, deliveries: 0 };
  const today = todayUtc(now);
  const claimed = await claim(tx, series, today);
  // A move compares with an earlier price: the user must still be allowed that day's history.
  const fired = await mayReadHistory(tx, claimed, today);
  if (!fired.length) return { evaluated: series.length, fired: claimed.length, notified: 0, deliveries: 0 };
  const n = notifications;
  const inserted = await query<{ id: string; rule_id: string }>(
    tx,
    sql`INSERT INTO ${n} (${sql.join(
      [n.userId, n.ruleId, n.productNum, n.regionNum, n.priceType, n.currency, n.day, n.price, n.kind, n.detail].map(
        (c) => sql.identifier(c.name),
      ),
      sql`, `,
    )})
      SELECT * FROM unnest(${arr(fired.map((f) => f.user_id))}::uuid[], ${arr(fired.map((f) => f.id))}::uuid[],
        ${arr(fired.map((f) => f.product_num))}::int2[], ${arr(fired.map((f) => f.region_num))}::int4[],
        ${arr(fired.map((f) => f.price_type))}::int2[], ${arr(fired.map((f) => f.currency))}::text[],
        ${arr(fired.map((f) => f.day))}::date[], ${arr(fired.map((f) => f.price))}::float8[],
        ${arr(fired.map((f) => f.kind))}::text[], ${arr(fired.map((f) => JSON.stringify(detailOf(f))))}::jsonb[])
      ON CONFLICT (${sql.identifier(n.ruleId.name)}, ${sql.identifier(n.day.name)}) DO NOTHING
      RETURNING ${n.id} AS id, ${n.ruleId} AS rule_id`,
  );
  const byRule = new Map(fired.map((f) => [f.id, f]));
  const users = [...new Set(fired.filter((f) => f.channels.length).map((f) => f.user_id))];
  const settings = users.length
    ? await tx.select().from(alertSettings).where(inArray(alertSettings.userId, users))
    : [];
  const settingsOf = new Map(settings.map((s) => [s.userId, s]));
  const d: { notificationId: string; userId: string; channel: string; digest: boolean; dueAt: Date }[] = [];
  for (const row of inserted) {
    const f = byRule.get(row.rule_id);
    const s = f && settingsOf.get(f.user_id);
    if (!f || !s) continue;
    for (const channel of f.channels) {
      if (channel === 'email' && !(s.email && s.emailConfirmedAt)) continue;
      if (channel === 'webhook' && !s.webhookUrl) continue;
      if (channel === 'email' && s.digest) {
        d.push({
          notificationId: row.id,
          userId: f.user_id,
          channel,
          digest: true,
          dueAt: nextLocal(now, s.timeZone, s.digestAt),
        });
        continue;
      }
      // Machines are not woken at night by a webhook: it goes at once.
      const dueAt = channel === 'webhook' ? now : notQuiet(now, s.timeZone, s.quietFrom, s.quietTo);
      d.push({ notificationId: row.id, userId: f.user_id, channel, digest: false, dueAt });
    }
  }
  if (d.length) {
    const a = alertDeliveries;
    await tx.execute(sql`INSERT INTO ${a} (${sql.join(
      [a.notificationId, a.userId, a.channel, a.digest, a.dueAt].map((c) => sql.identifier(c.name)),
      sql`, `,
    )})
      SELECT * FROM unnest(${arr(d.map((x) => x.notificationId))}::uuid[], ${arr(d.map((x) => x.userId))}::uuid[],
        ${arr(d.map((x) => x.channel))}::text[], ${arr(d.map((x) => x.digest))}::bool[],
        ${arr(d.map((x) => x.dueAt.toISOString()))}::timestamptz[])
      ON CONFLICT DO NOTHING`);
  }
  return { evaluated: series.length, fired: claimed.length, notified: inserted.length, deliveries: d.length };
}
