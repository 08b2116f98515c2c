// Staff roles (docs/access-policy.md "Staff roles"): every console call × every role and a
// customer, through the real dispatcher; console logins last 12 hours and end when the roles change.
import { afterEach, describe, expect, it } from '@jest/globals';
import { CONSOLE_SESSION_HOURS, STAFF_ROLES, type StaffRole } from '@/lib/api/console/roles';
import { callNames, contract, type CallDef, type CallName } from '@/lib/api/contract';
import { routeOf, siteCallNames } from '@/lib/api/routes';
import { hashPassword } from '@/lib/server/auth/password';
import { createSession } from '@/lib/server/auth/sessions';
import { getDb } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { setRoles } from '@/lib/server/services/accounts/staff';
import { eq } from 'drizzle-orm';
import { newStaff, newUser } from '../support/accounts';
import { call, callRaw, ok } from '../support/api-client';
import { fakeClock, HOUR, MINUTE } from '../support/clock';

const consoleCalls = callNames.filter((n) => Array.isArray((contract[n] as CallDef).auth));
const allowedRoles = (n: CallName) => (contract[n] as CallDef).auth as readonly StaffRole[];

/** A call as the browser makes it, with nothing in it: the roles are checked before the input. */
async function knock(name: CallName, token: string) {
  const def = contract[name];
  const r = await callRaw(def.service, def.path, { method: def.method, token, body: {} });
  return r.body.code;
}

describe('the role matrix', () => {
  it("has console calls, each naming at least one role, none of them in the site's route table", () => {
    expect(consoleCalls.length).toBeGreaterThan(2);
    for (const n of consoleCalls) expect(allowedRoles(n).length).toBeGreaterThan(0);
    // Pages import routes.ts: the console's calls are built from their names, never listed there.
    const site = siteCallNames as readonly string[];
    for (const n of callNames.filter((c) => c.startsWith('Console'))) {
      expect(site).not.toContain(n);
      expect(routeOf(n)).toEqual({ service: 'core', path: `/api/Console/${n}`, method: 'POST' });
    }
  });

  it('lets each role make exactly the console calls naming it (admin all of them), and a customer none', async () => {
    const db = await getDb();
    const members = Object.fromEntries(
      await Promise.all(STAFF_ROLES.map(async (r) => [r, await newStaff([r])] as const)),
    ) as Record<StaffRole, Awaited<ReturnType<typeof newStaff>>>;
    const customer = await newUser('customer');
    const refused: string[] = [];
    const wrong: string[] = [];
    for (const name of consoleCalls) {
      for (const role of STAFF_ROLES) {
        // A fresh console login per call: ConsoleLogout ends the one it is made with.
        const { token } = await createSession(db, members[role].id, {}, new Date(), 'console');
        const code = await knock(name, token);
        const allowed = role === 'admin' || allowedRoles(name).includes(role);
        if (allowed && (code === 401 || code === 403)) wrong.push(`${name} refused ${role} (${code})`);
        if (!allowed && code !== 403) wrong.push(`${name} let ${role} in (${code})`);
        if (!allowed) refused.push(`${name}:${role}`);
      }
      const code = await knock(name, customer.token);
      if (code !== 403) wrong.push(`${name} answered a customer ${code}`);
    }
    expect(wrong).toEqual([]);
    // Roles do refuse something: the matrix is not all "allowed".
    expect(refused.length).toBeGreaterThan(0);
  });

  it('refuses a customer with 403 naming staff, and a member without the role with 403 naming roles', async () => {
    const customer = await newUser('customer');
    expect((await call('UnmappedProducts', { token: customer.token })).body).toMatchObject({
      code: 403,
      msg: 'This is for staff only.',
    });
    const editor = await newStaff(['editor']);
    expect((await call('UnmappedProducts', { token: editor.token })).body).toMatchObject({
      code: 403,
      msg: 'Your console roles do not include this.',
    });
    const data = await newStaff(['data']);
    expect((await call('UnmappedProducts', { token: data.token })).body.code).toBe(1);
  });

  it('asks a member signed in to the site only to log in to the console (401)', async () => {
    const editor = await newStaff(['editor']);
    const r = await call('ConsoleMe', { token: editor.siteToken });
    expect(r.status).toBe(401);
    expect((await call('ConsoleMe', { token: editor.token })).body.data).toMatchObject({ roles: ['editor'] });
  });
});

