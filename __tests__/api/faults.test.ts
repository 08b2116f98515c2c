// The pieces of docs/reliability.md that a test can drive without killing processes (the fault
// suite, faults/, injects the real faults into production instances): which errors mean the
// database is away, the gate that answers 503 while it is and finds it back, the job record that
// commits with its import, and an upload whose store fails.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { count, eq, sql } from 'drizzle-orm';
import { Client, type Pool } from 'pg';
import { DatabaseGate, databaseGate, isDatabaseUnavailable } from '@/lib/server/db/availability';
import { getDb } from '@/lib/server/db/client';
import { openPostgres } from '@/lib/server/db/open-postgres';
import { jobRuns, storedFiles } from '@/lib/server/db/schema';
import { LocalStorage } from '@/lib/server/adapters/storage/local';
import { recordJobRun } from '@/lib/server/fleet/job-runs';
import { metricsText } from '@/lib/server/fleet/metrics';
import { importRows } from '@/lib/server/services/market/import/pipeline';
import { call, ok } from '../support/api-client';
import { registerUser } from '../support/accounts';
import { png, send, withTempFilesDir } from '../support/uploads';

withTempFilesDir('faults-');
afterEach(() => {
  jest.restoreAllMocks();
  databaseGate().stop();
});

const quiet = () => jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
const errno = (code: string, message = code) => Object.assign(new Error(message), { code });
/** Resolves once `ok()` holds, checking every 5 ms; fails after 5 s. */
async function until(ok: () => boolean) {
  const deadline = Date.now() + 5000;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('condition not met within 5 s');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('isDatabaseUnavailable', () => {
  it('knows the errors of a database that is gone, also wrapped, and nothing else', () => {
    for (const e of [
      errno('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      errno('57P01', 'terminating connection due to administrator command'),
      errno('57P03', 'the database system is starting up'),
      errno('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Failed query: select 1', { cause: errno('ECONNRESET') }),
      new AggregateError([errno('ECONNREFUSED')], 'connect failed'),
    ])
      expect([String(e), isDatabaseUnavailable(e)]).toEqual([String(e), true]);
    for (const e of [
      errno('23505', 'duplicate key value violates unique constraint'),
      errno('42P01', 'relation "x" does not exist'),
      new Error('boom'),
      null,
      'ECONNREFUSED',
    ])
      expect([String(e), isDatabaseUnavailable(e)]).toEqual([String(e), false]);
  });
});

describe('DatabaseGate', () => {
  it('goes down on the first such error, probes until the database answers, then is up again', async () => {
    let answers = false;
    const probes: number[] = [];
    const gate = new DatabaseGate(async () => {
      probes.push(Date.now());
      if (!answers) throw errno('ECONNREFUSED');
    }, 20);
    const events: { down: boolean; ms: number }[] = [];
    gate.onChange(({ down, ms }) => events.push({ down, ms }));
    expect(gate.report(new Error('a bug'))).toBe(false);
    expect(gate.down).toBe(false);
    expect(gate.report(errno('57P01'))).toBe(true);
    expect(gate.report(errno('ECONNREFUSED'))).toBe(true);
    expect(gate.down).toBe(true);
    // Waits on what happened, not on fixed sleeps: timers run late on a busy machine.
    await until(() => probes.length >= 3);
    expect(gate.down).toBe(true);
    expect(events.map((e) => e.down)).toEqual([true]);
    answers = true;
    await until(() => !gate.down);
    expect(events.map((e) => e.down)).toEqual([true, false]);
    // Three failed probes, 20 ms apart at the least, came before the one that found it back.
    expect(events[1]!.ms).toBeGreaterThanOrEqual(60);
    gate.stop();
  });

  it('answers calls 503 with Retry-After at once while the database is away, and serves again once it is back', async () => {
    const out = quiet();
    const gate = databaseGate();
    gate.report(errno('ECONNREFUSED'));
    const refused = await call('QueryNewsCategory');
    expect(refused).toMatchObject({
      status: 503,
      body: {
        code: 503,
        msg: 'The service is briefly unavailable; nothing was changed. Please try again in a few seconds.',
        msgKey: 'faults.databaseUnavailable',
        data: { retryAfterSeconds: 5 },
      },
    });
    // One fault line for the refused call, and its count.
    const lines = out.mock.calls.map((c) => String(c[0])).filter((l) => l.includes('"msg":"fault"'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ fault: 'database_unavailable', call: 'QueryNewsCategory' });
    expect((await metricsText()).body).toMatch(/^portal_faults_total\{fault="database_unavailable"\} [1-9]\d*$/m);
    expect((await metricsText()).body).toMatch(/^portal_database_up 0$/m);
    // The probe (every 500 ms) finds the embedded database there.
    await new Promise((r) => setTimeout(r, 700));
    expect(gate.down).toBe(false);
    expect((await call('QueryNewsCategory')).body.code).toBe(1);
  });
});

describe('a PostgreSQL connection that ends while in use', () => {
  it('goes back to the pool: neither a BEGIN cut off nor a connection cut mid-transaction leaves one in use', async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) {
      // The embedded database has no connections to lose: a failed transaction leaves it serving.
      const db = await getDb();
      await expect(db.transaction(() => Promise.reject(new Error('cut')))).rejects.toThrow('cut');
      expect(await db.execute(sql`select 1 as one`)).toMatchObject({ rows: [{ one: 1 }] });
      return;
    }
    const h = await openPostgres(url);
    const pool = (h.db as unknown as { $client: Pool }).$client;
    const inUse = () => h.stats().total - h.stats().idle;
    const admin = new Client({ connectionString: url });
    await admin.connect();
    try {
      // The connection ends as it is handed out, so BEGIN fails (a restart does this with 57P01).
      pool.once('acquire', (client) => void client.end());
      await expect(h.db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow(/begin/);
      await until(() => inUse() === 0);

      // PostgreSQL ends it between two statements (a login hashing its password inside its
      // transaction): no uncaught error, the next statement fails, the connection is given back.
      await expect(
        h.db.transaction(async (tx) => {
          const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
            rows: { pid: number }[];
          };
          await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
          await until(() => inUse() === 0);
          await tx.execute(sql`select 1`);
        }),
      ).rejects.toThrow();
      expect(h.stats()).toMatchObject({ waiting: 0 });
      expect(inUse()).toBe(0);
      // And the pool serves on new connections.
      expect(await h.db.execute(sql`select 1 as one`)).toMatchObject({ rows: [{ one: 1 }] });
    } finally {
      await admin.end();
      await h.close();
    }
  });
});

