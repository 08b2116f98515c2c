// `npm run bench:alerts` (issue 32): 100,000 alert rules over 10,000 series on PostgreSQL; one
// import touches every series with a new day, and every notification due is written in that
// import's transaction (docs/alerts.md). Prints the import's time, the part spent on anomaly
// levels and rules, and the notifications and deliveries written. Floor: all within 10 s.
//   BENCH_ALERT_SERIES (10,000), BENCH_ALERT_RULES (100,000), BENCH_PG_PORT, BENCH_DATABASE_URL
// A tool outside the app: it reads its own knobs from process.env (docs/architecture.md, "Configuration").
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from '@/lib/server/db/migrate';
import { openPostgres } from '@/lib/server/db/open-postgres';
import { query } from '@/lib/server/db/client';
import { importCsvFile } from '@/lib/server/services/market/import/pipeline';
import { addDays, todayUtc } from '@/lib/shared/dates';
import { createDatabase, fmtInt, startPostgres } from './common';

const SERIES = Number(process.env.BENCH_ALERT_SERIES || 10_000);
const RULES = Number(process.env.BENCH_ALERT_RULES || 100_000);
const PRODUCTS = 100;
const MARKETS = Math.ceil(SERIES / PRODUCTS);
const PROVINCES = ['Hebei', 'Shanxi', 'Jiangsu', 'Zhejiang', 'Anhui', 'Fujian', 'Jiangxi', 'Hubei', 'Hunan', 'Yunnan'];
const dir = mkdtempSync(path.join(tmpdir(), 'bench-alerts-'));

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

  // Users, their watchlists and rules, written directly (the bench measures evaluation, not the API):
  // each rule on one market series, the kinds in turn; thresholds just below the next price, so
  // a crossing, a move and every new price are due for most of them.
  const users = Math.ceil(RULES / 100);
  await db.execute(sql`INSERT INTO users (phone, password_hash, nickname)
    SELECT '1990' || lpad(i::text, 7, '0'), 'scrypt$unused', 'bench' FROM generate_series(1, ${users}) i`);
  await db.execute(sql`WITH u AS (SELECT id, row_number() OVER (ORDER BY phone) AS n FROM users WHERE nickname = 'bench'),
      s AS (SELECT product_num, market_num, price_type, currency, row_number() OVER (ORDER BY product_num, market_num) AS n
            FROM latest_prices)
    INSERT INTO watchlist_items (user_id, product_num, region_num, price_type, currency)
    SELECT u.id, s.product_num, s.market_num, s.price_type, s.currency
    FROM generate_series(0, ${RULES - 1}) r
    JOIN u ON u.n = r / 100 + 1
    JOIN s ON s.n = (r * 7919) % ${SERIES} + 1
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`INSERT INTO alert_rules (user_id, watch_id, product_num, region_num, price_type, currency, kind, value, days, direction, last_day, met)
    SELECT w.user_id, w.id, w.product_num, w.region_num, w.price_type, w.currency, k.kind,
      CASE k.kind WHEN 'above' THEN l.price + 0.5 WHEN 'below' THEN l.price - 0.5 WHEN 'move' THEN 5 END,
      CASE k.kind WHEN 'move' THEN 7 END, CASE k.kind WHEN 'move' THEN 'any' END, l.day, false
    FROM watchlist_items w
    JOIN latest_prices l ON l.product_num = w.product_num AND l.market_num = w.region_num AND l.price_type = w.price_type AND l.currency = w.currency
    CROSS JOIN LATERAL (SELECT (ARRAY['above', 'below', 'move', 'new'])[1 + (abs(hashtext(w.id::text)) % 4)] AS kind) k`);
  const missing = RULES - Number((await query<{ n: string }>(db, sql`SELECT count(*) AS n FROM alert_rules`))[0]!.n);
  // Duplicate user × series pairs were skipped: make up the count with more rules on existing items.
  if (missing > 0)
    await db.execute(sql`INSERT INTO alert_rules (user_id, watch_id, product_num, region_num, price_type, currency, kind, last_day, met)
      SELECT user_id, watch_id, product_num, region_num, price_type, currency, 'new', last_day, false
      FROM alert_rules ORDER BY id LIMIT ${missing}`);
  const [{ rules, series }] = (await query<{ rules: string; series: string }>(
    db,
    sql`SELECT count(*) AS rules, count(DISTINCT (product_num, region_num)) AS series FROM alert_rules`,
  )) as [{ rules: string; series: string }];
  await db.execute(sql`ANALYZE`);
  console.log(
    `bench:alerts: ${fmtInt(Number(rules))} rules of ${fmtInt(users)} users over ${fmtInt(Number(series))} series`,
  );

  // The import that touches them all: one new day, 1 higher (above the "above" rules, a move of ≥ 5 %).
  const f = file('today.csv', [today], (p, m) => 10 + ((p + m) % 7) + 1);
  const t0 = performance.now();
  const s = await importCsvFile(db, f, { rejectsPath: null });
  const ms = performance.now() - t0;
  const [{ n, d }] = (await query<{ n: string; d: string }>(
    db,
    sql`SELECT (SELECT count(*) FROM notifications) AS n, (SELECT count(*) FROM alert_deliveries) AS d`,
  )) as [{ n: string; d: string }];
  console.log(
    `bench:alerts: import of ${fmtInt(s.rows)} rows touching every series: ${(ms / 1000).toFixed(2)} s` +
      ` (anomaly levels and rules ${fmtInt(s.ms.alerts)} ms); ${fmtInt(Number(n))} notifications and ${fmtInt(Number(d))} deliveries written`,
  );
  const again = performance.now();
  await importCsvFile(db, f, { rejectsPath: null });
  const [{ n2 }] = (await query<{ n2: string }>(db, sql`SELECT count(*) AS n2 FROM notifications`)) as [{ n2: string }];
  console.log(
    `bench:alerts: the same file again: ${((performance.now() - again) / 1000).toFixed(2)} s, notifications still ${fmtInt(Number(n2))}`,
  );
  console.log(
    `bench:alerts: every due notification within 10 s: ${ms <= 10_000 ? 'met' : 'MISSED'} (load ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores)`,
  );
  await handle.close();
  pg.stop();
  process.exit(ms <= 10_000 ? 0 : 1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
