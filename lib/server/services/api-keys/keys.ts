import 'server-only';
import { and, count, desc, eq, gte, inArray, isNull, sum } from 'drizzle-orm';
import type { ApiKeyDTO, ApiKeysDTO, CreatedApiKeyDTO } from '@/lib/api/schemas/api-keys';
import { msg } from '@/lib/i18n/server-messages';
import { addDays, todayUtc } from '@/lib/shared/dates';
import type { Viewer } from '../../access/market-policy';
import { hashToken } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { apiKeys, apiKeyUsage } from '../../db/schema';
import { fail } from '../../errors';
import { lockKeys } from '../../rate-limit';
import { allowanceOf, MAX_ACTIVE_KEYS } from './allowance';
import { newApiKey } from './key-format';

type KeyRow = typeof apiKeys.$inferSelect;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toDto(k: KeyRow, usage: Map<string, number>, days: string[]): ApiKeyDTO {
  const today = days[days.length - 1] ?? '';
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
    callsToday: usage.get(`${k.id}:${today}`) ?? 0,
    last7Days: days.map((day) => ({ day, calls: usage.get(`${k.id}:${day}`) ?? 0 })),
  };
}

function lastDays(now: Date, n: number): string[] {
  const today = todayUtc(now);
  return Array.from({ length: n }, (_, i) => addDays(today, i - n + 1));
}

/** The user's keys, newest first, with their calls of the last 7 UTC days. */
export async function listApiKeys(db: Db, userId: string, viewer: Viewer, now: Date): Promise<ApiKeysDTO> {
  const keys = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
  const days = lastDays(now, 7);
  const rows = keys.length
    ? await db
        .select()
        .from(apiKeyUsage)
        .where(
          and(
            inArray(
              apiKeyUsage.keyId,
              keys.map((k) => k.id),
            ),
            gte(apiKeyUsage.day, days[0] ?? ''),
          ),
        )
    : [];
  const usage = new Map(rows.map((r) => [`${r.keyId}:${r.day}`, r.calls]));
  const dtos = keys.map((k) => toDto(k, usage, days));
  return {
    allowance: allowanceOf(viewer, now),
    callsToday: dtos.reduce((s, k) => s + k.callsToday, 0),
    keys: dtos,
  };
}

/** Makes a key for an account whose membership or data products include the API; the key is answered once. */
export async function createApiKey(
  db: Db,
  userId: string,
  viewer: Viewer,
  name: string,
  now: Date,
): Promise<CreatedApiKeyDTO> {
  if (allowanceOf(viewer, now).callsPerDay === 0) throw fail.forbidden(msg('apiKeys.notIncluded'));
  const { key, prefix } = newApiKey();
  const row = await db.transaction(async (tx) => {
    // Two requests at once cannot both take the last free place.
    await lockKeys(tx, [`api-keys:${userId}`]);
    const [active] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    if ((active?.n ?? 0) >= MAX_ACTIVE_KEYS) throw fail.conflict(msg('apiKeys.tooMany', { max: MAX_ACTIVE_KEYS }));
    const [inserted] = await tx
      .insert(apiKeys)
      .values({ userId, name, keyHash: hashToken(key), prefix, createdAt: now })
      .returning();
    return inserted as KeyRow;
  });
  return { ...toDto(row, new Map(), lastDays(now, 7)), key };
}

/** Revokes the user's own key (another user's answers 404, as if it did not exist). Idempotent. */
export async function revokeApiKey(db: Db, userId: string, id: string, now: Date): Promise<ApiKeyDTO> {
  const [row] = UUID.test(id)
    ? await db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), eq(apiKeys.id, id)))
        .limit(1)
    : [];
  if (!row) throw fail.notFound(msg('apiKeys.notFound'));
  const revoked = row.revokedAt
    ? row
    : ((await db.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, row.id)).returning())[0] ?? row);
  const days = lastDays(now, 7);
  const usage = await db
    .select({ day: apiKeyUsage.day, calls: sum(apiKeyUsage.calls).mapWith(Number) })
    .from(apiKeyUsage)
    .where(and(eq(apiKeyUsage.keyId, row.id), gte(apiKeyUsage.day, days[0] ?? '')))
    .groupBy(apiKeyUsage.day);
  return toDto(revoked, new Map(usage.map((u) => [`${row.id}:${u.day}`, u.calls])), days);
}
