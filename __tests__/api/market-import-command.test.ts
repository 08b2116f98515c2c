// `npm run data:import` (a child process, as a user runs it) leaves the same database as the import
// service: on PostgreSQL (npm run test:pg) the command parses on a worker thread and writes binary
// COPY data prepared there (on a first load the worker also computes the region prices and indexes
// from the rows it read), so this checks that path row for row against the in-process import; on the
// embedded database it checks the command against the service the same way. Several batches
// (more than 20,000 rows), forecasts and retail rows, rows out of order, a re-import, and a bad
// file refused as a whole with its lines named.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getDb, query, type Db } from '@/lib/server/db/client';
import { openPglite } from '@/lib/server/db/open-pglite';
import { openPostgres } from '@/lib/server/db/open-postgres';
import { importCsvFile } from '@/lib/server/services/market/import-file';

const dir = mkdtempSync(path.join(tmpdir(), 'import-command-'));
const pgUrl = process.env.TEST_DATABASE_URL;
let target: {
  env: Record<string, string>;
  open: () => Promise<{ db: Db; close: () => Promise<void> }>;
  drop: () => Promise<void>;
};

/**
 * 5 products × 6 markets × 1,500 days from 2022-01-01, plus retail prices and forecasts: 45,900 rows,
 * markets interleaved. One market's volumes end in .5, which PostgreSQL's round() takes to the even
 * neighbour: the index weights read back from the database and those the worker keeps must agree.
 */
function priceFile(firstDay = 0, days = 1500): string {
  const products = ['pork', 'tomato', 'grass-carp', 'soybean', 'eggs'];
  const markets = [
    ['Shandong', 'Shouguang Agricultural Logistics Park'],
    ['Henan', 'Zhengzhou Wanbang Logistics City'],
    ['Beijing', 'Xinfadi Wholesale Market'],
    ['Hebei', 'Xinji Market'],
    ['Guangdong', 'Jiangnan Fruit and Vegetable Market'],
    ['Sichuan', 'Chengdu Bailian Market'],
  ];
  const lines = ['product,region,market,date,price,unit,min,max,volume,flag,pricetype'];
  const start = Date.UTC(2022, 0, 1);
  for (const [pi, p] of products.entries()) {
    for (let d = firstDay; d < firstDay + days; d++) {
      const date = new Date(start + d * 86_400_000).toISOString().slice(0, 10);
      // Markets take turns day by day, so a series' rows are spread over the file.
      for (const [mi, [region, market]] of markets.entries()) {
        const price = (5 + pi * 3 + mi * 0.37 + Math.sin((d + mi) / 30) * 1.5).toFixed(2);
        lines.push(
          `${p},${region},"${market}",${date},${price},${mi === 3 ? '50 KG' : 'KG'},${(Number(price) * 0.9).toFixed(2)},${(Number(price) * 1.1).toFixed(2)},${1000 + d}${mi === 2 ? '.5' : ''},actual,wholesale`,
        );
      }
      if (d % 10 === 0)
        lines.push(`${p},Beijing,"Xinfadi Wholesale Market",${date},${(7 + pi).toFixed(2)},KG,,,,actual,retail`);
      if (d >= 1470)
        lines.push(
          `${p},Shandong,"Shouguang Agricultural Logistics Park",${date},${(6 + pi).toFixed(2)},KG,,,,forecast,wholesale`,
        );
    }
  }
  return lines.join('\n') + '\n';
}

