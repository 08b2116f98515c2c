import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { CONSOLE_SESSION_HOURS, isStaffRole, type StaffRole } from '@/lib/api/console/roles';
import type { Db, Tx } from '../db/client';
import { sessions, users } from '../db/schema';
import type { Viewer } from '../access/market-policy';
import { toViewer, viewerColumns } from '../access/viewer';
import { hashToken, newToken } from './tokens';

export const SLIDING_MS = 7 * 24 * 3600 * 1000;
export const ABSOLUTE_MS = 30 * 24 * 3600 * 1000;
/** A console login ends this long after it began, used or not (docs/access-policy.md "Staff roles"). */
export const CONSOLE_MS = CONSOLE_SESSION_HOURS * 3600 * 1000;
// Sliding expiry is written at most this often, so every call is not a write.
const TOUCH_EVERY_MS = 60 * 1000;

export type SessionUser = {
  id: string;
  phone: string;
  nickname: string;
  /** Holds any console role. */
  isStaff: boolean;
  roles: StaffRole[];
  sourcePlatformCode: string | null;
  createdAt: Date;
};
/** portal: the site's login; console: a staff login to /console. */
export type SessionKind = 'portal' | 'console';
export type Session = { id: string; kind: SessionKind; user: SessionUser; viewer: Viewer };

export async function createSession(
  db: Db,
  userId: string,
  meta: { ip?: string | null; userAgent?: string | null },
  now = new Date(),
  kind: SessionKind = 'portal',
) {
  const token = newToken();
  const isConsole = kind === 'console';
  const expiresAt = new Date(now.getTime() + (isConsole ? CONSOLE_MS : SLIDING_MS));
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    kind,
    createdAt: now,
    lastUsedAt: now,
    expiresAt,
    absoluteExpiresAt: isConsole ? expiresAt : new Date(now.getTime() + ABSOLUTE_MS),
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
      kind: sessions.kind,
      lastUsedAt: sessions.lastUsedAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      user: {
        id: users.id,
        phone: users.phone,
        nickname: users.nickname,
        roles: users.roles,
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
        // A locked account's sessions stop working at once (docs/console.md "Customers").
        isNull(users.lockedAt),
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
  const roles = row.user.roles.filter(isStaffRole);
  return {
    id: row.id,
    kind: row.kind === 'console' ? 'console' : 'portal',
    user: { ...row.user, roles, isStaff: roles.length > 0 },
    viewer: toViewer(row),
  };
}

export async function revokeSession(db: Db, sessionId: string, now = new Date()) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends a user's sessions: all of them, or those of one kind (a role change ends the console ones). */
export async function revokeAllSessions(db: Db | Tx, userId: string, now = new Date(), kind?: SessionKind) {
  return db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), kind ? eq(sessions.kind, kind) : undefined))
    .returning({ id: sessions.id });
}

/** Reads the token from `Authorization` (the raw token, or `Bearer <token>`). */
export function tokenFromHeader(value: string | null): string {
  if (!value) return '';
  const v = value.trim();
  return v.toLowerCase().startsWith('bearer ') ? v.slice(7).trim() : v;
}
