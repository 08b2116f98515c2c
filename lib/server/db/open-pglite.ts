import 'server-only';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { Db } from './client';
import { queryLogger } from './query-log';
import * as schema from './schema';

/**
 * PGlite has no cross-process lock, and two processes on one data dir corrupt
 * it: hold an exclusive lock file beside the dir, and refuse with a clear
 * message while another live process holds it.
 */
function acquireLock(dir: string): () => void {
  const lockPath = path.resolve(dir) + '.lock';
  mkdirSync(path.dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(lockPath, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `The embedded database at ${dir} is in use by process ${pid}. Stop it first, or set DATABASE_URL to use PostgreSQL for several processes.`,
        );
      }
      rmSync(lockPath, { force: true }); // stale lock of a dead process
    }
  }
  throw new Error(`Could not lock the embedded database at ${dir}`);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Opens the embedded database at `dir` ('memory://' for one in memory). `from` starts an
 * in-memory database from a data-dir dump (PGlite's `dumpDataDir`): the API tests load a migrated
 * template in about 1 s instead of creating and migrating one in about 7 s (docs/testing.md).
 */
export async function openPglite(dir: string, from?: Blob) {
  const memory = dir === 'memory://';
  let release = () => {};
  if (!memory) {
    mkdirSync(dir, { recursive: true });
    release = acquireLock(dir);
    // A command stopped by Ctrl+C still frees the lock. A process that handles these signals
    // itself (the server's graceful stop) closes the database, which frees it.
    for (const sig of ['SIGINT', 'SIGTERM'] as const)
      process.once(sig, () => {
        if (process.listenerCount(sig) > 0) return;
        release();
        process.exit(130);
      });
    process.once('exit', release);
  }
  const client = new PGlite(memory ? { loadDataDir: from } : { dataDir: dir });
  await client.waitReady;
  const db = drizzle(client, { schema, logger: queryLogger() }) as unknown as Db;
  return {
    db,
    kind: 'pglite' as const,
    close: async () => {
      await client.close();
      release();
    },
  };
}
