// Customers in the console (docs/console.md "Customers"): find by phone; memberships, holdings,
// orders, feedback, sessions; grant or extend a membership or a region with a reason; end
// sessions; lock and unlock. Each write one transaction with its audit record.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { memberTerms, userMemberships } from '@/lib/server/db/schema';
import { seedCatalogue as seedMarketCatalogue } from '@/lib/server/seed/catalogue';
import { seedDataProducts } from '@/lib/server/seed/market';
import { seedCatalogue } from '../support/commerce';
import { newStaff, newUser, registerUser, userIdOf } from '../support/accounts';
import { call, ok } from '../support/api-client';

let support: Awaited<ReturnType<typeof newStaff>>;
let admin: Awaited<ReturnType<typeof newStaff>>;
let product: string;
let region: string;
beforeAll(async () => {
  const db = await getDb();
  await seedCatalogue();
  await seedMarketCatalogue(db);
  await seedDataProducts(db);
  support = await newStaff(['support'], 'Sue Support');
  admin = await newStaff(['admin'], 'Ada Admin');
  product = 'DP-VEGETABLES';
  region = 'shandong';
}, 60_000);

const auditOf = (entity: string, entityId: string) =>
  ok('ConsoleAuditLog', { token: admin.token, body: { entity, entityId } });
const DAY = 86_400_000;

describe('finding and looking at a customer', () => {
  it('finds by the whole phone or its last digits, and shows what the account holds', async () => {
    const c = await registerUser(undefined, undefined, 'Carol Customer');
    const id = await userIdOf(c.phone);
    expect(await ok('ConsoleCustomerFind', { token: support.token, body: { phone: c.phone } })).toEqual([
      expect.objectContaining({ id, phone: c.phone, nickname: 'Carol Customer', locked: false, staff: false }),
    ]);
    const bySuffix = await ok('ConsoleCustomerFind', { token: support.token, body: { phone: c.phone.slice(-6) } });
    expect(bySuffix.map((h) => h.id)).toContain(id);
    expect((await call('ConsoleCustomerFind', { token: support.token, body: { phone: '12' } })).body).toMatchObject({
      code: 400,
      msg: 'phone: must be 4 to 11 digits of a phone number',
    });
    const d = await ok('ConsoleCustomer', { token: support.token, body: { userId: id } });
    expect(d).toMatchObject({
      phone: c.phone,
      memberships: [],
      holdings: [],
      orders: [],
      feedback: [],
      lockedAt: null,
    });
    expect(d.sessions).toHaveLength(1);
    expect(
      (await call('ConsoleCustomer', { token: support.token, body: { userId: crypto.randomUUID() } })).body.code,
    ).toBe(404);
  });

  it('refuses customers and editors (403)', async () => {
    const customer = await newUser('customer');
    const editor = await newStaff(['editor']);
    for (const token of [customer.token, editor.token]) {
      expect((await call('ConsoleCustomerFind', { token, body: { phone: '0000' } })).body.code).toBe(403);
      expect(
        (await call('ConsoleLockCustomer', { token, body: { userId: customer.id, locked: true, reason: 'spam bot' } }))
          .body.code,
      ).toBe(403);
    }
  });
});

