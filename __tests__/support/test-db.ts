import { randomBytes } from 'node:crypto';
import { migrate } from '@/lib/server/db/migrate';
import { openPglite } from '@/lib/server/db/open-pglite';
import { openPostgres } from '@/lib/server/db/open-postgres';

/** A fresh, migrated database for one test file. */
export async function openTestDb() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const handle = await openPglite('memory://');
    await migrate(handle.db, 'pglite');
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
