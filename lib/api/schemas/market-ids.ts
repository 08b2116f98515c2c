// The market's fixed ids, without zod: the market pages read them, and importing schemas/market.ts
// for two strings would put zod and every market schema into those pages' start-up script.

/** China's nation region id: the root of its region tree (and the default region of every call). */
export const NATION_REGION_ID = 'cn';
/** The default country (ISO 3166 alpha-3): China first. */
export const DEFAULT_COUNTRY = 'CHN';
