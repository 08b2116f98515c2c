import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { query, type Tx } from '../../../db/client';
import { countries, dataSources, packs, productCategories, productNames, products, regions } from '../../../db/schema';
import { nationOf } from '@/lib/api/schemas/market-ids';
import { categoryOf, cleanName, nationNames, placeKey, slugify } from '../../../market/names';
import type { BaseUnit, Reject, SourceRow } from '../../../market/types';
import { parseUnit } from '../../../market/units';
import { seedCatalogue } from '../../../seed/catalogue';
import { attributionOf, DEMO_LICENCE } from './sources';

type Country = {
  code: string;
  iso2: string;
  nameEn: string;
  nameZh: string;
  currency: string;
  regionId: string | null;
};
type Region = { id: string; num: number; level: string; path: number[]; provinceId: string | null };
type Geo = {
  country: Country;
  nation: Region;
  /** Admin1 areas by placeKey of every name they go by. */
  admin1: Map<string, Region>;
  byId: Map<string, Region>;
  byRef: Map<string, Region>;
};
type Product = {
  code: string;
  num: number;
  unit: string;
  isDemo: boolean;
  nameEn: string;
  nameZh: string;
  categoryCode: string;
  mapped: boolean;
  sourceName: string | null;
};
type Pack = { id: number; unit: BaseUnit; quantity: number };

/** A source row tied to our geography and catalogue: what the price tables store. */
export type ResolvedRow = {
  row: SourceRow;
  productNum: number;
  marketNum: number;
  packId: number;
  /** Base units in the pack: the source's price ÷ this is the stored price. */
  quantity: number;
  sourceId: number;
  currency: string;
  countryCode: string;
};

/** A product's code in another unit: `bananas` per bunch → `bananas-per-bunch` (within the 64 characters a code may have). */
export function unitVariantCode(code: string, unit: string): string {
  const suffix = `-per-${slugify(unit) || 'unit'}`;
  return `${code.slice(0, 64 - suffix.length).replace(/-+$/, '')}${suffix}`;
}

/** A commodity met for the first time (or in a unit new for it), created under the source's name. */
export type NewProduct = { code: string; name: string; category: string; unit: string; country: string };

/**
 * Ties source rows to countries, regions, products, packs and sources, creating what is new:
 * a country's nation region, admin1 and admin2 areas and markets (with the source's market id
 * and coordinates), an unmapped product for a commodity no mapping names, a pack, a source.
 * Everything is looked up in memory (loaded once per import, under a lock so concurrent imports
 * number new rows one after the other); new rows are written before the prices that use them.
 */
export class Resolver {
  private countryByKey = new Map<string, Country>();
  private geo = new Map<string, Geo>();
  private productByKey = new Map<string, Product>();
  private packByLabel = new Map<string, Pack>();
  private sourceByName = new Map<string, number>();
  private categories = new Map<string, string>();
  /** Names the mapping table holds (a product's own code and names match too, see `product`). */
  private mappedNames = new Set<string>();
  /** The mapping table's Chinese names of source commodities, by slug (data/catalogue/product-names.csv). */
  private zhNames = new Map<string, string>();
  private next = { region: 0, product: 0, pack: 0, source: 0 };
  private pending = {
    regions: [] as (typeof regions.$inferInsert)[],
    nations: [] as { code: string; regionId: string }[],
    products: [] as (typeof products.$inferInsert)[],
    names: [] as (typeof productNames.$inferInsert)[],
    sourceNames: [] as { code: string; name: string }[],
    packs: [] as (typeof packs.$inferInsert)[],
    sources: [] as (typeof dataSources.$inferInsert)[],
  };
  /** Row context → its resolution: files repeat the same market, commodity and pack on every row. */
  private marketCache = new Map<string, { geo: Geo; market: Region } | string>();
  private productCache = new Map<string, Product>();
  readonly newProducts: NewProduct[] = [];
  readonly newMarkets = new Set<string>();
  readonly countriesSeen = new Set<string>();

  constructor(private readonly tx: Tx) {}

