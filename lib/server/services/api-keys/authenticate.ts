import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { msg } from '@/lib/i18n/server-messages';
import { todayUtc } from '@/lib/shared/dates';
import type { Viewer } from '../../access/market-policy';
import { toViewer, viewerColumns } from '../../access/viewer';
import { hashToken } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { apiKeys, apiKeyUsage } from '../../db/schema';
import { users } from '../../db/schema';
import { fail } from '../../errors';
import { withinLimits } from '../../rate-limit';
import { type Allowance, allowanceOf } from './allowance';

export type KeyHolder = { keyId: string; userId: string; viewer: Viewer; allowance: Allowance };

// last_used_at is written at most this often, so every call is not a second write.
const TOUCH_EVERY_MS = 60_000;

/** The live key's owner and what the access policy sees of them, in one query; null for no such key. */
export async function authenticateApiKey(db: Db, key: string, now: Date): Promise<KeyHolder | null> {
  if (!key) return null;
  const [row] = await db
    .select({ keyId: apiKeys.id, userId: users.id, ...viewerColumns(users.id, now) })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, hashToken(key)), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) return null;
  const viewer = toViewer(row);
  return { keyId: row.keyId, userId: row.userId, viewer, allowance: allowanceOf(viewer, now) };
}

function secondsToMidnightUtc(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/**
 * Counts one call of the key, or refuses with 429: past the key's calls a minute, or past the
 * account's calls a day (all its keys together; the wait runs to midnight UTC). One transaction,
 * locked on the account, so concurrent calls on several instances cannot pass the quota together.
 */
export async function countApiCall(db: Db, holder: KeyHolder, now: Date): Promise<void> {
  const { allowance } = holder;
  const rule = {
    bucket: 'api-key-minute',
    key: holder.keyId,
    limit: allowance.callsPerMinute,
    windowMs: 60_000,
    message: (waitMs: number) =>
      msg('apiKeys.perMinute', { limit: allowance.callsPerMinute, seconds: Math.ceil(waitMs / 1000) }),
  };
  const day = todayUtc(now);
  await withinLimits(
    db,
    [rule],
    now,
    async (tx) => {
      const [used] = await tx
        .select({ calls: sql<number>`coalesce(sum(${apiKeyUsage.calls}), 0)`.mapWith(Number) })
        .from(apiKeyUsage)
        .innerJoin(apiKeys, eq(apiKeys.id, apiKeyUsage.keyId))
        .where(and(eq(apiKeys.userId, holder.userId), eq(apiKeyUsage.day, day)));
      if ((used?.calls ?? 0) >= allowance.callsPerDay) {
        throw fail.rateLimited(msg('apiKeys.perDay', { limit: allowance.callsPerDay }), {
          retryAfterSeconds: secondsToMidnightUtc(now),
        });
      }
      await tx
        .insert(apiKeyUsage)
        .values({ keyId: holder.keyId, day, calls: 1 })
        .onConflictDoUpdate({
          target: [apiKeyUsage.keyId, apiKeyUsage.day],
          set: { calls: sql`${apiKeyUsage.calls} + 1` },
        });
      await tx
        .update(apiKeys)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(apiKeys.id, holder.keyId),
            sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < ${new Date(now.getTime() - TOUCH_EVERY_MS).toISOString()}::timestamptz)`,
          ),
        );
    },
    [`api-user:${holder.userId}`],
  );
}
