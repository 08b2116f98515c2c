import 'server-only';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { RuleDTO } from '@/lib/api/schemas/alert-calls';
import { isAnomalyStale, levelRank, type AnomalyLevel } from '@/lib/shared/anomaly';
import type { AlertChannel } from '@/lib/shared/alert-limits';
import { addDays } from '@/lib/shared/dates';
import { msg } from '@/lib/i18n/server-messages';
import type { Db } from '../../db/client';
import { query } from '../../db/client';
import { alertRules, alertSettings, anomalyLevels, watchlistItems } from '../../db/schema';
import { fail } from '../../errors';
import { authorize, type AccessCtx } from '../market/read/access';
import { loadRegion, snapshot } from '../market/read/catalogue';
import { limitsOf, observationsOf } from './watchlist';

type Rule = typeof alertRules.$inferSelect;
export type RuleInput = {
  id?: string;
  watchId: string;
  kind: 'above' | 'below' | 'move' | 'level' | 'new';
  value?: number;
  days?: number;
  direction?: 'up' | 'down' | 'any';
  level?: 'stress' | 'alert' | 'crisis';
  channels: AlertChannel[];
};

export function toRuleDTO(r: Rule): RuleDTO {
  return {
    id: r.id,
    watchId: r.watchId,
    kind: r.kind as RuleDTO['kind'],
    value: r.value,
    days: r.days,
    direction: (r.direction as RuleDTO['direction']) ?? null,
    level: (r.level as RuleDTO['level']) ?? null,
    channels: r.channels as AlertChannel[],
    met: r.met,
    lastDay: r.lastDay,
    createdAt: r.createdAt.toISOString(),
  };
}

/** QueryAlertRules: the user's rules, of one followed series or all. */
export async function listRules(db: Db, userId: string, watchId?: string): Promise<RuleDTO[]> {
  const rows = await db
    .select()
    .from(alertRules)
    .where(and(eq(alertRules.userId, userId), watchId ? eq(alertRules.watchId, watchId) : undefined))
    .orderBy(desc(alertRules.createdAt));
  return rows.map(toRuleDTO);
}

/** A price `days` before `end` (the observation at or before that day), for a "moves by" rule. */
async function priceBefore(db: Db, item: typeof watchlistItems.$inferSelect, end: string, days: number) {
  const [r] = await query<{ price: number }>(
    db,
    sql`SELECT x.price FROM (SELECT ${item.productNum}::int2 AS p, ${item.regionNum}::int4 AS g, ${item.priceType}::int2 AS ty, ${item.currency}::text AS cur) k,
      LATERAL ${observationsOf('k', (d) => sql`${d} <= ${addDays(end, -days)}::date`)} x ORDER BY x.day DESC LIMIT 1`,
  );
  return r ? Number(r.price) : null;
}

/**
 * Whether a rule's condition holds at the series' latest price: a new rule starts from there, so
 * "above 30" set while the price is 32 fires only once the price has been at or below 30 and
 * rises above it again — a crossing, as its name says (docs/alerts.md, "Rules").
 */
async function conditionNow(db: Db, item: typeof watchlistItems.$inferSelect, r: RuleInput, today: string) {
  const [latest] = await query<{ day: string; price: number }>(
    db,
    sql`SELECT x.day::text AS day, x.price FROM (SELECT ${item.productNum}::int2 AS p, ${item.regionNum}::int4 AS g, ${item.priceType}::int2 AS ty, ${item.currency}::text AS cur) k,
      LATERAL ${observationsOf('k')} x ORDER BY x.day DESC LIMIT 1`,
  );
  if (!latest) return { lastDay: null, met: false };
  const price = Number(latest.price);
  let met = false;
  if (r.kind === 'above') met = price > r.value!;
  else if (r.kind === 'below') met = price < r.value!;
  else if (r.kind === 'move') {
    const ref = await priceBefore(db, item, latest.day, r.days!);
    if (ref) {
      const change = ((r.direction === 'down' ? ref - price : price - ref) / ref) * 100;
      met = Math.round((r.direction === 'any' || !r.direction ? Math.abs(change) : change) * 1e6) / 1e6 >= r.value!;
    }
  } else if (r.kind === 'level') {
    const [a] = await db
      .select({ level: anomalyLevels.level, lastDay: anomalyLevels.lastDay })
      .from(anomalyLevels)
      .where(
        and(
          eq(anomalyLevels.productNum, item.productNum),
          eq(anomalyLevels.regionNum, item.regionNum),
          eq(anomalyLevels.priceType, item.priceType),
          eq(anomalyLevels.currency, item.currency),
        ),
      );
    met =
      !!a?.level &&
      !isAnomalyStale(a.lastDay, today) &&
      levelRank(a.level as AnomalyLevel) >= levelRank(r.level as AnomalyLevel);
  }
  return { lastDay: latest.day, met };
}

