/**
 * Where each call of the contract lives (docs/api.md): its service, its method and its path — the
 * group's prefix and the call's name, spelled exactly as the original API spells them
 * (RetrievePassWord, QueryFeedbackReplayList …). That is all a browser needs to make a call.
 * contract.ts adds the shapes (zod schemas) for the dispatcher, the tests and the OpenAPI
 * document; pages import this file, not that one, so they do not download and run zod and every
 * schema (44 KB gzip, a fifth of a market page's start-up script) only to build a URL.
 */
import { alertRoutes } from './routes-alerts';

export const SERVICES = ['core', 'docs', 'feedback', 'auth'] as const;
export type Service = (typeof SERVICES)[number];
export type Method = 'GET' | 'POST';
export type Route = { service: Service; path: string; method: Method };

const USER = '/User/';
const DOCS = '/Api/V1/Eop/PublicAPI/';
const FEEDBACK = '/api/Feedback/';
const DATA = '/api/YoonopData/';
const LOGIN = '/api/UserLogin/';
const REGIST = '/api/RegistUser/';
const NEWS = '/api/InfoNews/';
const MEMBER = '/api/MemberLevel/';
const MORDER = '/api/MemberOrder/';
const DPORDER = '/api/DataProductOrder/';
const PAY = '/api/YoonopPay/';
const APIKEY = '/api/UserApiKey/';

/** Calls under one prefix of one service, each at prefix + its name. */
function group<const N extends string>(service: Service, prefix: string, names: readonly N[], method: Method = 'POST') {
  return Object.fromEntries(names.map((n) => [n, { service, path: prefix + n, method }])) as { [K in N]: Route };
}

export const routes = {
  ...group('core', USER, [
    'UpLoadFileAuths',
    'FilePathPrefix',
    'GetCurrentUser',
    'QueryUserExtendDTO',
    'UpdateUserExtendDTO',
    'Logout',
    'PlatformTokenLicense',
  ]),
  ...group('docs', DOCS, ['GetWebKnowledgeList', 'GetDirListToWeb', 'GetWebKnowledgeInfo']),
  ...group('docs', DOCS, ['GetDirListToWebByName'], 'GET'),
  ...group('docs', DOCS, ['SearchContent', 'SaveKnowledge']),
  ...group('feedback', FEEDBACK, [
    'QueryPlatformDataList',
    'QueryInfoFeedbackTypeDataList',
    'AddInfoFeedback',
    'QueryUserFeedbackForPage',
    'QueryFeedbackById',
    'QueryFeedbackReplayList',
    'AddFeedbackReplay',
    'ResolveFeedback',
    'QueryUserPlatformRegion',
  ]),
  ...group('core', DATA, [
    'IndexMenu',
    'PriceMenu',
    'ProductsMenu',
    'PriceIndex',
    'PriceTrend',
    'PriceAgTrend',
    'WebPrice',
    'GetRegion',
    'CountryMenu',
    'UnmappedProducts',
    'QueryUserBuyDataProductRegion',
    'QueryUserDataProductAuthsRegion',
  ]),
  ...group('auth', LOGIN, ['UserLoginAPP', 'UserPlatformAuth']),
  ...group('core', REGIST, ['UserRegist', 'SendValidateCode', 'RetrievePassWord', 'SendRetrieveCode']),
  ...group('core', NEWS, ['QueryNewsForPage', 'QueryNewsCategory', 'QueryNewsById', 'SaveNews', 'DeleteNews']),
  ...group('core', MEMBER, [
    'QueryMemberList',
    'QueryMemberListHasUpPrice',
    'QueryUserMemberByUserId',
    'QueryUserBuyMemberInfo',
    'QueryMemberRangPriceList',
    'QueryMemberLevelUpPrice',
  ]),
  ...group('core', MORDER, ['UserBuyMemberLevel', 'QueryMemberOrderById', 'QueryUserMemberOrderForPageList']),
  ...group('core', DPORDER, [
    'QueryDataProductList',
    'QueryDataProductBuyModelById',
    'SubmitDataProductBuyOrder',
    'QueryDataProductOrderModelById',
    'QueryUserProductDataOrderForPageList',
    'QueryDataProductPayModelById',
    'QueryUserDataProductHoldings',
  ]),
  ...group('core', PAY, ['PayMemberOrderPC', 'PayDataProductOrderPC']),
  ...group('core', APIKEY, ['QueryUserApiKeys'], 'GET'),
  ...group('core', APIKEY, ['CreateUserApiKey', 'RevokeUserApiKey']),
  ...alertRoutes,
};

export type CallName = keyof typeof routes;
export const callNames = Object.keys(routes) as CallName[];

/** Lookup from `service` + path (as mounted under /api/{service}) to the call. */
const byRoute = new Map<string, CallName>(callNames.map((n) => [`${routes[n].service}:${routes[n].path}`, n]));
export function findCall(service: string, path: string): CallName | undefined {
  return byRoute.get(`${service}:${path}`);
}
