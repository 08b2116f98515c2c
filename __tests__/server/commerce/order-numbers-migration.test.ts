// drizzle/0025_order_numbers.sql: orders made before order numbers existed get theirs, counted per
// Beijing day in the order they were made, and the next order of such a day carries on the count.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate as pgliteMigrate } from 'drizzle-orm/pglite/migrator';
import { PGlite } from '@electric-sql/pglite';
import * as schema from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/client';
import { MIGRATIONS_DIR } from '@/lib/server/db/migrate';
import { createOrReuseOrder } from '@/lib/server/services/commerce/orders';

const TAG = '0025_order_numbers';
let pg: PGlite;
let db: Db;
let before: string;

type Rows<T> = { rows: T[] };

beforeAll(async () => {
  // The migrations as they were before this one.
  before = mkdtempSync(path.join(os.tmpdir(), 'order-numbers-'));
  cpSync(MIGRATIONS_DIR, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === TAG);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  pg = new PGlite();
  db = drizzle(pg, { schema }) as unknown as Db;
  await pgliteMigrate(db as never, { migrationsFolder: before });
});

afterAll(async () => {
  await pg?.close();
  if (before) rmSync(before, { recursive: true, force: true });
});

describe('the order numbers migration', () => {
  it('numbers the orders already made by Beijing day and carries on the count', async () => {
    const [u] = (
      (await db.execute(
        sql`insert into users (phone, password_hash, nickname) values ('13800000001', 'x', 'n') returning id`,
      )) as unknown as Rows<{ id: string }>
    ).rows;
    // Made out of order: 2026-11-26 23:30 and 2026-11-27 00:10, 00:20 in Beijing (UTC+8), then 11-27 09:00.
    const made = [
      ['b', '2026-11-26T16:10:00Z'],
      ['a', '2026-11-26T15:30:00Z'],
      ['d', '2026-11-27T01:00:00Z'],
      ['c', '2026-11-26T16:20:00Z'],
    ];
    for (const [ref, at] of made)
      await db.execute(sql`insert into orders (user_id, kind, trade_code, status, amount_fen, title_zh, title_en,
        dedupe_key, detail, created_at, expires_at)
        values (${u!.id}, 'member', ${`YN${ref}`}, 'closed', 100, ${ref}, ${ref}, ${ref}, '{}'::jsonb, ${at}, ${at})`);

    await pgliteMigrate(db as never, { migrationsFolder: MIGRATIONS_DIR });

    const numbered = (
      (await db.execute(sql`select title_en as ref, order_no from orders order by title_en`)) as unknown as Rows<{
        ref: string;
        order_no: string;
      }>
    ).rows;
    expect(numbered).toEqual([
      { ref: 'a', order_no: 'YN-20261126-0001' },
      { ref: 'b', order_no: 'YN-20261127-0001' },
      { ref: 'c', order_no: 'YN-20261127-0002' },
      { ref: 'd', order_no: 'YN-20261127-0003' },
    ]);
    const next = await createOrReuseOrder(
      db,
      {
        userId: u!.id,
        kind: 'member',
        dedupeKey: 'e',
        amountFen: 100,
        titleZh: 'e',
        titleEn: 'e',
        detail: {},
        lines: [{ ref: 'e', labelZh: 'e', labelEn: 'e', amountFen: 100 }],
      },
      new Date('2026-11-27T02:00:00Z'),
    );
    expect(next.order.orderNo).toBe('YN-20261127-0004');
  });
});
