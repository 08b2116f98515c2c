// The weekly market briefs are written from the figures stored for their own ISO week
// (docs/content.md#market-briefs): the composite index and national prices a reader can check on
// the market-data page for those days. The fixture's daily series run up to today.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { and, between, eq, sql } from 'drizzle-orm';
import { getDb, query } from '@/lib/server/db/client';
import { indexValues } from '@/lib/server/db/schema';
import { isoWeekOf, marketBriefArticles, mondayOf, weekFigures } from '@/lib/server/services/content/market-briefs';
import { seedMarketBriefs } from '@/lib/server/seed/briefs';
import { seedMarketFixture, TODAY } from '../support/market';
import { addDays } from '@/lib/shared/dates';

beforeAll(async () => {
  await seedMarketFixture();
}, 120_000);

describe('ISO weeks', () => {
  it('numbers weeks as ISO 8601 does, across the turn of a year', () => {
    expect(isoWeekOf('2024-11-25')).toEqual({ year: 2024, week: 48 });
    expect(isoWeekOf('2026-12-31')).toEqual({ year: 2026, week: 53 });
    expect(isoWeekOf('2027-01-03')).toEqual({ year: 2026, week: 53 });
    expect(isoWeekOf('2027-01-04')).toEqual({ year: 2027, week: 1 });
    expect(isoWeekOf('2024-12-30')).toEqual({ year: 2025, week: 1 });
    expect(mondayOf('2024-11-27')).toBe('2024-11-25');
    expect(mondayOf('2024-12-01')).toBe('2024-11-25');
    expect(mondayOf('2024-12-02')).toBe('2024-12-02');
  });
});

describe('the weekly briefs', () => {
  it('quote the stored composite index and national prices of their own week', async () => {
    const db = await getDb();
    const now = new Date();
    const briefs = await marketBriefArticles(db, now, 6);
    expect(briefs).toHaveLength(6);
    let newer: number | null = null;
    for (const b of briefs) {
      const m = /^market-brief-(\d{4})-w(\d\d)$/.exec(b.slug);
      expect(m).not.toBeNull();
      const [year, week] = [Number(m![1]), Number(m![2])];
      // Its week is the one it names, and it is published the Monday after, not before.
      const f = (await weekFigures(db, mondayFromTitle(b.texts.en.body)))!;
      expect({ year: f.year, week: f.week }).toEqual({ year, week });
      expect(isoWeekOf(f.monday)).toEqual({ year, week });
      expect(b.texts.en.title).toMatch(new RegExp(`^Week ${week}, ${year}: `));
      expect(b.texts['zh-CN'].title).toMatch(new RegExp(`^${year} 年第 ${week} 周：`));
      expect(now.getTime() - b.hoursAgo * 3_600_000).toBeGreaterThan(Date.parse(`${f.sunday}T23:59:59Z`));
      // The index it quotes is the mean of the stored daily levels of that week.
      const [stored] = await query<{ avg: number }>(
        db,
        sql`SELECT avg(${indexValues.level}) AS avg FROM ${indexValues} WHERE ${and(
          eq(indexValues.indexCode, 'composite'),
          eq(indexValues.regionId, 'cn'),
          between(indexValues.day, f.monday, f.sunday),
        )}`,
      );
      expect(f.index?.level).toBeCloseTo(Number(stored?.avg), 9);
      expect(b.texts.en.body).toContain(`<strong>${Number(stored?.avg).toFixed(1)}</strong>`);
      // Consecutive weeks agree: this week's "week before" is the older brief's own level.
      if (newer !== null) expect(f.index?.level).toBeCloseTo(newer, 9);
      newer = f.index?.prev ?? null;
      // Every price in its table is one of the fixture's products, with its week-on-week change.
      for (const p of f.products) expect(b.texts.en.body).toContain(`<td>${p.price.toFixed(2)}</td>`);
    }
    // The newest is of the last complete week, published this Monday at 02:00 UTC (before that, the one before).
    const thisMonday = mondayOf(TODAY);
    const published = now.getTime() >= Date.parse(`${thisMonday}T02:00:00Z`);
    const lastWeek = isoWeekOf(addDays(thisMonday, published ? -7 : -14));
    expect(briefs[0]!.slug).toBe(`market-brief-${lastWeek.year}-w${String(lastWeek.week).padStart(2, '0')}`);
  });

  it('are seeded once, and a second seed adds nothing', async () => {
    const db = await getDb();
    const first = await seedMarketBriefs(db);
    expect(first.created).toBeGreaterThan(0);
    expect((await seedMarketBriefs(db)).created).toBe(0);
  });
});

/** The week's Monday, as the brief's body spells its span ("… (2026-11-16 – 2026-11-22)"). */
function mondayFromTitle(body: string): string {
  const m = /\((\d{4}-\d\d-\d\d) – \d{4}-\d\d-\d\d\)/.exec(body);
  if (!m) throw new Error(`no week span in ${body.slice(0, 200)}`);
  return m[1]!;
}
