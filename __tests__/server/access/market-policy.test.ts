import { describe, expect, it } from '@jest/globals';
import type { MemberPrivileges } from '@/lib/api/schemas/member';
import { renderMessage } from '@/lib/i18n/server-messages';
import { serverEn } from '@/lib/i18n/messages/server.en';
import { serverZhCN } from '@/lib/i18n/messages/server.zh-cn';
import {
  decide,
  type Action,
  type DataRequest,
  type LevelOffer,
  type ProductOffer,
  type RegionRef,
  type Viewer,
} from '@/lib/server/access/market-policy';

const TODAY = '2026-11-22';
const priv = (p: Partial<MemberPrivileges>): MemberPrivileges => ({
  historyMonths: 24,
  regionDepth: 'province',
  forecast: false,
  export: true,
  dataProductDiscountPct: 5,
  ...p,
});
const LEVELS: LevelOffer[] = [
  { code: 'silver', name: 'Silver', rank: 1, privileges: priv({}) },
  {
    code: 'gold',
    name: 'Gold',
    rank: 2,
    privileges: priv({ historyMonths: 60, regionDepth: 'market', forecast: true, dataProductDiscountPct: 10 }),
  },
  {
    code: 'platinum',
    name: 'Platinum',
    rank: 3,
    privileges: priv({ historyMonths: 120, regionDepth: 'market', forecast: true, dataProductDiscountPct: 15 }),
  },
];
const PRODUCTS: ProductOffer[] = [
  { code: 'DP-GRAIN', name: 'Grain regional data', categoryCode: 'grains', minRank: 0 },
];

const china = { countryCode: 'CHN' };
const nation: RegionRef = { ...china, id: 'CN', level: 'nation', provinceId: null, ancestorIds: [] };
const hebei: RegionRef = { ...china, id: 'CN-HE', level: 'province', provinceId: 'CN-HE', ancestorIds: ['CN'] };
const henan: RegionRef = { ...china, id: 'CN-HA', level: 'province', provinceId: 'CN-HA', ancestorIds: ['CN'] };
const hebeiMarket: RegionRef = {
  ...china,
  id: 'CN-HE-sjz',
  level: 'market',
  provinceId: 'CN-HE',
  ancestorIds: ['CN', 'CN-HE', 'CN-HE:sjz'],
};
// Bangladesh: a whole country as one holding ("Bangladesh, all divisions").
const bgd = { countryCode: 'BGD' };
const bangladesh: RegionRef = { ...bgd, id: 'bgd', level: 'nation', provinceId: null, ancestorIds: [] };
const dhaka: RegionRef = { ...bgd, id: 'bgd/dhaka', level: 'province', provinceId: 'bgd/dhaka', ancestorIds: ['bgd'] };
const dhakaCity: RegionRef = {
  ...bgd,
  id: 'bgd/dhaka:dhaka',
  level: 'city',
  provinceId: 'bgd/dhaka',
  ancestorIds: ['bgd', 'bgd/dhaka'],
};
const dhakaMarket: RegionRef = {
  ...bgd,
  id: 'bgd/dhaka/dhaka-sadar',
  level: 'market',
  provinceId: 'bgd/dhaka',
  ancestorIds: ['bgd', 'bgd/dhaka', 'bgd/dhaka:dhaka'],
};

const anon: Viewer = { kind: 'anonymous' };
const free: Viewer = { kind: 'user', member: null, holdings: [] };
const member = (code: string): Viewer => {
  const l = LEVELS.find((x) => x.code === code)!;
  return { kind: 'user', member: { rank: l.rank, levelCode: l.code, privileges: l.privileges }, holdings: [] };
};
const holder: Viewer = {
  kind: 'user',
  member: null,
  holdings: [
    { dataProductCode: 'DP-GRAIN', categoryCode: 'grains', regionId: 'CN-HE', endsAt: new Date('2027-06-01') },
  ],
};
const expiredHolder: Viewer = {
  kind: 'user',
  member: null,
  holdings: [
    { dataProductCode: 'DP-GRAIN', categoryCode: 'grains', regionId: 'CN-HE', endsAt: new Date('2026-01-01') },
  ],
};

const req = (action: Action, region: RegionRef, from: string, categoryCode: string | null = 'grains'): DataRequest => ({
  action,
  region,
  categoryCode,
  from,
  today: TODAY,
});

