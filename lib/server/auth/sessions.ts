import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import type { Viewer } from '../access/market-policy';
import { toViewer, viewerColumns } from '../access/viewer';
import { hashToken, newToken } from './tokens';

export const SLIDING_MS = 7 * 24 * 3600 * 1000;
export const ABSOLUTE_MS = 30 * 24 * 3600 * 1000;
// Sliding expiry is written at most this often, so every call is not a write.
const TOUCH_EVERY_MS = 60 * 1000;

export type SessionUser = {
  id: string;
  phone: string;
  nickname: string;
  isStaff: boolean;
  sourcePlatformCode: string | null;
  createdAt: Date;
};
export type Session = { id: string; user: SessionUser; viewer: Viewer };

export async function createSession(
  db: Db,
  userId: string,
  meta: { ip?: string | null; userAgent?: string | null },
  now = new Date(),
) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SLIDING_MS);
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    lastUsedAt: now,
    expiresAt,
    absoluteExpiresAt: new Date(now.getTime() + ABSOLUTE_MS),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
  });
  return { token, expiresAt: expiresAt.toISOString() };
}

/**
 * The live session of a token with its user and viewer (what the access policy sees: membership
 * and data products held), sliding its expiry; null when missing, revoked or expired. One round
 * trip for all three (docs/decisions/viewer-with-session.md).
 */
export async function resolveSession(db: Db, token: string, now = new Date()): Promise<Session | null> {
  if (!token || token.length > 256) return null;
  const [row] = await db
    .select({
      id: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      user: {
        id: users.id,
        phone: users.phone,
        nickname: users.nickname,
        isStaff: users.isStaff,
        sourcePlatformCode: users.sourcePlatformCode,
        createdAt: users.createdAt,
      },
      ...viewerColumns(users.id, now),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.absoluteExpiresAt, now),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    const slid = Math.min(now.getTime() + SLIDING_MS, row.absoluteExpiresAt.getTime());
    await db
      .update(sessions)
      .set({ lastUsedAt: now, expiresAt: new Date(slid) })
      .where(eq(sessions.id, row.id));
  }
  return { id: row.id, user: row.user, viewer: toViewer(row) };
}

export async function revokeSession(db: Db, sessionId: string, now = new Date()) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Db, userId: string, now = new Date()) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Reads the token from `Authorization` (the raw token, or `Bearer <token>`). */
export function tokenFromHeader(value: string | null): string {
  if (!value) return '';
  const v = value.trim();
  return v.toLowerCase().startsWith('bearer ') ? v.slice(7).trim() : v;
}
