import 'server-only';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  addFeedbackBody,
  FeedbackDetailDTO,
  FeedbackPageDTO,
  FeedbackStatus,
  FeedbackSummaryDTO,
  queryFeedbackPageBody,
} from '@/lib/api/schemas/feedback';
import type { SessionUser } from '../../auth/sessions';
import type { Db, Tx } from '../../db/client';
import {
  feedbackImages,
  feedbacks,
  feedbackTypes,
  platforms,
  storedFiles,
  usedUploadGrants,
  userPlatformRegions,
  users,
} from '../../db/schema';
import { fail } from '../../errors';
import { describeWait, withinLimits, type LimitRule } from '../../rate-limit';
import { feedbackGrantOf, fileUrl, IMAGE_TYPES } from '../accounts/uploads';
import { requirePlatform } from './catalogue';
import { msg } from '@/lib/i18n/server-messages';

type AddBody = z.output<typeof addFeedbackBody>;
type PageBody = z.output<typeof queryFeedbackPageBody>;

/** Enough for a real problem report, not for a flood. */
export const FEEDBACK_PER_HOUR = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () => fail.notFound(msg('feedback.notFound'));

// ---- reading ----

const summaryColumns = {
  f: feedbacks,
  platformZh: platforms.nameZh,
  platformEn: platforms.nameEn,
  typeZh: feedbackTypes.nameZh,
  typeEn: feedbackTypes.nameEn,
  nickname: users.nickname,
  phone: users.phone,
  imageCount: sql<number>`(select count(*)::int from ${feedbackImages} where ${feedbackImages.feedbackId} = ${feedbacks.id})`,
};

function baseQuery(db: Db | Tx) {
  return db
    .select(summaryColumns)
    .from(feedbacks)
    .innerJoin(platforms, eq(platforms.key, feedbacks.platformKey))
    .innerJoin(feedbackTypes, eq(feedbackTypes.id, feedbacks.typeId))
    .innerJoin(users, eq(users.id, feedbacks.userId));
}
type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toSummary(r: Row, viewer: SessionUser): FeedbackSummaryDTO {
  const f = r.f;
  return {
    id: f.id,
    plaformKey: f.platformKey,
    platform: { nameZh: r.platformZh, nameEn: r.platformEn },
    type: { nameZh: r.typeZh, nameEn: r.typeEn },
    region: f.regionCode
      ? { regionCode: f.regionCode, nameZh: f.regionNameZh ?? f.regionCode, nameEn: f.regionNameEn ?? f.regionCode }
      : null,
    title: f.title,
    status: f.status as FeedbackStatus,
    replyCount: f.replyCount,
    imageCount: Number(r.imageCount),
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
    resolvedAt: iso(f.resolvedAt),
    submitter: viewer.isStaff ? { nickname: r.nickname, phone: r.phone } : null,
  };
}

/**
 * The one ownership rule: staff reach every feedback, anyone else only their
 * own. Everything else (another user's id, a malformed id, a deleted one) is the
 * same "not found", so ids of other people's feedback are not even confirmed.
 */
export function visibleTo(user: SessionUser): SQL | undefined {
  return user.isStaff ? undefined : eq(feedbacks.userId, user.id);
}

