// The catalogue in the console (docs/console.md "Levels and data products"): an administrator edits a level's
// range prices and privileges and a data product's terms, each with a reason and an audit record;
// an order made before the edit is paid at its price, an order made after at the new one.
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { MemberLevelDTO } from '@/lib/api/schemas/commerce';
import { getDb } from '@/lib/server/db/client';
import { seedCatalogue as seedMarketCatalogue } from '@/lib/server/seed/catalogue';
import { seedDataProducts } from '@/lib/server/seed/market';
import { newStaff } from '../support/accounts';
import { call, ok } from '../support/api-client';
import { buy, levels, postNotify, registerUser, sandboxFields, seedCatalogue } from '../support/commerce';

let admin: Awaited<ReturnType<typeof newStaff>>;
let L: Record<string, MemberLevelDTO>;
beforeAll(async () => {
  await seedCatalogue();
  const db = await getDb();
  await seedMarketCatalogue(db);
  await seedDataProducts(db);
  admin = await newStaff(['admin'], 'Ada Admin');
  L = await levels();
}, 60_000);

const levelBody = (over: Record<string, unknown> = {}) => {
  const silver = L.silver!;
  return {
    levelId: silver.id,
    forSale: true,
    privileges: { ...silver.privileges, apiCallsPerDay: silver.privileges.apiCallsPerDay ?? 0 },
    prices: silver.prices.map((p) => ({ months: p.months as 1 | 3 | 12, priceFen: p.priceFen })),
    reason: 'Spring price review',
    ...over,
  };
};

describe('membership levels', () => {
  it('new prices apply to orders made after the edit; an order made before is paid at its price', async () => {
    const c = await registerUser();
    const before = await buy(c.token, L.silver!.id, 1);
    const old = L.silver!.prices.find((p) => p.months === 1)!.priceFen;
    const prices = L.silver!.prices.map((p) => ({
      months: p.months as 1 | 3 | 12,
      priceFen: p.months === 1 ? old + 1000 : p.priceFen,
    }));
    const cat = await ok('ConsoleSaveLevel', {
      token: admin.token,
      body: levelBody({
        prices,
        privileges: { ...L.silver!.privileges, apiCallsPerDay: 0, dataProductDiscountPct: 15 },
      }),
    });
    const silver = cat.levels.find((l) => l.code === 'silver')!;
    expect(silver.prices.find((p) => p.months === 1)!.priceFen).toBe(old + 1000);
    expect(silver.privileges.dataProductDiscountPct).toBe(15);
    // The catalogue customers read says the same.
    expect((await levels()).silver!.prices.find((p) => p.months === 1)!.priceFen).toBe(old + 1000);

    // The order made before: its price, and paying it grants Silver.
    expect(await postNotify('sandbox', sandboxFields(before))).toEqual({ status: 200, text: 'success' });
    const paid = await ok('QueryMemberOrderById', { token: c.token, query: { orderId: before.id } });
    expect(paid).toMatchObject({ status: 'paid', amountFen: old });
    const d = await registerUser();
    expect((await buy(d.token, L.silver!.id, 1)).amountFen).toBe(old + 1000);

    const audit = await ok('ConsoleAuditLog', {
      token: admin.token,
      body: { entity: 'member_level', entityId: 'silver' },
    });
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({ action: 'ConsoleSaveLevel', reason: 'Spring price review' });
    expect((audit.items[0]!.before as { prices: { priceFen: number }[] }).prices[0]!.priceFen).toBe(old);

    // The same again changes nothing and records nothing.
    await ok('ConsoleSaveLevel', { token: admin.token, body: levelBody({ prices, privileges: silver.privileges }) });
    expect(
      (await ok('ConsoleAuditLog', { token: admin.token, body: { entity: 'member_level', entityId: 'silver' } })).items,
    ).toHaveLength(1);
  });

  it('names the bad field, refuses the free level and support (403)', async () => {
    const bad = async (over: Record<string, unknown>) =>
      (await call('ConsoleSaveLevel', { token: admin.token, body: levelBody(over) as never })).body;
    expect(await bad({ prices: [{ months: 1, priceFen: 100 }] })).toMatchObject({
      code: 400,
      msg: 'prices: must give a price for each of 1, 3, 12 months',
    });
    expect(await bad({ prices: L.silver!.prices.map((p) => ({ months: p.months, priceFen: 0 })) })).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/^prices\.0\.priceFen: must be at least 1/),
    });
    expect(
      await bad({ privileges: { ...L.silver!.privileges, apiCallsPerDay: 0, dataProductDiscountPct: 95 } }),
    ).toMatchObject({ code: 400, msg: 'privileges.dataProductDiscountPct: must be at most 90' });
    expect(await bad({ levelId: L.free!.id })).toMatchObject({ code: 400, msg: expect.stringMatching(/^levelId: /) });
    const support = await newStaff(['support']);
    expect((await call('ConsoleSaveLevel', { token: support.token, body: levelBody() })).body.code).toBe(403);
  });
});

describe('data products', () => {
  it('changes a product’s region price, months and minimum level, audited; a rank no level has is refused', async () => {
    const cat = await ok('ConsoleCommerceCatalogue', { token: admin.token });
    const p = cat.products[0]!;
    const body = {
      code: p.code,
      pricePerRegionFen: p.pricePerRegionFen + 500,
      months: 6,
      minRank: L.gold!.rank,
      onSale: true,
      reason: 'Gold members only from May',
    };
    const after = await ok('ConsoleSaveDataProduct', { token: admin.token, body });
    expect(after.products.find((x) => x.code === p.code)).toMatchObject({
      pricePerRegionFen: p.pricePerRegionFen + 500,
      months: 6,
      minRank: L.gold!.rank,
    });
    const listed = await ok('QueryDataProductList');
    expect(listed.find((x) => x.code === p.code)).toMatchObject({
      pricePerRegionFen: p.pricePerRegionFen + 500,
      months: 6,
      minLevel: { code: 'gold' },
    });
    const audit = await ok('ConsoleAuditLog', {
      token: admin.token,
      body: { entity: 'data_product', entityId: p.code },
    });
    expect(audit.items[0]).toMatchObject({
      before: { pricePerRegionFen: p.pricePerRegionFen, months: p.months },
      after: { pricePerRegionFen: p.pricePerRegionFen + 500, months: 6 },
    });
    expect(
      (await call('ConsoleSaveDataProduct', { token: admin.token, body: { ...body, minRank: 77 } })).body,
    ).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/^minRank: /),
    });
  });
});
