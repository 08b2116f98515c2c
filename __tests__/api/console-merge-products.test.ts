// Merging products in the console (docs/console.md "Data"): a duplicate commodity is merged into the
// product that survives. Its prices, mappings and members' watchlist entries and alert rules move
// (the survivor's own price wins where both have one); the menus and series then show the survivor;
// later imports of the merged commodity land on it; one transaction with its audit records.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { and, count, eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import {
  alertRules,
  latestPrices,
  priceObservations,
  productNames,
  products,
  productSources,
  regions,
  watchlistItems,
} from '@/lib/server/db/schema';
import { newStaff, newUser } from '../support/accounts';
import { call, ok } from '../support/api-client';

let data: Awaited<ReturnType<typeof newStaff>>;
let admin: Awaited<ReturnType<typeof newStaff>>;
beforeAll(async () => {
  data = await newStaff(['data'], 'Dana Data');
  admin = await newStaff(['admin'], 'Ada Admin');
}, 60_000);

/** A generic price file: monthly prices of one commodity in one Hainan market from `from`. */
function prices(commodity: string, market: string, months: number, from: number, price: number, unit = 'KG') {
  const lines = ['product,region,market,date,price,unit'];
  for (let i = 0; i < months; i++)
    lines.push(
      `${commodity},Hainan,${market},${from + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01,${price},${unit}`,
    );
  return lines.join('\n');
}

async function importCommodity(commodity: string, csv: string) {
  const r = await ok('ConsoleImportPrices', { token: data.token, body: { fileName: 'merge.csv', csv } });
  return r.countries[0]!.newProducts.find((p) => p.name === commodity)?.code ?? null;
}

const numOf = async (code: string) =>
  (await (await getDb()).select({ num: products.num }).from(products).where(eq(products.code, code)))[0]?.num;
const pricesOf = async (num: number) =>
  (
    await (await getDb()).select({ n: count() }).from(priceObservations).where(eq(priceObservations.productNum, num))
  )[0]!.n;

