import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { BaseUnit } from './types';

/**
 * The geography and catalogue shipped as data (data/geo, data/catalogue; data/NOTICE.md says
 * where they come from): read by the seed, which stores them, and by the demo generator.
 * Nothing else reads these files: imports and pages use what the database holds.
 */
const DATA = path.join(process.cwd(), 'data');

function rows(file: string): Record<string, string>[] {
  return parse(readFileSync(path.join(DATA, file), 'utf8'), { columns: true, skip_empty_lines: true, bom: true });
}

const cache = new Map<string, unknown>();
function once<T>(key: string, load: () => T): T {
  if (!cache.has(key)) cache.set(key, load());
  return cache.get(key) as T;
}

export type CountryData = { code: string; iso2: string; nameEn: string; nameZh: string; currency: string };
export const countriesData = () =>
  once('countries', (): CountryData[] =>
    rows('geo/countries.csv').map((r) => ({
      code: r.iso3!,
      iso2: r.iso2!,
      nameEn: r.name_en!,
      nameZh: r.name_zh!,
      currency: r.currency || 'USD',
    })),
  );

export type RegionData = {
  level: 'province' | 'city' | 'market';
  id: string;
  parent: string | null;
  code: string | null;
  nameEn: string;
  nameZh: string;
  aliases: string[];
  lat: number | null;
  lon: number | null;
};
/** One country's region tree below the nation (data/geo/regions-<iso3>.csv), parents before children. */
export const regionsData = (country: string) =>
  once(`regions-${country}`, (): RegionData[] =>
    rows(`geo/regions-${country.toLowerCase()}.csv`).map((r) => ({
      level: r.level === 'admin1' ? 'province' : r.level === 'admin2' ? 'city' : 'market',
      id: r.id!,
      parent: r.parent || null,
      code: r.code || null,
      nameEn: r.name_en!,
      nameZh: r.name_zh!,
      aliases: r.aliases ? r.aliases.split('|') : [],
      lat: r.lat ? Number(r.lat) : null,
      lon: r.lon ? Number(r.lon) : null,
    })),
  );

export type CategoryData = { code: string; nameEn: string; nameZh: string };
export const categoriesData = () =>
  once('categories', (): CategoryData[] =>
    rows('catalogue/categories.csv').map((r) => ({ code: r.code!, nameEn: r.name_en!, nameZh: r.name_zh! })),
  );

export type ProductData = { code: string; nameEn: string; nameZh: string; category: string; unit: BaseUnit };
export const productsData = () =>
  once('products', (): ProductData[] =>
    rows('catalogue/products.csv').map((r) => ({
      code: r.code!,
      nameEn: r.name_en!,
      nameZh: r.name_zh!,
      category: r.category!,
      unit: r.unit as BaseUnit,
    })),
  );

/**
 * The mapping table: a source's name for a commodity → our product code, and/or the Chinese name
 * of the product an import makes of that commodity (docs/market-data.md, "Names").
 */
export const productNamesData = () =>
  once('product-names', () =>
    rows('catalogue/product-names.csv').map((r) => ({
      name: r.name!,
      product: r.product || null,
      nameZh: r.name_zh || null,
    })),
  );
