import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { MemberLevelDTO } from '@/lib/api/schemas/commerce';
import { ANONYMOUS_DAYS } from '../../access/market-policy';
import type { Db } from '../../db/client';
import { countries, latestPrices, regions } from '../../db/schema';
import { listMemberLevels } from './member-catalogue';
import type { PlanColumn, PlanComparison } from '@/lib/shared/plans';

/**
 * The recommended level (docs/pricing.md): the cheapest on sale that shows what the portal is
 * for — forecasts and market detail. With the seeded catalogue that is Gold.
 */
export function recommendedCode(levels: readonly MemberLevelDTO[]): string | null {
  const fit = levels.filter((l) => l.forSale && l.privileges.forecast && l.privileges.regionDepth === 'market');
  return fit.sort((a, b) => a.rank - b.rank)[0]?.code ?? null;
}

/** The membership page's comparison, read from the level catalogue, the access rules and the data. */
export async function planComparison(db: Db): Promise<PlanComparison<MemberLevelDTO>> {
  const levels = await listMemberLevels(db);
  const recommended = recommendedCode(levels);
  const visitor: PlanColumn = {
    code: 'visitor',
    nameZh: '访客',
    nameEn: 'Visitor',
    history: { days: ANONYMOUS_DAYS },
    regionDepth: 'national',
    forecast: false,
    export: false,
    discountPct: 0,
    apiCallsPerDay: 0,
    forSale: false,
    recommended: false,
    prices: [],
  };
  const withPrices = await db
    .selectDistinct({ code: countries.code, nameZh: countries.nameZh, nameEn: countries.nameEn, sort: countries.sort })
    .from(latestPrices)
    .innerJoin(regions, eq(regions.num, latestPrices.marketNum))
    .innerJoin(countries, eq(countries.code, regions.countryCode))
    .orderBy(asc(countries.sort), asc(countries.nameEn));
  return {
    levels,
    columns: [
      visitor,
      ...levels.map((l) => ({
        code: l.code,
        nameZh: l.nameZh,
        nameEn: l.nameEn,
        history: { months: l.privileges.historyMonths },
        regionDepth: l.privileges.regionDepth,
        forecast: l.privileges.forecast,
        export: l.privileges.export,
        discountPct: l.privileges.dataProductDiscountPct,
        apiCallsPerDay: l.privileges.apiCallsPerDay ?? 0,
        forSale: l.forSale,
        recommended: l.code === recommended,
        prices: l.prices,
      })),
    ],
    countries: withPrices.map(({ code, nameZh, nameEn }) => ({ code, nameZh, nameEn })),
  };
}
