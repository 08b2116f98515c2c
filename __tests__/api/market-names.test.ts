// Names in both languages (docs/market-data.md, "Names"): the mapping table gives the common WFP
// commodities Chinese names (the source's name kept as a second line), names are tidied at import,
// and a demo catalogue product never takes an imported product's rows or the other way round. On
// the embedded database and (npm run test:pg) on PostgreSQL.
import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getDb, query } from '@/lib/server/db/client';
import { generateDemoSeries } from '@/lib/server/market/demo-series';
import { seedCatalogue } from '@/lib/server/seed/catalogue';
import { inBatches } from '@/lib/server/seed/market';
import { importCsvFile, importRows } from '@/lib/server/services/market/import/pipeline';
import { bumpDataVersion } from '@/lib/server/services/market/cache';
import { ok } from '../support/api-client';
import { newStaff } from '../support/accounts';

const dir = mkdtempSync(path.join(tmpdir(), 'market-names-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADER =
  'date,admin1,admin2,market,market_id,latitude,longitude,category,commodity,commodity_id,unit,priceflag,pricetype,currency,price,usdprice';

/** Bangladeshi rows as WFP writes them: "Cox'S Bazar" and a backtick, tomatoes, milk, an unnamed commodity. */
function bangladesh(): string {
  const lines = [HEADER];
  for (let m = 1; m <= 6; m++) {
    const d = `2025-0${m}-15`;
    lines.push(
      `${d},Chittagong,Cox'S Bazar,Cox\`s Bazar Sadar,9301,21.45,91.97,vegetables and fruits,Tomatoes (red),401,KG,actual,Retail,BDT,${60 + m},`,
      `${d},Chittagong,Cox'S Bazar,Cox\`s Bazar Sadar,9301,21.45,91.97,milk and dairy,Milk,402,L,actual,Retail,BDT,${90 + m},`,
      `${d},Chittagong,Cox'S Bazar,Cox\`s Bazar Sadar,9301,21.45,91.97,vegetables and fruits,Drumstick (sajna),403,KG,actual,Retail,BDT,${120 + m},`,
    );
  }
  return `${lines.join('\n')}\n`;
}

describe('names at import', () => {
  it('names the common commodities in Chinese, keeps the source name, and tidies place names', async () => {
    const db = await getDb();
    const f = path.join(dir, 'wfp_food_prices_bgd.csv');
    writeFileSync(f, bangladesh());
    const s = await importCsvFile(db, f, { rejectsPath: null });
    expect(s.rejected).toBe(0);
    // Named is not placed: all three still wait for staff to map or merge, the named ones named.
    expect((await ok('UnmappedProducts', { token: await staff() })).map((p) => p.name).sort()).toEqual([
      'Drumstick (sajna)',
      'Milk',
      'Tomatoes (red)',
    ]);

    const zh = await ok('ProductsMenu', { query: { country: 'BGD', lang: 'zh-CN' } });
    expect(zh.map((p) => [p.code, p.name, p.sourceName, p.altName])).toEqual(
      expect.arrayContaining([
        ['tomatoes-red', '番茄（红）', 'Tomatoes (red)', 'Tomatoes (red)'],
        ['milk-bgd', '牛奶', 'Milk', 'Milk'],
        ['drumstick-sajna', 'Drumstick (sajna)', null, 'Drumstick (sajna)'],
      ]),
    );
    const en = await ok('ProductsMenu', { query: { country: 'BGD', lang: 'en' } });
    // In English the name is the source's: no second line; the Chinese name is there to search by.
    expect(en.find((p) => p.code === 'tomatoes-red')).toMatchObject({
      name: 'Tomatoes (red)',
      sourceName: null,
      altName: '番茄（红）',
    });

    // A source name that differs only in case is no second line ("Rice (Indica)" under "Rice (indica)").
    await db.execute(sql`UPDATE products SET source_name = 'TOMATOES (Red)' WHERE code = 'tomatoes-red'`);
    await bumpDataVersion(db);
    const en2 = await ok('ProductsMenu', { query: { country: 'BGD', lang: 'en' } });
    expect(en2.find((p) => p.code === 'tomatoes-red')?.sourceName).toBeNull();
    const zh2 = await ok('ProductsMenu', { query: { country: 'BGD', lang: 'zh-CN' } });
    expect(zh2.find((p) => p.code === 'tomatoes-red')?.sourceName).toBe('TOMATOES (Red)');
    await db.execute(sql`UPDATE products SET source_name = 'Tomatoes (red)' WHERE code = 'tomatoes-red'`);
    await bumpDataVersion(db);

    const tree = await ok('GetRegion', { body: { country: 'BGD', lang: 'en' } });
    const names = JSON.stringify(tree);
    expect(names).toContain('"Cox\'s Bazar"');
    expect(names).toContain('"Cox\'s Bazar Sadar"');
    expect(names).not.toMatch(/Cox'S|`/);
  });

  it("never puts the demo catalogue's milk rows under an imported Milk, or the other way round", async () => {
    const db = await getDb();
    await importRows(
      db,
      inBatches(
        generateDemoSeries({
          from: '2025-01-01',
          to: '2025-01-31',
          products: ['milk'],
          markets: ['shandong/shouguang-agricultural-logistics-park'],
        }),
      ),
      { skipIndexes: true },
    );
    const rows = await query<{ code: string; demo: boolean; country: string; n: string }>(
      db,
      sql`SELECT p.code, p.is_demo AS demo, r.country_code AS country, count(*) AS n FROM price_observations o
          JOIN products p ON p.num = o.product_num JOIN regions r ON r.num = o.market_num
          WHERE p.code IN ('milk', 'milk-bgd') GROUP BY 1, 2, 3 ORDER BY 1`,
    );
    expect(rows.map((r) => [r.code, r.demo === true || String(r.demo) === 'true', r.country, Number(r.n)])).toEqual([
      ['milk', true, 'CHN', 31],
      ['milk-bgd', false, 'BGD', 6],
    ]);
    const menu = await ok('ProductsMenu', { query: { country: 'CHN', lang: 'zh-CN' } });
    expect(menu.find((p) => p.code === 'milk')).toMatchObject({ name: '鲜牛奶', demo: true });
  });

  it('gives the Chinese name to a product an earlier import left under the source name', async () => {
    const db = await getDb();
    await db.execute(sql`UPDATE products SET name_zh = name_en WHERE code = 'tomatoes-red'`);
    await db.execute(sql`UPDATE products SET name_zh = '小番茄' WHERE code = 'drumstick-sajna'`);
    await seedCatalogue(db);
    const names = await query<{ code: string; name_zh: string }>(
      db,
      sql`SELECT code, name_zh FROM products WHERE code IN ('tomatoes-red', 'drumstick-sajna') ORDER BY code`,
    );
    // The table's name where there was none; the name staff gave kept.
    expect(names).toEqual([
      { code: 'drumstick-sajna', name_zh: '小番茄' },
      { code: 'tomatoes-red', name_zh: '番茄（红）' },
    ]);
  });
});

/** Mapping imported commodities is the data role's console work. */
async function staff(): Promise<string> {
  return (await newStaff(['data'])).token;
}
