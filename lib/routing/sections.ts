import type { SectionId } from '@/lib/i18n/types';

/** Desktop path of every content section (docs/screens.md). */
export const SECTION_PATHS = {
  functionality: '/functionality',
  documents: '/documents',
  journalism: '/regard/journalism',
  aboutUs: '/regard/aboutUs',
  farming: '/product/farming',
  electronicLedger: '/product/electronicLedger',
  distributionSystem: '/product/distributionSystem',
  enforceSystem: '/product/enforceSystem',
  garbage: '/solution/garbage',
  numberSupervise: '/solution/numberSupervise',
  shopExplore: '/solution/shopExplore',
  securitySolution: '/solution/securitySolution',
  member: '/equitiesCentre/member',
  memberCentre: '/equitiesCentre/memberCentre',
  myData: '/equitiesCentre/myData',
  purchaseRecord: '/equitiesCentre/purchaseRecord',
  purchaseDataContent: '/equitiesCentre/purchaseDataContent',
  dataApi: '/equitiesCentre/dataApi',
  watchlist: '/equitiesCentre/watchlist',
  notifications: '/equitiesCentre/notifications',
  unsubscribe: '/equitiesCentre/unsubscribe',
  confirmEmail: '/equitiesCentre/confirmEmail',
  feedback: '/feedback',
} as const satisfies Record<SectionId, string>;

/** The public data status page (docs/market-data.md, "Data status"), under the market data section. */
export const DATA_STATUS_PATH = '/functionality/dataStatus';

/** Comparing products, regions and countries (docs/market-data.md, "Compare"), under the market data section. */
export const COMPARE_PATH = '/functionality/compare';

export const PRODUCT_IDS = [
  'farming',
  'electronicLedger',
  'distributionSystem',
  'enforceSystem',
] as const satisfies readonly SectionId[];
export const SOLUTION_IDS = [
  'garbage',
  'numberSupervise',
  'shopExplore',
  'securitySolution',
] as const satisfies readonly SectionId[];
export const EQUITY_IDS = [
  'watchlist',
  'member',
  'memberCentre',
  'myData',
  'purchaseRecord',
  'purchaseDataContent',
  'dataApi',
] as const satisfies readonly SectionId[];

export type ProductId = (typeof PRODUCT_IDS)[number];
export type SolutionId = (typeof SOLUTION_IDS)[number];
