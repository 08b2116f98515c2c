import 'server-only';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { NotificationDTO } from '@/lib/api/schemas/alert-calls';
import { seriesName } from '@/lib/i18n/alert-text';
import { dictionaries } from '@/lib/i18n/messages';
import { pick } from '@/lib/shared/names';
import type { Db } from '../../db/client';
import { alertRules, feedbacks, notifications } from '../../db/schema';
import { fail } from '../../errors';
import { msg } from '@/lib/i18n/server-messages';
import { PRICE_TYPE_OF } from '../../market/codes';
import { snapshot, type Lang } from '../market/read/catalogue';
import { readUnsubscribeToken } from './tokens';

type Row = typeof notifications.$inferSelect;

/** A notification with the names of its series in `lang` (the same view e-mail, SMS and webhook texts are made from). */
export async function viewsOf(db: Db, rows: Row[], lang: Lang): Promise<NotificationDTO[]> {
  const s = await snapshot(db);
  const watch = rows.length
    ? new Map(
        (
          await db
            .select({ id: alertRules.id, watchId: alertRules.watchId })
            .from(alertRules)
            .where(
              inArray(
                alertRules.id,
                rows.flatMap((r) => (r.ruleId ? [r.ruleId] : [])),
              ),
            )
        ).map((r) => [r.id, r.watchId]),
      )
    : new Map<string, string>();
  const titles = await feedbackTitles(db, rows);
  return rows.map((r) => {
    const p = r.productNum === null ? undefined : s.productByNum.get(r.productNum);
    const g = r.regionNum === null ? undefined : s.regionByNum.get(r.regionNum);
    return {
      id: r.id,
      kind: r.kind as NotificationDTO['kind'],
      feedback: r.feedbackId ? { id: r.feedbackId, title: titles.get(r.feedbackId) ?? '' } : null,
      watchId: (r.ruleId && watch.get(r.ruleId)) || null,
      product: p?.code ?? '?',
      productName: p ? pick(lang, p.nameZh, p.nameEn) : '?',
      regionId: g?.id ?? '',
      regionName: g ? pick(lang, g.nameZh, g.nameEn) : '?',
      priceType: (r.priceType === null ? undefined : PRICE_TYPE_OF[r.priceType]) ?? 'wholesale',
      currency: r.currency ?? '',
      unit: p?.unit ?? 'kg',
      day: r.day ?? r.createdAt.toISOString().slice(0, 10),
      price: r.price ?? 0,
      detail: r.detail,
      createdAt: r.createdAt.toISOString(),
      read: !!r.readAt,
    };
  });
}

/** The titles of the feedback that reply notices are about (the customer's own). */
async function feedbackTitles(db: Db, rows: Row[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.feedbackId ? [r.feedbackId] : [])))];
  if (!ids.length) return new Map();
  const found = await db
    .select({ id: feedbacks.id, title: feedbacks.title })
    .from(feedbacks)
    .where(inArray(feedbacks.id, ids));
  return new Map(found.map((f) => [f.id, f.title]));
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(r?.n ?? 0);
}

/** QueryNotifications: newest first, paged; the user's own only. */
export async function listNotifications(
  db: Db,
  userId: string,
  q: { page: number; size: number; unreadOnly: boolean },
  lang: Lang,
) {
  const where = and(eq(notifications.userId, userId), q.unreadOnly ? isNull(notifications.readAt) : undefined);
  const [rows, [total], unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.day))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(notifications).where(where),
    unreadCount(db, userId),
  ]);
  return {
    items: await viewsOf(db, rows, lang),
    total: Number(total?.n ?? 0),
    unread,
  };
}

/** MarkNotificationsRead: some of the user's, or all. */
export async function markRead(db: Db, userId: string, body: { ids?: string[]; all?: boolean }, now: Date) {
  if (!body.all && !body.ids?.length) return { unread: await unreadCount(db, userId) };
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        body.all ? undefined : inArray(notifications.id, body.ids!),
      ),
    );
  return { unread: await unreadCount(db, userId) };
}

/**
 * AlertUnsubscribe (no login): the signed link of a message. Without `all`, the link's rule stops
 * using the channel (a digest's link names no rule: every rule); with `all`, every rule of the user.
 * `done: false` only describes what the link would do, for the page to ask first (a mail scanner
 * that opens links must not unsubscribe anyone).
 */
export async function unsubscribe(db: Db, token: string, opts: { all: boolean; apply: boolean }, lang: Lang) {
  const u = readUnsubscribeToken(token);
  if (!u) throw fail.invalid('token', msg('alerts.badLink'));
  const everyRule = opts.all || !u.ruleId;
  let series: string | null = null;
  if (u.ruleId) {
    const [r] = await db
      .select()
      .from(alertRules)
      .where(and(eq(alertRules.id, u.ruleId), eq(alertRules.userId, u.userId)));
    if (r) {
      const s = await snapshot(db);
      const p = s.productByNum.get(r.productNum);
      const g = s.regionByNum.get(r.regionNum);
      // Named as the message that carried the link names it ("Pork, Shandong (wholesale)").
      series =
        p && g
          ? seriesName(dictionaries[lang].alerts, {
              product: pick(lang, p.nameZh, p.nameEn),
              region: pick(lang, g.nameZh, g.nameEn),
              priceType: PRICE_TYPE_OF[r.priceType] ?? 'wholesale',
            })
          : null;
    }
  }
  if (opts.apply)
    await db
      .update(alertRules)
      .set({ channels: sql`array_remove(${alertRules.channels}, ${u.channel})`, updatedAt: new Date() })
      .where(and(eq(alertRules.userId, u.userId), everyRule ? undefined : eq(alertRules.id, u.ruleId!)));
  return { channel: u.channel, series, done: opts.apply, all: everyRule };
}
