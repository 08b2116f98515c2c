// Fills a database for the benchmarks through the one import path (lib/server/services/market/
// import.ts): generated daily series for China's demo markets and for made-up markets in other
// countries (each its own import, as a country's file would be), then membership levels, the
// data-product catalogue and a platinum member with a session.
import { eq, sql } from 'drizzle-orm';
import { createSession } from '@/lib/server/auth/sessions';
import type { Db } from '@/lib/server/db/client';
import { memberLevels, userMemberships, users } from '@/lib/server/db/schema';
import { demoMarkets, demoRowCount, generateDemoSeries, type DemoMarket } from '@/lib/server/market/demo-series';
import { countriesData } from '@/lib/server/market/seed-data';
import { MEMBER_LEVELS } from '@/lib/server/seed/accounts';
import { inBatches, seedDataProducts } from '@/lib/server/seed/market';
import { importRows } from '@/lib/server/services/market/import/pipeline';

const BENCH_PHONE = '19900000001';

/**
 * `count` countries besides China with currencies of their own (so each country's derived prices
 * are its own), `perCountry` made-up markets each, prices scaled into the currency and given in
 * USD too (so USD rates exist).
 */
export function otherCountryMarkets(count: number, perCountry: number): DemoMarket[] {
  const seen = new Set(['CNY', 'USD']);
  const picked = countriesData().filter((c) => c.code !== 'CHN' && !seen.has(c.currency) && seen.add(c.currency));
  return picked.slice(0, count).flatMap((c, i) => {
    const scale = 0.05 * 1.37 ** (i % 25); // 0.05 … ~95 local units per CNY
    return Array.from({ length: perCountry }, (_, k) => ({
      code: `${c.code.toLowerCase()}/region-${k + 1}/market-${k + 1}`,
      country: c.code,
      provinceCode: `${c.code.toLowerCase()}/region-${k + 1}`,
      province: `Region ${k + 1}`,
      city: null,
      en: `Market ${k + 1}`,
      lat: null,
      lon: null,
      currency: c.currency,
      scale,
      usdPerUnit: 1 / (7.1 * scale),
    }));
  });
}

export async function loadBench(
  db: Db,
  opts: {
    from: string;
    othersFrom: string;
    to: string;
    china: readonly string[];
    others: readonly DemoMarket[];
    label: string;
  },
) {
  const china = demoMarkets().filter((m) => opts.china.includes(m.code));
  const groups = [china, ...groupBy(opts.others, (m) => m.country)];
  const fromOf = (i: number) => (i === 0 ? opts.from : opts.othersFrom);
  const expected = groups.reduce((n, g, i) => n + demoRowCount({ from: fromOf(i), to: opts.to, markets: g }), 0);
  const t0 = performance.now();
  let rows = 0;
  for (const [i, markets] of groups.entries()) {
    const series = generateDemoSeries({ from: fromOf(i), to: opts.to, markets, seed: 'bench' });
    const s = await importRows(db, inBatches(series, 20_000));
    rows += s.rows;
    console.log(
      `  ${opts.label}: ${markets[0]?.country} ${s.rows.toLocaleString('en')} rows in ${(s.ms.total / 1000).toFixed(1)} s — ${rows.toLocaleString('en')} / ${expected.toLocaleString('en')} (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
    );
  }
  for (const l of MEMBER_LEVELS) await db.insert(memberLevels).values(l).onConflictDoNothing();
  await seedDataProducts(db);
  const [u] = await db
    .insert(users)
    .values({ phone: BENCH_PHONE, passwordHash: 'scrypt$bench', nickname: 'bench' })
    .onConflictDoNothing()
    .returning({ id: users.id });
  const userId = u?.id ?? (await db.select({ id: users.id }).from(users).where(eq(users.phone, BENCH_PHONE)))[0]!.id;
  const [platinum] = await db
    .select({ id: memberLevels.id })
    .from(memberLevels)
    .where(eq(memberLevels.code, 'platinum'));
  const day = 86_400_000;
  await db.insert(userMemberships).values({
    userId,
    levelId: platinum!.id,
    startsAt: new Date(Date.now() - day),
    endsAt: new Date(Date.now() + 365 * day),
  });
  const token = await benchSession(db, userId);
  await db.execute(sql`ANALYZE`);
  return { summary: { rows, countries: groups.length }, token, seconds: (performance.now() - t0) / 1000 };
}

function groupBy<T>(xs: readonly T[], key: (x: T) => string): T[][] {
  const m = new Map<string, T[]>();
  for (const x of xs) m.set(key(x), [...(m.get(key(x)) ?? []), x]);
  return [...m.values()];
}

/** A new session for the bench's platinum member (loaded earlier). */
export async function benchSession(db: Db, userId?: string): Promise<string> {
  const id = userId ?? (await db.select({ id: users.id }).from(users).where(eq(users.phone, BENCH_PHONE)))[0]?.id;
  if (!id) throw new Error('the bench member is missing: load the database first');
  return (await createSession(db, id, {})).token;
}

/** The URL of a database an earlier run loaded, with its row count, or null when there is none. */
export async function reuseLoaded(clusterUrl: string, name: string): Promise<{ url: string; rows: number } | null> {
  const u = new URL(clusterUrl);
  u.pathname = '/' + name;
  const { Client } = await import('pg');
  const c = new Client({ connectionString: u.toString() });
  try {
    await c.connect();
    const r = await c.query<{ n: string }>('SELECT count(*) AS n FROM price_observations');
    const rows = Number(r.rows[0]?.n ?? 0);
    return rows > 0 ? { url: u.toString(), rows } : null;
  } catch {
    return null;
  } finally {
    await c.end().catch(() => {});
  }
}
