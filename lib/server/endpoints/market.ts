import 'server-only';
import { handlers } from '../http/handler';
import { accessCtx, authorize } from '../services/market/read/access';
import { priceAgTrend } from '../services/market/read/agri-forecast';
import { langOf, loadProduct, loadRegion, regionOrNation, withPrices } from '../services/market/read/catalogue';
import { userAuths } from '../services/market/read/data-products';
import { priceIndex } from '../services/market/read/index-series';
import {
  countryMenu,
  indexMenu,
  priceMenu,
  productsMenu,
  regionTree,
  unmappedProducts,
} from '../services/market/read/menus';
import { priceTrend } from '../services/market/read/trend';
import { webPrice } from '../services/market/read/web-price';

// Every data call asks the access policy (lib/server/access/market-policy.ts) before it reads;
// a refusal is code 403 with what would unlock it. Menus and WebPrice are public by the policy's table.
export const marketHandlers = handlers({
  WebPrice: async ({ db, query, viewer, meta }) => {
    const ctx = accessCtx(db, viewer, meta.now, langOf(query.lang));
    const product = query.productCode ? await loadProduct(db, query.productCode, ctx.lang) : null;
    if (!query.regionId)
      return webPrice(db, ctx.lang, query.country, query.currency, ctx.today, { productNum: product?.num });
    // A region's latest prices obey the same rule as its PriceMenu: the lock above the board.
    const region = await loadRegion(db, query.regionId, ctx.lang);
    await authorize(ctx, 'latest', region, product?.categoryCode ?? null, ctx.today);
    return webPrice(db, ctx.lang, region.countryCode, query.currency, ctx.today, {
      productNum: product?.num,
      region: region.level === 'nation' ? undefined : region.id,
    });
  },
  GetRegion: ({ db, body }) => regionTree(db, langOf(body.lang), body.productCode, body.country),
  CountryMenu: ({ db, query }) => countryMenu(db, langOf(query.lang)),
  ProductsMenu: async ({ db, query }) =>
    productsMenu(db, await regionOrNation(db, query.regionId, query.country, langOf(query.lang)), langOf(query.lang)),
  IndexMenu: async ({ db, query }) =>
    indexMenu(db, await regionOrNation(db, query.regionId, query.country, langOf(query.lang)), langOf(query.lang)),
  PriceMenu: async ({ db, query, viewer, meta }) => {
    const ctx = accessCtx(db, viewer, meta.now, langOf(query.lang));
    const region = withPrices(await regionOrNation(db, query.regionId, query.country, ctx.lang));
    await authorize(ctx, 'latest', region, null, ctx.today);
    return priceMenu(db, region, ctx.lang, query.currency);
  },
  PriceTrend: ({ db, body, viewer, meta }) => priceTrend(accessCtx(db, viewer, meta.now, langOf(body.lang)), body),
  PriceIndex: ({ db, body, viewer, meta }) => priceIndex(accessCtx(db, viewer, meta.now, langOf(body.lang)), body),
  PriceAgTrend: ({ db, body, viewer, meta }) => priceAgTrend(accessCtx(db, viewer, meta.now, langOf(body.lang)), body),
  QueryUserDataProductAuthsRegion: ({ db, query, user, meta }) =>
    userAuths(db, user.id, query.OutProductCode, langOf(query.lang), meta.now),
  // Staff only: the contract says so and the dispatcher enforces it (docs/access-policy.md).
  UnmappedProducts: ({ db }) => unmappedProducts(db),
});
