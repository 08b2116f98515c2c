import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { STAFF_ROLES, type StaffRole } from '@/lib/api/console/roles';
import type { MemberPrivileges } from '@/lib/api/schemas/member';
import { hashPassword } from '../auth/password';
import type { Db } from '../db/client';
import { memberLevels, users } from '../db/schema';

type DemoAccount = { phone: string; password: string; nickname: string; roles: readonly StaffRole[]; role: string };

/** Printed by `npm run db:seed` and listed in the README. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    phone: '13800000001',
    password: 'Demo12345',
    nickname: 'Demo Customer',
    roles: [],
    role: 'customer, Gold member (forecasts, markets, 5 years of history)',
  },
  {
    phone: '13800000002',
    password: 'Staff12345',
    nickname: 'Demo Staff',
    roles: STAFF_ROLES,
    role: `staff with every console role (${STAFF_ROLES.join(', ')}): /console`,
  },
  {
    phone: '13800000003',
    password: 'Demo12345',
    nickname: 'Free User',
    roles: [],
    role: 'customer without membership',
  },
  {
    phone: '13800000004',
    password: 'Demo12345',
    nickname: 'Data Holder',
    roles: [],
    role: 'holds the vegetable data of Shandong (no membership)',
  },
  // One member per console role, to try what each may do (and what not).
  ...(['editor', 'contributor', 'data', 'support'] as const).map((r, i) => ({
    phone: `1380000001${i}`,
    password: 'Staff12345',
    nickname: `Demo ${r[0]!.toUpperCase()}${r.slice(1)}`,
    roles: [r],
    role: `staff, ${r} only: /console`,
  })),
];

type Level = {
  code: string;
  nameZh: string;
  nameEn: string;
  rank: number;
  forSale: boolean;
  privileges: MemberPrivileges;
};

/** Free is what a logged-in user without membership has (docs/access-policy.md access table); it is not sold. */
export const MEMBER_LEVELS: readonly Level[] = [
  {
    code: 'free',
    nameZh: '免费用户',
    nameEn: 'Free',
    rank: 0,
    forSale: false,
    privileges: {
      historyMonths: 12,
      regionDepth: 'national',
      forecast: false,
      export: false,
      dataProductDiscountPct: 0,
    },
  },
  {
    code: 'silver',
    nameZh: '白银会员',
    nameEn: 'Silver',
    rank: 1,
    forSale: true,
    privileges: {
      historyMonths: 24,
      regionDepth: 'province',
      forecast: false,
      export: true,
      dataProductDiscountPct: 5,
    },
  },
  {
    code: 'gold',
    nameZh: '黄金会员',
    nameEn: 'Gold',
    rank: 2,
    forSale: true,
    privileges: {
      historyMonths: 60,
      regionDepth: 'market',
      forecast: true,
      export: true,
      dataProductDiscountPct: 10,
      apiCallsPerDay: 1_000,
    },
  },
  {
    code: 'platinum',
    nameZh: '铂金会员',
    nameEn: 'Platinum',
    rank: 3,
    forSale: true,
    privileges: {
      historyMonths: 120,
      regionDepth: 'market',
      forecast: true,
      export: true,
      dataProductDiscountPct: 15,
      apiCallsPerDay: 10_000,
    },
  },
];

/**
 * Membership levels, and the demo accounts when `demo` (DEMO_MODE=1: their passwords are
 * public, so a real site never gets them — least of all the staff ones). Idempotent: an
 * existing account keeps its password and profile (only the staff roles are reasserted);
 * levels are upserted by code.
 */
export async function seedAccounts(db: Db, { demo }: { demo: boolean }) {
  const accounts = demo ? DEMO_ACCOUNTS : [];
  const phones = accounts.map((a) => a.phone);
  const existing = new Set(
    phones.length
      ? (await db.select({ phone: users.phone }).from(users).where(inArray(users.phone, phones))).map((r) => r.phone)
      : [],
  );
  let created = 0;
  for (const a of accounts) {
    if (!existing.has(a.phone)) {
      const inserted = await db
        .insert(users)
        .values({
          phone: a.phone,
          passwordHash: await hashPassword(a.password),
          nickname: a.nickname,
          roles: [...a.roles],
        })
        .onConflictDoNothing({ target: users.phone })
        .returning({ id: users.id });
      created += inserted.length;
    }
    if (a.roles.length)
      await db
        .update(users)
        .set({ roles: [...a.roles] })
        .where(eq(users.phone, a.phone));
  }
  for (const l of MEMBER_LEVELS) {
    await db
      .insert(memberLevels)
      .values(l)
      .onConflictDoUpdate({
        target: memberLevels.code,
        set: { nameZh: l.nameZh, nameEn: l.nameEn, rank: l.rank, forSale: l.forSale, privileges: l.privileges },
      });
  }
  return { accountsCreated: created, accounts: accounts.length, memberLevels: MEMBER_LEVELS.length };
}
