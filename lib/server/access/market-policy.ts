import 'server-only';
import type { MemberPrivileges } from '@/lib/api/schemas/member';
import { msg, type MessageRef } from '@/lib/i18n/server-messages';
import { addDays, addMonths } from '@/lib/shared/dates';

/**
 * Who may see which market data (docs/access-policy.md, the access table). Pure: the
 * caller loads the viewer, the catalogue and today's date; every data call
 * asks `decide` before it reads, and a refusal becomes code 403 with `unlock`.
 */
export type RegionRef = {
  id: string;
  level: 'nation' | 'province' | 'city' | 'market';
  provinceId: string | null;
  /** ISO 3166 alpha-3 of the region's country: the policy is the same in every country. */
  countryCode: string;
  /** Every region above it, the nation first (a market's: nation, province, city). */
  ancestorIds: readonly string[];
};
export type Holding = { dataProductCode: string; categoryCode: string; regionId: string; endsAt: Date };
export type Viewer =
  | { kind: 'anonymous' }
  | {
      kind: 'user';
      member: { rank: number; levelCode: string; privileges: MemberPrivileges } | null;
      holdings: Holding[];
    };
export type Action = 'trend' | 'index' | 'forecast' | 'export' | 'latest';
export type DataRequest = {
  action: Action;
  region: RegionRef;
  categoryCode: string | null;
  from: string;
  today: string;
  /**
   * The last day of the data asked for, when known. History depth counts back from it when the
   * series stopped before today: a visitor sees the last 90 days *of data* of a series that ended
   * in 2020, not an empty window (docs/access-policy.md). Holdings still expire by `today`.
   */
  dataEnd?: string;
};
export type LevelOffer = { code: string; name: string; rank: number; privileges: MemberPrivileges };
export type ProductOffer = { code: string; name: string; categoryCode: string; minRank: number };
export type Unlock = {
  login?: true;
  level?: { code: string; name: string };
  dataProduct?: { code: string; name: string };
  allowedFrom?: string;
};
export type Decision =
  | { ok: true; fullHistory: boolean }
  | { ok: false; reason: 'login' | 'history' | 'region' | 'forecast' | 'export'; message: MessageRef; unlock: Unlock };

export const ANONYMOUS_DAYS = 90;
export const FREE_USER_MONTHS = 12;
const DEPTH_RANK = { national: 0, province: 1, market: 2 } as const;

function regionDepthOf(r: RegionRef): keyof typeof DEPTH_RANK {
  return r.level === 'nation' ? 'national' : r.level === 'province' ? 'province' : 'market';
}

/**
 * A holding covers its own region and every region below it: a province's cities and markets,
 * a whole country's ("Bangladesh, all divisions") every province, city and market.
 */
function holds(v: Viewer, req: DataRequest, todayMs: number): boolean {
  if (v.kind !== 'user' || !req.categoryCode) return false;
  return v.holdings.some(
    (h) =>
      h.categoryCode === req.categoryCode &&
      h.endsAt.getTime() > todayMs &&
      (h.regionId === req.region.id || req.region.ancestorIds.includes(h.regionId)),
  );
}

function cheapestLevel(levels: LevelOffer[], ok: (p: MemberPrivileges) => boolean) {
  const l = [...levels].sort((a, b) => a.rank - b.rank).find((x) => x.rank > 0 && ok(x.privileges));
  return l ? { code: l.code, name: l.name } : undefined;
}

function productFor(products: ProductOffer[], categoryCode: string | null) {
  const p = categoryCode ? products.find((x) => x.categoryCode === categoryCode) : undefined;
  return p ? { code: p.code, name: p.name } : undefined;
}

