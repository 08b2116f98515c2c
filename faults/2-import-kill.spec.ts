// docs/reliability.md, "Import killed": `npm run data:import` of a real country file (WFP's
// Bangladesh prices, 23,966 rows) killed with SIGKILL at 10 random points of its run, each on a
// database that did not hold the file. Afterwards the database holds all of the import or none of
// it — prices, derived prices, indexes, the new products and markets, the data version and the
// import history agree — and running the import again succeeds.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { figure, readState, ROOT, sleep, sql } from './support/suite';

const FAULT = 'import killed';
const TRIALS = 10;
const state = readState();
const dbUrl = (name: string) => state.databaseUrl.replace(/\/[^/]*$/, `/${name}`);

/** The environment of the command-line tools, on database `db`. */
const toolEnv = (db: string) =>
  ({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: dbUrl(db),
    APP_SECRET: 'faults-only-secret-never-used-in-production-0123456789',
  }) as unknown as NodeJS.ProcessEnv;

/** What an import writes, counted (and summed, so a half-written table cannot match by count alone). */
async function figures(url: string) {
  const [r] = await sql<Record<string, string>>(
    url,
    `select
      (select count(*) from price_observations) as prices,
      (select coalesce(round(sum(price)::numeric, 4), 0) from price_observations) as price_sum,
      (select count(*) from region_prices) as derived,
      (select count(*) from latest_prices) as latest,
      (select count(*) from index_values) as index_values,
      (select count(*) from products) as products,
      (select count(*) from regions) as regions,
      (select coalesce(max(version), 0) from market_state) as data_version,
      (select count(*) from job_runs where job = 'import' and outcome = 'ok') as history`,
  );
  return Object.fromEntries(Object.entries(r!).map(([k, v]) => [k, String(v)]));
}

/** Runs the import (`npm run data:import`, as an operator would) into `db`; kills it after `killAfterMs` if given. */
function runImport(db: string, file: string, killAfterMs?: number) {
  const started = performance.now();
  const child = spawn(
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    ['--conditions=react-server', 'scripts/import-prices.ts', file],
    {
      cwd: ROOT,
      env: toolEnv(db),
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: tsx runs the script in a child process, and the kill must take both.
      detached: true,
    },
  );
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  let killedAt: number | null = null;
  const timer =
    killAfterMs === undefined
      ? null
      : setTimeout(() => {
          killedAt = performance.now() - started;
          process.kill(-child.pid!, 'SIGKILL');
        }, killAfterMs);
  return new Promise<{
    code: number | null;
    signal: string | null;
    ms: number;
    killedAt: number | null;
    output: string;
  }>((resolve) =>
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ code, signal, ms: performance.now() - started, killedAt, output });
    }),
  );
}

/** Until PostgreSQL has ended every session of `db` (a killed client's backend ends its transaction first). */
async function sessionsGone(db: string) {
  for (let i = 0; i < 200; i++) {
    const [r] = await sql<{ n: string }>(
      state.databaseUrl,
      'select count(*) n from pg_stat_activity where datname = $1',
      [db],
    );
    if (Number(r!.n) === 0) return;
    await sleep(50);
  }
  throw new Error(`sessions of ${db} still open after 10 s`);
}

async function fresh(db: string, template: string) {
  await sql(state.databaseUrl, `drop database if exists ${db}`);
  await sql(state.databaseUrl, `create database ${db} template ${template}`);
}

test('SIGKILL at 10 random points of a country import: all or nothing every time, and the import runs again', async () => {
  test.setTimeout(300_000);
  const dir = path.join(state.work, 'import');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'wfp_food_prices_bgd.csv');
  copyFileSync(path.join(ROOT, 'data', 'wfp_food_prices_bgd.csv'), file);

  // A migrated database without the file, kept as the template of every try.
  await sql(state.databaseUrl, 'drop database if exists import_base');
  await sql(state.databaseUrl, 'create database import_base');
  const migrate = spawn(
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    ['--conditions=react-server', 'scripts/migrate.ts'],
    {
      cwd: ROOT,
      env: toolEnv('import_base'),
      stdio: 'ignore',
    },
  );
  expect(await new Promise((r) => migrate.on('exit', r))).toBe(0);
  const none = await figures(dbUrl('import_base'));

  // The whole import once, uninterrupted: what "all" is, and how long a run lasts.
  await fresh('import_ref', 'import_base');
  const ref = await runImport('import_ref', file);
  expect(ref.code, ref.output).toBe(0);
  const all = await figures(dbUrl('import_ref'));
  figure(FAULT, 'uninterrupted import of wfp_food_prices_bgd.csv (ms)', Math.round(ref.ms));
  figure(
    FAULT,
    'rows before (prices / derived / index values / history)',
    `${none.prices} / ${none.derived} / ${none.index_values} / ${none.history}`,
  );
  figure(FAULT, 'rows after the whole import', `${all.prices} / ${all.derived} / ${all.index_values} / ${all.history}`);
  expect(Number(all.prices)).toBeGreaterThan(20_000);
  expect(Number(all.derived)).toBeGreaterThan(0);
  expect(Number(all.index_values)).toBeGreaterThan(0);
  expect(all.history).toBe('1');

  // Ten kills, one in each tenth of the run (at a random point within it), each on a database without the file.
  const seen: string[] = [];
  for (let i = 0; i < TRIALS; i++) {
    await fresh('import_try', 'import_base');
    const at = Math.round(ref.ms * ((i + Math.random()) / TRIALS));
    const run = await runImport('import_try', file, at);
    await sessionsGone('import_try');
    const got = await figures(dbUrl('import_try'));
    const verdict =
      JSON.stringify(got) === JSON.stringify(none)
        ? 'none'
        : JSON.stringify(got) === JSON.stringify(all)
          ? 'all'
          : 'PARTIAL';
    seen.push(verdict);
    figure(
      FAULT,
      `kill ${i + 1} at ${run.killedAt === null ? `(finished first, ${Math.round(run.ms)} ms)` : `${Math.round(run.killedAt)} ms`}: prices ${got.prices}, derived ${got.derived}, indexes ${got.index_values}, history ${got.history}`,
      verdict,
      'none or all',
    );
    expect(verdict, JSON.stringify({ got, none, all })).not.toBe('PARTIAL');
  }
  figure(
    FAULT,
    'kills that left none / all',
    `${seen.filter((v) => v === 'none').length} / ${seen.filter((v) => v === 'all').length}`,
  );

  // Run again on the last killed database: it succeeds and holds exactly the whole import.
  const again = await runImport('import_try', file);
  expect(again.code, again.output).toBe(0);
  const final = await figures(dbUrl('import_try'));
  figure(
    FAULT,
    're-run after the kills: exit code, rows',
    `${again.code}, ${final.prices} prices / ${final.derived} derived / ${final.index_values} index values`,
    'succeeds, = the whole import',
  );
  // The history gains this run too; a database the last kill left with all of it gains nothing else.
  const { history, ...rest } = final;
  const { history: _h, ...allRest } = all;
  expect(rest).toEqual(allRest);
  expect(Number(history)).toBe(seen.at(-1) === 'all' ? 2 : 1);

  for (const db of ['import_try', 'import_ref', 'import_base'])
    await sql(state.databaseUrl, `drop database if exists ${db}`);
});
