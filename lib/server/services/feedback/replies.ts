import 'server-only';
import { asc, eq, sql } from 'drizzle-orm';
import type { FeedbackReplyDTO, FeedbackStatus } from '@/lib/api/schemas/feedback';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { feedbackReplies, feedbacks, users } from '../../db/schema';
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
): Promise<FeedbackReplyDTO> {
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
    return r!;
  });
  return {
    id: reply.id,
    content: reply.content,
    fromStaff: reply.fromStaff,
    authorName: user.nickname,
    mine: true,
    createdAt: reply.createdAt.toISOString(),
  };
}
