import 'server-only';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { feedbackTypes, platforms, userPlatformRegions, users } from '../db/schema';
import { PLATFORMS, type PlatformKey } from '../platforms/catalogue';

type Named = { code: string; nameZh: string; nameEn: string };

const COMMON_TYPES: Named[] = [
  { code: 'bug', nameZh: '功能异常', nameEn: 'Something does not work' },
  { code: 'suggestion', nameZh: '功能建议', nameEn: 'Suggestion' },
];

/** Feedback types per platform: the common two, then what each platform's users most often report. */
export const FEEDBACK_TYPES: Record<PlatformKey, Named[]> = {
  farming: [
    ...COMMON_TYPES,
    { code: 'data', nameZh: '价格与数据问题', nameEn: 'Prices and data' },
    { code: 'planting', nameZh: '种植计划', nameEn: 'Planting plans' },
  ],
  electronicLedger: [
    ...COMMON_TYPES,
    { code: 'sync', nameZh: '台账同步', nameEn: 'Ledger sync' },
    { code: 'printing', nameZh: '票据打印', nameEn: 'Receipt printing' },
  ],
  distributionSystem: [
    ...COMMON_TYPES,
    { code: 'routing', nameZh: '配送路线', nameEn: 'Routes and delivery' },
    { code: 'orders', nameZh: '订单问题', nameEn: 'Orders' },
  ],
  enforceSystem: [
    ...COMMON_TYPES,
    { code: 'inspection', nameZh: '巡查执法', nameEn: 'Inspections' },
    { code: 'evidence', nameZh: '取证上传', nameEn: 'Evidence upload' },
  ],
};

/**
 * What feedback can be about beside the four products: the portal itself and its market data.
 * Feedback subjects only, listed after the products: not hand-off partners (no secret, no
 * PLATFORMS entry), and no user has regions on them (docs/feedback.md).
 */
export const PORTAL_SUBJECTS = [
  {
    key: 'marketData',
    nameZh: '市场数据',
    nameEn: 'Market data',
    productPath: '/functionality',
    types: [
      ...COMMON_TYPES,
      { code: 'data', nameZh: '价格与数据问题', nameEn: 'Prices and data' },
      { code: 'coverage', nameZh: '缺少的产品或地区', nameEn: 'Missing products or regions' },
    ],
  },
  {
    key: 'portal',
    nameZh: '门户网站',
    nameEn: 'This portal',
    productPath: '/',
    types: [
      ...COMMON_TYPES,
      { code: 'account', nameZh: '账户、会员与支付', nameEn: 'Account, membership and payment' },
      { code: 'content', nameZh: '新闻与文档', nameEn: 'News and documents' },
    ],
  },
] as const;

type Region = { regionCode: string; nameZh: string; nameEn: string };

/** The demo users' regions on each platform (administrative division codes). */
export const DEMO_REGIONS: Record<string, Partial<Record<PlatformKey, Region[]>>> = {
  '13800000001': {
    farming: [
      { regionCode: '370783', nameZh: '山东省寿光市', nameEn: 'Shouguang, Shandong' },
      { regionCode: '370828', nameZh: '山东省金乡县', nameEn: 'Jinxiang, Shandong' },
    ],
    electronicLedger: [
      { regionCode: '110106', nameZh: '北京市丰台区（新发地市场）', nameEn: 'Fengtai, Beijing (Xinfadi market)' },
    ],
    distributionSystem: [{ regionCode: '310115', nameZh: '上海市浦东新区', nameEn: 'Pudong, Shanghai' }],
  },
  '13800000003': {
    farming: [{ regionCode: '410100', nameZh: '河南省郑州市', nameEn: 'Zhengzhou, Henan' }],
    electronicLedger: [
      { regionCode: '440111', nameZh: '广州市白云区（江南市场）', nameEn: 'Baiyun, Guangzhou (Jiangnan market)' },
    ],
  },
};

/** Platforms, feedback types and (demo only) the demo users' regions. Idempotent: upserts by natural key. */
export async function seedFeedback(db: Db, { demo }: { demo: boolean }) {
  for (const [sort, p] of PLATFORMS.entries()) {
    await db
      .insert(platforms)
      .values({ key: p.key, nameZh: p.nameZh, nameEn: p.nameEn, productPath: p.productPath, sort })
      .onConflictDoUpdate({
        target: platforms.key,
        set: { nameZh: p.nameZh, nameEn: p.nameEn, productPath: p.productPath, sort },
      });
  }
  for (const [i, p] of PORTAL_SUBJECTS.entries()) {
    const sort = PLATFORMS.length + i;
    await db
      .insert(platforms)
      .values({ key: p.key, nameZh: p.nameZh, nameEn: p.nameEn, productPath: p.productPath, sort })
      .onConflictDoUpdate({
        target: platforms.key,
        set: { nameZh: p.nameZh, nameEn: p.nameEn, productPath: p.productPath, sort },
      });
  }
  let types = 0;
  const subjects: { key: string; types: readonly Named[] }[] = [
    ...PLATFORMS.map((p) => ({ key: p.key, types: FEEDBACK_TYPES[p.key] })),
    ...PORTAL_SUBJECTS,
  ];
  for (const p of subjects) {
    for (const [sort, t] of p.types.entries()) {
      await db
        .insert(feedbackTypes)
        .values({ platformKey: p.key, code: t.code, nameZh: t.nameZh, nameEn: t.nameEn, sort })
        .onConflictDoUpdate({
          target: [feedbackTypes.platformKey, feedbackTypes.code],
          set: { nameZh: t.nameZh, nameEn: t.nameEn, sort },
        });
      types++;
    }
  }
  // Without the demo switch these numbers may belong to real people.
  const phones = demo ? Object.keys(DEMO_REGIONS) : [];
  const owners = !phones.length
    ? []
    : await db.select({ id: users.id, phone: users.phone }).from(users).where(inArray(users.phone, phones));
  let regions = 0;
  for (const u of owners) {
    for (const [key, list] of Object.entries(DEMO_REGIONS[u.phone] ?? {})) {
      for (const [sort, r] of (list ?? []).entries()) {
        await db
          .insert(userPlatformRegions)
          .values({ userId: u.id, platformKey: key, ...r, sort })
          .onConflictDoUpdate({
            target: [userPlatformRegions.userId, userPlatformRegions.platformKey, userPlatformRegions.regionCode],
            set: { nameZh: sql`excluded.name_zh`, nameEn: sql`excluded.name_en`, sort },
          });
        regions++;
      }
    }
  }
  return { platforms: PLATFORMS.length + PORTAL_SUBJECTS.length, feedbackTypes: types, userRegions: regions };
}
