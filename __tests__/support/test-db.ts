import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '@/lib/server/db/client';
import { MIGRATIONS_DIR, migrate } from '@/lib/server/db/migrate';
import { openPglite } from '@/lib/server/db/open-pglite';
import { openPostgres } from '@/lib/server/db/open-postgres';

/** A fresh, migrated database for one test file. */
export async function openTestDb() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const handle = await openPglite('memory://', await migratedTemplate());
    return { handle, dispose: async () => {} };
  }
  const { Client } = await import('pg');
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = '/' + name;
  const handle = await openPostgres(dbUrl.toString());
  await migrate(handle.db, 'postgres');
  return {
    handle,
    dispose: async () => {
      const c = new Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A dump of an embedded database with every committed migration applied, made once per set of
 * migrations and PGlite version and kept in the temp directory. Creating and migrating a PGlite
 * costs about 7 s per test file; loading this costs about 1 s (docs/testing.md).
 */
async function migratedTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(process.cwd(), 'node_modules/@electric-sql/pglite/package.json')));
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)],
    );
  for (const f of files(MIGRATIONS_DIR).sort()) hash.update(f).update(readFileSync(f));
  const file = path.join(tmpdir(), `yoonop-test-template-${hash.digest('hex').slice(0, 16)}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const pg = new PGlite();
    await migrate(drizzle(pg) as unknown as Db, 'pglite');
    const dump = await pg.dumpDataDir('none');
    await pg.close();
    // Written aside and renamed: a worker building the same template at once never reads half a file.
    const part = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
    renameSync(part, file);
    return dump;
  }
}
