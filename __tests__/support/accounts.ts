// Users and sessions for the API tests: phones, client addresses, SMS codes, registration.
import { eq } from 'drizzle-orm';
import { GET as devSms } from '@/app/api/dev/sms/route';
import type { StaffRole } from '@/lib/api/console/roles';
import { createSession } from '@/lib/server/auth/sessions';
import { getDb } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { call, ok } from './api-client';

type OutboxRow = { phone: string; purpose: string; text: string; code: string | null; sentAt: string };

/** What /api/dev/sms lists for a phone, newest first. */
export async function outbox(
  phone?: string,
): Promise<{ status: number; body: { code: number; msg?: string; data?: OutboxRow[] } }> {
  const url = new URL('http://localhost/api/dev/sms');
  if (phone !== undefined) url.searchParams.set('phone', phone);
  const res = await devSms(new Request(url));
  return { status: res.status, body: await res.json() };
}

/** The code of the newest text sent to a phone (fails when that text carries none). */
export async function latestCode(phone: string): Promise<string> {
  const rows = (await outbox(phone)).body.data ?? [];
  const code = rows[0]?.code;
  if (!code) throw new Error(`no code in the newest text to ${phone}: ${JSON.stringify(rows[0])}`);
  return code;
}

let ipSeq = 0;
/** A fresh client address, so the per-IP limit of one test does not leak into another. */
export const freshIp = () => `10.${(++ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;

let phoneSeq = 0;
/** A fresh valid phone number per call (distinct per test file by prefix). */
export const freshPhone = (prefix = '139') =>
  `${prefix}${String(Date.now() % 10000).padStart(4, '0')}${String(++phoneSeq).padStart(4, '0')}`;

export const PASSWORD = 'Secret123';

/** The id of the account with this phone (for tests that set rows up directly). */
export async function userIdOf(phone: string): Promise<string> {
  const [u] = await (await getDb()).select({ id: users.id }).from(users).where(eq(users.phone, phone));
  if (!u) throw new Error(`no account with phone ${phone}`);
  return u.id;
}

/** Registers through the API (code by SMS, then UserRegist) and returns the session token. */
export async function registerUser(phone = freshPhone(), password = PASSWORD, nickname?: string) {
  const ip = freshIp();
  await ok('SendValidateCode', { query: { phone }, ip });
  const code = await latestCode(phone);
  const s = await ok('UserRegist', {
    body: { phone, code, password, nickname },
    ip,
  });
  return { phone, password, token: s.token };
}

export async function currentUser(token: string) {
  return call('GetCurrentUser', { token });
}

let directSeq = 0;
/** A new user written straight to the database, and a session token for it (no SMS round trip). */
export async function newUser(label = 'user'): Promise<{ id: string; token: string }> {
  const db = await getDb();
  directSeq++;
  const phone = `1770000${String(directSeq).padStart(4, '0')}`;
  const [u] = await db
    .insert(users)
    .values({ phone, passwordHash: 'scrypt$unused', nickname: label })
    .returning({ id: users.id });
  const { token } = await createSession(db, u!.id, {});
  return { id: u!.id, token };
}

/**
 * A staff member holding `roles`, written straight to the database, with a console login (the
 * 12-hour session console calls need) and a site login.
 */
export async function newStaff(
  roles: readonly StaffRole[],
  label = roles.join('+') || 'staff',
  now = new Date(),
): Promise<{ id: string; phone: string; token: string; siteToken: string }> {
  const db = await getDb();
  directSeq++;
  const phone = `1760000${String(directSeq).padStart(4, '0')}`;
  const [u] = await db
    .insert(users)
    .values({ phone, passwordHash: 'scrypt$unused', nickname: label, roles: [...roles] })
    .returning({ id: users.id });
  const { token } = await createSession(db, u!.id, {}, now, 'console');
  const { token: siteToken } = await createSession(db, u!.id, {}, now);
  return { id: u!.id, phone, token, siteToken };
}
