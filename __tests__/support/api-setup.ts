// Each API test file gets its own migrated database: an in-memory PGlite, or,
// when TEST_DATABASE_URL is set, a fresh database on that PostgreSQL server.
import { afterAll, beforeAll } from '@jest/globals';
import { closeDb, setHandle } from '@/lib/server/db/client';
import { openTestDb } from './test-db';

process.env.SCRYPT_LOG_N ??= '14';
// Test files run concurrent calls on their own; the busy-slot refusal is tested where it is set low.
process.env.PASSWORD_HASH_CONCURRENCY ??= '64';

let dispose: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const h = await openTestDb();
  dispose = h.dispose;
  setHandle(h.handle);
}, 60_000);

afterAll(async () => {
  await closeDb();
  await dispose?.();
}, 60_000);
