// Unmapped commodities in the console (docs/console.md "Data"): data staff name an imported
// commodity in both languages and file it under a category; the market menus name it so at once,
// later imports of the source's name keep landing on it, and the change is audited. Other roles
// get 403; bad input gets the envelope naming the field.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { newStaff, newUser } from '../support/accounts';
import { call, ok } from '../support/api-client';

let data: Awaited<ReturnType<typeof newStaff>>;
let admin: Awaited<ReturnType<typeof newStaff>>;
beforeAll(async () => {
  data = await newStaff(['data'], 'Dana Data');
  admin = await newStaff(['admin'], 'Ada Admin');
}, 60_000);

/** A generic price file of one commodity nobody has mapped, in one Hainan market. */
function prices(commodity: string, months: number, from = 2012) {
  const lines = ['product,region,market,date,price,unit'];
  for (let i = 0; i < months; i++) {
    lines.push(
      `${commodity},Hainan,Mapping Market,${from + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01,${30 + i},KG`,
    );
  }
  return lines.join('\n');
}

async function importUnmapped(commodity: string) {
  const r = await ok('ConsoleImportPrices', {
    token: data.token,
    body: { fileName: 'okra.csv', csv: prices(commodity, 24) },
  });
  const made = r.countries[0]!.newProducts.find((p) => p.name === commodity);
  expect(made).toBeDefined();
  return made!.code;
}

describe('ConsoleMapProduct', () => {
  it('names and files an unmapped commodity: the menus show the new names, later imports land on it', async () => {
    const code = await importUnmapped('Mapping okra (green)');
    expect((await ok('UnmappedProducts', { token: data.token })).map((p) => p.code)).toContain(code);
    const [vegetables] = (await ok('ConsoleProductCategories', { token: data.token })).filter((c) => c.code !== '');
    expect(vegetables).toBeDefined();

    const after = await ok('ConsoleMapProduct', {
      token: data.token,
      body: { code, nameZh: '秋葵', nameEn: 'Okra', categoryCode: vegetables!.code },
    });
    expect(after).toMatchObject({
      code,
      nameZh: '秋葵',
      nameEn: 'Okra',
      mapped: true,
      sourceName: 'Mapping okra (green)',
    });
    expect((await ok('UnmappedProducts', { token: data.token })).map((p) => p.code)).not.toContain(code);

    const zh = await ok('ProductsMenu', { query: { country: 'CHN', lang: 'zh-CN' } });
    expect(zh.find((p) => p.code === code)).toMatchObject({ name: '秋葵', mapped: true });
    const en = await ok('ProductsMenu', { query: { country: 'CHN', lang: 'en' } });
    expect(en.find((p) => p.code === code)).toMatchObject({ name: 'Okra', sourceName: 'Mapping okra (green)' });

    // The source keeps writing its own name: a later file lands on the mapped product, nothing new.
    const later = await ok('ConsoleImportPrices', {
      token: data.token,
      body: { fileName: 'okra-2014.csv', csv: prices('Mapping okra (green)', 6, 2014) },
    });
    expect(later.countries[0]).toMatchObject({ inserted: 6, newProducts: [] });
    expect((await ok('UnmappedProducts', { token: data.token })).map((p) => p.code)).not.toContain(code);

    // Audited: who, the record before and after.
    const audit = await ok('ConsoleAuditLog', { token: admin.token, body: { entity: 'product', entityId: code } });
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({ action: 'ConsoleMapProduct', actorName: 'Dana Data' });
    expect(audit.items[0]!.before).toMatchObject({ nameEn: 'Mapping okra (green)', mapped: false });
    expect(audit.items[0]!.after).toMatchObject({ nameEn: 'Okra', mapped: true });
  });

  it('refuses a mapped product (409), an unknown one (404), an unknown category and empty names (field named)', async () => {
    const code = await importUnmapped('Mapping taro');
    const categoryCode = (await ok('ConsoleProductCategories', { token: data.token }))[0]!.code;
    const body = { code, nameZh: '芋头', nameEn: 'Taro', categoryCode };

    const badCategory = await call('ConsoleMapProduct', { token: data.token, body: { ...body, categoryCode: 'nope' } });
    expect(badCategory.body).toMatchObject({ code: 400 });
    expect(badCategory.body.msg).toMatch(/categoryCode|category/i);
    const noName = await call('ConsoleMapProduct', { token: data.token, body: { ...body, nameZh: '  ' } });
    expect(noName.body).toMatchObject({ code: 400 });
    expect(noName.body.msg).toMatch(/nameZh|Chinese name/i);
    expect(
      (await call('ConsoleMapProduct', { token: data.token, body: { ...body, code: 'no-such-thing' } })).body.code,
    ).toBe(404);
    // Nothing was half-done by the refusals: it is still waiting.
    expect((await ok('UnmappedProducts', { token: data.token })).map((p) => p.code)).toContain(code);

    await ok('ConsoleMapProduct', { token: data.token, body });
    const again = await call('ConsoleMapProduct', { token: data.token, body: { ...body, nameEn: 'Taro root' } });
    expect(again.body).toMatchObject({ code: 409, msg: 'This commodity is already a catalogue product.' });
  });

  it('is for data staff and admins: 403 to other roles and customers, 401 without a login', async () => {
    const body = { code: 'x', nameZh: '甲', nameEn: 'X', categoryCode: 'x' };
    for (const role of ['editor', 'contributor', 'support'] as const) {
      const s = await newStaff([role]);
      expect((await call('ConsoleMapProduct', { token: s.token, body })).body.code).toBe(403);
      expect((await call('ConsoleProductCategories', { token: s.token })).body.code).toBe(403);
    }
    const customer = await newUser();
    expect((await call('ConsoleMapProduct', { token: customer.token, body })).body.code).toBe(403);
    expect((await call('ConsoleMapProduct', { body })).body.code).toBe(401);
    expect((await call('ConsoleMapProduct', { token: admin.token, body })).body.code).toBe(404);
  });
});
