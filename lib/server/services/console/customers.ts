import 'server-only';
import { addMonths } from 'date-fns';
import { and, asc, desc, eq, gt, isNull, like, or, sql } from 'drizzle-orm';
import type { Customer, CustomerHit } from '@/lib/api/console/schemas/customers';
import { msg } from '@/lib/i18n/server-messages';
import { revokeAllSessions } from '../../auth/sessions';
import type { Db, Tx } from '../../db/client';
import {
  dataProducts,
  feedbacks,
  memberLevels,
  memberTerms,
  orders,
  regions,
  sessions,
  userDataProductAuths,
  userMemberships,
  users,
} from '../../db/schema';
import { fail } from '../../errors';

type Conn = Db | Tx;

/** ConsoleCustomerFind: the account with this phone, or those whose phone ends with these digits. */
export async function findCustomers(db: Db, digits: string): Promise<CustomerHit[]> {
  const rows = await db
    .select()
    .from(users)
    .where(
      digits.length === 11 ? eq(users.phone, digits) : or(eq(users.phone, digits), like(users.phone, `%${digits}`)),
    )
    .orderBy(asc(users.phone))
    .limit(20);
  return rows.map((u) => ({
    id: u.id,
    phone: u.phone,
    nickname: u.nickname,
    createdAt: u.createdAt.toISOString(),
    locked: !!u.lockedAt,
    staff: u.roles.length > 0,
  }));
}

/** ConsoleCustomer: everything support looks at, newest first, each list bounded. */
export async function customerOf(db: Conn, userId: string, now: Date): Promise<Customer> {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u) throw fail.notFound(msg('console.noUser'));
  // One query after another: inside a console write these share the transaction's connection.
  const ms = await db
    .select({ m: userMemberships, code: memberLevels.code, nameZh: memberLevels.nameZh, nameEn: memberLevels.nameEn })
    .from(userMemberships)
    .innerJoin(memberLevels, eq(memberLevels.id, userMemberships.levelId))
    .where(eq(userMemberships.userId, userId))
    .orderBy(desc(userMemberships.endsAt))
    .limit(50);
  const hs = await db
    .select({
      h: userDataProductAuths,
      pZh: dataProducts.nameZh,
      pEn: dataProducts.nameEn,
      rZh: regions.nameZh,
      rEn: regions.nameEn,
    })
    .from(userDataProductAuths)
    .innerJoin(dataProducts, eq(dataProducts.code, userDataProductAuths.productCode))
    .innerJoin(regions, eq(regions.id, userDataProductAuths.regionId))
    .where(eq(userDataProductAuths.userId, userId))
    .orderBy(desc(userDataProductAuths.endsAt))
    .limit(100);
  const os = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)).limit(50);
  const fs = await db
    .select({ id: feedbacks.id, title: feedbacks.title, state: feedbacks.status, updatedAt: feedbacks.updatedAt })
    .from(feedbacks)
    .where(eq(feedbacks.userId, userId))
    .orderBy(desc(feedbacks.updatedAt))
    .limit(50);
  const ss = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.absoluteExpiresAt, now),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt))
    .limit(50);
  const active = (s: Date, e: Date) => s <= now && e > now;
  return {
    id: u.id,
    phone: u.phone,
    nickname: u.nickname,
    createdAt: u.createdAt.toISOString(),
    roles: u.roles,
    lockedAt: u.lockedAt?.toISOString() ?? null,
    lockReason: u.lockReason,
    memberships: ms.map((r) => ({
      id: r.m.id,
      levelCode: r.code,
      level: { nameZh: r.nameZh, nameEn: r.nameEn },
      startsAt: r.m.startsAt.toISOString(),
      endsAt: r.m.endsAt.toISOString(),
      active: active(r.m.startsAt, r.m.endsAt),
    })),
    holdings: hs.map((r) => ({
      id: r.h.id,
      productCode: r.h.productCode,
      product: { nameZh: r.pZh, nameEn: r.pEn },
      regionId: r.h.regionId,
      region: { nameZh: r.rZh, nameEn: r.rEn },
      startsAt: r.h.startsAt.toISOString(),
      endsAt: r.h.endsAt.toISOString(),
      active: active(r.h.startsAt, r.h.endsAt),
    })),
    orders: os.map((o) => ({
      id: o.id,
      orderNo: o.orderNo,
      kind: o.kind,
      status: o.status,
      amountFen: o.amountFen,
      title: { nameZh: o.titleZh, nameEn: o.titleEn },
      createdAt: o.createdAt.toISOString(),
      paidAt: o.paidAt?.toISOString() ?? null,
    })),
    feedback: fs.map((f) => ({ id: f.id, title: f.title, state: f.state, updatedAt: f.updatedAt.toISOString() })),
    sessions: ss.map((s) => ({
      id: s.id,
      kind: s.kind,
      createdAt: s.createdAt.toISOString(),
      lastUsedAt: s.lastUsedAt.toISOString(),
      expiresAt: (s.absoluteExpiresAt < s.expiresAt ? s.absoluteExpiresAt : s.expiresAt).toISOString(),
      ip: s.ip,
      userAgent: s.userAgent,
    })),
  };
}

/** ConsoleGrantOptions. */
export async function grantOptions(db: Db) {
  const levels = await db.select().from(memberLevels).where(gt(memberLevels.rank, 0)).orderBy(asc(memberLevels.rank));
  const products = await db.select().from(dataProducts).orderBy(asc(dataProducts.sort), asc(dataProducts.code));
  const provinces = await db
    .select({ id: regions.id, nameZh: regions.nameZh, nameEn: regions.nameEn })
    .from(regions)
    .where(eq(regions.level, 'province'))
    .orderBy(asc(regions.countryCode), asc(regions.sort), asc(regions.id));
  return {
    regions: provinces,
    levels: levels.map((l) => ({ code: l.code, nameZh: l.nameZh, nameEn: l.nameEn })),
    products: products.map((p) => ({ code: p.code, nameZh: p.nameZh, nameEn: p.nameEn })),
  };
}

