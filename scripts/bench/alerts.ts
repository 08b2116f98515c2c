// `npm run bench:alerts` (issue 32): 100,000 alert rules of 1,000 Gold members over 10,000 series
// on PostgreSQL; one import touches every series with a new day, and every notification due (and
// the e-mail delivery of each rule that asks for one) is written in that import's transaction
// (docs/alerts.md). Prints the import's time, the part spent on anomaly levels and rules, and the
// notifications and deliveries written against those due (counted from the rules beforehand), then
// imports the same file again (nothing more may be written). Floor: all within 10 s of the
// import's start; exits 1 when missed.
//   BENCH_ALERT_SERIES (10,000), BENCH_ALERT_RULES (100,000), BENCH_PG_PORT, BENCH_DATABASE_URL
// A tool outside the app: it reads its own knobs from process.env (docs/architecture.md, "Configuration").
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from '@/lib/server/db/migrate';
import { openPostgres } from '@/lib/server/db/open-postgres';
import { query } from '@/lib/server/db/client';
import {
  alertDeliveries,
  alertRules,
  alertSettings,
  latestPrices,
  memberLevels,
  notifications,
  userMemberships,
  users as userTable,
  watchlistItems,
} from '@/lib/server/db/schema';
import { seedAccounts } from '@/lib/server/seed/accounts';
import { importCsvFile } from '@/lib/server/services/market/import/pipeline';
import { addDays, todayUtc } from '@/lib/shared/dates';
import { createDatabase, fmtInt, startPostgres } from './common';

const SERIES = Number(process.env.BENCH_ALERT_SERIES || 10_000);
const RULES = Number(process.env.BENCH_ALERT_RULES || 100_000);
const PRODUCTS = 100;
const MARKETS = Math.ceil(SERIES / PRODUCTS);
const PROVINCES = ['Hebei', 'Shanxi', 'Jiangsu', 'Zhejiang', 'Anhui', 'Fujian', 'Jiangxi', 'Hubei', 'Hunan', 'Yunnan'];
const dir = mkdtempSync(path.join(tmpdir(), 'bench-alerts-'));

/** A column list for INSERT … SELECT, named from the drizzle columns. */
const cols = (...c: { name: string }[]) =>
  sql.join(
    c.map((x) => sql.identifier(x.name)),
    sql`, `,
  );

/** A generic CSV: every product in every market, on `days`, priced by `price(product, market, day index)`. */
function file(name: string, days: string[], price: (p: number, m: number, d: number) => number) {
  const lines = ['product,region,market,date,price,unit'];
  for (let p = 0; p < PRODUCTS; p++)
    for (let m = 0; m < MARKETS; m++)
      days.forEach((day, d) =>
        lines.push(
          `Bench product ${p},${PROVINCES[m % PROVINCES.length]},Bench market ${m},${day},${price(p, m, d)},KG`,
        ),
      );
  const f = path.join(dir, name);
  writeFileSync(f, lines.join('\n'));
  return f;
}

