import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { query, type Db, type Tx } from '../db/client';
import { countries, productCategories, productNames, products, regions } from '../db/schema';
import { DEFAULT_COUNTRY, NATION_REGION_ID } from '@/lib/api/schemas/market-ids';
import { demoProducts } from '../market/demo-series';
import { nationNames, slugify } from '../market/names';
import { categoriesData, countriesData, productNamesData, productsData, regionsData } from '../market/seed-data';

/**
 * Geography and catalogue as data (data/geo, data/catalogue): every ISO country with its names
 * and currency, China's region tree, the categories, products and the mapping of source names
 * to products. `update` (db:seed) makes the stored rows say what the files say; `missing`
 * (data:import on a database never seeded) only adds what is not there. Numbers already given
 * are kept either way.
 */
export async function seedCatalogue(db: Db | Tx, mode: 'update' | 'missing' = 'update') {
  const update = mode === 'update';
  const cats = categoriesData().map((c, i) => ({ ...c, sort: i }));
  const q = db.insert(productCategories).values(cats);
  await (update
    ? q.onConflictDoUpdate({
        target: productCategories.code,
        set: { nameEn: sql`excluded.name_en`, nameZh: sql`excluded.name_zh`, sort: sql`excluded.sort` },
      })
    : q.onConflictDoNothing());
  const list = countriesData().map((c) => ({ ...c, sort: c.code === DEFAULT_COUNTRY ? 0 : 1000 }));
  for (let i = 0; i < list.length; i += 100) {
    const q = db.insert(countries).values(list.slice(i, i + 100));
    await (update
      ? q.onConflictDoUpdate({
          target: countries.code,
          set: { nameEn: sql`excluded.name_en`, nameZh: sql`excluded.name_zh`, iso2: sql`excluded.iso2` },
        })
      : q.onConflictDoNothing());
  }
  await seedRegions(db, DEFAULT_COUNTRY, NATION_REGION_ID, update);
  const [max] = await query<{ n: number | null }>(db, sql`SELECT max(${products.num}) AS n FROM ${products}`);
  let next = Number(max?.n ?? 0);
  const known = new Set((await db.select({ code: products.code }).from(products)).map((p) => p.code));
  const demo = new Set(demoProducts().map((p) => p.code));
  for (const p of productsData()) {
    const values = {
      nameEn: p.nameEn,
      nameZh: p.nameZh,
      categoryCode: p.category,
      unit: p.unit,
      isDemo: demo.has(p.code),
      mapped: true,
    };
    if (!known.has(p.code)) await db.insert(products).values({ code: p.code, num: ++next, ...values });
    else if (update) await db.update(products).set(values).where(eq(products.code, p.code));
  }
  const names = db
    .insert(productNames)
    .values(productNamesData().map((n) => ({ name: slugify(n.name), productCode: n.product, nameZh: n.nameZh })));
  await (update
    ? names.onConflictDoUpdate({
        target: productNames.name,
        set: { productCode: sql`excluded.product_code`, nameZh: sql`excluded.name_zh` },
      })
    : names.onConflictDoNothing());
  if (update) await nameImportedProducts(db);
}

/**
 * The mapping table's Chinese names given to the products imports made of those commodities
 * before the table named them (the import names new ones itself): a product still under the
 * source's name in Chinese, and its series in other units, get the Chinese name. A name staff
 * gave is kept.
 */
async function nameImportedProducts(db: Db | Tx) {
  const zh = new Map(productNamesData().flatMap((n) => (n.nameZh ? [[slugify(n.name), n.nameZh] as const] : [])));
  if (!zh.size) return;
  const made = await db
    .select({ code: products.code, nameEn: products.nameEn, nameZh: products.nameZh })
    .from(products)
    .where(sql`${products.nameZh} = ${products.nameEn}`);
  for (const p of made) {
    const name = zh.get(slugify(p.nameEn));
    if (name) await db.update(products).set({ nameZh: name }).where(eq(products.code, p.code));
  }
}

/** A country's nation region and its tree from data/geo/regions-<iso3>.csv (new rows numbered after the last). */
async function seedRegions(db: Db | Tx, country: string, nationId: string, update: boolean) {
  const c = countriesData().find((x) => x.code === country)!;
  const existing = new Map(
    (await db.select({ id: regions.id, num: regions.num, path: regions.path }).from(regions)).map((r) => [r.id, r]),
  );
  const [max] = await query<{ n: number | null }>(db, sql`SELECT max(${regions.num}) AS n FROM ${regions}`);
  let next = Number(max?.n ?? 0);
  const rows: (typeof regions.$inferInsert)[] = [];
  const add = (r: Omit<typeof regions.$inferInsert, 'num'> & { path: number[] }) => {
    const num = existing.get(r.id)?.num ?? ++next;
    existing.set(r.id, { id: r.id, num, path: r.path });
    rows.push({ ...r, num });
  };
  add({
    id: nationId,
    countryCode: country,
    level: 'nation',
    parentId: null,
    provinceId: null,
    path: [],
    ...nationNames(c),
    sort: 0,
  });
  const provinceOf = new Map<string, string | null>();
  for (const [i, r] of regionsData(country).entries()) {
    const parent = existing.get(r.parent ?? nationId)!;
    const provinceId = r.level === 'province' ? r.id : (provinceOf.get(r.parent ?? '') ?? null);
    provinceOf.set(r.id, provinceId);
    add({
      id: r.id,
      countryCode: country,
      level: r.level,
      parentId: r.parent ?? nationId,
      provinceId,
      path: [...parent.path, parent.num],
      nameEn: r.nameEn,
      nameZh: r.nameZh,
      code: r.code,
      aliases: r.aliases.length ? r.aliases : null,
      lat: r.lat,
      lon: r.lon,
      sort: i + 1,
    });
  }
  const q = db.insert(regions).values(rows);
  const set = Object.fromEntries(
    (['nameEn', 'nameZh', 'code', 'aliases', 'lat', 'lon', 'sort'] as const).map((k) => [
      k,
      sql.raw(`excluded.${regions[k].name}`),
    ]),
  );
  await (update ? q.onConflictDoUpdate({ target: regions.id, set }) : q.onConflictDoNothing());
  await db.update(countries).set({ regionId: nationId }).where(eq(countries.code, country));
}
