/**
 * Where each call of the contract lives (docs/api.md): its service, its method and its path — the
 * group's prefix and the call's name, spelled exactly as the original API spells them
 * (RetrievePassWord, QueryFeedbackReplayList …). That is all a browser needs to make a call.
 * contract.ts adds the shapes (zod schemas) for the dispatcher, the tests and the OpenAPI
 * document; pages import this file, not that one, so they do not download and run zod and every
 * schema (44 KB gzip, a fifth of a market page's start-up script) only to build a URL.
 */
import { alertRoutes } from './routes-alerts';
import type { ConsoleCallName } from './console/contract';
import { CONSOLE_PREFIX, group, type Route } from './route-group';
import { coverageRoutes } from './routes-coverage';
import { compareRoutes } from './routes-compare';

export { SERVICES, type Method, type Route, type Service } from './route-group';

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
  ...coverageRoutes,
  ...compareRoutes,
};

/** The calls of the site; the console's (below) are not in this table. */
export type SiteCallName = keyof typeof routes;
export const siteCallNames = Object.keys(routes) as SiteCallName[];
export type CallName = SiteCallName | ConsoleCallName;

/**
 * Where a call lives. The console's calls all live at {core}/api/Console/<name> (POST), so their
 * names are not listed here: the site's pages, which import this file, carry no byte of them.
 */
export function routeOf(name: CallName): Route {
  return (routes as Record<string, Route>)[name] ?? { service: 'core', path: CONSOLE_PREFIX + name, method: 'POST' };
}