function run(file: string) {
  const r = spawnSync(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', '--conditions=react-server', 'scripts/import-prices.ts', file],
    {
      encoding: 'utf8',
      env: { ...process.env, ...target.env, NODE_OPTIONS: '' },
      timeout: 240_000,
    },
  );
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** Every stored price, region price, latest price and index value, by public codes, as one digest per table. */
async function digest(db: Db) {
  const one = async (q: ReturnType<typeof sql>) => (await query<{ n: number | string; h: string | null }>(db, q))[0];
  return {
    prices:
      await one(sql`SELECT count(*) AS n, md5(string_agg(concat_ws('|', p.code, r.id, o.day, o.flag, o.price_type, o.price, o.min_price, o.max_price, o.volume, s.name), ',' ORDER BY p.code, r.id, o.day, o.flag, o.price_type)) AS h
      FROM price_observations o JOIN products p ON p.num = o.product_num JOIN regions r ON r.num = o.market_num JOIN data_sources s ON s.id = o.source_id`),
    regionPrices:
      await one(sql`SELECT count(*) AS n, md5(string_agg(concat_ws('|', p.code, r.id, x.price_type, x.day, x.price, x.min_price, x.max_price, x.markets), ',' ORDER BY p.code, r.id, x.price_type, x.day)) AS h
      FROM region_prices x JOIN products p ON p.num = x.product_num JOIN regions r ON r.num = x.region_num`),
    latest:
      await one(sql`SELECT count(*) AS n, md5(string_agg(concat_ws('|', p.code, r.id, x.price_type, x.day, x.price, x.prev_day, x.prev_price), ',' ORDER BY p.code, r.id, x.price_type)) AS h
      FROM latest_prices x JOIN products p ON p.num = x.product_num JOIN regions r ON r.num = x.market_num`),
    indexes: await one(
      sql`SELECT count(*) AS n, md5(string_agg(concat_ws('|', index_code, region_id, day, level, dod, mom, yoy, coverage), ',' ORDER BY index_code, region_id, day)) AS h FROM index_values`,
    ),
    sources:
      await one(sql`SELECT count(*) AS n, md5(string_agg(concat_ws('|', p.code, s.name, x.first_day, x.last_day), ',' ORDER BY p.code, s.name))  AS h
      FROM product_sources x JOIN products p ON p.num = x.product_num JOIN data_sources s ON s.id = x.source_id`),
  };
}

/** The digest of the database the command wrote. */
async function commandDigest() {
  const cli = await target.open();
  try {
    return await digest(cli.db);
  } finally {
    await cli.close();
  }
}

beforeAll(async () => {
  if (pgUrl) {
    const { Client } = await import('pg');
    const name = `cli_${Date.now().toString(36)}`;
    const admin = new Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    target = {
      env: { DATABASE_URL: url.toString() },
      open: async () => {
        const h = await openPostgres(url.toString());
        return { db: h.db, close: () => h.close() };
      },
      drop: async () => {
        const c = new Client({ connectionString: pgUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  } else {
    const pglite = path.join(dir, 'pglite');
    target = {
      env: { DATABASE_URL: '', PGLITE_DIR: pglite },
      open: async () => {
        const h = await openPglite(pglite);
        return { db: h.db, close: () => h.close() };
      },
      drop: async () => {},
    };
  }
}, 60_000);

afterAll(async () => {
  await target?.drop();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('npm run data:import against the import service', () => {
  const file = path.join(dir, 'prices.csv');

  it('stores the same prices, region prices, latest prices and indexes as the service, and a re-import changes nothing', async () => {
    writeFileSync(file, priceFile());
    const first = run(file);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toContain('prices.csv: 45,900 rows (45,900 new, 0 changed, 0 unchanged)');
    expect(first.out).toContain('5 product(s), 6 market(s), 2022-01-01 … 2026-02-08');

    await importCsvFile(await getDb(), file);
    const got = await commandDigest();
    expect(Number(got.prices?.n)).toBe(45_900);
    expect(Number(got.indexes?.n)).toBeGreaterThan(1000);
    expect(got).toEqual(await digest(await getDb()));

    const again = run(file);
    expect(again.code).toBe(0);
    expect(again.out).toContain('prices.csv: 45,900 rows (0 new, 0 changed, 45,900 unchanged)');
    expect(again.out).toContain('indexes: unchanged');

    // Later days of the same series, overlapping the last month: region prices come from the table now.
    const later = path.join(dir, 'later.csv');
    writeFileSync(later, priceFile(1470, 60));
    const more = run(later);
    expect(more.err).toBe('');
    expect(more.out).toContain('later.csv: 2,130 rows (1,065 new, 0 changed, 1,065 unchanged)');
    await importCsvFile(await getDb(), later);
    expect(await commandDigest()).toEqual(await digest(await getDb()));
  }, 300_000);

  it('refuses a file with bad rows after the first batches, naming each line, and keeps the database as it was', async () => {
    const lines = priceFile().trimEnd().split('\n');
    // A negative price well after the first batch (line numbers count from 1, the header included).
    const at = lines.findIndex((l, i) => i >= 30_000 && /,\d+\.\d\d,KG,/.test(l));
    lines[at] = lines[at]!.replace(/,\d+\.\d\d,KG,/, ',-3,KG,');
    lines.push(lines[12]!); // a duplicate of line 13
    const bad = path.join(dir, 'bad.csv');
    writeFileSync(bad, lines.join('\n') + '\n');
    const r = run(bad);
    expect(r.code).toBe(1);
    expect(r.err).toContain('refused, nothing imported — 2 bad row(s):');
    expect(r.err).toContain(`line ${at + 1}: price: -3 must be greater than 0`);
    expect(r.err).toContain(`line ${lines.length}: duplicate of line 13`);
    expect(Number((await commandDigest()).prices?.n)).toBe(46_965);
  }, 300_000);
});
