// `npm run data:import` as a user runs it (a child process) into the configured database: the
// embedded one, or PostgreSQL with `npm run test:pg` (the same import path either way). The
// summary counts rows by flag, the rejects file lands beside the input, a second run changes
// nothing, and --max-bad and --strict decide whether a file with bad rows is imported.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { query, type Db } from '@/lib/server/db/client';
import { openPglite } from '@/lib/server/db/open-pglite';
import { openPostgres } from '@/lib/server/db/open-postgres';
import { WFP_BGD_FILE } from '@/lib/server/seed/market';

const dir = mkdtempSync(path.join(tmpdir(), 'import-command-'));
const pgUrl = process.env.TEST_DATABASE_URL;
let target: {
  env: Record<string, string>;
  open: () => Promise<{ db: Db; close: () => Promise<void> }>;
  drop: () => Promise<void>;
};

function run(...args: string[]) {
  const r = spawnSync(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', '--conditions=react-server', 'scripts/import-prices.ts', ...args],
    { encoding: 'utf8', env: { ...process.env, ...target.env, NODE_OPTIONS: '' }, timeout: 240_000 },
  );
  return { code: r.status, out: r.stdout, err: r.stderr };
}

async function prices() {
  const cli = await target.open();
  try {
    return Number((await query<{ n: string }>(cli.db, sql`SELECT count(*) AS n FROM price_observations`))[0]?.n);
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

describe('npm run data:import', () => {
  it("imports Bangladesh's file into an empty database, counting its rows by flag and writing the rejects file beside it; a second run changes nothing", async () => {
    const file = path.join(dir, 'wfp_food_prices_bgd.csv');
    copyFileSync(WFP_BGD_FILE, file);
    const first = run(file);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toContain(
      'wfp_food_prices_bgd.csv: 23,966 rows (23,965 new, 0 changed, 0 unchanged, 1 rejected)',
    );
    expect(first.out).toContain('flags: actual 15,026 · aggregate 8,937 · actual,aggregate 3');
    expect(first.out).toContain('BGD: 72 product(s), 76 market(s) (76 new), 1998-07-15 … 2025-06-15');
    expect(first.out).toMatch(
      /\d+ new unmapped product\(s\), for staff to map or merge: .*Rice \(BRRI-28\) \(grains, per kg\)/,
    );
    expect(first.out).toContain('first: line 3: date: 1900-08-15 is not a plausible price date');
    const rejects = path.join(dir, 'wfp_food_prices_bgd.rejects.csv');
    expect(readFileSync(rejects, 'utf8').split('\n')[1]).toMatch(/^3,date: 1900-08-15/);

    const again = run(file);
    expect(again.code).toBe(0);
    expect(again.out).toContain('23,966 rows (0 new, 0 changed, 23,965 unchanged, 1 rejected)');
    expect(again.out).toContain('indexes: unchanged');
    expect(await prices()).toBe(23_965);
  }, 300_000);

  it('refuses a file above the threshold, imports it with --max-bad, and refuses any bad row with --strict', async () => {
    const lines = ['product,region,market,date,price,unit,country,currency'];
    for (let d = 1; d <= 28; d++)
      lines.push(`lentils,Khulna,Khulna Sadar,2025-02-${String(d).padStart(2, '0')},110,KG,BGD,BDT`);
    lines.push('lentils,Khulna,Khulna Sadar,2025-02-30,110,KG,BGD,BDT'); // line 30: no such day
    const file = path.join(dir, 'lentils.csv');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const before = await prices();

    const refused = run(file);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('lentils.csv: refused, nothing imported — 1 bad row(s) of 29, above 1.00 %:');
    expect(refused.err).toContain("line 30: date: '2025-02-30' is not a valid date (YYYY-MM-DD)");
    expect(readFileSync(path.join(dir, 'lentils.rejects.csv'), 'utf8')).toContain('30,');
    expect(await prices()).toBe(before);

    const strict = run(file, '--max-bad', '5%', '--strict');
    expect(strict.code).toBe(1);
    expect(strict.err).toContain('(--strict)');
    expect(await prices()).toBe(before);

    const allowed = run(file, '--max-bad', '5%');
    expect(allowed.code).toBe(0);
    expect(allowed.out).toContain('lentils.csv: 29 rows (28 new, 0 changed, 0 unchanged, 1 rejected)');
    expect(await prices()).toBe(before + 28);

    // The file fixed: its rejects file goes (it would be stale).
    writeFileSync(file, `${lines.slice(0, -1).join('\n')}\n`);
    expect(run(file).code).toBe(0);
    expect(existsSync(path.join(dir, 'lentils.rejects.csv'))).toBe(false);
  }, 300_000);

  it("imports HDX's global file country by country: one summary each, a refused country alone, exit 1", () => {
    const lines = [
      'countryiso3,date,admin1,admin2,market,market_id,latitude,longitude,category,commodity,commodity_id,unit,priceflag,pricetype,currency,price,usdprice',
    ];
    for (let m = 1; m <= 12; m++) {
      const d = `2025-${String(m).padStart(2, '0')}-15`;
      lines.push(
        `KEN,${d},Nairobi,Nairobi,Nairobi,9001,-1.28,36.82,vegetables and fruits,Cabbage,401,KG,actual,Retail,KES,${40 + m},`,
      );
      lines.push(
        `KEN,${d},Nyanza,Kisumu,Kisumu,9002,-0.1,34.75,vegetables and fruits,Cabbage,401,Head,actual,Retail,KES,${60 + m},`,
      );
    }
    lines.push(
      'UGA,2025-01-15,Central,Kampala,Kampala,9101,0.31,32.58,cereals and tubers,Maize,501,KG,actual,Wholesale,UGX,x,',
    );
    const file = path.join(dir, 'wfp_food_prices_global.csv');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const r = run(file);
    expect(r.code).toBe(1);
    expect(r.out).toContain('wfp_food_prices_global.csv [KEN]: 24 rows (24 new, 0 changed, 0 unchanged, 0 rejected)');
    expect(r.out).toContain('new unmapped product(s), for staff to map or merge: Cabbage (vegetables, per head)');
    expect(r.err).toContain(
      'wfp_food_prices_global.csv [UGA]: refused, nothing imported — 1 bad row(s) of 1, above 1.00 %:',
    );
    expect(r.out).toContain('wfp_food_prices_global.csv: 2 countries, 1 imported, 1 refused');
  }, 300_000);
});
