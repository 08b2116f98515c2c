// What keeps several instances on one database coherent and observable (lib/server/fleet/), on
// both databases: page versions moved by content changes, job runs counted for /metrics from any
// process, readiness, and migrations started by two instances at once.
import { describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { getDb } from '@/lib/server/db/client';
import { appliedMigrations, committedMigrations, migrate } from '@/lib/server/db/migrate';
import { openPglite } from '@/lib/server/db/open-pglite';
import { openPostgres } from '@/lib/server/db/open-postgres';
import { pageVersions } from '@/lib/server/db/schema';
import { jobCounts, recordJobRun } from '@/lib/server/fleet/job-runs';
import { metricsText } from '@/lib/server/fleet/metrics';
import { ALL_PAGES, PAGES_OF, PageVersionWatch } from '@/lib/server/fleet/page-versions';
import { checkReadiness, readinessProbe } from '@/lib/server/fleet/readiness';
import { call, ok } from '../support/api-client';
import { seededContent } from '../support/content';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const parsePrometheus = require('parse-prometheus-text-format') as (text: string) => PromFamily[];

type PromFamily = { name: string; type: string; metrics: { value?: string; labels?: Record<string, string> }[] };

const ctx = seededContent();
const texts = { en: { title: 'Fleet news', body: '<p>x</p>' }, 'zh-CN': { title: '集群新闻', body: '<p>x</p>' } };

describe('page versions', () => {
  it('tell another instance which cached pages a content change touched, and only those', async () => {
    const db = await getDb();
    // "Instance B" has looked once; nothing has changed for it yet.
    const b = new PageVersionWatch();
    expect(await b.changed(db)).toEqual([]);
    expect(await b.changed(db)).toEqual([]);

    // A staff edit through "instance A" (the API) moves the news version.
    const { id } = await ok('SaveNews', {
      token: ctx.staffToken,
      body: { categoryId: 'company', texts },
    });
    expect(await b.changed(db)).toEqual(PAGES_OF.news);
    expect(await b.changed(db)).toEqual([]);

    const root = await ok('GetDirListToWeb');
    await ok('SaveKnowledge', {
      token: ctx.staffToken,
      body: {
        dirId: root.children[0]!.id,
        texts: { en: { title: 'Fleet doc', content: '<p>x</p>' }, 'zh-CN': { title: '集群文档', content: '<p>x</p>' } },
      },
    });
    expect(await b.changed(db)).toEqual(PAGES_OF.docs);

    // Unpublishing (deleting) is a change too; a refused change is not.
    expect((await call('DeleteNews', { token: ctx.customerToken, body: { id } })).body.code).toBe(403);
    expect(await b.changed(db)).toEqual([]);
    await ok('DeleteNews', { token: ctx.staffToken, body: { id } });
    expect(await b.changed(db)).toEqual(PAGES_OF.news);
  });

  it('expire every cached page for a kind this release does not know (a newer release wrote it)', async () => {
    const db = await getDb();
    const b = new PageVersionWatch();
    await b.changed(db);
    await db.insert(pageVersions).values({ kind: 'member-prices', version: 1 });
    expect(await b.changed(db)).toEqual(ALL_PAGES);
  });

  it('start from what is there: a new instance has rendered nothing older', async () => {
    const db = await getDb();
    const fresh = new PageVersionWatch();
    expect(await fresh.changed(db)).toEqual([]);
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