/** SaveAlertRule: creates or edits a rule on a followed series, within the level's limits and channels. */
export async function saveRule(ctx: AccessCtx, userId: string, r: RuleInput): Promise<RuleDTO> {
  const { db } = ctx;
  const [item] = await db
    .select()
    .from(watchlistItems)
    .where(and(eq(watchlistItems.id, r.watchId), eq(watchlistItems.userId, userId)));
  if (!item) throw fail.notFound(msg('alerts.notFollowed'));
  const { limits } = limitsOf(ctx.viewer);
  for (const c of r.channels)
    if (!limits.channels.includes(c)) throw fail.forbidden(msg('alerts.channelLevel', { channel: c }), { level: true });
  if (r.channels.includes('email') || r.channels.includes('webhook')) {
    const [s] = await db.select().from(alertSettings).where(eq(alertSettings.userId, userId));
    if (r.channels.includes('email') && !(s?.email && s.emailConfirmedAt))
      throw fail.invalid('channels', msg('alerts.noEmail'));
    if (r.channels.includes('webhook') && !s?.webhookUrl) throw fail.invalid('channels', msg('alerts.noWebhook'));
  }
  const state = await conditionNow(db, item, r, ctx.today);
  if (r.kind === 'move' && state.lastDay) {
    // The rule compares with a price `days` back: history the user's access must reach.
    const s = await snapshot(db);
    const region = await loadRegion(db, s.regionByNum.get(item.regionNum)!.id, ctx.lang);
    const cat = s.productByNum.get(item.productNum)?.categoryCode ?? null;
    await authorize(ctx, 'trend', region, cat, addDays(state.lastDay, -r.days!), state.lastDay);
  }
  const values = {
    kind: r.kind,
    value: r.kind === 'above' || r.kind === 'below' || r.kind === 'move' ? r.value! : null,
    days: r.kind === 'move' ? r.days! : null,
    direction: r.kind === 'move' ? (r.direction ?? 'any') : null,
    level: r.kind === 'level' ? r.level! : null,
    channels: [...new Set(r.channels)],
    lastDay: state.lastDay,
    met: state.met,
    updatedAt: new Date(),
  };
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`alert-rules:${userId}`}))`);
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(alertRules)
      .where(and(eq(alertRules.userId, userId), r.id ? ne(alertRules.id, r.id) : undefined))) as [{ n: number }];
    if (Number(n) >= limits.rules)
      throw fail.forbidden(msg('alerts.ruleLimit', { max: limits.rules }), { level: true });
    if (r.id) {
      const [row] = await tx
        .update(alertRules)
        .set({ ...values, watchId: item.id })
        .where(and(eq(alertRules.id, r.id), eq(alertRules.userId, userId), eq(alertRules.watchId, item.id)))
        .returning();
      if (!row) throw fail.notFound(msg('alerts.noRule'));
      return toRuleDTO(row);
    }
    const [row] = await tx
      .insert(alertRules)
      .values({
        userId,
        watchId: item.id,
        productNum: item.productNum,
        regionNum: item.regionNum,
        priceType: item.priceType,
        currency: item.currency,
        ...values,
      })
      .returning();
    return toRuleDTO(row!);
  });
}

/** DeleteAlertRule: the user's own only. */
export async function deleteRule(db: Db, userId: string, id: string) {
  const gone = await db
    .delete(alertRules)
    .where(and(eq(alertRules.id, id), eq(alertRules.userId, userId)))
    .returning({ id: alertRules.id });
  if (!gone.length) throw fail.notFound(msg('alerts.noRule'));
}