async function main() {
  const pg = startPostgres();
  const url = await createDatabase(pg.url, 'bench_alerts');
  const handle = await openPostgres(url);
  const db = handle.db;
  await migrate(db, 'postgres');
  const today = todayUtc();
  const history = Array.from({ length: 30 }, (_, i) => addDays(today, i - 31));
  console.log(`bench:alerts: ${fmtInt(PRODUCTS * MARKETS)} market series, 30 days of history …`);
  await importCsvFile(
    db,
    file('history.csv', history, (p, m) => 10 + ((p + m) % 7)),
    { rejectsPath: null },
  );

  // Gold members, their settings, watchlists and rules, written directly (the bench measures evaluation,
  // not the API): each rule on one market series, the kinds in turn; thresholds just below the
  // next price, so a crossing, a move and every new price are due; a quarter of the rules also
  // ask for an e-mail (a delivery row each, written in the same transaction).
  const users = Math.ceil(RULES / 100);
  const u = userTable;
  const w = watchlistItems;
  const r = alertRules;
  const l = latestPrices;
  const a = alertSettings;
  await db.execute(sql`INSERT INTO ${u} (${cols(u.phone, u.passwordHash, u.nickname)})
    SELECT '1990' || lpad(i::text, 7, '0'), 'scrypt$unused', 'bench' FROM generate_series(1, ${users}) i`);
  // Gold members (market series and the history a "moves by" rule compares with are theirs to read).
  await seedAccounts(db, { demo: false });
  const m = userMemberships;
  await db.execute(sql`INSERT INTO ${m} (${cols(m.userId, m.levelId, m.startsAt, m.endsAt)})
    SELECT ${u.id}, ${memberLevels.id}, now() - interval '1 day', now() + interval '1 year' FROM ${u}, ${memberLevels}
    WHERE ${u.nickname} = 'bench' AND ${memberLevels.code} = 'gold'`);
  await db.execute(sql`INSERT INTO ${a} (${cols(a.userId, a.lang, a.email, a.emailConfirmedAt)})
    SELECT ${u.id}, 'en', ${u.phone} || '@bench.example', now() FROM ${u} WHERE ${u.nickname} = 'bench'`);
  await db.execute(sql`WITH bu AS (SELECT ${u.id} AS id, row_number() OVER (ORDER BY ${u.phone}) AS n FROM ${u} WHERE ${u.nickname} = 'bench'),
      s AS (SELECT ${l.productNum} AS p, ${l.marketNum} AS g, ${l.priceType} AS ty, ${l.currency} AS cur,
              row_number() OVER (ORDER BY ${l.productNum}, ${l.marketNum}) AS n FROM ${l})
    INSERT INTO ${w} (${cols(w.userId, w.productNum, w.regionNum, w.priceType, w.currency)})
    SELECT bu.id, s.p, s.g, s.ty, s.cur
    FROM generate_series(0, ${RULES - 1}) r
    JOIN bu ON bu.n = r / 100 + 1
    JOIN s ON s.n = (r * 7919) % ${SERIES} + 1
    ON CONFLICT DO NOTHING`);
  const ruleCols = cols(
    r.userId,
    r.watchId,
    r.productNum,
    r.regionNum,
    r.priceType,
    r.currency,
    r.kind,
    r.value,
    r.days,
    r.direction,
    r.channels,
    r.lastDay,
    r.met,
  );
  await db.execute(sql`INSERT INTO ${r} (${ruleCols})
    SELECT ${w.userId}, ${w.id}, ${w.productNum}, ${w.regionNum}, ${w.priceType}, ${w.currency}, k.kind,
      CASE k.kind WHEN 'above' THEN ${l.price} + 0.5 WHEN 'below' THEN ${l.price} - 0.5 WHEN 'move' THEN 5 END,
      CASE k.kind WHEN 'move' THEN 7 END, CASE k.kind WHEN 'move' THEN 'any' END,
      CASE WHEN k.h % 4 = 0 THEN ARRAY['email'] ELSE ARRAY[]::text[] END, ${l.day}, false
    FROM ${w}
    JOIN ${l} ON ${l.productNum} = ${w.productNum} AND ${l.marketNum} = ${w.regionNum} AND ${l.priceType} = ${w.priceType} AND ${l.currency} = ${w.currency}
    CROSS JOIN LATERAL (SELECT (ARRAY['above', 'below', 'move', 'new'])[1 + (abs(hashtext(${w.id}::text)) % 4)] AS kind,
      abs(hashtext(${w.id}::text || 'c')) AS h) k`);
  const countRules = async () => Number((await query<{ n: string }>(db, sql`SELECT count(*) AS n FROM ${r}`))[0]!.n);
  const missing = RULES - (await countRules());
  // Duplicate user × series pairs were skipped: make up the count with more rules on existing items.
  if (missing > 0)
    await db.execute(sql`INSERT INTO ${r} (${cols(r.userId, r.watchId, r.productNum, r.regionNum, r.priceType, r.currency, r.kind, r.lastDay, r.met)})
      SELECT ${r.userId}, ${r.watchId}, ${r.productNum}, ${r.regionNum}, ${r.priceType}, ${r.currency}, 'new', ${r.lastDay}, false
      FROM ${r} ORDER BY ${r.id} LIMIT ${missing}`);
  // What the import must write: every rule but "below" fires (the price rises by 1, a move of
  // 6–10 % over 7 days); the e-mail ones each get a delivery.
  const [due] = await query<{ rules: string; series: string; notes: string; mails: string }>(
    db,
    sql`SELECT count(*) AS rules, count(DISTINCT (${r.productNum}, ${r.regionNum})) AS series,
      count(*) FILTER (WHERE ${r.kind} <> 'below') AS notes,
      count(*) FILTER (WHERE ${r.kind} <> 'below' AND 'email' = ANY(${r.channels})) AS mails FROM ${r}`,
  );
  await db.execute(sql`ANALYZE`);
  console.log(
    `bench:alerts: ${fmtInt(Number(due!.rules))} rules of ${fmtInt(users)} users over ${fmtInt(Number(due!.series))} series`,
  );

  // The import that touches them all: one new day, 1 higher (above the "above" rules, a move of ≥ 5 %).
  const f = file('today.csv', [today], (p, m) => 10 + ((p + m) % 7) + 1);
  const t0 = performance.now();
  const s = await importCsvFile(db, f, { rejectsPath: null });
  const ms = performance.now() - t0;
  console.log(
    `bench:alerts: stages (ms): ${Object.entries(s.ms)
      .map(([k, v]) => `${k} ${fmtInt(v)}`)
      .join(', ')}`,
  );
  const written = async () => {
    const [c] = await query<{ n: string; d: string }>(
      db,
      sql`SELECT (SELECT count(*) FROM ${notifications}) AS n, (SELECT count(*) FROM ${alertDeliveries}) AS d`,
    );
    return { n: Number(c!.n), d: Number(c!.d) };
  };
  const got = await written();
  const all = got.n === Number(due!.notes) && got.d === Number(due!.mails);
  console.log(
    `bench:alerts: import of ${fmtInt(s.rows)} rows touching every series: ${(ms / 1000).toFixed(2)} s` +
      ` (anomaly levels and rules ${fmtInt(s.ms.alerts)} ms); ${fmtInt(got.n)} notifications of ${fmtInt(Number(due!.notes))} due` +
      ` and ${fmtInt(got.d)} e-mail deliveries of ${fmtInt(Number(due!.mails))} written`,
  );
  const again = performance.now();
  await importCsvFile(db, f, { rejectsPath: null });
  const after = await written();
  console.log(
    `bench:alerts: the same file again: ${((performance.now() - again) / 1000).toFixed(2)} s, ${fmtInt(after.n - got.n)} more notifications, ${fmtInt(after.d - got.d)} more deliveries`,
  );
  console.log(
    `bench:alerts: every due notification within 10 s: ${ms <= 10_000 && all ? 'met' : 'MISSED'} (load ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores)`,
  );
  await handle.close();
  pg.stop();
  const pass = ms <= 10_000 && all && after.n === got.n && after.d === got.d;
  process.exit(pass ? 0 : 1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
