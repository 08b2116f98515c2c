// The demo accounts and membership levels seeded by `npm run db:seed`.
import { describe, expect, it } from '@jest/globals';
import { asc, count } from 'drizzle-orm';
import { memberPrivilegesSchema } from '@/lib/api/schemas/member';
import { getDb } from '@/lib/server/db/client';
import { memberLevels, users } from '@/lib/server/db/schema';
import { DEMO_ACCOUNTS, seedAccounts } from '@/lib/server/seed/accounts';
import { call, ok } from '../support/api-client';

describe('seedAccounts', () => {
  it('creates no demo account (staff least of all) without the demo switch, only the levels', async () => {
    const db = await getDb();
    expect(await seedAccounts(db, { demo: false })).toMatchObject({ accountsCreated: 0, memberLevels: 4 });
    expect((await db.select({ n: count() }).from(users))[0]!.n).toBe(0);
    const r = await call('UserLoginAPP', { body: { phone: '13800000002', password: 'Staff12345' } });
    expect(r.body.code).not.toBe(1);
  });

  it('is idempotent: a second run adds and changes nothing', async () => {
    const db = await getDb();
    expect(await seedAccounts(db, { demo: true })).toMatchObject({ accountsCreated: 8 });
    const levelsBefore = await db.select().from(memberLevels).orderBy(asc(memberLevels.rank));
    expect(await seedAccounts(db, { demo: true })).toMatchObject({ accountsCreated: 0 });
    expect((await db.select({ n: count() }).from(users))[0]!.n).toBe(8);
    expect(await db.select().from(memberLevels).orderBy(asc(memberLevels.rank))).toEqual(levelsBefore);
  });

  it('lets every demo account log in with the listed password, staff flagged', async () => {
    await seedAccounts(await getDb(), { demo: true });
    expect(DEMO_ACCOUNTS.map((a) => a.phone)).toEqual([
      '13800000001',
      '13800000002',
      '13800000003',
      '13800000004',
      '13800000010',
      '13800000011',
      '13800000012',
      '13800000013',
    ]);
    for (const a of DEMO_ACCOUNTS) {
      const { token } = await ok('UserLoginAPP', { body: { phone: a.phone, password: a.password } });
      const me = (await call('GetCurrentUser', { token })).body.data!;
      expect(me.isStaff).toBe(a.roles.length > 0);
      if (a.phone === '13800000001') expect(me.nickname).toBe('Demo Customer');
    }
  });

  it('gives the demo staff account every console role, and one demo member each role alone', async () => {
    await seedAccounts(await getDb(), { demo: true });
    const staff = await ok('ConsoleLogin', { body: { phone: '13800000002', password: 'Staff12345' } });
    expect(staff.roles).toEqual(['admin', 'editor', 'contributor', 'data', 'support']);
    const single = DEMO_ACCOUNTS.filter((a) => a.roles.length === 1).map((a) => a.roles[0]);
    expect(single).toEqual(['editor', 'contributor', 'data', 'support']);
  });

  it('seeds Free (not for sale), Silver, Gold and Platinum with valid, rising privileges', async () => {
    const db = await getDb();
    await seedAccounts(db, { demo: true });
    const levels = await db.select().from(memberLevels).orderBy(asc(memberLevels.rank));
    expect(levels.map((l) => [l.code, l.rank, l.forSale])).toEqual([
      ['free', 0, false],
      ['silver', 1, true],
      ['gold', 2, true],
      ['platinum', 3, true],
    ]);
    const privileges = levels.map((l) => memberPrivilegesSchema.parse(l.privileges));
    for (let i = 1; i < privileges.length; i++) {
      expect(privileges[i]!.historyMonths).toBeGreaterThan(privileges[i - 1]!.historyMonths);
      expect(privileges[i]!.dataProductDiscountPct).toBeGreaterThan(privileges[i - 1]!.dataProductDiscountPct);
    }
    expect(privileges[2]).toEqual({
      historyMonths: 60,
      regionDepth: 'market',
      forecast: true,
      export: true,
      dataProductDiscountPct: 10,
      apiCallsPerDay: 1_000,
    });
    // The data API comes with Gold and more (docs/pricing.md).
    expect(privileges.map((p) => p.apiCallsPerDay ?? 0)).toEqual([0, 0, 1_000, 10_000]);
  });
});
