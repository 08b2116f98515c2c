// The data catalogue in the console (docs/console.md "Catalogue"): data staff rename a product and
// move it to another category, rename a category, and change a source's licence and attribution
// line; the menus and the source's credit follow at once; each change is audited (before, after);
// bad input gets the envelope naming the field.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { newStaff } from '../support/accounts';
import { call, ok } from '../support/api-client';

let data: Awaited<ReturnType<typeof newStaff>>;
let admin: Awaited<ReturnType<typeof newStaff>>;
beforeAll(async () => {
  data = await newStaff(['data'], 'Dana Data');
  admin = await newStaff(['admin'], 'Ada Admin');
}, 60_000);

function prices(commodity: string) {
  const lines = ['product,region,market,date,price,unit'];
  for (let i = 0; i < 6; i++) lines.push(`${commodity},Hainan,Catalogue Market,2019-0${i + 1}-01,${8 + i},KG`);
  return lines.join('\n');
}

describe('the data catalogue', () => {
  it('edits a product, a category and a source, each audited, and the site follows', async () => {
    const imp = await ok('ConsoleImportPrices', {
      token: data.token,
      body: { fileName: 'catalogue.csv', csv: prices('Catalogue yam') },
    });
    const code = imp.countries[0]!.newProducts[0]!.code;
    const cat = await ok('ConsoleCatalogue', { token: data.token });
    expect(cat.categories.length).toBeGreaterThan(1);
    expect(cat.sources.length).toBeGreaterThan(0);
    const other = cat.categories.find((c) => c.code !== imp.countries[0]!.newProducts[0]!.category)!;

    const p = await ok('ConsoleSaveProduct', {
      token: data.token,
      body: { code, nameZh: '山药', nameEn: 'Yam', categoryCode: other.code },
    });
    expect(p).toMatchObject({ code, nameZh: '山药', nameEn: 'Yam', categoryCode: other.code, unit: 'kg' });
    const menu = await ok('ProductsMenu', { query: { country: 'CHN', lang: 'zh-CN' } });
    expect(menu.find((x) => x.code === code)).toMatchObject({ name: '山药' });
    const after = await ok('ConsoleCatalogue', { token: data.token });
    expect(after.categories.find((c) => c.code === other.code)!.products).toBe(other.products + 1);

    const c = await ok('ConsoleSaveCategory', {
      token: data.token,
      body: { code: other.code, nameZh: '根茎类', nameEn: 'Roots and tubers' },
    });
    expect(c).toMatchObject({ code: other.code, nameZh: '根茎类', nameEn: 'Roots and tubers' });

    const source = cat.sources[0]!;
    const s = await ok('ConsoleSaveDataSource', {
      token: data.token,
      body: { id: source.id, licence: 'CC BY 4.0', attribution: 'Source: Test Agency (CC BY 4.0)' },
    });
    expect(s).toMatchObject({ id: source.id, name: source.name, licence: 'CC BY 4.0' });
    expect((await ok('ConsoleCatalogue', { token: data.token })).sources.find((x) => x.id === source.id)).toEqual(s);

    const audit = await ok('ConsoleAuditLog', { token: admin.token, body: { actor: 'Dana Data' } });
    const by = (action: string) => audit.items.find((a) => a.action === action)!;
    expect(by('ConsoleSaveProduct')).toMatchObject({
      entity: 'product',
      entityId: code,
      before: { nameEn: 'Catalogue yam' },
      after: { nameEn: 'Yam' },
    });
    expect(by('ConsoleSaveCategory')).toMatchObject({
      entity: 'product_category',
      after: { nameEn: 'Roots and tubers' },
    });
    expect(by('ConsoleSaveDataSource')).toMatchObject({
      entity: 'data_source',
      entityId: String(source.id),
      before: { licence: source.licence },
      after: { attribution: 'Source: Test Agency (CC BY 4.0)' },
    });
  });

  it('refuses an unknown category, an empty name or attribution, and unknown rows, naming the field', async () => {
    const [first] = await ok('ConsoleProducts', { token: data.token });
    const bad = await call('ConsoleSaveProduct', {
      token: data.token,
      body: { code: first!.code, nameZh: '名', nameEn: 'Name', categoryCode: 'no-such' },
    });
    expect(bad.body.msg).toBe('categoryCode: names no category');
    const empty = await call('ConsoleSaveProduct', {
      token: data.token,
      body: { code: first!.code, nameZh: ' ', nameEn: 'Name', categoryCode: first!.categoryCode },
    });
    expect(empty.body.msg).toMatch(/^nameZh: is required/);
    const noSource = await call('ConsoleSaveDataSource', {
      token: data.token,
      body: { id: 999, licence: 'x', attribution: 'y' },
    });
    expect(noSource.body.code).toBe(404);
    const noAttribution = await call('ConsoleSaveDataSource', {
      token: data.token,
      body: { id: 1, licence: 'x', attribution: '' },
    });
    expect(noAttribution.body.msg).toMatch(/^attribution: is required/);
  });
});