// who | action | region | from | expected (true = allowed, else the refusal reason) | unlock expectation
const rows: [string, Viewer, Action, RegionRef, string, true | string, Record<string, unknown>?][] = [
  // anonymous: WebPrice (latest national), national indexes and trends for the last 90 days
  ['anonymous latest national', anon, 'latest', nation, TODAY, true],
  ['anonymous national trend 90 days', anon, 'trend', nation, '2026-08-24', true],
  ['anonymous national index 90 days', anon, 'index', nation, '2026-08-24', true],
  [
    'anonymous national trend 91 days',
    anon,
    'trend',
    nation,
    '2026-08-23',
    'history',
    { login: true, allowedFrom: '2026-08-24' },
  ],
  [
    'anonymous province trend',
    anon,
    'trend',
    hebei,
    '2026-10-01',
    'login',
    { login: true, dataProduct: { code: 'DP-GRAIN', name: 'Grain regional data' } },
  ],
  ['anonymous province latest', anon, 'latest', hebei, TODAY, 'login'],
  ['anonymous forecast', anon, 'forecast', nation, TODAY, 'login', { level: { code: 'gold', name: 'Gold' } }],
  ['anonymous export', anon, 'export', nation, '2026-10-01', 'login'],
  // logged in, no membership: national 12 months; province latest only
  ['free national trend 12 months', free, 'trend', nation, '2025-11-22', true],
  [
    'free national trend 13 months',
    free,
    'trend',
    nation,
    '2025-10-22',
    'history',
    { level: { code: 'silver', name: 'Silver' }, allowedFrom: '2025-11-22' },
  ],
  ['free province latest', free, 'latest', hebei, TODAY, true],
  ['free province trend', free, 'trend', hebei, '2026-10-01', 'region', { level: { code: 'silver', name: 'Silver' } }],
  ['free market latest', free, 'latest', hebeiMarket, TODAY, true],
  ['anonymous market latest', anon, 'latest', hebeiMarket, TODAY, 'login', { login: true }],
  ['free forecast', free, 'forecast', nation, TODAY, 'forecast', { level: { code: 'gold', name: 'Gold' } }],
  ['free export', free, 'export', nation, '2026-10-01', 'export', { level: { code: 'silver', name: 'Silver' } }],
  // members by level privileges
  ['silver province 24 months', member('silver'), 'trend', hebei, '2024-11-22', true],
  [
    'silver province 25 months',
    member('silver'),
    'trend',
    hebei,
    '2024-10-22',
    'history',
    { level: { code: 'gold', name: 'Gold' } },
  ],
  [
    'silver market',
    member('silver'),
    'trend',
    hebeiMarket,
    '2026-10-01',
    'region',
    { level: { code: 'gold', name: 'Gold' } },
  ],
  [
    'silver forecast',
    member('silver'),
    'forecast',
    nation,
    TODAY,
    'forecast',
    { level: { code: 'gold', name: 'Gold' } },
  ],
  ['silver export', member('silver'), 'export', hebei, '2026-01-01', true],
  ['gold market 5 years', member('gold'), 'trend', hebeiMarket, '2021-11-22', true],
  ['gold forecast', member('gold'), 'forecast', hebei, TODAY, true],
  [
    'gold 6 years',
    member('gold'),
    'trend',
    nation,
    '2020-11-22',
    'history',
    { level: { code: 'platinum', name: 'Platinum' } },
  ],
  ['platinum 10 years', member('platinum'), 'index', nation, '2016-11-22', true],
  // data-product holder: full history of the product group in each bought region
  ['holder bought province, full history', holder, 'trend', hebei, '2014-01-01', true],
  ['holder market inside bought province', holder, 'trend', hebeiMarket, '2014-01-01', true],
  ['holder export in bought province', holder, 'export', hebei, '2014-01-01', true],
  ['holder other province', holder, 'trend', henan, '2026-10-01', 'region'],
  ['holder other product group', holder, 'trend', hebei, '2026-10-01', 'region'],
  ['expired holding counts as none', expiredHolder, 'trend', hebei, '2026-10-01', 'region'],
];

