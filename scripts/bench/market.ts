// `npm run bench:market`: p50/p95 latency of PriceTrend (one product, 3 regions, 5 years,
// daily; and one in another country), PriceIndex (composite, 5 years) and WebPrice, measured
// through the HTTP API of a production server (`npm start`), with a generated load of 50
// countries: ~10 million price rows on PostgreSQL, ~1 million on the embedded database. Each
// country is one import through the import path. Needs `npm run build` first. The server keeps
// an unchanged answer in memory, so the two trend/index calls run twice: the same request
// repeated (what a popular page costs) and a window that moves a day per request (what the
// database costs: no answer is reused).
//   BENCH_ONLY=postgres|pglite   one database only
//   BENCH_N=200                  timed requests per call (after 20 warm-up ones)
//   BENCH_PORT=3031              the server's port; BENCH_PG_PORT=54343 the throwaway cluster's
//   BENCH_DATABASE_URL=…         use this PostgreSQL cluster instead of a throwaway one
//   BENCH_REUSE=1                with BENCH_DATABASE_URL: keep a bench_market database loaded by an earlier run
//   BENCH_PG_CHINA=60 BENCH_PG_PER_COUNTRY=2   a smaller PostgreSQL load on a machine too busy for 10 million
//                                rows: the first N Chinese demo markets (Shandong's and Henan's always) and
//                                N markets in each other country; the figures name the rows loaded
// A plain-Node tool outside the app: it reads its own settings from process.env, not through
// lib/server/env.ts (docs/architecture.md, "Configuration").
import { rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { migrate } from '@/lib/server/db/migrate';
import { openPglite } from '@/lib/server/db/open-pglite';
import { openPostgres } from '@/lib/server/db/open-postgres';
import { demoMarkets } from '@/lib/server/market/demo-series';
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
import { benchSession, loadBench, otherCountryMarkets, reuseLoaded } from './load';

const N = Number(process.env.BENCH_N || 200);
const PG_CHINA = Number(process.env.BENCH_PG_CHINA || 60);
const PG_PER_COUNTRY = Number(process.env.BENCH_PG_PER_COUNTRY || 2);
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
    {
      name: 'PriceTrend (pork; another country: nation and a market; 1 year daily)',
      path: DATA + 'PriceTrend',
      token,
      body: {
        productCode: 'pork',
        regionIds: [OTHER.nation, OTHER.market],
        from: oneYearAgo,
        to: today,
        granularity: 'day',
      },
    },
    { name: 'WebPrice (every product × market, 50 countries)', path: DATA + 'WebPrice' },
    // The same calls with a window that moves a day per request: every answer is computed from
    // the database, none is served from the server's memory of an unchanged answer.
    {
      name: 'PriceTrend as above, a new window each request (no answer reused)',
      path: DATA + 'PriceTrend',
      token,
      bodyAt: (i: number) => ({
        productCode: 'pork',
        regionIds: ['cn', 'shandong', 'henan'],
        from: daysAfter(fiveYearsAgo, i),
        to: today,
        granularity: 'day',
      }),
    },
    {
      name: 'PriceIndex as above, a new window each request (no answer reused)',
      path: DATA + 'PriceIndex',
      token,
      bodyAt: (i: number) => ({ indexCode: 'composite', regionId: 'cn', from: daysAfter(fiveYearsAgo, i), to: today }),
    },
  ];
}

const daysAfter = (day: string, n: number) => new Date(Date.parse(day) + n * 86_400_000).toISOString().slice(0, 10);

/** The first country after China in the generated load (otherCountryMarkets). */
const firstOther = otherCountryMarkets(1, 1)[0]!;
const OTHER = { nation: firstOther.country.toLowerCase(), market: firstOther.code };
const oneYearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;

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
    `PostgreSQL: loading ${PG_CHINA >= 60 && PG_PER_COUNTRY === 2 ? '~10 million' : 'fewer (BENCH_PG_CHINA/BENCH_PG_PER_COUNTRY)'} price rows: China (every demo product in ${PG_CHINA >= 60 ? 'every demo market' : `${PG_CHINA} demo markets and Shandong's and Henan's`}) and 49 other countries (${PG_PER_COUNTRY} market(s) each), daily for 5 years…`,
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
        from: fiveYearsAgo,
        othersFrom: fiveYearsAgo,
        to: today,
        china: demoMarkets()
          .filter((m, i) => i < PG_CHINA || m.provinceCode === 'shandong' || m.provinceCode === 'henan')
          .map((m) => m.code),
        others: otherCountryMarkets(49, PG_PER_COUNTRY),
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
  // China: one market in each of 6 provinces (Shandong and Henan among them), 5 years daily; 49 other
  // countries one market each, the last 340 days: ~1 million rows of every demo product.
  const provinces = new Set<string>();
  const markets = demoMarkets()
    .filter((m) => (provinces.has(m.provinceCode) ? false : (provinces.add(m.provinceCode), true)))
    .filter((m, i) => i < 4 || m.provinceCode === 'shandong' || m.provinceCode === 'henan')
    .map((m) => m.code);
  if (!markets.some((m) => m.startsWith('shandong/')) || !markets.some((m) => m.startsWith('henan/')))
    throw new Error('bench markets must include Shandong and Henan');
  const dir = path.join(ROOT, '.data', 'bench-pglite');
  rmSync(dir, { recursive: true, force: true });
  rmSync(dir + '.lock', { force: true });
  console.log(
    'PGlite: loading ~1 million price rows (50 countries; China 6 markets × 5 years, others 1 market × 340 days)…',
  );
  const h = await openPglite(dir);
  await migrate(h.db, 'pglite');
  const othersFrom = new Date(Date.now() - 339 * 86_400_000).toISOString().slice(0, 10);
  const { summary, token, seconds } = await loadBench(h.db, {
    from: fiveYearsAgo,
    othersFrom,
    to: today,
    china: markets,
    others: otherCountryMarkets(49, 1),
    label: 'PGlite',
  });
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
  console.log(
    `load average while measuring: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')} on ${cpus().length} cores (figures on a busy machine are provisional)`,
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
