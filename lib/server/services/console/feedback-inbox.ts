import 'server-only';
import {
  aliasedTable,
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  isNull,
  lt,
  or,
  type SQL,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { FeedbackStatus } from '@/lib/api/schemas/feedback';
import type { InboxDetail, InboxItem, InboxPage, inboxQueryBody } from '@/lib/api/console/schemas/feedback';
import { msg } from '@/lib/i18n/server-messages';
import type { SessionUser } from '../../auth/sessions';
import type { Db, Tx } from '../../db/client';
import { feedbackNotes, feedbacks, feedbackTypes, platforms, users } from '../../db/schema';
import { fail } from '../../errors';
import type { Actor } from './audit';
import { getFeedback, lockVisible } from '../feedback/feedback';
import { listReplies } from '../feedback/replies';

const DAY = 86_400_000;
const assignees = aliasedTable(users, 'assignees');

const columns = {
  f: feedbacks,
  platformZh: platforms.nameZh,
  platformEn: platforms.nameEn,
  typeZh: feedbackTypes.nameZh,
  typeEn: feedbackTypes.nameEn,
  nickname: users.nickname,
  phone: users.phone,
  assigneeName: assignees.nickname,
};

function inbox(db: Db) {
  return db
    .select(columns)
    .from(feedbacks)
    .innerJoin(platforms, eq(platforms.key, feedbacks.platformKey))
    .innerJoin(feedbackTypes, eq(feedbackTypes.id, feedbacks.typeId))
    .innerJoin(users, eq(users.id, feedbacks.userId))
    .leftJoin(assignees, eq(assignees.id, feedbacks.assigneeId));
}
type Row = {
  f: typeof feedbacks.$inferSelect;
  platformZh: string;
  platformEn: string;
  typeZh: string;
  typeEn: string;
  nickname: string;
  phone: string;
  assigneeName: string | null;
};

const toItem = (r: Row): InboxItem => ({
  id: r.f.id,
  platformKey: r.f.platformKey,
  platform: { nameZh: r.platformZh, nameEn: r.platformEn },
  type: { nameZh: r.typeZh, nameEn: r.typeEn },
  title: r.f.title,
  state: r.f.status as FeedbackStatus,
  replyCount: r.f.replyCount,
  createdAt: r.f.createdAt.toISOString(),
  updatedAt: r.f.updatedAt.toISOString(),
  submitter: { id: r.f.userId, nickname: r.nickname, phone: r.phone },
  assignee: r.f.assigneeId ? { id: r.f.assigneeId, name: r.assigneeName ?? '' } : null,
  notifySms: r.f.notifySms,
});

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** ConsoleFeedbackInbox: oldest waiting first among the open, newest first among the resolved. */
export async function listInbox(
  db: Db,
  me: SessionUser,
  q: z.output<typeof inboxQueryBody>,
  now: Date,
): Promise<InboxPage> {
  const conds: (SQL | undefined)[] = [];
  if (q.platformKey) conds.push(eq(feedbacks.platformKey, q.platformKey));
  if (q.typeId) conds.push(eq(feedbacks.typeId, q.typeId));
  // Age: time since the last change (a customer's answer puts a feedback back to waiting).
  if (q.age === 'day') conds.push(gte(feedbacks.updatedAt, new Date(now.getTime() - DAY)));
  if (q.age === 'week')
    conds.push(
      lt(feedbacks.updatedAt, new Date(now.getTime() - DAY)),
      gte(feedbacks.updatedAt, new Date(now.getTime() - 7 * DAY)),
    );
  if (q.age === 'older') conds.push(lt(feedbacks.updatedAt, new Date(now.getTime() - 7 * DAY)));
  if (q.assignee === 'me') conds.push(eq(feedbacks.assigneeId, me.id));
  else if (q.assignee === 'none') conds.push(isNull(feedbacks.assigneeId));
  else if (q.assignee) conds.push(eq(feedbacks.assigneeId, q.assignee));
  if (q.q) {
    const like = `%${escapeLike(q.q)}%`;
    conds.push(
      or(
        ilike(feedbacks.title, like),
        ilike(feedbacks.content, like),
        ilike(users.phone, like),
        ilike(users.nickname, like),
      ),
    );
  }
  const byState = await db
    .select({ state: feedbacks.status, n: count() })
    .from(feedbacks)
    .innerJoin(users, eq(users.id, feedbacks.userId))
    .where(and(...conds))
    .groupBy(feedbacks.status);
  const counts = { pending: 0, replied: 0, resolved: 0 };
  for (const c of byState) if (c.state in counts) counts[c.state as FeedbackStatus] = Number(c.n);
  const total = q.state ? counts[q.state] : counts.pending + counts.replied + counts.resolved;
  const rows = await inbox(db)
    .where(and(...conds, q.state ? eq(feedbacks.status, q.state) : undefined))
    .orderBy(q.state === 'resolved' ? desc(feedbacks.updatedAt) : asc(feedbacks.updatedAt), asc(feedbacks.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { items: rows.map(toItem), total, counts };
}

/** ConsoleFeedbackFacets. */
export async function inboxFacets(db: Db) {
  const [p, t, staff] = await Promise.all([
    db.select().from(platforms).orderBy(asc(platforms.sort), asc(platforms.key)),
    db.select().from(feedbackTypes).orderBy(asc(feedbackTypes.platformKey), asc(feedbackTypes.sort)),
    supportStaff(db),
  ]);
  return {
    platforms: p.map((x) => ({ key: x.key, nameZh: x.nameZh, nameEn: x.nameEn })),
    types: t.map((x) => ({ id: x.id, platformKey: x.platformKey, nameZh: x.nameZh, nameEn: x.nameEn })),
    staff,
  };
}

const SUPPORT_ROLES = ['support', 'admin'];

function supportStaff(db: Db | Tx, id?: string) {
  return db
    .select({ id: users.id, name: users.nickname, phone: users.phone })
    .from(users)
    .where(and(arrayOverlaps(users.roles, SUPPORT_ROLES), id ? eq(users.id, id) : undefined))
    .orderBy(asc(users.nickname));
}

async function itemOf(db: Db, feedbackId: string): Promise<InboxItem> {
  const [r] = await inbox(db).where(eq(feedbacks.id, feedbackId));
  if (!r) throw fail.notFound(msg('feedback.notFound'));
  return toItem(r);
}

/** ConsoleFeedbackDetail: the feedback as staff see it, its thread and the internal notes. */
export async function inboxDetail(db: Db, me: SessionUser, feedbackId: string): Promise<InboxDetail> {
  const d = await getFeedback(db, me, feedbackId);
  // One after another: inside a console write this runs on the transaction's one connection.
  const item = await itemOf(db, feedbackId);
  const replies = await listReplies(db, me, feedbackId);
  const notes = await db
    .select()
    .from(feedbackNotes)
    .where(eq(feedbackNotes.feedbackId, feedbackId))
    .orderBy(asc(feedbackNotes.createdAt), asc(feedbackNotes.id));
  return {
    item,
    content: d.content,
    contactPhone: d.contactPhone,
    region: d.region,
    images: d.images,
    replies,
    notes: notes.map((n) => ({
      id: n.id,
      authorName: n.authorName,
      content: n.content,
      createdAt: n.createdAt.toISOString(),
    })),
  };
}

/** ConsoleFeedbackAssign: answers the assignment before and after (unchanged when the same). */
export async function assignFeedback(db: Db, me: SessionUser, feedbackId: string, assigneeId: string | null) {
  return db.transaction(async (tx) => {
    const f = await lockVisible(tx, me, feedbackId);
    if (assigneeId) {
      const [who] = await supportStaff(tx, assigneeId);
      if (!who) throw fail.invalid('assigneeId', msg('console.notSupport'));
    }
    if (f.assigneeId === assigneeId) return { before: f.assigneeId, after: assigneeId, changed: false };
    await tx.update(feedbacks).set({ assigneeId }).where(eq(feedbacks.id, f.id));
    return { before: f.assigneeId, after: assigneeId, changed: true };
  });
}

/** ConsoleFeedbackNote: an internal note, by the caller. */
export async function addNote(db: Db, me: SessionUser, actor: Actor, feedbackId: string, content: string, now: Date) {
  return db.transaction(async (tx) => {
    const f = await lockVisible(tx, me, feedbackId);
    const [n] = await tx
      .insert(feedbackNotes)
      .values({ feedbackId: f.id, authorId: actor.id, authorName: actor.name, content, createdAt: now })
      .returning();
    return { id: n!.id, authorName: n!.authorName, content: n!.content, createdAt: n!.createdAt.toISOString() };
  });
}

/** What the audit log keeps of a feedback: its state and who has it (not the customer's text). */
export async function feedbackState(db: Db, feedbackId: string) {
  const [f] = await db
    .select({
      status: feedbacks.status,
      assigneeId: feedbacks.assigneeId,
      replyCount: feedbacks.replyCount,
      resolvedAt: feedbacks.resolvedAt,
    })
    .from(feedbacks)
    .where(eq(feedbacks.id, feedbackId));
  return f ?? null;
}
