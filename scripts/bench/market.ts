// `npm run bench:market`: p50/p95 latency of PriceTrend (one product, 3 regions, 5 years,
// daily), PriceIndex (composite, 5 years) and WebPrice, measured through the HTTP API of a
// production server (`npm start`), on PostgreSQL with ~10 million price rows and on the
// embedded database with ~1 million. Needs `npm run build` first.
//   BENCH_ONLY=postgres|pglite   one database only
//   BENCH_N=200                  timed requests per call (after 20 warm-up ones)
//   BENCH_PORT=3031              the server's port; BENCH_PG_PORT=54343 the throwaway cluster's
//   BENCH_DATABASE_URL=…         use this PostgreSQL cluster instead of a throwaway one
//   BENCH_REUSE=1                with BENCH_DATABASE_URL: keep a bench_market database loaded by an earlier run
// A plain-Node tool outside the app: it reads its own settings from process.env, not through
// lib/server/env.ts (docs/architecture.md, "Configuration").
import { rmSync } from 'node:fs';
import path from 'node:path';
import { migrate } from '@/lib/server/db/migrate';
import { openPglite } from '@/lib/server/db/open-pglite';
import { openPostgres } from '@/lib/server/db/open-postgres';
import { MARKETS } from '@/lib/server/market/demo-series';
import {
  createDatabase,
  fmtInt,
  fmtMs,
  requireBuild,
  ROOT,
  sample,
  startPostgres,
  startServer,
  type Call,
} from './common';
import { benchSession, loadBench, reuseLoaded } from './load';

const N = Number(process.env.BENCH_N || 200);
const PORT = Number(process.env.BENCH_PORT || 3031);
const today = new Date().toISOString().slice(0, 10);
const fiveYearsAgo = `${Number(today.slice(0, 4)) - 5}${today.slice(4)}`;
const DATA = '/api/YoonopData/';

function calls(token: string): Call[] {
  return [
    {
      name: 'PriceTrend (pork; nation, Shandong, Henan; 5 years daily)',
      path: DATA + 'PriceTrend',
      token,
      body: {
        productCode: 'pork',
        regionIds: ['cn', 'shandong', 'henan'],
        from: fiveYearsAgo,
        to: today,
        granularity: 'day',
      },
    },
    {
      name: 'PriceIndex (composite; nation; 5 years daily)',
      path: DATA + 'PriceIndex',
      token,
      body: { indexCode: 'composite', regionId: 'cn', from: fiveYearsAgo, to: today },
    },
    { name: 'WebPrice (every product × market)', path: DATA + 'WebPrice' },
  ];
}

type Result = {
  db: string;
  rows: number;
  load: string;
  name: string;
  p50: number;
  p95: number;
  max: number;
  bytes: number;
  target: number;
};
const results: Result[] = [];

async function measure(db: string, rows: number, load: string, base: string, token: string, target: number) {
  for (const c of calls(token)) {
    const r = await sample(base, c, N);
    results.push({ db, rows, load, name: c.name, ...r, target });
    console.log(
      `  ${c.name}: p50 ${fmtMs(r.p50)}, p95 ${fmtMs(r.p95)} (max ${fmtMs(r.max)}, ${fmtInt(r.bytes / 1024)} KB)`,
    );
  }
}

async function postgres() {
  console.log(
    'PostgreSQL: loading ~10 million price rows (every demo product in every demo market, daily since 2014)…',
  );
  const cluster = startPostgres();
  try {
    const kept =
      process.env.BENCH_REUSE === '1' && process.env.BENCH_DATABASE_URL
        ? await reuseLoaded(cluster.url, 'bench_market')
        : null;
    const url = kept?.url ?? (await createDatabase(cluster.url, 'bench_market'));
    const h = await openPostgres(url);
    let summary: { rows: number };
    let token: string;
    let load: string;
    if (kept) {
      ({ summary, token } = { summary: { rows: kept.rows }, token: await benchSession(h.db) });
      load = `${fmtInt(kept.rows)} rows kept from an earlier run`;
    } else {
      await migrate(h.db, 'postgres');
      const loaded = await loadBench(h.db, {
        from: process.env.BENCH_PG_FROM || '2014-01-01',
        to: today,
        markets: MARKETS.map((m) => m.code),
        label: 'PostgreSQL',
      });
      ({ summary, token } = loaded);
      load = `${fmtInt(summary.rows)} rows loaded in ${loaded.seconds.toFixed(0)} s (${fmtInt(summary.rows / loaded.seconds)} rows/s incl. derived prices and indexes)`;
    }
    await h.close();
    console.log(`  ${load}`);
    const server = await startServer(PORT, { DATABASE_URL: url });
    try {
      await measure('PostgreSQL', summary.rows, load, server.base, token, 20);
    } finally {
      await server.stop();
    }
  } finally {
    cluster.stop();
  }
}

async function pglite() {
  // One market in each of 16 provinces (Shandong and Henan among them), every demo product, 5 years daily: ~1 million rows.
  const provinces = new Set<string>();
  const markets = MARKETS.filter((m) => (provinces.has(m.provinceCode) ? false : (provinces.add(m.provinceCode), true)))
    .slice(0, 16)
    .map((m) => m.code);
  if (!markets.some((m) => m.startsWith('shandong/')) || !markets.some((m) => m.startsWith('henan/')))
    throw new Error('bench markets must include Shandong and Henan');
  const dir = path.join(ROOT, '.data', 'bench-pglite');
  rmSync(dir, { recursive: true, force: true });
  rmSync(dir + '.lock', { force: true });
  console.log('PGlite: loading ~1 million price rows (16 markets, 5 years daily)…');
  const from = `${Number(today.slice(0, 4)) - 5}-${today.slice(5, 7)}-01`;
  const h = await openPglite(dir);
  await migrate(h.db, 'pglite');
  const { summary, token, seconds } = await loadBench(h.db, { from, to: today, markets, label: 'PGlite' });
  await h.close();
  const load = `${fmtInt(summary.rows)} rows loaded in ${seconds.toFixed(0)} s (${fmtInt(summary.rows / seconds)} rows/s incl. derived prices and indexes)`;
  console.log(`  ${load}`);
  const server = await startServer(PORT, { PGLITE_DIR: dir, DATABASE_URL: '' });
  try {
    await measure('PGlite', summary.rows, load, server.base, token, 150);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  requireBuild();
  const only = process.env.BENCH_ONLY;
  if (!only || only === 'postgres') await postgres();
  if (!only || only === 'pglite') await pglite();
  console.log(
    '\nbench:market — sequential requests from one client over HTTP to `npm start`, ' +
      `${N} timed per call after 20 warm-up`,
  );
  console.log('| database | rows | call | p50 | p95 | target p95 | |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of results)
    console.log(
      `| ${r.db} | ${fmtInt(r.rows)} | ${r.name} | ${fmtMs(r.p50)} | ${fmtMs(r.p95)} | ≤ ${r.target} ms | ${r.p95 <= r.target ? 'met' : `missed by ${fmtMs(r.p95 - r.target)}`} |`,
    );
}

main().catch((e) => {
  console.error('bench:market failed:', e instanceof Error ? e.stack : e);
  process.exit(1);
});
