// docs/accounts.md#uploads: whatever number of grants an account asks for, it stores at most
// DAILY_MAX_FILES files and DAILY_MAX_BYTES bytes in any 24 hours (issue 27, item 6).
import { afterEach, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { storedFiles } from '@/lib/server/db/schema';
import { DAILY_MAX_BYTES, DAILY_MAX_FILES } from '@/lib/server/services/accounts/uploads';
import { registerUser, userIdOf } from '../support/accounts';
import { ok } from '../support/api-client';
import { fakeClock } from '../support/clock';
import { png, send, withTempFilesDir } from '../support/uploads';

withTempFilesDir('uploads-quota-');

let clock: ReturnType<typeof fakeClock> | undefined;
afterEach(() => {
  clock?.restore();
  clock = undefined;
});

const HOUR = 3_600_000;

/** Files the account stored earlier (rows as the upload route writes them), `hoursAgo` hours back. */
async function storedEarlier(userId: string, files: number, bytesEach: number, hoursAgo: number) {
  const db = await getDb();
  const at = new Date(Date.now() - hoursAgo * HOUR);
  await db.insert(storedFiles).values(
    Array.from({ length: files }, () => ({
      key: `u/${userId}/earlier/${randomBytes(8).toString('hex')}.png`,
      userId,
      contentType: 'image/png',
      bytes: bytesEach,
      grantNonce: null,
      createdAt: at,
    })),
  );
}

async function filesOf(userId: string) {
  const db = await getDb();
  const [c] = await db.select({ n: count() }).from(storedFiles).where(eq(storedFiles.userId, userId));
  return c?.n ?? 0;
}

describe('the daily upload allowance', () => {
  it(`stores at most ${DAILY_MAX_FILES} files a day across any number of grants, then says when to come back`, async () => {
    clock = fakeClock(Date.now());
    const u = await registerUser();
    const userId = await userIdOf(u.phone);
    await storedEarlier(userId, DAILY_MAX_FILES - 5, 100, 23);

    // Two fresh grants (10 places each), 12 files at once: only the 5 left today are stored.
    const grants = [await ok('UpLoadFileAuths', { token: u.token }), await ok('UpLoadFileAuths', { token: u.token })];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => send(u.token, grants[i % 2]!.grant, png(200 + i))),
    );
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(5);
    const refused = answers.filter((a) => a.body.code !== 1);
    expect(refused).toHaveLength(7);
    for (const r of refused) {
      expect(r.body.code).toBe(429);
      expect(r.body.msg).toBe(
        `This account has uploaded its ${DAILY_MAX_FILES} files or 200 MB for today; try again later`,
      );
      // The oldest of today's files leaves the 24 hours in one hour.
      const wait = (r.body as { data?: { retryAfterSeconds?: number } }).data?.retryAfterSeconds ?? 0;
      expect(wait).toBeGreaterThan(HOUR / 1000 - 60);
      expect(wait).toBeLessThanOrEqual(HOUR / 1000);
    }
    expect(await filesOf(userId)).toBe(DAILY_MAX_FILES);

    // An hour later the earlier files are more than 24 hours old: uploads work again.
    clock.advance(HOUR + 1000);
    const later = await send(u.token, (await ok('UpLoadFileAuths', { token: u.token })).grant, png(300));
    expect(later.body.code).toBe(1);
  });

  it('counts bytes too, and only those of the last 24 hours', async () => {
    const heavy = await registerUser();
    const heavyId = await userIdOf(heavy.phone);
    await storedEarlier(heavyId, 1, DAILY_MAX_BYTES - 10, 2);
    const g = await ok('UpLoadFileAuths', { token: heavy.token });
    const over = await send(heavy.token, g.grant, png(400));
    expect(over.body.code).toBe(429);
    expect(await filesOf(heavyId)).toBe(1);

    const yesterday = await registerUser();
    const yesterdayId = await userIdOf(yesterday.phone);
    await storedEarlier(yesterdayId, 1, DAILY_MAX_BYTES, 25);
    const g2 = await ok('UpLoadFileAuths', { token: yesterday.token });
    expect((await send(yesterday.token, g2.grant, png(401))).body.code).toBe(1);
  });

  it('is each account’s own: another user uploads while one is over', async () => {
    const full = await registerUser();
    await storedEarlier(await userIdOf(full.phone), DAILY_MAX_FILES, 100, 1);
    const other = await registerUser();
    const g = await ok('UpLoadFileAuths', { token: other.token });
    expect((await send(other.token, g.grant, png(500))).body.code).toBe(1);
    const gFull = await ok('UpLoadFileAuths', { token: full.token });
    expect((await send(full.token, gFull.grant, png(501))).body.code).toBe(429);
  });
});
