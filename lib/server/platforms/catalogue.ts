import 'server-only';

/**
 * The company's platforms: the four products of the marketing pages, which are
 * also the feedback platforms and the hand-off partners (docs/accounts.md, docs/feedback.md).
 * `env` names their variables: PLATFORM_SECRET_<env>, PLATFORM_URL_<env>.
 */
export const PLATFORMS = [
  { key: 'farming', env: 'FARMING', nameZh: '智慧农业', nameEn: 'Smart Farming', productPath: '/product/farming' },
  {
    key: 'electronicLedger',
    env: 'ELECTRONIC_LEDGER',
    nameZh: '电子台账',
    nameEn: 'Electronic Ledger',
    productPath: '/product/electronicLedger',
  },
  {
    key: 'distributionSystem',
    env: 'DISTRIBUTION_SYSTEM',
    nameZh: '配送系统',
    nameEn: 'Distribution System',
    productPath: '/product/distributionSystem',
  },
  {
    key: 'enforceSystem',
    env: 'ENFORCE_SYSTEM',
    nameZh: '执法系统',
    nameEn: 'Enforcement System',
    productPath: '/product/enforceSystem',
  },
] as const;

export type Platform = (typeof PLATFORMS)[number];
export type PlatformKey = Platform['key'];

export function findPlatform(key: string): Platform | undefined {
  return PLATFORMS.find((p) => p.key === key);
}