describe('a job record that commits with its work', () => {
  it('is written in the work’s transaction: rolled back with it, and replaced by "failed"', async () => {
    const db = await getDb();
    const runs = async () => (await db.select({ outcome: jobRuns.outcome }).from(jobRuns)).map((r) => r.outcome);
    const before = await runs();
    await expect(
      recordJobRun(db, 'import', (run) =>
        db.transaction(async (tx) => {
          await run.recordOk(tx, 7);
          throw new Error('killed before commit');
        }),
      ),
    ).rejects.toThrow('killed before commit');
    expect((await runs()).slice(before.length)).toEqual(['failed']);
    await recordJobRun(db, 'import', (run) => db.transaction((tx) => run.recordOk(tx, 3)));
    const [last] = await db.select().from(jobRuns).where(eq(jobRuns.items, 3));
    expect(last).toMatchObject({ job: 'import', outcome: 'ok' });
    expect((await runs()).length).toBe(before.length + 2);
  });

  it('an import whose last step fails leaves nothing of the import', async () => {
    const db = await getDb();
    const rows = await db.select({ n: count() }).from(jobRuns);
    const err = await importRows(db, [[]], {
      inTransaction: async (tx) => {
        await tx
          .insert(jobRuns)
          .values({ job: 'import', outcome: 'ok', startedAt: new Date(), finishedAt: new Date() });
        throw new Error('killed');
      },
    }).catch((e: unknown) => e);
    expect(String(err)).toMatch('killed');
    expect(await db.select({ n: count() }).from(jobRuns)).toEqual(rows);
  });
});

describe('an upload whose store fails', () => {
  it('answers 503 with a clear message, stores no row, and uploads again once the store works', async () => {
    quiet();
    const { token } = await registerUser();
    const g = await ok('UpLoadFileAuths', { token });
    const me = await ok('GetCurrentUser', { token });
    const db = await getDb();
    const rows = async () => db.select().from(storedFiles).where(eq(storedFiles.userId, me.id));
    const put = jest
      .spyOn(LocalStorage.prototype, 'put')
      .mockRejectedValueOnce(errno('ENOSPC', 'ENOSPC: no space left on device, write'));
    const refused = await send(token, g.grant, png());
    expect(refused).toMatchObject({
      status: 503,
      body: {
        code: 503,
        msg: 'The file could not be stored (storage is full or unavailable); nothing was saved. Please try again later.',
      },
    });
    expect(await rows()).toEqual([]);
    put.mockRestore();
    const stored = await send(token, g.grant, png());
    expect(stored.body.code).toBe(1);
    expect((await rows()).map((r) => r.key)).toEqual([stored.body.data!.key]);
  });

  it('removes the file again when its row cannot be written (the grant filled up meanwhile)', async () => {
    const { token } = await registerUser();
    const g = await ok('UpLoadFileAuths', { token });
    const me = await ok('GetCurrentUser', { token });
    const nonce = (JSON.parse(Buffer.from(g.grant.split('.')[1]!, 'base64url').toString()) as { n: string }).n;
    const db = await getDb();
    const real = LocalStorage.prototype.put;
    let written = '';
    // While the file is written, parallel uploads take every place the grant has.
    jest.spyOn(LocalStorage.prototype, 'put').mockImplementationOnce(async function (
      this: LocalStorage,
      key: string,
      bytes: Uint8Array,
    ) {
      written = key;
      await db.insert(storedFiles).values(
        Array.from({ length: 10 }, (_, i) => ({
          key: `${g.keyPrefix}race-${i}.png`,
          userId: me.id,
          contentType: 'image/png',
          bytes: 1,
          grantNonce: nonce,
          createdAt: new Date(),
        })),
      );
      return real.call(this, key, bytes);
    });
    const removed = jest.spyOn(LocalStorage.prototype, 'delete');
    const refused = await send(token, g.grant, png());
    expect(refused.body).toMatchObject({ code: 400, msg: expect.stringMatching(/^grant: /) });
    expect(removed).toHaveBeenCalledWith(written);
    expect(await new LocalStorage(process.env.FILES_DIR!).get(written)).toBeNull();
    expect(await db.select().from(storedFiles).where(eq(storedFiles.key, written))).toEqual([]);
  });
});