  async load() {
    const tx = this.tx;
    // New rows are numbered max + 1: one import at a time adds them.
    await tx.execute(sql`LOCK TABLE ${regions}, ${products}, ${packs}, ${dataSources} IN SHARE ROW EXCLUSIVE MODE`);
    // A database never seeded still knows every country, the categories and the mapping table.
    const [any] = await tx.select({ code: countries.code }).from(countries).limit(1);
    if (!any) await seedCatalogue(tx, 'missing');
    for (const c of await tx.select().from(countries)) {
      const country: Country = c;
      for (const k of [c.code, c.iso2, slugify(c.nameEn), slugify(c.nameZh)])
        this.countryByKey.set(k.toLowerCase(), country);
    }
    for (const c of await tx.select().from(productCategories)) {
      for (const k of [c.code, c.nameEn, c.nameZh]) this.categories.set(slugify(k), c.code);
    }
    const ps = await tx
      .select({
        code: products.code,
        num: products.num,
        unit: products.unit,
        nameEn: products.nameEn,
        nameZh: products.nameZh,
        isDemo: products.isDemo,
        categoryCode: products.categoryCode,
        mapped: products.mapped,
        sourceName: products.sourceName,
      })
      .from(products);
    const byCode = new Map<string, Product>();
    // A product's names, then the mapping table, then codes: a code always means its own product
    // (an imported "Milk" never takes the demo catalogue's `milk` rows), a mapping beats a name.
    for (const p of ps) {
      const product: Product = { ...p };
      byCode.set(p.code, product);
      for (const k of [p.nameEn, p.nameZh])
        if (!this.productByKey.has(slugify(k))) this.productByKey.set(slugify(k), product);
      this.next.product = Math.max(this.next.product, p.num);
    }
    for (const n of await tx.select().from(productNames)) {
      const p = n.productCode ? byCode.get(n.productCode) : undefined;
      if (p) this.productByKey.set(n.name, p);
      if (p) this.mappedNames.add(n.name);
      if (n.nameZh) this.zhNames.set(n.name, n.nameZh);
    }
    for (const p of byCode.values()) this.productByKey.set(slugify(p.code), p);
    for (const p of await tx.select().from(packs)) {
      this.packByLabel.set(p.label.toUpperCase(), { id: p.id, unit: p.unit as BaseUnit, quantity: p.quantity });
      this.next.pack = Math.max(this.next.pack, p.id);
    }
    for (const s of await tx.select({ id: dataSources.id, name: dataSources.name }).from(dataSources)) {
      this.sourceByName.set(s.name, s.id);
      this.next.source = Math.max(this.next.source, s.id);
    }
    const [max] = await query<{ n: number | null }>(tx, sql`SELECT max(${regions.num}) AS n FROM ${regions}`);
    this.next.region = Number(max?.n ?? 0);
  }

  /** Resolves a batch (rows that cannot be placed become rejects) and writes what it had to create. */
  async resolve(batch: readonly SourceRow[]): Promise<{ rows: ResolvedRow[]; rejects: Reject[] }> {
    const rows: ResolvedRow[] = [];
    const rejects: Reject[] = [];
    for (const row of batch) {
      const r = await this.one(row);
      if (typeof r === 'string') rejects.push({ line: row.line, reason: r, raw: row.raw });
      else rows.push(r);
    }
    await this.flush();
    return { rows, rejects };
  }

  private async one(row: SourceRow): Promise<ResolvedRow | string> {
    const place = await this.market(row);
    if (typeof place === 'string') return place;
    const pack = this.pack(row.pack);
    if (!pack) return `unit: '${row.pack}' names no unit`;
    // A commodity quoted per kg in one market and per bunch in another is two series.
    const product = this.inUnit(
      this.product(row, pack.unit, place.geo.country.code),
      pack.unit,
      row,
      place.geo.country.code,
    );
    return {
      row,
      productNum: product.num,
      marketNum: place.market.num,
      packId: pack.id,
      quantity: pack.quantity,
      sourceId: this.source(row.source, row.licence),
      currency: row.currency ?? place.geo.country.currency,
      countryCode: place.geo.country.code,
    };
  }

  private async market(row: SourceRow): Promise<{ geo: Geo; market: Region } | string> {
    const key = `${row.country}\u0000${row.admin1}\u0000${row.admin2 ?? ''}\u0000${row.market}\u0000${row.marketRef ?? ''}\u0000${row.source}`;
    const hit = this.marketCache.get(key);
    if (hit !== undefined) return hit;
    const country =
      this.countryByKey.get(row.country.trim().toLowerCase()) ?? this.countryByKey.get(slugify(row.country));
    let out: { geo: Geo; market: Region } | string;
    if (!country) out = `country: unknown country '${row.country}' (ISO 3166 code or name)`;
    else {
      const geo = await this.geoOf(country);
      this.countriesSeen.add(country.code);
      // Names as shown are tidied ("Cox'S Bazar" → "Cox's Bazar"); ids come from slugs, unchanged.
      const admin1 = this.admin1(geo, cleanName(row.admin1));
      const parent = row.admin2
        ? this.child(geo, admin1, 'city', `${admin1.id}:${slugify(row.admin2)}`, cleanName(row.admin2))
        : admin1;
      const ref = row.marketRef ? `${row.source}#${row.marketRef}` : null;
      const id = `${admin1.id}/${slugify(row.market) || 'market'}`;
      let market = (ref && geo.byRef.get(ref)) || geo.byId.get(id);
      if (!market) {
        market = this.child(geo, parent, 'market', id, cleanName(row.market), {
          lat: row.lat,
          lon: row.lon,
          sourceRef: ref,
        });
        this.newMarkets.add(id);
      }
      out = { geo, market };
    }
    this.marketCache.set(key, out);
    return out;
  }

