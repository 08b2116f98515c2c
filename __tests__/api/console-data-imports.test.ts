// Price imports from the console (docs/console.md "Data"): a `data` member uploads a CSV and the
// one import path imports it (as `npm run data:import`), in one transaction with its history row
// and its audit record; the summary counts per country, new series and unmapped commodities; the
// rejects file downloads; the history lists every import; bad uploads get the envelope naming the field.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { and, eq, ne } from 'drizzle-orm';
import { MAX_PRICE_UPLOAD_BYTES } from '@/lib/api/console/schemas/data-imports';
import { getDb } from '@/lib/server/db/client';
import { dataSources, priceImports, products, productSources } from '@/lib/server/db/schema';
import { seedMarketFixture } from '../support/market';
import { newStaff, newUser } from '../support/accounts';
import { call, ok } from '../support/api-client';

let data: Awaited<ReturnType<typeof newStaff>>;
let admin: Awaited<ReturnType<typeof newStaff>>;
beforeAll(async () => {
  data = await newStaff(['data'], 'Dana Data');
  admin = await newStaff(['admin'], 'Ada Admin');
}, 60_000);

/** A generic price file: `good` monthly prices of one new commodity in one market, then `bad` broken rows. */
function generic(product: string, good: number, bad = 0) {
  const lines = ['product,region,market,date,price,unit'];
  for (let i = 0; i < good; i++) {
    const y = 2010 + Math.floor(i / 12);
    const mo = String((i % 12) + 1).padStart(2, '0');
    lines.push(`${product},Hainan,Console Market,${y}-${mo}-01,${20 + (i % 7)},KG`);
  }
  for (let i = 0; i < bad; i++) lines.push(`${product},Hainan,Console Market,2009-0${(i % 9) + 1}-01,not-a-price,KG`);
  return lines.join('\n');
}

