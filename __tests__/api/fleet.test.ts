// What keeps several instances on one database coherent and observable (lib/server/fleet/,
// server/page-cache/), on both databases: cache tags expired on one instance reaching the others'
// page caches, job runs counted for /metrics from any process, readiness, and migrations started
// by two instances at once.
import { describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { getDb } from '@/lib/server/db/client';
import { appliedMigrations, committedMigrations, migrate } from '@/lib/server/db/migrate';
import { openPglite } from '@/lib/server/db/open-pglite';
import { openPostgres } from '@/lib/server/db/open-postgres';
import { jobCounts, recordJobRun } from '@/lib/server/fleet/job-runs';
import { metricsText } from '@/lib/server/fleet/metrics';
import { cacheTagsChangedSince, expireCacheTags } from '@/lib/server/fleet/cache-tags';
import { checkReadiness, readinessProbe } from '@/lib/server/fleet/readiness';
import { PageCacheHandler } from '@/server/page-cache/handler';
import { startProdServer } from '../support/prod-server';
import { TAG_READ_INTERVAL_MS, TagStore, type TagStoreOptions } from '@/server/page-cache/tag-store';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const parsePrometheus = require('parse-prometheus-text-format') as (text: string) => PromFamily[];

type PromFamily = { name: string; type: string; metrics: { value?: string; labels?: Record<string, string> }[] };

/** One instance's view of the shared cache tags: its tag store and its page cache, on the test database. */
function instance(clock: { now: number }, options: TagStoreOptions = {}) {
  const tags = new TagStore(
    {
      expire: async (t) => expireCacheTags(await getDb(), t),
      changedSince: async (since) => cacheTagsChangedSince(await getDb(), since),
    },
    { now: () => clock.now, ...options },
  );
  return { tags, pages: new PageCacheHandler(tags, undefined, () => clock.now) };
}

const NEWS = '_N_T_/[locale]/(desktop)/regard/journalism/layout';
const DOCS = '_N_T_/[locale]/(desktop)/documents/layout';
const page = (...tags: string[]) => ({
  kind: 'APP_PAGE',
  html: '<p>x</p>',
  headers: { 'x-next-cache-tags': tags.join(',') },
});
const PAGE_CTX = { kind: 'APP_PAGE' };

describe('cache tags', () => {
  it("reach another instance's page cache at its next read, and only the pages they tag", async () => {
    const clock = { now: 1_000_000 };
    const a = instance(clock);
    let learnt = 0;
    const b = instance(clock, { onRemoteExpiry: () => learnt++ });
    const cleared: string[] = [];
    b.tags.onChange(() => cleared.push('b'));
    await b.tags.refresh(); // B has looked once: where things stand
    await b.pages.set('/news', page(NEWS, '_N_T_/layout'), {});
    await b.pages.set('/docs', page(DOCS), {});

    clock.now += 10;
    await a.pages.revalidateTag([NEWS]); // revalidatePath on A, as Next hands it to the page cache
    // B has not read yet (it read less than an interval ago): it still serves what it has.
    expect(await b.pages.get('/news', PAGE_CTX)).not.toBeNull();
    expect(cleared).toEqual([]);

    clock.now += TAG_READ_INTERVAL_MS;
    expect(await b.pages.get('/news', PAGE_CTX)).toBeNull();
    expect(await b.pages.get('/docs', PAGE_CTX)).not.toBeNull();
    expect(cleared).toEqual(['b']);
    expect(learnt).toBe(1);

    // What B renders after it learnt the change stays, read after read.
    clock.now += 10;
    await b.pages.set('/news', page(NEWS), {});
    clock.now += TAG_READ_INTERVAL_MS;
    expect(await b.pages.get('/news', PAGE_CTX)).not.toBeNull();
    clock.now += TAG_READ_INTERVAL_MS;
    expect(await b.pages.get('/news', PAGE_CTX)).not.toBeNull();
    expect(learnt).toBe(1);
  });

  it("expire the instance's own pages at once, and not again when it reads its own change back", async () => {
    const clock = { now: 2_000_000 };
    const a = instance(clock);
    await a.pages.set('/docs', page(DOCS), {});
    clock.now += 5;
    await a.pages.revalidateTag(DOCS);
    expect(await a.pages.get('/docs', PAGE_CTX)).toBeNull();
    clock.now += 5;
    await a.pages.set('/docs', page(DOCS), {});
    clock.now += TAG_READ_INTERVAL_MS;
    expect(await a.pages.get('/docs', PAGE_CTX)).not.toBeNull();
  });

  it('each expiry counts, however quickly they follow one another', async () => {
    const clock = { now: 3_000_000 };
    const a = instance(clock);
    const b = instance(clock);
    await b.tags.refresh();
    for (let round = 0; round < 3; round++) {
      clock.now += TAG_READ_INTERVAL_MS;
      await b.pages.set('/news', page(NEWS), {});
      clock.now += 1;
      await a.pages.revalidateTag(NEWS);
      clock.now += TAG_READ_INTERVAL_MS;
      expect(await b.pages.get('/news', PAGE_CTX)).toBeNull();
    }
  });

  it('a new instance starts from where things stand: its first read expires nothing', async () => {
    const clock = { now: 4_000_000 };
    await instance(clock).pages.revalidateTag([NEWS, DOCS]);
    let learnt = 0;
    const fresh = instance(clock, { onRemoteExpiry: () => learnt++ });
    let changes = 0;
    fresh.tags.onChange(() => changes++);
    await fresh.tags.refresh();
    expect([learnt, changes]).toEqual([0, 0]);
  });

  it('are read at most once an interval however many pages are asked for', async () => {
    const clock = { now: 5_000_000 };
    let reads = 0;
    const tags = new TagStore(
      {
        expire: async (t) => expireCacheTags(await getDb(), t),
        changedSince: async (since) => {
          reads++;
          return cacheTagsChangedSince(await getDb(), since);
        },
      },
      { now: () => clock.now },
    );
    const pages = new PageCacheHandler(tags, undefined, () => clock.now);
    await Promise.all([1, 2, 3, 4].map((i) => pages.get(`/p${i}`, PAGE_CTX)));
    clock.now += TAG_READ_INTERVAL_MS - 1;
    await pages.get('/p1', PAGE_CTX);
    expect(reads).toBe(1);
    clock.now += 1;
    await pages.get('/p1', PAGE_CTX);
    expect(reads).toBe(2);
  });
});

describe('job runs', () => {
  it('are counted by job and outcome, whichever process ran them, and shown by /metrics', async () => {
    const db = await getDb();
    expect(await recordJobRun(db, 'import', async () => ({ rows: 42 }), { items: (r) => r.rows })).toEqual({
      rows: 42,
    });
    class Refused extends Error {}
    const refusal = recordJobRun(
      db,
      'import',
      async () => {
        throw new Refused('bad rows');
      },
      { outcomeOf: (e) => (e instanceof Refused ? 'refused' : 'failed') },
    );
    await expect(refusal).rejects.toThrow('bad rows');
    await expect(
      recordJobRun(db, 'import', async () => {
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');

    const counts = await jobCounts(db);
    const of = (outcome: string) => counts.find((c) => c.job === 'import' && c.outcome === outcome);
    expect(of('ok')).toMatchObject({ runs: 1 });
    expect(of('refused')).toMatchObject({ runs: 1 });
    expect(of('failed')).toMatchObject({ runs: 1 });
    expect(of('ok')!.lastFinishedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);

    const families = parsePrometheus((await metricsText()).body);
    const runs = families.find((f) => f.name === 'portal_job_runs_total');
    expect(runs?.type).toBe('COUNTER');
    const value = (job: string, outcome: string) =>
      runs?.metrics.find((m) => m.labels?.job === job && m.labels?.outcome === outcome)?.value;
    expect(value('import', 'ok')).toBe('1');
    expect(value('import', 'refused')).toBe('1');
    expect(value('import', 'failed')).toBe('1');
    // Alerts are not built yet: their counter is there, at 0, for dashboards to plug in.
    expect(value('alert', 'ok')).toBe('0');
    const last = families.find((f) => f.name === 'portal_job_last_finished_timestamp_seconds');
    expect(Number(last?.metrics.find((m) => m.labels?.outcome === 'ok')?.value)).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );
  });
});

describe('readiness', () => {
  it('is ready with every migration of this release applied, and says what is missing otherwise', async () => {
    const expected = committedMigrations();
    expect(await checkReadiness()).toEqual({ ready: true, migrations: expected });
    expect(await checkReadiness(expected + 1)).toEqual({
      ready: false,
      reason: 'migrations pending',
      applied: expected,
      expected: expected + 1,
    });
  });

  it('/healthz and /readyz carry the security headers of an answer that is no page, and no migration count', async () => {
    const server = await startProdServer();
    try {
      for (const path of ['/healthz', '/readyz']) {
        const r = await server.send(path);
        expect({ path, status: r.status, headers: r.headers }).toMatchObject({
          path,
          status: 200,
          headers: {
            'x-content-type-options': 'nosniff',
            'x-frame-options': 'DENY',
            'referrer-policy': 'strict-origin-when-cross-origin',
            'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
            'cache-control': 'no-store',
          },
        });
      }
      // Anyone may poll it: it says ready or not, not which release's schema this is.
      expect(JSON.parse((await server.send('/readyz')).text)).toEqual({ status: 'ready' });
    } finally {
      await server.stop();
    }
  });

  it('asks the database at most once a second however often it is polled', async () => {
    let checks = 0;
    const probe = readinessProbe(async () => {
      checks++;
      return { ready: true, migrations: 1 };
    });
    await Promise.all([probe(1000), probe(1500), probe(1999)]);
    expect(checks).toBe(1);
    await probe(2000);
    expect(checks).toBe(2);
  });
});

describe('migrations', () => {
  it('started on a new database by two instances at once both succeed (the second waits and finds them done)', async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) {
      // The embedded database has one process, which migrates once before serving: run again, nothing changes.
      const h = await openPglite('memory://');
      await migrate(h.db, 'pglite');
      await migrate(h.db, 'pglite');
      expect(await appliedMigrations(h.db)).toBe(committedMigrations());
      return h.close();
    }
    const name = `t_migrate_${Date.now().toString(36)}`;
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = '/' + name;
    const [a, b] = [await openPostgres(target.toString()), await openPostgres(target.toString())];
    try {
      await Promise.all([migrate(a.db, 'postgres'), migrate(b.db, 'postgres')]);
      expect(await appliedMigrations(a.db)).toBe(committedMigrations());
    } finally {
      await Promise.all([a.close(), b.close()]);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);
});