  private async geoOf(country: Country): Promise<Geo> {
    const known = this.geo.get(country.code);
    if (known) return known;
    const rows = await this.tx
      .select({
        id: regions.id,
        num: regions.num,
        level: regions.level,
        path: regions.path,
        provinceId: regions.provinceId,
        nameEn: regions.nameEn,
        nameZh: regions.nameZh,
        code: regions.code,
        aliases: regions.aliases,
        sourceRef: regions.sourceRef,
      })
      .from(regions)
      .where(eq(regions.countryCode, country.code));
    const geo: Geo = {
      country,
      nation: null as unknown as Region,
      admin1: new Map(),
      byId: new Map(),
      byRef: new Map(),
    };
    for (const r of rows) {
      const region: Region = { id: r.id, num: r.num, level: r.level, path: r.path, provinceId: r.provinceId };
      geo.byId.set(r.id, region);
      if (r.sourceRef) geo.byRef.set(r.sourceRef, region);
      if (r.level === 'nation') geo.nation = region;
      if (r.level === 'province')
        for (const name of [r.nameEn, r.nameZh, r.code, r.id.split('/').pop(), ...(r.aliases ?? [])])
          if (name) geo.admin1.set(placeKey(name), region);
    }
    if (!geo.nation) {
      const id = country.regionId ?? nationOf(country.code);
      geo.nation = this.add(geo, { id, level: 'nation', parent: null, ...nationNames(country) });
      this.pending.nations.push({ code: country.code, regionId: id });
    }
    this.geo.set(country.code, geo);
    return geo;
  }

  private admin1(geo: Geo, name: string): Region {
    const key = placeKey(name) || slugify(name) || 'unknown';
    let r = geo.admin1.get(key);
    if (!r) {
      // China's provinces keep the short ids they always had; other countries' are "<nation>/<slug>".
      const id = geo.country.code === 'CHN' ? key : `${geo.nation.id}/${key}`;
      r = geo.byId.get(id) ?? this.child(geo, geo.nation, 'province', id, name);
      geo.admin1.set(key, r);
    }
    return r;
  }

  private child(
    geo: Geo,
    parent: Region,
    level: 'province' | 'city' | 'market',
    id: string,
    name: string,
    extra: { lat?: number | null; lon?: number | null; sourceRef?: string | null } = {},
  ): Region {
    return geo.byId.get(id) ?? this.add(geo, { id, level, parent, nameEn: name, nameZh: name, ...extra });
  }

  private add(
    geo: Geo,
    r: { id: string; level: string; parent: Region | null; nameEn: string; nameZh: string } & {
      lat?: number | null;
      lon?: number | null;
      sourceRef?: string | null;
    },
  ): Region {
    const num = ++this.next.region;
    const path = r.parent ? [...r.parent.path, r.parent.num] : [];
    const provinceId = r.level === 'province' ? r.id : (r.parent?.provinceId ?? null);
    const region: Region = { id: r.id, num, level: r.level, path, provinceId };
    geo.byId.set(r.id, region);
    if (r.sourceRef) geo.byRef.set(r.sourceRef, region);
    this.pending.regions.push({
      id: r.id,
      num,
      countryCode: geo.country.code,
      parentId: r.parent?.id ?? null,
      level: r.level,
      provinceId,
      path,
      nameEn: r.nameEn,
      nameZh: r.nameZh,
      sourceRef: r.sourceRef ?? null,
      lat: r.lat ?? null,
      lon: r.lon ?? null,
      sort: num,
    });
    return region;
  }