describe('console logins', () => {
  let clock: ReturnType<typeof fakeClock> | undefined;
  afterEach(() => {
    clock?.restore();
  });

  async function account(phone: string, roles: StaffRole[]) {
    const db = await getDb();
    await db.insert(users).values({ phone, passwordHash: await hashPassword('Staff12345'), nickname: phone, roles });
    return { phone, password: 'Staff12345' };
  }

  it('lets staff in for 12 hours from the login, however busy, and refuses an account without roles after its password', async () => {
    const staff = await account('16600000001', ['support']);
    clock = fakeClock(Date.parse('2030-03-01T08:00:00Z'));
    const login = await ok('ConsoleLogin', { body: staff });
    expect(login.roles).toEqual(['support']);
    expect(Date.parse(login.expiresAt) - clock.now()).toBe(CONSOLE_SESSION_HOURS * HOUR);
    // Used every few hours, it still ends 12 hours after the login.
    for (let i = 0; i < 5; i++) {
      clock.advance(2 * HOUR + 20 * MINUTE);
      expect((await call('ConsoleMe', { token: login.token })).body.code).toBe(1);
    }
    clock.at(Date.parse(login.expiresAt) - MINUTE);
    expect((await call('ConsoleMe', { token: login.token })).body.data?.expiresAt).toBe(login.expiresAt);
    clock.at(Date.parse(login.expiresAt) + 1000);
    expect((await call('ConsoleMe', { token: login.token })).status).toBe(401);

    const customer = await account('16600000002', []);
    expect((await call('ConsoleLogin', { body: customer })).body).toMatchObject({
      code: 403,
      msg: 'This account has no console role. Ask an administrator to grant one.',
    });
    expect((await call('ConsoleLogin', { body: { ...staff, password: 'Wrong12345' } })).body).toMatchObject({
      msg: 'Incorrect phone number or password',
    });
  });

  it("ends a member's console logins when their roles change (not their site login), and keeps them when nothing changes", async () => {
    const staff = await account('16600000003', ['editor', 'contributor']);
    const first = await ok('ConsoleLogin', { body: staff });
    const site = await ok('UserLoginAPP', { body: staff });
    const db = await getDb();
    // The same roles in another order: no change, no login ended.
    expect(await setRoles(db, staff.phone, ['contributor', 'editor'])).toMatchObject({ endedSessions: 0 });
    expect((await call('ConsoleMe', { token: first.token })).body.code).toBe(1);

    const change = await setRoles(db, staff.phone, ['contributor']);
    expect(change).toMatchObject({ before: ['editor', 'contributor'], after: ['contributor'], endedSessions: 1 });
    expect((await call('ConsoleMe', { token: first.token })).status).toBe(401);
    expect((await call('GetCurrentUser', { token: site.token })).body.code).toBe(1);
    const again = await ok('ConsoleLogin', { body: staff });
    expect(again.roles).toEqual(['contributor']);

    expect(await setRoles(db, staff.phone, [])).toMatchObject({ after: [] });
    expect((await call('ConsoleMe', { token: again.token })).status).toBe(401);
    const [u] = await db.select({ roles: users.roles }).from(users).where(eq(users.phone, staff.phone));
    expect(u?.roles).toEqual([]);
  });

  it('ends the login it is called with on ConsoleLogout', async () => {
    const staff = await newStaff(['data']);
    await ok('ConsoleLogout', { token: staff.token });
    expect((await call('ConsoleMe', { token: staff.token })).status).toBe(401);
  });
});
