import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
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
} from '../../db/schema';
import { arr } from '../../db/sql-array';
import { ACTUAL } from '../../market/codes';
import type { SeriesKey } from './anomaly-refresh';
import { refusedMoves } from './entitlement';
import { notQuiet, nextLocal } from './schedule';

/** A fired "moves by" rule, for the access check of the earlier price it names (entitlement.ts). */
export type FiredMove = {
  /** The notification written for it. */
  nid: string;
  user_id: string;
  product_num: number;
  region_num: number;
  day: string;
  ref_day: string;
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
 * How each user with a rule on `series` that asks for a channel is told, as a JSON object by user id
 * (docs/alerts.md, "Delivery"): which channels they can receive, and when a message may go — at once
 * or after their quiet hours, or at their digest hour. Worked out here per user (time zones are
 * schedule.ts's), so the one statement below looks each rule's user up instead of joining.
 */
async function plansOf(tx: Tx, keys: SQL, now: Date): Promise<Record<string, DeliveryPlan>> {
  const r = alertRules;
  const st = alertSettings;
  const rows = await query<{
    user_id: string;
    time_zone: string;
    quiet_from: number | null;
    quiet_to: number | null;
    digest: boolean;
    digest_at: number;
    email: boolean;
    webhook: boolean;
  }>(
    tx,
    sql`SELECT ${st.userId} AS user_id, ${st.timeZone} AS time_zone, ${st.quietFrom} AS quiet_from, ${st.quietTo} AS quiet_to,
        ${st.digest} AS digest, ${st.digestAt} AS digest_at,
        (${st.email} IS NOT NULL AND ${st.emailConfirmedAt} IS NOT NULL) AS email, ${st.webhookUrl} IS NOT NULL AS webhook
      FROM ${st}
      WHERE ${st.userId} IN (SELECT ${r.userId} FROM ${keys} JOIN ${r} ON ${r.productNum} = s.p AND ${r.regionNum} = s.g
        AND ${r.priceType} = s.ty AND ${r.currency} = s.cur WHERE cardinality(${r.channels}) > 0)`,
  );
  const plans: Record<string, DeliveryPlan> = {};
  for (const u of rows) {
    const quiet = (x: number | null) => (x === null ? null : Number(x));
    plans[u.user_id] = {
      email: u.email,
      webhook: u.webhook,
      digest: u.digest,
      quietDue: notQuiet(now, u.time_zone, quiet(u.quiet_from), quiet(u.quiet_to)).toISOString(),
      digestDue: nextLocal(now, u.time_zone, Number(u.digest_at)).toISOString(),
    };
  }
  return plans;
}

type DeliveryPlan = { email: boolean; webhook: boolean; digest: boolean; quietDue: string; digestDue: string };

/** The `detail` of a fired rule's notification (NotificationDetail): the rule as it was and what met it. */
const detail = sql`jsonb_build_object('value', f.value, 'days', f.days, 'direction', f.direction, 'level', f.level)
  || CASE WHEN f.kind = 'move' AND f.ref_price <> 0 THEN jsonb_build_object('refDay', f.ref_day, 'refPrice', f.ref_price,
       'pct', round(((f.price - f.ref_price) / f.ref_price * 100)::numeric, 2)) ELSE '{}'::jsonb END
  || CASE WHEN f.kind = 'level' THEN jsonb_build_object('reached', f.reached, 'score', round(f.score::numeric, 2)) ELSE '{}'::jsonb END`;

const names = (cols: { name: string }[]) =>
  sql.join(
    cols.map((c) => sql.identifier(c.name)),
    sql`, `,
  );

export type Evaluation = { evaluated: number; fired: number; notified: number; deliveries: number };

/**
 * Evaluates the rules of `series` (the series an import changed) against each series' newest
 * observation (docs/alerts.md, "Rules"), in the import's transaction, and writes what fired in the
 * same statement (docs/alerts.md, "Scale"): one notification per rule and observation, and a
 * delivery per channel the rule asks for and the user can receive, due now, after the user's quiet
 * hours, or at their digest hour. Nothing of the rules travels to the application and back; only
 * the fired "moves by" rules come back, for the access check of the earlier price they name.
 *
 * A rule is evaluated only on an observation newer than its `lastDay`, and the UPDATE that moves
 * `lastDay` is what claims it: a second evaluator (another instance importing the same file) finds
 * the row moved once the first commits and claims nothing, so no observation fires a rule twice.
 * The UPDATE returns the evaluations it claimed: joining them to the claimed ids afterwards let the
 * planner, which expects one row from the four-column series join, compare every pair.
 */
export async function evaluateRules(tx: Tx, series: readonly SeriesKey[], now: Date): Promise<Evaluation> {
  if (!series.length) return { evaluated: 0, fired: 0, notified: 0, deliveries: 0 };
  const today = todayUtc(now);
  const r = alertRules;
  const al = anomalyLevels;
  const n = notifications;
  const a = alertDeliveries;
  const staleBefore = addMonths(today, -ANOMALY_RULES.recentMonths);
  const keys = sql`unnest(${arr(series.map((x) => x.productNum))}::int2[], ${arr(series.map((x) => x.regionNum))}::int4[],
    ${arr(series.map((x) => x.priceType))}::int2[], ${arr(series.map((x) => x.currency))}::text[]) AS s(p, g, ty, cur)`;
  const plans = await plansOf(tx, keys, now);
  const plan = (field: keyof DeliveryPlan) => sql`(pl.j -> f.user_id::text ->> ${field})`;
  const [out] = await query<{ fired: string; notified: string; deliveries: string; moves: unknown }>(
    tx,
    sql`WITH ser AS (
        SELECT DISTINCT s.p, s.g, s.ty, s.cur FROM ${keys}
        WHERE EXISTS (SELECT 1 FROM ${r} WHERE ${r.productNum} = s.p AND ${r.regionNum} = s.g AND ${r.priceType} = s.ty AND ${r.currency} = s.cur)
      ),
      -- The level of each series is looked up once here, not once per rule.
      lat AS MATERIALIZED (
        SELECT ser.*, x.day, x.price, CASE WHEN ${al.lastDay} >= ${staleBefore}::date THEN ${al.level} END AS reached, ${al.score} AS score
        FROM ser CROSS JOIN LATERAL ${newest('ser', sql`true`, sql`true`)} x
        LEFT JOIN ${al} ON ${al.productNum} = ser.p AND ${al.regionNum} = ser.g AND ${al.priceType} = ser.ty AND ${al.currency} = ser.cur
      ),
      ev AS (
        SELECT ${r.id} AS id, ${r.userId} AS user_id, ${r.kind} AS kind, ${r.value} AS value, ${r.days} AS days,
          ${r.direction} AS direction, ${r.level} AS level, ${r.channels} AS channels, ${r.met} AS was_met,
          lat.p AS product_num, lat.g AS region_num, lat.ty AS price_type, lat.cur AS currency,
          lat.day, lat.price, ref.day::text AS ref_day, ref.price AS ref_price, lat.reached, lat.score
        FROM lat
        JOIN ${r} ON ${r.productNum} = lat.p AND ${r.regionNum} = lat.g AND ${r.priceType} = lat.ty AND ${r.currency} = lat.cur
        LEFT JOIN LATERAL (SELECT * FROM ${newest('lat', sql`${o.day} <= lat.day - ${r.days}`, sql`${rp.day} <= lat.day - ${r.days}`)} q WHERE ${r.kind} = 'move') ref ON true
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
        UPDATE ${r} SET ${sql.identifier(r.lastDay.name)} = c.day, ${sql.identifier(r.met.name)} = c.cond
        FROM c WHERE ${r.id} = c.id AND (${r.lastDay} IS NULL OR ${r.lastDay} < c.day)
        RETURNING c.*
      ),
      f AS (
        SELECT upd.*, gen_random_uuid() AS nid FROM upd
        WHERE upd.cond AND (upd.kind = 'new' OR NOT upd.was_met)
          AND NOT EXISTS (SELECT 1 FROM ${n} WHERE ${n.ruleId} = upd.id AND ${n.day} = upd.day)
      ),
      ins AS (
        INSERT INTO ${n} (${names([n.id, n.userId, n.ruleId, n.productNum, n.regionNum, n.priceType, n.currency, n.day, n.price, n.kind, n.detail])})
        SELECT f.nid, f.user_id, f.id, f.product_num, f.region_num, f.price_type, f.currency, f.day, f.price, f.kind, ${detail}
        FROM f
        RETURNING 1
      ),
      dl AS (
        INSERT INTO ${a} (${names([a.notificationId, a.userId, a.channel, a.digest, a.dueAt])})
        SELECT f.nid, f.user_id, ch.channel, ch.channel = 'email' AND ${plan('digest')}::bool,
          CASE WHEN ch.channel = 'webhook' THEN ${now.toISOString()}::timestamptz
            WHEN ch.channel = 'email' AND ${plan('digest')}::bool THEN ${plan('digestDue')}::timestamptz
            ELSE ${plan('quietDue')}::timestamptz END
        FROM f CROSS JOIN (SELECT ${JSON.stringify(plans)}::jsonb AS j) pl CROSS JOIN LATERAL unnest(f.channels) AS ch(channel)
        WHERE ${plan('quietDue')} IS NOT NULL
          AND (ch.channel <> 'email' OR ${plan('email')}::bool) AND (ch.channel <> 'webhook' OR ${plan('webhook')}::bool)
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM f) AS fired, (SELECT count(*) FROM ins) AS notified, (SELECT count(*) FROM dl) AS deliveries,
        (SELECT coalesce(json_agg(json_build_object('nid', f.nid, 'user_id', f.user_id, 'product_num', f.product_num,
            'region_num', f.region_num, 'day', f.day::text, 'ref_day', f.ref_day)), '[]'::json)
          FROM f WHERE f.kind = 'move' AND f.ref_day IS NOT NULL) AS moves`,
  );
  const moves = (typeof out!.moves === 'string' ? JSON.parse(out!.moves) : out!.moves) as FiredMove[];
  // A move compares with an earlier price: the user must still be allowed that day's history.
  const refused = await refusedMoves(tx, moves, today);
  let gone = { notes: 0, deliveries: 0 };
  if (refused.length) {
    const ids = sql`ANY(${arr(refused)}::uuid[])`;
    const d = await tx.delete(a).where(sql`${a.notificationId} = ${ids}`).returning({ id: a.id });
    const m = await tx.delete(n).where(sql`${n.id} = ${ids}`).returning({ id: n.id });
    gone = { notes: m.length, deliveries: d.length };
  }
  return {
    evaluated: series.length,
    fired: Number(out!.fired),
    notified: Number(out!.notified) - gone.notes,
    deliveries: Number(out!.deliveries) - gone.deliveries,
  };
}