/** The account staff act on, locked for the rest of the transaction; staff accounts are not theirs to change. */
async function lockCustomer(tx: Conn, userId: string) {
  const [u] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!u) throw fail.notFound(msg('console.noUser'));
  if (u.roles.length) throw fail.invalid('userId', msg('console.isStaff'));
  return u;
}

/**
 * ConsoleGrantMembership: the running membership of that level runs `months` longer, or one
 * starts now, as a paid renewal would (lib/server/services/commerce/kinds/member.ts); the
 * stretch is recorded at no value, so an upgrade credits nothing for it (docs/pricing.md).
 */
export async function grantMembership(
  tx: Conn,
  input: { userId: string; levelCode: string; months: number; now: Date },
) {
  await lockCustomer(tx, input.userId);
  const [level] = await tx.select().from(memberLevels).where(eq(memberLevels.code, input.levelCode));
  if (!level || level.rank <= 0) throw fail.invalid('levelCode', msg('console.noLevel'));
  const { now, months } = input;
  const [running] = await tx
    .select()
    .from(userMemberships)
    .where(
      and(
        eq(userMemberships.userId, input.userId),
        eq(userMemberships.levelId, level.id),
        gt(userMemberships.endsAt, now),
      ),
    )
    .orderBy(desc(userMemberships.endsAt))
    .limit(1)
    .for('update');
  const startsAt = running ? running.endsAt : now;
  const endsAt = addMonths(startsAt, months);
  let row: typeof userMemberships.$inferSelect;
  if (running)
    [row] = (await tx
      .update(userMemberships)
      .set({ endsAt })
      .where(eq(userMemberships.id, running.id))
      .returning()) as [typeof userMemberships.$inferSelect];
  else
    [row] = (await tx
      .insert(userMemberships)
      .values({ userId: input.userId, levelId: level.id, startsAt: now, endsAt })
      .returning()) as [typeof userMemberships.$inferSelect];
  await tx.insert(memberTerms).values({
    userId: input.userId,
    levelId: level.id,
    orderId: null,
    months,
    rangeDays: Math.max(1, Math.round((endsAt.getTime() - startsAt.getTime()) / 86_400_000)),
    startsAt,
    endsAt,
    valueFen: 0,
  });
  return { before: running ?? null, after: row, level: level.code };
}

/** ConsoleGrantRegion: the region runs `months` from the later of now and the end of what is held (as a purchase). */
export async function grantRegion(
  tx: Conn,
  input: { userId: string; productCode: string; regionId: string; months: number; now: Date },
) {
  await lockCustomer(tx, input.userId);
  const [p] = await tx
    .select({ code: dataProducts.code })
    .from(dataProducts)
    .where(eq(dataProducts.code, input.productCode));
  if (!p) throw fail.invalid('productCode', msg('console.noProduct'));
  const [r] = await tx.select({ id: regions.id }).from(regions).where(eq(regions.id, input.regionId));
  if (!r) throw fail.invalid('regionId', msg('console.noRegion'));
  const { now, months } = input;
  const key = and(
    eq(userDataProductAuths.userId, input.userId),
    eq(userDataProductAuths.productCode, input.productCode),
    eq(userDataProductAuths.regionId, input.regionId),
  );
  const [held] = await tx.select().from(userDataProductAuths).where(key).for('update');
  const from = held && held.endsAt > now ? held.endsAt : now;
  const endsAt = addMonths(from, months);
  const [row] = held
    ? await tx
        .update(userDataProductAuths)
        .set({ endsAt, startsAt: held.endsAt > now ? held.startsAt : now, updatedAt: now })
        .where(eq(userDataProductAuths.id, held.id))
        .returning()
    : await tx
        .insert(userDataProductAuths)
        .values({
          userId: input.userId,
          productCode: input.productCode,
          regionId: input.regionId,
          startsAt: now,
          endsAt,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
  return { before: held ?? null, after: row! };
}

/** ConsoleEndSessions: one session of the account, or all of them. */
export async function endSessions(tx: Conn, input: { userId: string; sessionId?: string; now: Date }) {
  const [u] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
  if (!u) throw fail.notFound(msg('console.noUser'));
  if (input.sessionId) {
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: input.now })
      .where(and(eq(sessions.id, input.sessionId), eq(sessions.userId, input.userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (!ended.length) {
      const [s] = await tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, input.sessionId), eq(sessions.userId, input.userId)));
      if (!s) throw fail.invalid('sessionId', msg('console.notTheirSession'));
    }
    return ended.map((e) => e.id);
  }
  return (await revokeAllSessions(tx, input.userId, input.now)).map((e) => e.id);
}

/** ConsoleLockCustomer: a lock ends every session (and refuses new logins); unlocking lets them in again. */
export async function setLocked(tx: Conn, input: { userId: string; locked: boolean; reason: string; now: Date }) {
  const u = await lockCustomer(tx, input.userId);
  const before = { lockedAt: u.lockedAt, lockReason: u.lockReason };
  if (!!u.lockedAt === input.locked) return { before, after: before, changed: false, ended: 0 };
  const after = input.locked ? { lockedAt: input.now, lockReason: input.reason } : { lockedAt: null, lockReason: null };
  await tx
    .update(users)
    .set({ ...after, updatedAt: sql`now()` })
    .where(eq(users.id, u.id));
  const ended = input.locked ? (await revokeAllSessions(tx, u.id, input.now)).length : 0;
  return { before, after, changed: true, ended };
}
