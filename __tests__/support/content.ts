// Shared by the content API tests (not a test file itself): a seeded database
// (demo accounts, news, documents with PDFs) and file storage in a temp dir.
import { afterAll, beforeAll } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getDb } from '@/lib/server/db/client';
import { resetEnvCache } from '@/lib/server/env';
import { seedAccounts } from '@/lib/server/seed/accounts';
import { seedContent } from '@/lib/server/seed/content';
import { ok } from './api-client';

export const STAFF = { phone: '13800000002', password: 'Staff12345' };
export const CUSTOMER = { phone: '13800000001', password: 'Demo12345' };

export type Envelope<T> = { code: number; msg?: string; data?: T };

/** Seeds once for the file; the returned object is filled in before the tests run. */
export function seededContent() {
  const ctx = { staffToken: '', customerToken: '', filesDir: '' };
  const saved = { ...process.env };
  beforeAll(async () => {
    ctx.filesDir = mkdtempSync(path.join(tmpdir(), 'content-'));
    process.env.FILES_DIR = ctx.filesDir;
    process.env.SITE_URL = 'http://portal.test';
    resetEnvCache();
    const db = await getDb();
    await seedAccounts(db, { demo: true });
    await seedContent(db);
    // Publishing is a console call: a console login (docs/access-policy.md "Staff roles").
    ctx.staffToken = (await ok('ConsoleLogin', { body: STAFF })).token;
    ctx.customerToken = (await ok('UserLoginAPP', { body: CUSTOMER })).token;
  }, 120_000);
  afterAll(() => {
    process.env = { ...saved };
    resetEnvCache();
    rmSync(ctx.filesDir, { recursive: true, force: true });
  });
  return ctx;
}
