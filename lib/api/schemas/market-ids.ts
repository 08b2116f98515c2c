// The market's fixed ids, without zod: the market pages read them, and importing schemas/market.ts
// for two strings would put zod and every market schema into those pages' start-up script.

/** China's nation region id: the root of its region tree (and the default region of every call). */
export const NATION_REGION_ID = 'cn';
/** The default country (ISO 3166 alpha-3): China first. */
export const DEFAULT_COUNTRY = 'CHN';

/** The root of a country's region tree: China's is `cn`, any other country's its code in lower case. */
export function nationOf(country: string): string {
  return country === DEFAULT_COUNTRY ? NATION_REGION_ID : country.toLowerCase();
}
