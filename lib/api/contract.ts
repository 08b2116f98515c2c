import { z } from 'zod';
import { routeOf, type CallName, type Route } from './routes';
import { def, type Shape } from './contract-def';
import { apiKeyCalls } from './calls/api-keys';
import { alertShapes } from './contract-alerts';
import { consoleShapes } from './console/contract';
import { coverageCalls } from './calls/coverage';
import { compareCalls } from './calls/compare';
import {
  dataProductAuthsQuery,
  dataProductAuthsSchema,
  countryMenuSchema,
  getRegionBody,
  getRegionSchema,
  unmappedProductsSchema,
  indexMenuSchema,
  priceAgTrendBody,
  priceAgTrendSchema,
  priceIndexBody,
  priceIndexSchema,
  priceMenuSchema,
  priceTrendBody,
  priceTrendSchema,
  productsMenuSchema,
  regionQuery,
  webPriceQuery,
  webPriceSchema,
} from './schemas/market';
import {
  buyMemberBody,
  levelUpPriceSchema,
  memberLevelSchema,
  memberLevelWithOfferSchema,
  orderIdQuery,
  orderPageBody,
  orderSchema,
  pagedOrdersSchema,
  payInfoSchema,
  rangePriceSchema,
  tradeCodeQuery,
  userBuyMemberInfoSchema,
} from './schemas/commerce';
import { memberIdQuery, userMemberSchema } from './schemas/member';
import * as dp from './schemas/data-product';
import * as content from './schemas/content';
import {
  addFeedbackBody,
  addReplyBody,
  feedbackDetailSchema,
  feedbackIdQuery,
  feedbackPageSchema,
  feedbackReplySchema,
  feedbackTypeSchema,
  platformKeyQuery,
  platformRegionSchema,
  platformSchema,
  queryFeedbackPageBody,
  resolveFeedbackBody,
} from './schemas/feedback';
import { handoffLicenseQuery, handoffLicenseSchema, handoffUrlSchema, userPlatformAuthQuery } from './schemas/platform';
import {
  loginBody,
  phoneQuery,
  registerBody,
  retrieveBody,
  sessionTokenSchema,
  updateUserExtendBody,
  uploadGrantQuery,
  uploadGrantSchema,
  userExtendSchema,
  userSchema,
} from './schemas/user';

/**
 * Every call of the portal, declared once (docs/architecture.md "The contract", docs/api.md):
 * where it lives (routes.ts: service, method, path) and, here, who may make it and the shapes of
 * its query, body and answer. Paths are spelled exactly as the original API spells them
 * (RetrievePassWord, QueryFeedbackReplayList …; the wire fields plaformKey and trandeCode live in
 * the schemas). `extra` marks the portal's own calls beside the original 53 (logout, profile update …).
 */
export { SERVICES, type Service } from './routes';

export { ROLES, type Access, type Role } from './contract-def';
export type CallDef = Route & Shape;

/** The shapes of every routed call, each with its route: a call without a route, or a route without a call, does not compile. */
function withRoutes<const T extends { [N in CallName]: Shape }>(
  shapes: T & { [K in Exclude<keyof T, CallName>]: never },
): { [N in CallName]: T[N] & Route } {
  return Object.fromEntries(
    Object.keys(shapes).map((n) => [n, { ...routeOf(n as CallName), ...shapes[n as CallName] }]),
  ) as {
    [N in CallName]: T[N] & Route;
  };
}