export function decide(v: Viewer, req: DataRequest, levels: LevelOffer[], products: ProductOffer[]): Decision {
  const depth = regionDepthOf(req.region);
  const todayMs = Date.parse(req.today + 'T00:00:00Z');
  const holder = holds(v, req, todayMs);
  const privileges = v.kind === 'user' ? v.member?.privileges : undefined;
  const dp = productFor(products, req.categoryCode);
  const needDepth = (p: MemberPrivileges) => DEPTH_RANK[p.regionDepth] >= DEPTH_RANK[depth];
  // Where history depth counts back from: today, or the last day of a series that stopped earlier.
  const end = req.dataEnd && req.dataEnd < req.today ? req.dataEnd : req.today;

  if (req.action === 'latest') {
    // A region's latest prices (PriceMenu): national for everyone; any region for a logged-in user
    // ("province latest only": the latest, not the history). Markets too, since each market's latest
    // price is public in WebPrice anyway: refusing it here would hide nothing.
    if (depth === 'national' || v.kind === 'user') return { ok: true, fullHistory: false };
    return { ok: false, reason: 'login', message: msg('market.latestLogin'), unlock: { login: true } };
  }

  if (req.action === 'forecast') {
    if (v.kind === 'anonymous')
      return {
        ok: false,
        reason: 'login',
        message: msg('market.forecastLogin'),
        unlock: { login: true, level: cheapestLevel(levels, (p) => p.forecast) },
      };
    if (!privileges?.forecast)
      return {
        ok: false,
        reason: 'forecast',
        message: msg('market.forecastLevel'),
        unlock: { level: cheapestLevel(levels, (p) => p.forecast) },
      };
    if (!needDepth(privileges) && !holder) return refuseRegion(levels, (p) => p.forecast && needDepth(p), dp);
    return { ok: true, fullHistory: false };
  }

  if (req.action === 'export') {
    if (v.kind === 'anonymous')
      return { ok: false, reason: 'login', message: msg('market.exportLogin'), unlock: { login: true } };
    if (holder) return { ok: true, fullHistory: true };
    if (!privileges?.export)
      return {
        ok: false,
        reason: 'export',
        message: msg('market.exportMember'),
        unlock: { level: cheapestLevel(levels, (p) => p.export), dataProduct: dp },
      };
    // An export is the series on screen, so it obeys the same window as viewing it.
  }

  if (holder) return { ok: true, fullHistory: true };

  if (v.kind === 'anonymous') {
    if (depth !== 'national')
      return {
        ok: false,
        reason: 'login',
        message: msg('market.regionLogin'),
        unlock: { login: true, level: cheapestLevel(levels, needDepth), dataProduct: dp },
      };
    const allowedFrom = addDays(end, -ANONYMOUS_DAYS);
    if (req.from < allowedFrom)
      return {
        ok: false,
        reason: 'history',
        message: msg('market.visitorDays', { days: ANONYMOUS_DAYS }),
        unlock: { login: true, allowedFrom },
      };
    return { ok: true, fullHistory: false };
  }

  if (!privileges) {
    if (depth !== 'national')
      return {
        ok: false,
        reason: 'region',
        message: msg('market.regionMember'),
        unlock: { level: cheapestLevel(levels, needDepth), dataProduct: dp },
      };
    const allowedFrom = addMonths(end, -FREE_USER_MONTHS);
    if (req.from < allowedFrom)
      return {
        ok: false,
        reason: 'history',
        message: msg('market.freeMonths', { months: FREE_USER_MONTHS }),
        unlock: { level: cheapestLevel(levels, (p) => p.historyMonths > FREE_USER_MONTHS), allowedFrom },
      };
    return { ok: true, fullHistory: false };
  }

  if (!needDepth(privileges)) return refuseRegion(levels, needDepth, dp);
  const allowedFrom = addMonths(end, -privileges.historyMonths);
  if (req.from < allowedFrom) {
    const months = Math.ceil((Date.parse(end) - Date.parse(req.from)) / (30.44 * 86400000));
    return {
      ok: false,
      reason: 'history',
      message: msg('market.memberMonths', { months: privileges.historyMonths }),
      unlock: {
        level: cheapestLevel(levels, (p) => p.historyMonths >= months && needDepth(p)),
        dataProduct: dp,
        allowedFrom,
      },
    };
  }
  return { ok: true, fullHistory: false };
}

function refuseRegion(levels: LevelOffer[], ok: (p: MemberPrivileges) => boolean, dp: Unlock['dataProduct']): Decision {
  return {
    ok: false,
    reason: 'region',
    message: msg('market.regionLevel'),
    unlock: { level: cheapestLevel(levels, ok), dataProduct: dp },
  };
}
