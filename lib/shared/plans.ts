/** One column of the membership page's comparison: a visitor, then each level by rank. */
export type PlanColumn = {
  code: string;
  nameZh: string;
  nameEn: string;
  /** A visitor's history counts in days, a member's in months. */
  history: { days: number } | { months: number };
  regionDepth: 'national' | 'province' | 'market';
  forecast: boolean;
  export: boolean;
  discountPct: number;
  apiCallsPerDay: number;
  forSale: boolean;
  recommended: boolean;
  prices: { months: number; priceFen: number }[];
};

export type PlanComparison<Level = unknown> = {
  /** The catalogue the columns were made from (the page's cards show the ones on sale). */
  levels: Level[];
  columns: PlanColumn[];
  /** Countries with prices: every level covers all of them (the access rules are the same in each). */
  countries: { code: string; nameZh: string; nameEn: string }[];
};