  private pack(label: string): Pack | null {
    const key = label.trim().replace(/\s+/g, ' ').toUpperCase();
    const known = this.packByLabel.get(key);
    if (known) return known;
    const parsed = parseUnit(label);
    if (!parsed) return null;
    const pack = { id: ++this.next.pack, unit: parsed.unit, quantity: parsed.quantity };
    this.pending.packs.push({ id: pack.id, label: label.trim().replace(/\s+/g, ' '), ...parsed });
    this.packByLabel.set(key, pack);
    return pack;
  }

  /** The product a commodity name maps to; an unknown one is created unmapped, under its own name. */
  private product(row: SourceRow, unit: BaseUnit, country: string): Product {
    const hit = this.productCache.get(row.commodity);
    if (hit) return hit;
    const key = slugify(row.commodity) || 'product';
    let code = key;
    let p = this.productByKey.get(key);
    // A source's commodity joins a demo product only through the mapping table, never by its code
    // or name alone ("Milk" in a WFP file is not the generated 鲜牛奶 series): it would be labelled
    // demo. A file naming our catalogue's products (the generic CSV) means them.
    if (p?.isDemo && !row.catalogueName && row.licence !== DEMO_LICENCE && !this.mappedNames.has(key)) {
      code = `${key}-${country.toLowerCase()}`;
      p = this.productByKey.get(code);
    }
    const name = cleanName(row.commodity);
    const named = !row.catalogueName && row.licence !== DEMO_LICENCE;
    if (!p) {
      // Named in Chinese by the mapping table, or under the source's name in both languages.
      const zh = this.zhNames.get(key);
      p = this.create(
        {
          code,
          unit,
          isDemo: row.licence === DEMO_LICENCE,
          nameEn: name,
          nameZh: zh ?? name,
          categoryCode: categoryOf(row.category, row.commodity, this.categories),
          // Named, not placed: staff may still map or merge it into a catalogue product.
          mapped: false,
          sourceName: named ? name : null,
        },
        country,
      );
      if (code === key) this.pending.names.push({ name: key, productCode: code });
    } else if (named && p.sourceName === null) {
      // A catalogue product a source names ("Wheat" → 小麦): its name there, shown under ours.
      p.sourceName = name;
      this.pending.sourceNames.push({ code: p.code, name });
    }
    this.productCache.set(row.commodity, p);
    return p;
  }

  /**
   * The series of a product in another unit: a product of its own (`<code>-per-<unit>`, the same
   * names and category), so no chart, table, export or index ever puts per-kg and per-bunch
   * prices of one commodity on one line (docs/market-data.md, "Units").
   */
  private inUnit(base: Product, unit: string, row: SourceRow, country: string): Product {
    if (base.unit === unit) return base;
    const code = unitVariantCode(base.code, unit);
    const known = this.productByKey.get(code);
    if (known && known.unit === unit) return known;
    return this.create(
      {
        code,
        unit,
        isDemo: row.licence === DEMO_LICENCE,
        nameEn: base.nameEn,
        nameZh: base.nameZh,
        categoryCode: base.categoryCode,
        mapped: base.mapped,
        sourceName: base.sourceName,
      },
      country,
    );
  }

  private create(p: Omit<Product, 'num'>, country: string): Product {
    const product: Product = { ...p, num: ++this.next.product };
    this.pending.products.push(product);
    this.newProducts.push({ code: p.code, name: p.nameEn, category: p.categoryCode, unit: p.unit, country });
    this.productByKey.set(p.code, product);
    return product;
  }

  private source(name: string, licence: string): number {
    const known = this.sourceByName.get(name);
    if (known !== undefined) return known;
    const id = ++this.next.source;
    this.pending.sources.push({
      id,
      name,
      licence,
      attribution: attributionOf(name, licence),
      isDemo: licence === DEMO_LICENCE,
    });
    this.sourceByName.set(name, id);
    return id;
  }

  private async flush() {
    const p = this.pending;
    const tx = this.tx;
    if (p.regions.length) await tx.insert(regions).values(p.regions);
    for (const n of p.nations)
      await tx.update(countries).set({ regionId: n.regionId }).where(eq(countries.code, n.code));
    if (p.products.length) await tx.insert(products).values(p.products);
    if (p.names.length) await tx.insert(productNames).values(p.names).onConflictDoNothing();
    for (const n of p.sourceNames)
      await tx.update(products).set({ sourceName: n.name }).where(eq(products.code, n.code));
    if (p.packs.length) await tx.insert(packs).values(p.packs);
    if (p.sources.length) await tx.insert(dataSources).values(p.sources);
    this.pending = { regions: [], nations: [], products: [], names: [], sourceNames: [], packs: [], sources: [] };
  }
}