async function findVisible(db: Db | Tx, user: SessionUser, feedbackId: string): Promise<Row> {
  if (!UUID.test(feedbackId)) throw notFound();
  const [row] = await baseQuery(db)
    .where(and(eq(feedbacks.id, feedbackId), visibleTo(user)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** The id of a feedback the user may act on, locked for the rest of the transaction; not found otherwise. */
export async function lockVisible(tx: Tx, user: SessionUser, feedbackId: string) {
  if (!UUID.test(feedbackId)) throw notFound();
  const [f] = await tx
    .select()
    .from(feedbacks)
    .where(and(eq(feedbacks.id, feedbackId), visibleTo(user)))
    .for('update')
    .limit(1);
  if (!f) throw notFound();
  return f;
}

/** QueryFeedbackById. */
export async function getFeedback(db: Db | Tx, user: SessionUser, feedbackId: string): Promise<FeedbackDetailDTO> {
  const row = await findVisible(db, user, feedbackId);
  const images = await db
    .select({ key: feedbackImages.key })
    .from(feedbackImages)
    .where(eq(feedbackImages.feedbackId, row.f.id))
    .orderBy(asc(feedbackImages.sort));
  const now = new Date();
  const open = row.f.status !== 'resolved';
  return {
    ...toSummary(row, user),
    content: row.f.content,
    contactPhone: row.f.contactPhone,
    notifySms: row.f.notifySms,
    // Only the owner and staff get this far (findVisible), so only they get the signed URLs.
    images: images.map((i) => ({ key: i.key, url: fileUrl(i.key, now) })),
    mine: row.f.userId === user.id,
    canReply: open,
    canResolve: open,
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** QueryUserFeedbackForPage: the caller's own feedback; for staff, the inbox of everyone's. */
export async function listFeedback(db: Db, user: SessionUser, body: PageBody): Promise<FeedbackPageDTO> {
  const scope: (SQL | undefined)[] = [visibleTo(user)];
  if (body.platformKey) scope.push(eq(feedbacks.platformKey, body.platformKey));
  if (body.keyword) {
    const like = `%${escapeLike(body.keyword)}%`;
    scope.push(
      user.isStaff
        ? or(ilike(feedbacks.title, like), ilike(users.phone, like), ilike(users.nickname, like))
        : ilike(feedbacks.title, like),
    );
  }
  const where = and(...scope, body.status ? eq(feedbacks.status, body.status) : undefined);

  const byStatus = await db
    .select({ status: feedbacks.status, n: count() })
    .from(feedbacks)
    .innerJoin(users, eq(users.id, feedbacks.userId))
    .where(and(...scope))
    .groupBy(feedbacks.status);
  const counts = { pending: 0, replied: 0, resolved: 0 };
  for (const c of byStatus) if (c.status in counts) counts[c.status as FeedbackStatus] = Number(c.n);
  const total = body.status ? counts[body.status] : counts.pending + counts.replied + counts.resolved;

  const rows = await baseQuery(db)
    .where(where)
    .orderBy(desc(feedbacks.updatedAt), desc(feedbacks.id))
    .limit(body.pageSize)
    .offset((body.pageIndex - 1) * body.pageSize);
  return {
    list: rows.map((r) => toSummary(r, user)),
    total,
    pageIndex: body.pageIndex,
    pageSize: body.pageSize,
    counts,
    inbox: user.isStaff,
  };
}

// ---- filing ----

const rateRule = (userId: string): LimitRule => ({
  bucket: 'feedback',
  key: userId,
  limit: FEEDBACK_PER_HOUR,
  windowMs: 60 * 60 * 1000,
  message: (wait) => msg('feedback.tooMany', { wait: describeWait(wait) }),
});

/**
 * The images of a new feedback: the caller's own uploads, all made with
 * feedback grants (single-purpose), none already attached, no grant already
 * spent. Answers the grants to spend.
 */
async function checkImages(tx: Tx, userId: string, keys: string[]): Promise<string[]> {
  if (new Set(keys).size !== keys.length) throw fail.invalid('images', msg('feedback.imageTwice'));
  const grants = keys.map((k) => feedbackGrantOf(userId, k));
  if (grants.some((g) => !g)) throw fail.invalid('images', msg('feedback.imagesNotYours'));
  const files = await tx
    .select({ key: storedFiles.key, type: storedFiles.contentType })
    .from(storedFiles)
    .where(and(eq(storedFiles.userId, userId), inArray(storedFiles.key, keys)));
  if (files.length !== keys.length || files.some((f) => !IMAGE_TYPES.includes(f.type))) {
    throw fail.invalid('images', msg('feedback.imagesNotYours'));
  }
  const nonces = [...new Set(grants as string[])];
  const spent = await tx
    .select({ n: usedUploadGrants.nonce })
    .from(usedUploadGrants)
    .where(inArray(usedUploadGrants.nonce, nonces))
    .limit(1);
  if (spent.length) throw fail.invalid('images', msg('feedback.imagesGrantUsed'));
  const attached = await tx
    .select({ key: feedbackImages.key })
    .from(feedbackImages)
    .where(inArray(feedbackImages.key, keys))
    .limit(1);
  if (attached.length) throw fail.invalid('images', msg('feedback.imagesAttached'));
  return nonces;
}

/** AddInfoFeedback: files a feedback (pending) with up to 6 images; its upload grants are spent. */
export async function addFeedback(db: Db, user: SessionUser, body: AddBody, now: Date): Promise<FeedbackDetailDTO> {
  await requirePlatform(db, body.platformKey);
  const [type] = UUID.test(body.typeId)
    ? await db
        .select({ id: feedbackTypes.id })
        .from(feedbackTypes)
        .where(and(eq(feedbackTypes.id, body.typeId), eq(feedbackTypes.platformKey, body.platformKey)))
        .limit(1)
    : [];
  if (!type) throw fail.invalid('typeId', msg('feedback.typeNotOnPlatform'));

  const regions = await db
    .select()
    .from(userPlatformRegions)
    .where(and(eq(userPlatformRegions.userId, user.id), eq(userPlatformRegions.platformKey, body.platformKey)));
  const regionCode = body.regionCode || undefined;
  const region = regionCode ? regions.find((r) => r.regionCode === regionCode) : undefined;
  if (regionCode && !region) throw fail.invalid('regionCode', msg('feedback.regionNotYours'));
  if (!regionCode && regions.length) throw fail.invalid('regionCode', msg('feedback.regionRequired'));

  const imageLocks = body.images.map((k) => `feedback-image:${k}`);
  const id = await withinLimits(
    db,
    [rateRule(user.id)],
    now,
    async (tx) => {
      const nonces = await checkImages(tx, user.id, body.images);
      const [f] = await tx
        .insert(feedbacks)
        .values({
          userId: user.id,
          platformKey: body.platformKey,
          typeId: type.id,
          regionCode: region?.regionCode ?? null,
          regionNameZh: region?.nameZh ?? null,
          regionNameEn: region?.nameEn ?? null,
          title: body.title,
          content: body.content,
          contactPhone: body.contactPhone,
          notifySms: body.notifySms,
          status: 'pending',
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: feedbacks.id });
      const feedbackId = f!.id;
      if (body.images.length) {
        await tx.insert(feedbackImages).values(body.images.map((key, sort) => ({ feedbackId, key, sort })));
        const spent = await tx
          .insert(usedUploadGrants)
          .values(nonces.map((nonce) => ({ nonce, userId: user.id, feedbackId, usedAt: now })))
          .onConflictDoNothing()
          .returning({ n: usedUploadGrants.nonce });
        // Another feedback spent one of these grants in the meantime: this one attaches nothing.
        if (spent.length !== nonces.length) throw fail.invalid('images', msg('feedback.imagesGrantUsed'));
      }
      return feedbackId;
    },
    imageLocks,
  );
  return getFeedback(db, user, id);
}

/** ResolveFeedback: the author (or staff) closes it; resolving twice changes nothing. */
export async function resolveFeedback(
  db: Db,
  user: SessionUser,
  feedbackId: string,
  now: Date,
): Promise<FeedbackDetailDTO> {
  await db.transaction(async (tx) => {
    const f = await lockVisible(tx, user, feedbackId);
    if (f.status === 'resolved') return;
    await tx
      .update(feedbacks)
      .set({ status: 'resolved', resolvedAt: now, updatedAt: now })
      .where(eq(feedbacks.id, f.id));
  });
  return getFeedback(db, user, feedbackId);
}
