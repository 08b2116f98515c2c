// `npm run staff:grant -- <phone> <role…>` as an operator runs it (a child process) against the
// configured database: the embedded one, or PostgreSQL with `npm run test:pg`.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createSession } from '@/lib/server/auth/sessions';
import type { Db } from '@/lib/server/db/client';
import { migrate } from '@/lib/server/db/migrate';
import { openPglite } from '@/lib/server/db/open-pglite';
import { openPostgres } from '@/lib/server/db/open-postgres';
import { sessions, users } from '@/lib/server/db/schema';

const dir = mkdtempSync(path.join(tmpdir(), 'staff-grant-'));
const pgUrl = process.env.TEST_DATABASE_URL;
let env: Record<string, string> = {};
let open: () => Promise<{ db: Db; close: () => Promise<void> }>;
let drop = async () => {};

function grant(...args: string[]) {
  const r = spawnSync(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', '--conditions=react-server', 'scripts/staff-grant.ts', ...args],
    { encoding: 'utf8', env: { ...process.env, ...env, NODE_OPTIONS: '' }, timeout: 120_000 },
  );
  return { code: r.status, out: r.stdout, err: r.stderr };
}

async function withDb<T>(f: (db: Db) => Promise<T>): Promise<T> {
  const h = await open();
  try {
    return await f(h.db);
  } finally {
    await h.close();
  }
}

beforeAll(async () => {
  if (pgUrl) {
    const { Client } = await import('pg');
    const name = `grant_${Date.now().toString(36)}`;
    const admin = new Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString() };
    open = async () => {
      const h = await openPostgres(url.toString());
      return { db: h.db, close: () => h.close() };
    };
    drop = async () => {
      const c = new Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    const pglite = path.join(dir, 'pglite');
    env = { DATABASE_URL: '', PGLITE_DIR: pglite };
    open = async () => {
      const h = await openPglite(pglite);
      return { db: h.db, close: () => h.close() };
    };
  }
  await withDb(async (db) => {
    await migrate(db, pgUrl ? 'postgres' : 'pglite');
    const [u] = await db
      .insert(users)
      .values({ phone: '13900000077', passwordHash: 'scrypt$unused', nickname: 'Olivia Ops' })
      .returning({ id: users.id });
    await createSession(db, u!.id, {});
  });
}, 120_000);

afterAll(async () => {
  await drop();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('npm run staff:grant', () => {
  it('sets the roles named, ends the console logins a change makes stale, and says what it did', async () => {
    const first = grant('13900000077', 'support', 'editor');
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toContain('13900000077 (Olivia Ops) roles: none → editor, support');

    const consoleSession = await withDb(async (db) => {
      const [u] = await db.select({ id: users.id }).from(users).where(eq(users.phone, '13900000077'));
      return (await createSession(db, u!.id, {}, new Date(), 'console')).token;
    });
    expect(consoleSession).toBeTruthy();
    const second = grant('13900000077', 'support');
    expect(second.out).toContain('roles: editor, support → support');
    expect(second.out).toContain('ended 1 console login(s)');

    const revoked = grant('13900000077', '--revoke');
    expect(revoked.out).toContain('roles: support → none');
    const open = await withDb((db) => db.select({ kind: sessions.kind, revokedAt: sessions.revokedAt }).from(sessions));
    // The site login stays; the console login ended with the first change that followed it.
    expect(open.filter((s) => s.kind === 'portal' && !s.revokedAt)).toHaveLength(1);
    expect(open.filter((s) => s.kind === 'console' && !s.revokedAt)).toHaveLength(0);
  }, 300_000);

  it('refuses unknown roles, a bad phone and an unknown account, changing nothing', async () => {
    const unknown = grant('13900000077', 'superuser');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('unknown role(s): superuser');
    expect(unknown.err).toContain('roles: admin, editor, contributor, data, support');
    expect(grant('12345', 'admin').err).toContain('"12345" is not a mainland mobile number');
    const missing = grant('13900000078', 'admin');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('no account has the phone 13900000078');
    const roles = await withDb((db) => db.select({ roles: users.roles }).from(users));
    expect(roles).toEqual([{ roles: [] }]);
  }, 300_000);
});
