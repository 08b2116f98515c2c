// `npm run bench:import`: rows per second of `npm run data:import` (the real command, as a
// child process) into PostgreSQL and into the embedded database: a generated generic-format
// CSV (BENCH_IMPORT_ROWS, default 500,000 rows) into an empty database, then the same file
// again (the idempotent re-import: every row unchanged). The command's own summary gives
// the rate: rows / (read + write + derived prices + indexes), process start not counted.
// Floors (issue 16): ≥ 20,000 rows/s on PostgreSQL, ≥ 5,000 on PGlite. Prints the load average
// beside the figures: on a shared machine they are provisional.
//   BENCH_ONLY=postgres|pglite, BENCH_PG_PORT=54343, BENCH_DATABASE_URL=…
//   BENCH_KEEP_FILE=1 keeps the generated CSV (.data/bench-import/prices.csv) for runs by hand
// A plain-Node tool outside the app: it reads its own settings from process.env, not through
// lib/server/env.ts (docs/architecture.md, "Configuration").
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { demoMarkets, demoProducts, generateDemoSeries } from '@/lib/server/market/demo-series';
import { createDatabase, fmtInt, ROOT, startPostgres } from './common';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS || 500_000);
const dir = path.join(ROOT, '.data', 'bench-import');

/** A generic CSV of about `rows` rows: every demo product in as many markets and days as needed. */
async function writeCsv(file: string, rows: number) {
  const markets = demoMarkets()
    .slice(0, 12)
    .map((m) => m.code);
  const days = Math.ceil(rows / (demoProducts().length * markets.length));
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const out = createWriteStream(file);
  const write = (s: string) =>
    out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r()));
  await write('product,region,market,date,price,unit,min,max,volume,source,licence\n');
  let n = 0;
  let buf = '';
  for (const r of generateDemoSeries({ from, to, markets, seed: 'bench-import' })) {
    buf += `${r.commodity},${r.admin1},"${r.market}",${r.date},${r.price},${r.pack},${r.min},${r.max},${r.volume},Bench generator,demo\n`;
    if (++n % 10_000 === 0) {
      await write(buf);
      buf = '';
    }
  }
  await write(buf);
  await new Promise<void>((r) => out.end(() => r()));
  return n;
}

function runImport(file: string, env: Record<string, string>) {
  const r = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), '--conditions=react-server', 'scripts/import-prices.ts', file],
    {
      cwd: ROOT,
      env: { ...process.env, ...env, NODE_OPTIONS: '--max-old-space-size=4096' },
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) throw new Error(`data:import failed:\n${r.stdout}\n${r.stderr}`);
  const rate =
    /\(([\d,]+) rows\/s; read (\d+) ms, merge (\d+) ms, derived (\d+) ms, indexes (\d+) ms, alerts (\d+) ms\)/.exec(
      r.stdout,
    );
  const seconds = /\n {2}([\d.]+) s \(/.exec(r.stdout);
  if (!rate || !seconds) throw new Error(`unexpected output:\n${r.stdout}`);
  return {
    rowsPerSecond: Number(rate[1]!.replace(/,/g, '')),
    seconds: Number(seconds[1]),
    read: Number(rate[2]),
    merge: Number(rate[3]),
    derived: Number(rate[4]),
    indexes: Number(rate[5]),
    alerts: Number(rate[6]),
    out: r.stdout,
  };
}

type Row = { db: string; run: string; rows: number; seconds: number; rate: number; split: string; target: number };
const results: Row[] = [];

function record(
  db: string,
  rows: number,
  target: number,
  first: ReturnType<typeof runImport>,
  again: ReturnType<typeof runImport>,
) {
  for (const [run, r] of [
    ['new file', first],
    ['same file again', again],
  ] as const) {
    results.push({
      db,
      run,
      rows,
      seconds: r.seconds,
      rate: r.rowsPerSecond,
      split: `read+write ${r.read} ms, merge ${r.merge} ms, derived ${r.derived} ms, indexes ${r.indexes} ms`,
      target,
    });
    console.log(
      `  ${db}, ${run}: ${fmtInt(r.rowsPerSecond)} rows/s (${r.seconds} s; read+write ${r.read} ms, merge ${r.merge} ms, derived prices ${r.derived} ms, indexes ${r.indexes} ms, anomaly levels and alerts ${r.alerts} ms)`,
    );
  }
}

async function main() {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'prices.csv');
  const rows = await writeCsv(file, ROWS);
  console.log(`bench:import — ${file}: ${fmtInt(rows)} rows, ${(statSync(file).size / 1e6).toFixed(1)} MB`);
  const only = process.env.BENCH_ONLY;
  if (!only || only === 'postgres') {
    const cluster = startPostgres();
    try {
      const url = await createDatabase(cluster.url, 'bench_import');
      record(
        'PostgreSQL',
        rows,
        20_000,
        runImport(file, { DATABASE_URL: url }),
        runImport(file, { DATABASE_URL: url }),
      );
    } finally {
      cluster.stop();
    }
  }
  if (!only || only === 'pglite') {
    const pg = path.join(dir, 'pglite');
    rmSync(pg, { recursive: true, force: true });
    rmSync(pg + '.lock', { force: true });
    record(
      'PGlite',
      rows,
      5_000,
      runImport(file, { PGLITE_DIR: pg, DATABASE_URL: '' }),
      runImport(file, { PGLITE_DIR: pg, DATABASE_URL: '' }),
    );
    rmSync(pg, { recursive: true, force: true });
  }
  if (process.env.BENCH_KEEP_FILE !== '1') rmSync(file, { force: true });
  console.log(
    `load average while measuring: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')} on ${cpus().length} cores (figures on a busy machine are provisional)`,
  );
  console.log('\n| database | run | rows | seconds | rows/s | target | |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of results)
    console.log(
      `| ${r.db} | ${r.run} | ${fmtInt(r.rows)} | ${r.seconds} | ${fmtInt(r.rate)} | ≥ ${fmtInt(r.target)} | ${r.rate >= r.target ? 'met' : `missed by ${fmtInt(r.target - r.rate)} rows/s`} |`,
    );
}

main().catch((e) => {
  console.error('bench:import failed:', e instanceof Error ? e.message : e);
  process.exit(1);
});
