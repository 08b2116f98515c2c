// `npm run data:import` as a user runs it: a child process on an in-memory database.
import { afterAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dir = mkdtempSync(path.join(tmpdir(), 'data-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(...files: string[]) {
  const r = spawnSync(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', '--conditions=react-server', 'scripts/import-prices.ts', ...files],
    {
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: 'memory://', NODE_OPTIONS: '' },
      timeout: 300_000,
    },
  );
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('npm run data:import', () => {
  it('imports the WFP file, prints a summary, and exits 0', () => {
    const r = run('data/wfp_food_prices_chn.csv');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /data\/wfp_food_prices_chn\.csv: 1,259 rows \(1,259 new, 0 changed, 0 unchanged, 0 rejected\)/,
    );
    expect(r.out).toMatch(/CHN: 5 product\(s\), 11 market\(s\) \(0 new\), 2014-01-15 … 2020-10-15/);
    expect(r.out).toContain('flags: actual 1,259');
    expect(r.out).toMatch(/indexes: \d+ refreshed/);
    expect(r.out).toMatch(/rows\/s/);
  }, 300_000);

  it('refuses a file with too many bad rows, naming every line, and exits 1', () => {
    const bad = path.join(dir, 'bad.csv');
    writeFileSync(
      bad,
      [
        'product,region,market,date,price,unit',
        'pork,Hebei,M,2025-01-02,25,KG',
        'pork,Hebei,M,2025-01-03,25,12',
        'pork,Hebei,M,2025-02-30,25,KG',
      ].join('\n'),
    );
    const r = run(bad);
    expect(r.code).toBe(1);
    expect(r.err).toContain('refused, nothing imported — 2 bad row(s) of 3, above 1.00 %:');
    expect(r.err).toContain("line 3: unit: '12' names no unit");
    expect(r.err).toContain("line 4: date: '2025-02-30' is not a valid date (YYYY-MM-DD)");
    expect(r.out).not.toMatch(/rows \(/);
  }, 300_000);

  it('says what is wrong with a missing file', () => {
    const r = run(path.join(dir, 'nope.csv'));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/data:import failed: ENOENT/);
  }, 60_000);
});
