// The console's dashboard (docs/console.md "Dashboard"): paid orders and revenue by Beijing day,
// new users, members by level, feedback waiting and data freshness, from the database as it is.
import { describe, expect, it } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { feedbacks, users } from '@/lib/server/db/schema';
import { newStaff } from '../support/accounts';
import { ok } from '../support/api-client';
import { buy, levels, postNotify, registerUser, sandboxFields, seedCatalogue } from '../support/commerce';
import { feedbackWorld } from '../support/feedback';
import { seedMarketFixture } from '../support/market';

describe('ConsoleDashboard', () => {
  it('counts what was paid and who joined today and this month, members by level, waiting feedback and each source', async () => {
    await seedCatalogue();
    const db = await getDb();
    const staff = await newStaff(['contributor']);
    const before = await ok('ConsoleDashboard', { token: staff.token });

    const buyer = await registerUser();
    const silver = (await levels()).silver!;
    const order = await buy(buyer.token, silver.id, 1);
    await postNotify('sandbox', sandboxFields(order));
    // Someone who joined 40 days ago counts in neither today nor the 30-day line.
    const old = await registerUser();
    await db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(users.phone, old.phone));

    const d = await ok('ConsoleDashboard', { token: staff.token });
    expect(d.sales.today.orders).toBe(before.sales.today.orders + 1);
    expect(d.sales.today.revenueFen).toBe(before.sales.today.revenueFen + order.amountFen);
    expect(d.sales.month.revenueFen).toBeGreaterThanOrEqual(d.sales.today.revenueFen);
    expect(d.sales.days).toHaveLength(30);
    expect(d.sales.days.at(-1)).toMatchObject({ orders: d.sales.today.orders, revenueFen: d.sales.today.revenueFen });
    expect(d.users.today).toBe(before.users.today + 1);
    expect(d.users.days.reduce((a, x) => a + x.count, 0)).toBe(before.users.days.reduce((a, x) => a + x.count, 0) + 1);
    expect(d.members.find((x) => x.code === 'silver')?.count).toBe(
      (before.members.find((x) => x.code === 'silver')?.count ?? 0) + 1,
    );

    await feedbackWorld();
    const waiting = await db.select({ at: feedbacks.updatedAt }).from(feedbacks).where(eq(feedbacks.status, 'pending'));
    const f = await ok('ConsoleDashboard', { token: staff.token });
    expect(f.feedback.waiting).toBe(waiting.length);
    if (waiting.length)
      expect(f.feedback.oldestAt).toBe(new Date(Math.min(...waiting.map((w) => w.at.getTime()))).toISOString());

    await seedMarketFixture(db);
    const m = await ok('ConsoleDashboard', { token: staff.token });
    const china = m.freshness.filter((r) => r.country === 'CHN');
    expect(china.length).toBeGreaterThan(0);
    for (const r of china) expect(r.lastDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(m.failing).toEqual([]);
  });
});