describe('ConsoleMergeProducts', () => {
  it("moves a product's prices, mappings and holdings into the survivor, in one audited transaction", async () => {
    // The survivor: 2015–2016 in Merge Market A. The duplicate: 2016–2017 there (12 months overlap), and Market B.
    const into = (await importCommodity('Merge lentils', prices('Merge lentils', 'Merge Market A', 24, 2015, 10)))!;
    const from = (await importCommodity(
      'Merge lentil (red)',
      prices('Merge lentil (red)', 'Merge Market A', 24, 2016, 99),
    ))!;
    await importCommodity('Merge lentil (red)', prices('Merge lentil (red)', 'Merge Market B', 6, 2018, 12));
    const intoNum = (await numOf(into))!;
    const fromNum = (await numOf(from))!;
    expect(await pricesOf(intoNum)).toBe(24);
    expect(await pricesOf(fromNum)).toBe(30);

    // A member follows the duplicate in Hainan, with a rule; another follows both.
    const db = await getDb();
    const [hainan] = await db.select({ num: regions.num }).from(regions).where(eq(regions.nameEn, 'Hainan'));
    const series = { regionNum: hainan!.num, priceType: 0, currency: 'CNY' };
    const alice = await newUser('alice');
    const bob = await newUser('bob');
    const [aw] = await db
      .insert(watchlistItems)
      .values({ userId: alice.id, productNum: fromNum, ...series })
      .returning();
    await db.insert(alertRules).values({
      userId: alice.id,
      watchId: aw!.id,
      productNum: fromNum,
      ...series,
      kind: 'above',
      value: 50,
    });
    const [bw] = await db
      .insert(watchlistItems)
      .values({ userId: bob.id, productNum: fromNum, ...series })
      .returning();
    const [bKeep] = await db
      .insert(watchlistItems)
      .values({ userId: bob.id, productNum: intoNum, ...series })
      .returning();
    await db
      .insert(alertRules)
      .values({ userId: bob.id, watchId: bw!.id, productNum: fromNum, ...series, kind: 'new' });

    const r = await ok('ConsoleMergeProducts', { token: data.token, body: { code: from, intoCode: into } });
    // 30 prices: 12 on days the survivor has its own (its stay), 18 moved.
    // Alice's entry moved; Bob's folded into the one he had of the survivor (his rule moved with it).
    expect(r.moved).toEqual({ prices: 18, kept: 12, mappings: 1, watchlist: 1, alertRules: 2 });
    expect(r).toMatchObject({ merged: { code: from }, into: { code: into } });

    expect(await numOf(from)).toBeUndefined();
    expect(await pricesOf(fromNum)).toBe(0);
    expect(await pricesOf(intoNum)).toBe(42);
    // The survivor's own price stays on the overlapping days.
    const [jan2016] = await db
      .select({ price: priceObservations.price })
      .from(priceObservations)
      .where(and(eq(priceObservations.productNum, intoNum), eq(priceObservations.day, '2016-01-01')));
    expect(jan2016!.price).toBe(10);
    // Derived rows follow: the survivor's latest price in Market B, its sources; none left for the merged one.
    expect((await db.select({ n: count() }).from(latestPrices).where(eq(latestPrices.productNum, intoNum)))[0]!.n).toBe(
      2,
    );
    expect((await db.select({ n: count() }).from(latestPrices).where(eq(latestPrices.productNum, fromNum)))[0]!.n).toBe(
      0,
    );
    const [src] = await db
      .select()
      .from(productSources)
      .where(and(eq(productSources.productNum, intoNum), eq(productSources.countryCode, 'CHN')));
    expect(src).toMatchObject({ firstDay: '2015-01-01', lastDay: '2018-06-01' });

    // The mapping moved: the source's name of the duplicate now names the survivor.
    const maps = await db.select().from(productNames).where(eq(productNames.productCode, into));
    expect(maps.length).toBe(2);
    // Holdings: Alice's entry and rule now follow the survivor; Bob keeps one entry, with his rule on it.
    const aliceWatch = await db.select().from(watchlistItems).where(eq(watchlistItems.userId, alice.id));
    expect(aliceWatch.map((w) => w.productNum)).toEqual([intoNum]);
    const bobWatch = await db.select().from(watchlistItems).where(eq(watchlistItems.userId, bob.id));
    expect(bobWatch.map((w) => w.id)).toEqual([bKeep!.id]);
    const bobRules = await db.select().from(alertRules).where(eq(alertRules.userId, bob.id));
    expect(bobRules.map((x) => [x.watchId, x.productNum])).toEqual([[bKeep!.id, intoNum]]);

    // The market menu names only the survivor; a later file of the duplicate's name lands on it.
    const menu = await ok('ProductsMenu', { query: { country: 'CHN', lang: 'en' } });
    expect(menu.map((p) => p.code)).toContain(into);
    expect(menu.map((p) => p.code)).not.toContain(from);
    const again = await ok('ConsoleImportPrices', {
      token: data.token,
      body: { fileName: 'merge.csv', csv: prices('Merge lentil (red)', 'Merge Market B', 6, 2018, 12) },
    });
    expect(again.countries[0]).toMatchObject({ newProducts: [], inserted: 0, unchanged: 6 });

    // The audit log: the merged product (before: both; after: where it went) and the survivor.
    const audit = await ok('ConsoleAuditLog', { token: admin.token, body: { action: 'ConsoleMergeProducts' } });
    const byId = Object.fromEntries(audit.items.map((a) => [a.entityId, a]));
    expect(byId[from]).toMatchObject({
      actorName: 'Dana Data',
      before: { merged: { code: from }, into: { code: into } },
      after: { mergedInto: into, moved: { prices: 18 } },
    });
    expect(byId[into]).toMatchObject({ before: { code: into }, after: { absorbed: from } });
  });

  it('refuses a product merged into itself, into another unit, or an unknown one, changing nothing', async () => {
    const kg = (await importCommodity('Merge millet', prices('Merge millet', 'Merge Market C', 3, 2015, 5)))!;
    const litre = (await importCommodity('Merge oil', prices('Merge oil', 'Merge Market C', 3, 2015, 5, 'L')))!;
    const self = await call('ConsoleMergeProducts', { token: data.token, body: { code: kg, intoCode: kg } });
    expect(self.body.msg).toBe('intoCode: must be another product than the one merged');
    const unit = await call('ConsoleMergeProducts', { token: data.token, body: { code: kg, intoCode: litre } });
    expect(unit.body.msg).toBe('intoCode: is sold per l, the merged product per kg: only products of one unit merge');
    const unknown = await call('ConsoleMergeProducts', { token: data.token, body: { code: 'no-such', intoCode: kg } });
    expect(unknown.body.code).toBe(404);
    expect(await numOf(kg)).toBeDefined();
    expect(await pricesOf((await numOf(kg))!)).toBe(3);
    // Products list for the console: both there.
    const list = await ok('ConsoleProducts', { token: data.token });
    expect(list.map((p) => p.code)).toEqual(expect.arrayContaining([kg, litre]));
  });
});
