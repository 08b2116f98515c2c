import 'server-only';
import { NATION_REGION_ID } from '@/lib/api/schemas/market';
import { handlers } from '../http/handler';
import { accessCtx, authorize } from '../services/market/access';
import { priceAgTrend } from '../services/market/agri-forecast';
import { langOf, loadRegion } from '../services/market/catalogue';
import { userAuths } from '../services/market/data-products';
import { priceIndex } from '../services/market/index-series';
import { indexMenu, priceMenu, productsMenu, regionTree } from '../services/market/menus';
import { priceTrend } from '../services/market/trend';
import { webPrice } from '../services/market/web-price';

// Every data call asks the access policy (lib/server/access/market-policy.ts) before it reads;
// a refusal is code 403 with what would unlock it. Menus and WebPrice are public by the policy's table.
export const marketHandlers = handlers({
  WebPrice: ({ db, query }) => webPrice(db, langOf(query.lang)),
  GetRegion: ({ db, body }) => regionTree(db, langOf(body.lang), body.productCode),
  ProductsMenu: ({ db, query }) => productsMenu(db, query.regionId, langOf(query.lang)),
  IndexMenu: ({ db, query }) => indexMenu(db, query.regionId, langOf(query.lang)),
  PriceMenu: async ({ db, query, user, meta }) => {
    const ctx = await accessCtx(db, user, meta.now, langOf(query.lang));
    const region = await loadRegion(db, query.regionId || NATION_REGION_ID, ctx.lang);
    await authorize(ctx, 'latest', region, null, ctx.today);
    return priceMenu(db, region, ctx.lang);
  },
  PriceTrend: async ({ db, body, user, meta }) =>
    priceTrend(await accessCtx(db, user, meta.now, langOf(body.lang)), body),
  PriceIndex: async ({ db, body, user, meta }) =>
    priceIndex(await accessCtx(db, user, meta.now, langOf(body.lang)), body),
  PriceAgTrend: async ({ db, body, user, meta }) =>
    priceAgTrend(await accessCtx(db, user, meta.now, langOf(body.lang)), body),
  QueryUserDataProductAuthsRegion: ({ db, query, user, meta }) =>
    userAuths(db, user.id, query.OutProductCode, langOf(query.lang), meta.now),
});