describe('ConsoleImportPrices', () => {
  it('imports a file, keeps its summary, history, rejects file and audit record together', async () => {
    const csv = generic('Console pork', 150, 1);
    const r = await ok('ConsoleImportPrices', { token: data.token, body: { fileName: 'console-prices.csv', csv } });
    expect(r).toMatchObject({
      outcome: 'ok',
      fileName: 'console-prices.csv',
      actorName: 'Dana Data',
      rows: 151,
      imported: 150,
      rejected: 1,
      newSeries: 1,
      refused: null,
    });
    expect(r.countries).toHaveLength(1);
    expect(r.countries[0]).toMatchObject({ country: 'CHN', inserted: 150, rejected: 1, newSeries: 1, refused: null });
    expect(r.countries[0]!.newProducts.map((p) => p.name)).toEqual(['Console pork']);
    const db = await getDb();
    expect(
      await db.select({ n: products.nameEn }).from(products).where(eq(products.nameEn, 'Console pork')),
    ).toHaveLength(1);

    // The rejects file: the command line's format (line, reason, record), named after the upload.
    const rejects = await ok('ConsoleImportRejects', { token: data.token, body: { id: r.id } });
    expect(rejects.fileName).toBe('console-prices.rejects.csv');
    const lines = rejects.csv.trim().split('\n');
    expect(lines[0]).toBe('line,reason,record');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^152,.*not-a-price/);

    // The history, newest first, without the rejects text.
    const history = await ok('ConsoleImports', { token: data.token, body: {} });
    expect(history.items[0]).toEqual(r);

    // The audit log: the import as it became (counts, countries), by whom.
    const audit = await ok('ConsoleAuditLog', {
      token: admin.token,
      body: { entity: 'price_import', entityId: String(r.id) },
    });
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({ action: 'ConsoleImportPrices', actorName: 'Dana Data', before: null });
    expect(audit.items[0]!.after).toMatchObject({ id: r.id, imported: 150, rejected: 1, newSeries: 1 });

    // Re-importing changes nothing: every row unchanged, no new series, no new product.
    const again = await ok('ConsoleImportPrices', { token: data.token, body: { fileName: 'console-prices.csv', csv } });
    expect(again.countries[0]).toMatchObject({
      inserted: 0,
      updated: 0,
      unchanged: 150,
      newSeries: 0,
      newProducts: [],
    });
    expect(again.id).toBeGreaterThan(r.id);
  });

  it('refuses a country above 1 % bad rows: no price, no product, but the attempt is in the history and the log', async () => {
    const r = await ok('ConsoleImportPrices', {
      token: data.token,
      body: { fileName: 'broken.csv', csv: generic('Never stored pork', 20, 5) },
    });
    expect(r).toMatchObject({ outcome: 'refused', imported: 0, rejected: 5, newSeries: 0 });
    expect(r.countries[0]!.refused).toMatch(/5 bad row\(s\) of 25/);
    // What the refused import would have created was rolled back with it: nothing to map.
    expect(r.countries[0]).toMatchObject({ newProducts: [], newMarkets: 0, inserted: 0 });
    const db = await getDb();
    expect(await db.select().from(products).where(eq(products.nameEn, 'Never stored pork'))).toEqual([]);
    const rejects = await ok('ConsoleImportRejects', { token: data.token, body: { id: r.id } });
    expect(rejects.csv.trim().split('\n')).toHaveLength(6);
    const audit = await ok('ConsoleAuditLog', {
      token: admin.token,
      body: { entity: 'price_import', entityId: String(r.id) },
    });
    expect(audit.items[0]!.after).toMatchObject({ outcome: 'refused' });
  });

  it('imports a WFP country file (its country from the name) and a file of many countries, each in its own savepoint', async () => {
    const bgd = readFileSync(path.join(process.cwd(), 'e2e/fixtures/wfp_food_prices_bgd.csv'), 'utf8');
    const r = await ok('ConsoleImportPrices', {
      token: data.token,
      body: { fileName: 'wfp_food_prices_bgd.csv', csv: bgd },
    });
    expect(r.countries.map((c) => c.country)).toEqual(['BGD']);
    expect(r.rows).toBe(298);
    expect(r.imported + r.rejected).toBe(298);
    expect(r.newSeries).toBeGreaterThan(0);

    const global = readFileSync(path.join(process.cwd(), 'e2e/fixtures/wfp_food_prices_global.csv'), 'utf8');
    const g = await ok('ConsoleImportPrices', { token: data.token, body: { fileName: 'global.csv', csv: global } });
    expect(g.outcome).toBe('ok');
    expect(g.countries.map((c) => c.country)).toEqual(['KEN']);
    expect(g.imported).toBe(108);
    // A second country file after a many-country one: the stage of the first is gone.
    const bgd2 = await ok('ConsoleImportPrices', {
      token: data.token,
      body: { fileName: 'wfp_food_prices_bgd.csv', csv: bgd },
    });
    expect(bgd2.countries[0]).toMatchObject({ inserted: 0, newSeries: 0 });
  });

  it("shows on the dashboard each source's own last import, which a refused upload leaves as it was", async () => {
    const bgd = readFileSync(path.join(process.cwd(), 'e2e/fixtures/wfp_food_prices_bgd.csv'), 'utf8');
    const r = await ok('ConsoleImportPrices', {
      token: data.token,
      body: { fileName: 'wfp_food_prices_bgd.csv', csv: bgd },
    });
    const d = await ok('ConsoleDashboard', { token: data.token });
    const mine = d.freshness.filter((x) => x.country === 'BGD' && x.lastImportRows !== null);
    expect(mine.length).toBeGreaterThan(0);
    for (const x of mine) {
      expect(x.lastImportRows).toBe(r.countries[0]!.rows);
      expect(Math.abs(Date.parse(x.lastImportAt!) - Date.parse(r.at))).toBeLessThan(60_000);
    }
    // Another country's sources keep their own times: this import is not theirs.
    for (const x of d.freshness.filter((x) => x.country !== 'BGD'))
      expect(x.lastImportAt).not.toBe(mine[0]!.lastImportAt);

    await ok('ConsoleImportPrices', {
      token: data.token,
      body: { fileName: 'broken.csv', csv: generic('Refused pork', 20, 5) },
    });
    const after = await ok('ConsoleDashboard', { token: data.token });
    expect(after.freshness).toEqual(d.freshness);
  });

  it("gives a console import's rows only to the source it wrote, not to the country's other sources", async () => {
    const db = await getDb();
    await seedMarketFixture(db);
    const r = await ok('ConsoleImportPrices', {
      token: data.token,
      body: { fileName: 'hainan.csv', csv: generic('Sources pork', 24) },
    });
    // Another Chinese source written 30 seconds before this import (a command-line import, the seed).
    const before = new Date(Date.parse(r.at) - 30_000);
    const [other] = await db
      .select({ id: dataSources.id, name: dataSources.name })
      .from(productSources)
      .innerJoin(dataSources, eq(dataSources.id, productSources.sourceId))
      .where(and(eq(productSources.countryCode, 'CHN'), ne(dataSources.name, 'Imported CSV')))
      .limit(1);
    expect(other).toBeDefined();
    await db
      .update(productSources)
      .set({ importedAt: before })
      .where(and(eq(productSources.countryCode, 'CHN'), eq(productSources.sourceId, other!.id)));
    const d = await ok('ConsoleDashboard', { token: data.token });
    const row = (name: string) => d.freshness.find((x) => x.country === 'CHN' && x.source === name)!;
    expect(row('Imported CSV').lastImportRows).toBe(r.countries[0]!.rows);
    expect(row(other!.name)).toMatchObject({ lastImportAt: before.toISOString(), lastImportRows: null });
  });

  it('answers bad uploads with the envelope naming the field, and records nothing', async () => {
    const db = await getDb();
    const before = (await db.select({ id: priceImports.id }).from(priceImports)).length;
    const bad = async (body: { fileName: string; csv: string }) =>
      (await call('ConsoleImportPrices', { token: data.token, body })).body;
    expect(await bad({ fileName: 'prices.xlsx', csv: 'a,b\n1,2' })).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/^fileName: /),
    });
    expect(await bad({ fileName: 'prices.csv', csv: '  \n' })).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/^csv: /),
    });
    // Binary bytes (a spreadsheet renamed .csv) carry control characters: refused, naming the field.
    expect(await bad({ fileName: 'prices.csv', csv: 'PK\u0003\u0004\u0000\u0000' })).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/^csv: /),
    });
    expect(await bad({ fileName: 'rates.csv', csv: 'date,currency,rate\n2024-01-01,CNY,7.1' })).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/^csv: is a file of exchange rates/),
    });
    const big = `${'x'.repeat(MAX_PRICE_UPLOAD_BYTES)}\n`;
    expect(await bad({ fileName: 'prices.csv', csv: big })).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/^csv: must be at most 5 MiB/),
    });
    expect((await db.select({ id: priceImports.id }).from(priceImports)).length).toBe(before);
  });

  it('answers 404 for the rejects of an import without any', async () => {
    const r = await ok('ConsoleImportPrices', {
      token: data.token,
      body: { fileName: 'clean.csv', csv: generic('Clean pork', 3) },
    });
    expect(r.rejected).toBe(0);
    expect((await call('ConsoleImportRejects', { token: data.token, body: { id: r.id } })).body.code).toBe(404);
  });
});

describe('who may import', () => {
  it('lets data staff and admins in; 403 to other roles and customers; 401 without a login', async () => {
    const body = { fileName: 'roles.csv', csv: generic('Role pork', 2) };
    const others = await Promise.all((['editor', 'contributor', 'support'] as const).map((r) => newStaff([r])));
    const customer = await newUser('customer');
    for (const name of ['ConsoleImportPrices', 'ConsoleImports', 'ConsoleImportRejects'] as const) {
      const input = name === 'ConsoleImportPrices' ? body : name === 'ConsoleImportRejects' ? { id: 1 } : {};
      for (const o of others) expect((await call(name, { token: o.token, body: input as never })).body.code).toBe(403);
      expect((await call(name, { token: customer.token, body: input as never })).body.code).toBe(403);
      expect((await call(name, { body: input as never })).status).toBe(401);
    }
    expect((await ok('ConsoleImportPrices', { token: admin.token, body })).actorName).toBe('Ada Admin');
    expect((await ok('ConsoleImports', { token: admin.token, body: {} })).items[0]!.actorName).toBe('Ada Admin');
  });
});
