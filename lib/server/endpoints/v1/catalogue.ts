import 'server-only';
import type { RegionNode } from '@/lib/api/schemas/market';
import { accessCtx } from '../../services/market/read/access';
import { allSources, regionOrNation } from '../../services/market/read/catalogue';
import { countryMenu, productsMenu, regionTree } from '../../services/market/read/menus';
import type { V1Ctx, V1Result, V1Source } from './types';

const real = (s: { name: string; licence: string; attribution: string; demo: boolean }[]): V1Source[] =>
  s.map(({ name, licence, attribution }) => ({ name, licence, attribution }));

function flatten(nodes: RegionNode[], parentId: string | null, out: object[] = []) {
  for (const n of nodes) {
    out.push({ id: n.id, name: n.name, level: n.level, parentId });
    flatten(n.children ?? [], n.id, out);
  }
  return out;
}

export async function countries({ db, query }: V1Ctx<'countries'>): Promise<V1Result> {
  const menu = (await countryMenu(db, query.lang)).value();
  return {
    data: menu.map((c) => ({
      code: c.code,
      name: c.name,
      currency: c.currency,
      nationRegionId: c.regionId,
      from: c.from,
      to: c.to,
      markets: c.markets,
      products: c.products,
    })),
    sources: real(await allSources(db)),
  };
}

export async function regions({ db, query }: V1Ctx<'regions'>): Promise<V1Result> {
  const tree = await regionTree(db, query.lang, undefined, query.country);
  return { data: flatten(tree, null), sources: real(await allSources(db)) };
}

export async function products({ db, query, viewer, now }: V1Ctx<'products'>): Promise<V1Result> {
  const ctx = accessCtx(db, viewer, now, query.lang);
  const region = await regionOrNation(db, query.region, query.country, ctx.lang);
  const menu = (await productsMenu(db, region, ctx.lang)).value();
  return {
    data: {
      region: { id: region.id, name: region.name, level: region.level, country: region.countryCode },
      products: menu.map((p) => ({
        code: p.code,
        name: p.name,
        unit: p.unit,
        category: p.categoryCode,
        categoryName: p.categoryName,
        demo: p.demo,
        currency: p.currency,
        priceTypes: p.priceTypes,
        from: p.from,
        to: p.to,
      })),
    },
    sources: real(await allSources(db)).filter((s) => menu.some((p) => p.sources.some((x) => x.name === s.name))),
  };
}
