import 'server-only';
import { asc, eq, sql } from 'drizzle-orm';
import type { FeedbackReplyDTO, FeedbackStatus } from '@/lib/api/schemas/feedback';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { fmt } from '@/lib/i18n/format';
import { dictionaries } from '@/lib/i18n/messages';
import { smsAdapter } from '../../adapters/sms';
import { alertSettings, feedbackReplies, feedbacks, notifications, users } from '../../db/schema';
import { siteName, siteUrl } from '../../site';
import { fail } from '../../errors';
import { getFeedback, lockVisible } from './feedback';
import { msg } from '@/lib/i18n/server-messages';
import { describeWait, withinLimits, type LimitRule } from '../../rate-limit';

/** Replies a customer may add per hour, over all their threads (staff answering the inbox are not limited). */
export const REPLIES_PER_HOUR = 60;

const replyRule = (userId: string): LimitRule => ({
  bucket: 'feedback-reply',
  key: userId,
  limit: REPLIES_PER_HOUR,
  windowMs: 60 * 60 * 1000,
  message: (wait) => msg('feedback.tooManyReplies', { wait: describeWait(wait) }),
});

/** QueryFeedbackReplayList: the thread, oldest first. */
export async function listReplies(db: Db, user: SessionUser, feedbackId: string): Promise<FeedbackReplyDTO[]> {
  await getFeedback(db, user, feedbackId); // the ownership check
  const rows = await db
    .select({ r: feedbackReplies, nickname: users.nickname })
    .from(feedbackReplies)
    .innerJoin(users, eq(users.id, feedbackReplies.authorId))
    .where(eq(feedbackReplies.feedbackId, feedbackId))
    .orderBy(asc(feedbackReplies.createdAt), asc(feedbackReplies.id));
  return rows.map(({ r, nickname }) => ({
    id: r.id,
    content: r.content,
    fromStaff: r.fromStaff,
    authorName: nickname,
    mine: r.authorId === user.id,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * AddFeedbackReplay. A staff answer makes it "replied"; the author's answer to
 * a reply puts it back to "pending" (waiting for staff again). A resolved
 * feedback takes no more replies.
 */
export async function addReply(
  db: Db,
  user: SessionUser,
  body: { feedbackId: string; content: string },
  now: Date,
): Promise<{ reply: FeedbackReplyDTO; text: ReplyText | null }> {
  let text: ReplyText | null = null;
  const rules = user.isStaff ? [] : [replyRule(user.id)];
  const reply = await withinLimits(db, rules, now, async (tx) => {
    const f = await lockVisible(tx, user, body.feedbackId);
    if (f.status === 'resolved') throw fail.conflict(msg('feedback.resolved'));
    const fromStaff = user.isStaff && f.userId !== user.id;
    const status: FeedbackStatus = fromStaff ? 'replied' : 'pending';
    const [r] = await tx
      .insert(feedbackReplies)
      .values({ feedbackId: f.id, authorId: user.id, fromStaff, content: body.content, createdAt: now })
      .returning();
    await tx
      .update(feedbacks)
      .set({ status, replyCount: sql`${feedbacks.replyCount} + 1`, updatedAt: now })
      .where(eq(feedbacks.id, f.id));
    // The customer is told in the portal (the bell) with the reply, and by SMS once it is committed.
    if (fromStaff) {
      await tx.insert(notifications).values({
        userId: f.userId,
        kind: 'feedbackReply',
        feedbackId: f.id,
        detail: {},
        createdAt: now,
      });
      if (f.notifySms) text = { userId: f.userId, phone: f.contactPhone, feedbackId: f.id, title: f.title };
    }
    return r!;
  });
  return {
    reply: {
      id: reply.id,
      content: reply.content,
      fromStaff: reply.fromStaff,
      authorName: user.nickname,
      mine: true,
      createdAt: reply.createdAt.toISOString(),
    },
    text,
  };
}

/** A staff reply's SMS to the customer who asked for one (the contact phone of their feedback). */
export type ReplyText = { userId: string; phone: string; feedbackId: string; title: string };

/**
 * Sends the SMS of a committed staff reply through the SMS adapter (the outbox by default), in
 * the customer's language (their alert settings; Chinese unless they chose English). A failed
 * text does not undo the reply: the notice in the portal stands, and the failure is logged.
 */
export async function sendReplyText(db: Db, text: ReplyText | null, now: Date): Promise<void> {
  if (!text) return;
  const [s] = await db
    .select({ lang: alertSettings.lang })
    .from(alertSettings)
    .where(eq(alertSettings.userId, text.userId));
  const lang = s?.lang === 'en' ? 'en' : 'zh-CN';
  const t = dictionaries[lang].feedback;
  const title = text.title.length > 20 ? `${text.title.slice(0, 20)}…` : text.title;
  try {
    await smsAdapter(db).send(
      {
        phone: text.phone,
        purpose: 'feedback',
        text: fmt(t.smsReplied, { site: siteName(lang), title, url: `${siteUrl()}/feedback/${text.feedbackId}` }, lang),
        code: null,
      },
      now,
    );
  } catch (e) {
    const p = text.phone;
    console.error(`SMS to ${p.slice(0, 3)}****${p.slice(-4)} failed:`, e instanceof Error ? e.message : e);
  }
}