export const contract = withRoutes({
  // User ({core-api}/User/)
  UpLoadFileAuths: def({
    auth: 'user',
    query: uploadGrantQuery,
    response: uploadGrantSchema,
    summary: 'A short-lived signed upload grant',
  }),
  FilePathPrefix: def({
    auth: 'user',
    response: z.string(),
    summary: 'Base URL of stored files',
  }),
  GetCurrentUser: def({
    auth: 'user',
    response: userSchema,
    summary: 'The logged-in user',
  }),
  QueryUserExtendDTO: def({
    auth: 'user',
    response: userExtendSchema,
    summary: "The user's extended profile",
  }),
  UpdateUserExtendDTO: def({
    auth: 'user',
    body: updateUserExtendBody,
    response: userExtendSchema,
    summary: "Update the user's extended profile",
    extra: true,
  }),
  Logout: def({
    auth: 'user',
    summary: 'Revoke the current session',
    extra: true,
  }),
  PlatformTokenLicense: def({
    query: handoffLicenseQuery,
    response: handoffLicenseSchema,
    summary: 'Exchange a platform hand-off token for a portal session',
  }),

  // Documents ({docs-api}/Api/V1/Eop/PublicAPI/)
  GetWebKnowledgeList: def({
    query: content.langQuery,
    response: content.knowledgeListSchema,
    summary: 'The knowledge (document) list: the directory tree with its documents',
  }),
  GetDirListToWeb: def({
    query: content.dirIdQuery,
    response: content.dirListingSchema,
    summary: 'A directory (root when Id is empty): sub-directories and documents',
  }),
  GetWebKnowledgeInfo: def({
    query: content.docIdQuery,
    response: content.docDetailSchema,
    summary: 'One document with breadcrumbs and attachments',
  }),
  GetDirListToWebByName: def({
    query: content.dirNameQuery,
    response: content.dirListingSchema,
    summary: 'A directory by name (either language)',
  }),
  SearchContent: def({
    body: content.searchBody,
    response: content.searchResultSchema,
    summary: 'Full-text search over news and documents, ranked, with marked snippets',
    extra: true,
  }),
  SaveKnowledge: def({
    auth: ['editor'],
    audit: true,
    body: content.saveKnowledgeBody,
    response: content.savedSchema,
    summary: 'Staff: create or update a document',
    extra: true,
  }),

  // Feedback ({feedback-api}/api/Feedback/)
  QueryPlatformDataList: def({
    response: z.array(platformSchema),
    summary: "The company's platforms",
  }),
  QueryInfoFeedbackTypeDataList: def({
    query: platformKeyQuery,
    response: z.array(feedbackTypeSchema),
    summary: 'Feedback types of a platform',
  }),
  AddInfoFeedback: def({
    auth: 'user',
    body: addFeedbackBody,
    response: feedbackDetailSchema,
    summary: 'File a feedback',
  }),
  QueryUserFeedbackForPage: def({
    auth: 'user',
    body: queryFeedbackPageBody,
    response: feedbackPageSchema,
    summary: "The user's feedback, paged",
  }),
  QueryFeedbackById: def({
    auth: 'user',
    query: feedbackIdQuery,
    response: feedbackDetailSchema,
    summary: 'One feedback',
  }),
  QueryFeedbackReplayList: def({
    auth: 'user',
    query: feedbackIdQuery,
    response: z.array(feedbackReplySchema),
    summary: 'The reply thread of a feedback',
  }),
  AddFeedbackReplay: def({
    auth: 'user',
    body: addReplyBody,
    response: feedbackReplySchema,
    summary: 'Reply in a feedback thread',
  }),
  ResolveFeedback: def({
    auth: 'user',
    body: resolveFeedbackBody,
    response: feedbackDetailSchema,
    summary: 'Mark a feedback resolved',
    extra: true,
  }),
  QueryUserPlatformRegion: def({
    auth: 'user',
    query: platformKeyQuery,
    response: z.array(platformRegionSchema),
    summary: "The user's regions on a platform",
  }),

  // Market data ({core-api}/api/YoonopData/)
  // Access (docs/access-policy.md) is decided on the server for every one of these; a refusal is code 403 with an UnlockDTO as data.
  IndexMenu: def({
    query: regionQuery,
    response: indexMenuSchema,
    summary: 'Indexes published for a region (default the nation)',
  }),
  PriceMenu: def({
    query: regionQuery,
    response: priceMenuSchema,
    summary:
      "A region's latest price per product, by category (national for all; provinces and markets for logged-in users)",
  }),
  ProductsMenu: def({
    query: regionQuery,
    response: productsMenuSchema,
    summary: 'Products with prices in a region, with the span of their data',
  }),
  PriceIndex: def({
    body: priceIndexBody,
    response: priceIndexSchema,
    summary: 'A price index (base period = 100) with day-on-day, month-on-month and year-on-year changes',
  }),
  PriceTrend: def({
    body: priceTrendBody,
    response: priceTrendSchema,
    summary: 'Price series of one product in up to 5 regions, with statistics and a seasonal overlay',
  }),
  PriceAgTrend: def({
    body: priceAgTrendBody,
    response: priceAgTrendSchema,
    summary: 'Monthly history and forecast with 80 % / 95 % intervals, model and back-test error',
  }),
  WebPrice: def({
    query: webPriceQuery,
    response: webPriceSchema,
    summary: 'Latest price per product and market with the change (public)',
  }),
  GetRegion: def({
    body: getRegionBody,
    response: getRegionSchema,
    summary: 'The region trees (one per country), or the regions with prices of one product',
  }),
  CountryMenu: def({
    query: webPriceQuery.pick({ lang: true }),
    response: countryMenuSchema,
    summary: 'Countries with prices (China first): currency, coverage, index basis',
    extra: true,
  }),
  UnmappedProducts: def({
    auth: ['data'],
    response: unmappedProductsSchema,
    summary: 'Staff: commodities imports created under a source name, to map or merge',
    extra: true,
  }),
  QueryUserBuyDataProductRegion: def({
    auth: 'user',
    query: dp.outProductCodeQuery,
    body: dp.buyRegionsBody,
    response: z.array(dp.buyRegionSchema),
    summary: 'Regions of a data product on sale, priced for the user, with what the user holds',
  }),
  QueryUserDataProductAuthsRegion: def({
    auth: 'user',
    query: dataProductAuthsQuery,
    response: dataProductAuthsSchema,
    summary: 'Regions of a data product the user holds, with expiry',
  }),

  // Auth and registration
  UserLoginAPP: def({
    body: loginBody,
    response: sessionTokenSchema,
    summary: 'Log in with phone and password',
  }),
  UserPlatformAuth: def({
    auth: 'user',
    query: userPlatformAuthQuery,
    response: handoffUrlSchema,
    summary: 'A signed hand-off URL to another platform',
  }),
  UserRegist: def({
    body: registerBody,
    response: sessionTokenSchema,
    summary: 'Register with an SMS code',
  }),
  SendValidateCode: def({
    query: phoneQuery,
    summary: 'Send a registration code',
  }),
  RetrievePassWord: def({
    body: retrieveBody,
    summary: 'Reset the password with an SMS code',
  }),
  SendRetrieveCode: def({
    query: phoneQuery,
    summary: 'Send a password-retrieval code',
  }),

  // News ({core-api}/api/InfoNews/)
  QueryNewsForPage: def({
    body: content.newsListBody,
    response: content.newsPageSchema,
    summary: 'News, paged, newest first (category and keyword filters)',
  }),
  QueryNewsCategory: def({
    query: content.langQuery,
    response: content.newsCategoriesSchema,
    summary: 'News categories',
  }),
  QueryNewsById: def({
    query: content.newsIdQuery,
    response: content.newsDetailSchema,
    summary: 'One article (counts a view)',
  }),
  SaveNews: def({
    auth: ['editor'],
    audit: true,
    body: content.saveNewsBody,
    response: content.savedNewsSchema,
    summary: 'Staff: create or update an article',
    extra: true,
  }),
  DeleteNews: def({
    auth: ['editor'],
    audit: true,
    body: content.idBody,
    summary: 'Staff: delete an article',
    extra: true,
  }),

  // Member levels ({core-api}/api/MemberLevel/)
  QueryMemberList: def({
    response: z.array(memberLevelSchema),
    summary: 'Membership levels',
  }),
  QueryMemberListHasUpPrice: def({
    auth: 'user',
    response: z.array(memberLevelWithOfferSchema),
    summary: 'Levels with the upgrade price for the user',
  }),
  QueryUserMemberByUserId: def({
    auth: 'user',
    response: userMemberSchema.nullable(),
    summary: "The user's active membership or null",
  }),
  QueryUserBuyMemberInfo: def({
    auth: 'user',
    query: memberIdQuery,
    response: userBuyMemberInfoSchema,
    summary: 'What buying a level would mean for the user',
  }),
  QueryMemberRangPriceList: def({
    query: memberIdQuery,
    response: z.array(rangePriceSchema),
    summary: 'Prices of a level for 1, 3, 12 months',
  }),
  QueryMemberLevelUpPrice: def({
    auth: 'user',
    query: memberIdQuery,
    response: levelUpPriceSchema,
    summary: 'Upgrade price and effective date',
  }),

  // Member orders ({core-api}/api/MemberOrder/)
  UserBuyMemberLevel: def({
    auth: 'user',
    body: buyMemberBody,
    response: orderSchema,
    summary: 'Create (or reuse) a membership order',
  }),
  QueryMemberOrderById: def({
    auth: 'user',
    query: orderIdQuery,
    response: orderSchema,
    summary: 'One membership order',
  }),
  QueryUserMemberOrderForPageList: def({
    auth: 'user',
    body: orderPageBody,
    response: pagedOrdersSchema,
    summary: "The user's membership orders, paged",
  }),

  // Data product orders ({core-api}/api/DataProductOrder/)
  QueryDataProductList: def({
    response: z.array(dp.dataProductSchema),
    summary:
      'The data-product catalogue: price per region for 12 months, minimum level, member discounts, regions on sale',
  }),
  QueryDataProductBuyModelById: def({
    auth: 'user',
    query: dp.dataProductIdQuery,
    response: dp.dataProductBuyModelSchema,
    summary:
      'What buying a data product means for the user: eligibility, discount, regions with prices and held-until dates',
  }),
  SubmitDataProductBuyOrder: def({
    auth: 'user',
    body: dp.submitDataProductBody,
    response: orderSchema,
    summary: 'Create (or reuse) a data-product order for some regions; priced on the server',
  }),
  QueryDataProductOrderModelById: def({
    auth: 'user',
    query: orderIdQuery,
    response: orderSchema,
    summary: 'One data-product order',
  }),
  QueryUserProductDataOrderForPageList: def({
    auth: 'user',
    body: orderPageBody,
    response: pagedOrdersSchema,
    summary: "The user's data-product orders, paged",
  }),
  QueryDataProductPayModelById: def({
    auth: 'user',
    query: orderIdQuery,
    response: dp.dataProductPayModelSchema,
    summary: 'A data-product order with its pay URL and QR while it is payable',
  }),
  QueryUserDataProductHoldings: def({
    auth: 'user',
    response: z.array(dp.holdingSchema),
    summary: 'Every data product and region the user holds or held, with expiry (equitiesCentre/myData)',
    extra: true,
  }),

  // Payment ({core-api}/api/YoonopPay/)
  PayMemberOrderPC: def({
    auth: 'user',
    query: tradeCodeQuery,
    response: payInfoSchema,
    summary: 'Pay URL and QR of a membership order',
  }),
  PayDataProductOrderPC: def({
    auth: 'user',
    query: tradeCodeQuery,
    response: payInfoSchema,
    summary: 'Pay URL and QR of a data-product order',
  }),

  // The data API's keys ({core-api}/api/UserApiKey/, docs/data-api.md)
  ...apiKeyCalls,
  // Anomaly levels, watchlists and alerts (docs/alerts.md)
  ...alertShapes,

  // The operator console (/console; docs/console.md): staff calls, each naming the roles it needs.
  ...consoleShapes,
  // What the data covers (docs/market-data.md, "Data status")
  ...coverageCalls,
  // Comparing products, regions and countries (docs/market-data.md, "Compare")
  ...compareCalls,
});

export type Contract = typeof contract;
export type QueryOf<N extends CallName> = z.input<Contract[N]['query']>;
export type BodyOf<N extends CallName> = z.input<Contract[N]['body']>;
export type ParsedQueryOf<N extends CallName> = z.output<Contract[N]['query']>;
export type ParsedBodyOf<N extends CallName> = z.output<Contract[N]['body']>;
export type ResponseOf<N extends CallName> = z.output<Contract[N]['response']>;

export type { CallName } from './routes';
/** Every call: the site's and the console's. */
export const callNames = Object.keys(contract) as CallName[];

/** Lookup from `service` + path (as mounted under /api/{service}) to the call. */
const byRoute = new Map<string, CallName>(callNames.map((n) => [`${contract[n].service}:${contract[n].path}`, n]));
export function findCall(service: string, path: string): CallName | undefined {
  return byRoute.get(`${service}:${path}`);
}
/** The 53 calls of docs/api.md (extras excluded). */
export const specCallNames = callNames.filter((n) => !(contract[n] as CallDef).extra);
