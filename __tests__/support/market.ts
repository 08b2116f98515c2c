// The seeded market fixture of the API tests: a small but real data set
// (the WFP file and a generated daily history up to today), and entitlements granted directly
// in the database (a test of access needs no payment round trip).
import { sql } from 'drizzle-orm';
import { getDb, query, type Db } from '@/lib/server/db/client';
import { memberLevels } from '@/lib/server/db/schema';
import { generateDemoSeries } from '@/lib/server/market/demo-series';
import { MEMBER_LEVELS } from '@/lib/server/seed/accounts';
import { inBatches, seedDataProducts, WFP_FILE } from '@/lib/server/seed/market';
import { importCsvFile, importRows } from '@/lib/server/services/market/import/pipeline';
import { refreshIndexes } from '@/lib/server/services/market/import/index-refresh';
import { clearOffersCache } from '@/lib/server/services/market/read/offers';
import { newUser } from './accounts';

export { newUser };

export const TODAY = new Date().toISOString().slice(0, 10);
export const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
export const monthsAgo = (n: number) => {
  const d = new Date(`${TODAY}T00:00:00Z`);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - n);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.toISOString().slice(0, 10);
};

/**
 * The fixture's daily series start on 1 January three years before today: always more than a
 * thousand days, inside a Gold member's five years and with three earlier years for the seasonal
 * overlay, whichever day the suite runs (scripts/test-dates.sh runs the day-following suites on
 * fixed days to keep that true).
 */
export const FIXTURE_FROM = `${Number(TODAY.slice(0, 4)) - 3}-01-01`;

/** Demo series of the fixture: two vegetables and a fish in Shandong, Henan and Beijing, daily since FIXTURE_FROM. */
export const FIXTURE_PRODUCTS = ['tomato', 'chinese-cabbage', 'grass-carp'];
export const FIXTURE_MARKETS = [
  'shandong/shouguang-agricultural-logistics-park',
  'henan/zhengzhou-wanbang-logistics-city',
  'beijing/xinfadi-wholesale-market',
];
export const SHANDONG_MARKET = FIXTURE_MARKETS[0]!;

/** Membership levels (with their privileges), the data-product catalogue, the WFP file and the demo series. */
export async function seedMarketFixture(db?: Db) {
  const d = db ?? (await getDb());
  for (const l of MEMBER_LEVELS) await d.insert(memberLevels).values(l).onConflictDoNothing();
  await importCsvFile(d, WFP_FILE, { skipIndexes: true });
  await importRows(
    d,
    inBatches(
      generateDemoSeries({ from: FIXTURE_FROM, to: TODAY, products: FIXTURE_PRODUCTS, markets: FIXTURE_MARKETS }),
    ),
    { skipIndexes: true },
  );
  await d.transaction((tx) => refreshIndexes(tx, {}));
  await seedDataProducts(d);
}

/** Gives a user a membership of `level` that runs from a day ago until `endsAt` (default a year on). */
export async function grantMembership(userId: string, level: string, endsAt = new Date(Date.now() + 365 * 86_400_000)) {
  const db = await getDb();
  await db.execute(sql`INSERT INTO user_memberships (user_id, level_id, starts_at, ends_at)
    SELECT ${userId}, id, now() - interval '1 day', ${endsAt.toISOString()}::timestamptz FROM member_levels WHERE code = ${level}`);
}

/** The membership levels, and a platinum member's session token (sees everything the policy allows). */
export async function platinumMember(): Promise<string> {
  const db = await getDb();
  for (const l of MEMBER_LEVELS) await db.insert(memberLevels).values(l).onConflictDoNothing();
  const p = await newUser('platinum');
  await grantMembership(p.id, 'platinum');
  return p.token;
}

/** Gives a user one region of a data product until `endsAt` (default a year on). */
export async function grantDataProduct(
  userId: string,
  productCode: string,
  regionId: string,
  endsAt = new Date(Date.now() + 365 * 86_400_000),
) {
  const db = await getDb();
  await db.execute(sql`INSERT INTO user_data_product_auths (user_id, product_code, region_id, starts_at, ends_at)
    VALUES (${userId}, ${productCode}, ${regionId}, now() - interval '30 days', ${endsAt.toISOString()}::timestamptz)`);
  clearOffersCache();
}

export async function count(table: string): Promise<number> {
  const [r] = await query<{ n: number | string }>(await getDb(), sql`SELECT count(*) AS n FROM ${sql.raw(table)}`);
  return Number(r?.n ?? 0);
}