describe('market access policy (docs/access-policy.md)', () => {
  it.each(rows.map((r) => [r[0], r] as const))(
    '%s',
    (_title, [name, viewer, action, region, from, expected, unlock]) => {
      const category = name === 'holder other product group' ? 'vegetables' : 'grains';
      const d = decide(viewer, req(action, region, from, category), LEVELS, PRODUCTS);
      if (expected === true) {
        expect(d).toMatchObject({ ok: true });
      } else {
        expect(d).toMatchObject({ ok: false, reason: expected });
        if (unlock && !d.ok) expect(d.unlock).toMatchObject(unlock);
        if (!d.ok) {
          // Every refusal reads as a sentence in both languages.
          expect(renderMessage(d.message, 'en', serverEn)).toMatch(/^[A-Z].{10,}/);
          expect(renderMessage(d.message, 'zh-CN', serverZhCN)).toMatch(/[\u4e00-\u9fff]{4,}/);
        }
      }
    },
  );

  it('counts history back from the last day of a series that stopped before today', () => {
    // WFP's China and Bangladesh series end in October 2020: their last 90 days are the visitor's.
    const stale = (viewer: Viewer, region: RegionRef, from: string) =>
      decide(viewer, { ...req('trend', region, from), dataEnd: '2020-10-15' }, LEVELS, PRODUCTS);
    expect(stale(anon, nation, '2020-07-17')).toEqual({ ok: true, fullHistory: false });
    expect(stale(anon, bangladesh, '2020-07-16')).toMatchObject({
      ok: false,
      reason: 'history',
      unlock: { login: true, allowedFrom: '2020-07-17' },
    });
    expect(stale(free, nation, '2019-10-15')).toMatchObject({ ok: true });
    expect(stale(free, nation, '2019-10-14')).toMatchObject({ ok: false, unlock: { allowedFrom: '2019-10-15' } });
    expect(stale(member('gold'), hebeiMarket, '2015-10-15')).toMatchObject({ ok: true });
    // Only where depth is counted from moves: region depth is unchanged, and a lapsed holding stays lapsed.
    expect(stale(anon, hebei, '2020-10-01')).toMatchObject({ ok: false, reason: 'login' });
    expect(stale(expiredHolder, hebei, '2020-10-01')).toMatchObject({ ok: false, reason: 'region' });
    // A series with prices up to today (or a date after it) counts from today.
    expect(
      decide(anon, { ...req('trend', nation, '2026-08-23'), dataEnd: '2027-01-01' }, LEVELS, PRODUCTS),
    ).toMatchObject({ ok: false, unlock: { allowedFrom: '2026-08-24' } });
  });

  it('grants full history only to holders', () => {
    expect(decide(holder, req('trend', hebei, '2014-01-01'), LEVELS, PRODUCTS)).toEqual({
      ok: true,
      fullHistory: true,
    });
    expect(decide(member('platinum'), req('trend', hebei, '2020-01-01'), LEVELS, PRODUCTS)).toEqual({
      ok: true,
      fullHistory: false,
    });
  });

  it('applies to any country: a holding of a whole country covers its provinces, cities and markets only', () => {
    const country: Viewer = {
      kind: 'user',
      member: null,
      holdings: [
        { dataProductCode: 'DP-GRAIN', categoryCode: 'grains', regionId: 'bgd', endsAt: new Date('2027-06-01') },
      ],
    };
    for (const r of [bangladesh, dhaka, dhakaCity, dhakaMarket])
      expect(decide(country, req('trend', r, '2000-01-01'), LEVELS, PRODUCTS)).toEqual({ ok: true, fullHistory: true });
    // China is another country: the Bangladesh holding does not reach it.
    expect(decide(country, req('trend', hebei, '2026-10-01'), LEVELS, PRODUCTS)).toMatchObject({
      ok: false,
      reason: 'region',
    });
    // A province holding reaches its city and markets, not the nation above it.
    const province: Viewer = {
      kind: 'user',
      member: null,
      holdings: [
        { dataProductCode: 'DP-GRAIN', categoryCode: 'grains', regionId: 'bgd/dhaka', endsAt: new Date('2027-06-01') },
      ],
    };
    expect(decide(province, req('trend', dhakaCity, '2000-01-01'), LEVELS, PRODUCTS)).toMatchObject({ ok: true });
    expect(decide(province, req('trend', dhakaMarket, '2000-01-01'), LEVELS, PRODUCTS)).toMatchObject({ ok: true });
    expect(decide(province, req('trend', bangladesh, '2000-01-01'), LEVELS, PRODUCTS)).toMatchObject({
      ok: false,
      reason: 'history',
    });
    // Visitors and members meet the same rules in Bangladesh as in China.
    expect(decide(anon, req('trend', dhaka, '2026-10-01'), LEVELS, PRODUCTS)).toMatchObject({
      ok: false,
      reason: 'login',
    });
    expect(decide(member('silver'), req('trend', dhakaMarket, '2026-10-01'), LEVELS, PRODUCTS)).toMatchObject({
      ok: false,
      reason: 'region',
    });
    expect(decide(member('gold'), req('trend', dhakaMarket, '2026-10-01'), LEVELS, PRODUCTS)).toMatchObject({
      ok: true,
    });
  });
});