describe('grants', () => {
  it('grants a membership, then extends it, each with its reason in the audit log; the customer sees the level', async () => {
    const c = await registerUser();
    const id = await userIdOf(c.phone);
    const t0 = Date.now();
    const d = await ok('ConsoleGrantMembership', {
      token: support.token,
      body: { userId: id, levelCode: 'silver', months: 1, reason: 'Compensation for the outage of 3 March' },
    });
    expect(d.memberships).toHaveLength(1);
    expect(d.memberships[0]).toMatchObject({ levelCode: 'silver', active: true });
    const end1 = Date.parse(d.memberships[0]!.endsAt);
    expect(end1 - t0).toBeGreaterThan(27 * DAY);
    expect(end1 - t0).toBeLessThan(32 * DAY);
    // The customer's own call sees it at once.
    expect(await ok('QueryUserMemberByUserId', { token: c.token })).toMatchObject({ levelCode: 'silver' });

    const again = await ok('ConsoleGrantMembership', {
      token: support.token,
      body: { userId: id, levelCode: 'silver', months: 2, reason: 'Extended: the outage went on' },
    });
    expect(again.memberships).toHaveLength(1);
    expect(Date.parse(again.memberships[0]!.endsAt) - end1).toBeGreaterThan(58 * DAY);
    const audit = await auditOf('user_membership', d.memberships[0]!.id);
    expect(audit.items.map((i) => i.reason)).toEqual([
      'Extended: the outage went on',
      'Compensation for the outage of 3 March',
    ]);
    expect(audit.items[1]).toMatchObject({ action: 'ConsoleGrantMembership', actorName: 'Sue Support', before: null });
    // Recorded at no value: an upgrade later credits nothing for granted time.
    const db = await getDb();
    const terms = await db.select().from(memberTerms).where(eq(memberTerms.userId, id));
    expect(terms.map((t) => t.valueFen)).toEqual([0, 0]);
  });

  it('names the bad field and writes nothing', async () => {
    const c = await registerUser();
    const id = await userIdOf(c.phone);
    const bad = async (body: Record<string, unknown>) =>
      (
        await call('ConsoleGrantMembership', {
          token: support.token,
          body: { userId: id, levelCode: 'silver', months: 1, reason: 'a good reason', ...body } as never,
        })
      ).body;
    expect(await bad({ reason: '' })).toMatchObject({ code: 400, msg: expect.stringMatching(/^reason: /) });
    expect(await bad({ months: 0 })).toMatchObject({ code: 400, msg: 'months: must be at least 1' });
    expect(await bad({ months: 99 })).toMatchObject({ code: 400, msg: 'months: must be at most 24' });
    expect(await bad({ levelCode: 'diamond' })).toMatchObject({
      code: 400,
      msg: 'levelCode: is not a membership level',
    });
    expect(await bad({ userId: 'x' })).toMatchObject({ code: 400, msg: 'userId: is not an id' });
    const db = await getDb();
    expect(await db.select().from(userMemberships).where(eq(userMemberships.userId, id))).toEqual([]);
    // A staff account is not support's to change.
    expect(await bad({ userId: admin.id })).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/^userId: is a staff account/),
    });
  });

  it('grants a region of a data product and extends it', async () => {
    const c = await registerUser();
    const id = await userIdOf(c.phone);
    const d = await ok('ConsoleGrantRegion', {
      token: support.token,
      body: { userId: id, productCode: product, regionId: region, months: 3, reason: 'Trial for a cooperative' },
    });
    expect(d.holdings).toMatchObject([{ productCode: product, regionId: region, active: true }]);
    const end = Date.parse(d.holdings[0]!.endsAt);
    const e = await ok('ConsoleGrantRegion', {
      token: support.token,
      body: { userId: id, productCode: product, regionId: region, months: 1, reason: 'Trial extended' },
    });
    expect(e.holdings).toHaveLength(1);
    expect(Date.parse(e.holdings[0]!.endsAt) - end).toBeGreaterThan(27 * DAY);
    expect(
      (
        await call('ConsoleGrantRegion', {
          token: support.token,
          body: { userId: id, productCode: product, regionId: 'nowhere', months: 1, reason: 'Trial extended' },
        })
      ).body,
    ).toMatchObject({ code: 400, msg: 'regionId: is not a region' });
    const audit = await auditOf('data_product_auth', d.holdings[0]!.id);
    expect(audit.items).toHaveLength(2);
  });
});

describe('sessions and locks', () => {
  it('ends one session or all of them', async () => {
    const c = await registerUser();
    const id = await userIdOf(c.phone);
    const second = await ok('UserLoginAPP', { body: { phone: c.phone, password: c.password } });
    const d = await ok('ConsoleCustomer', { token: support.token, body: { userId: id } });
    expect(d.sessions).toHaveLength(2);
    const one = await ok('ConsoleEndSessions', {
      token: support.token,
      body: { userId: id, sessionId: d.sessions[0]!.id, reason: 'Lost phone' },
    });
    expect(one.sessions).toHaveLength(1);
    const all = await ok('ConsoleEndSessions', { token: support.token, body: { userId: id, reason: 'Lost phone' } });
    expect(all.sessions).toEqual([]);
    expect((await call('GetCurrentUser', { token: c.token })).status).toBe(401);
    expect((await call('GetCurrentUser', { token: second.token })).status).toBe(401);
    // Nothing left to end: nothing recorded.
    await ok('ConsoleEndSessions', { token: support.token, body: { userId: id, reason: 'Lost phone' } });
    expect((await auditOf('user', id)).items).toHaveLength(2);
    expect(
      (
        await call('ConsoleEndSessions', {
          token: support.token,
          body: { userId: id, sessionId: crypto.randomUUID(), reason: 'Lost phone' },
        })
      ).body,
    ).toMatchObject({ code: 400, msg: 'sessionId: is not one of this account’s sessions' });
  });

  it('locks an account (its sessions end, its logins are refused) and unlocks it', async () => {
    const c = await registerUser();
    const id = await userIdOf(c.phone);
    const locked = await ok('ConsoleLockCustomer', {
      token: support.token,
      body: { userId: id, locked: true, reason: 'Account shared by a reseller' },
    });
    expect(locked).toMatchObject({ lockReason: 'Account shared by a reseller', sessions: [] });
    expect(locked.lockedAt).not.toBeNull();
    expect((await call('GetCurrentUser', { token: c.token })).status).toBe(401);
    expect((await call('UserLoginAPP', { body: { phone: c.phone, password: c.password } })).body).toMatchObject({
      code: 403,
      msg: 'This account is locked. Contact customer support.',
    });
    expect((await ok('ConsoleCustomerFind', { token: support.token, body: { phone: c.phone } }))[0]!.locked).toBe(true);
    const open = await ok('ConsoleLockCustomer', {
      token: support.token,
      body: { userId: id, locked: false, reason: 'Owner confirmed by phone' },
    });
    expect(open.lockedAt).toBeNull();
    expect((await call('UserLoginAPP', { body: { phone: c.phone, password: c.password } })).body.code).toBe(1);
    const audit = await auditOf('user', id);
    expect(audit.items.map((i) => [i.reason, i.after])).toEqual([
      ['Owner confirmed by phone', { lockedAt: null, lockReason: null, sessionsEnded: 0 }],
      [
        'Account shared by a reseller',
        expect.objectContaining({ lockReason: 'Account shared by a reseller', sessionsEnded: 1 }),
      ],
    ]);
  });
});
