// Helpers shared by the accounts API tests (not a test file itself).
import { jest } from '@jest/globals';
import { GET as devSms } from '@/app/api/dev/sms/route';
import { call, ok } from '../support/api-client';

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

/** Registers through the API (code by SMS, then UserRegist) and returns the session token. */
export async function registerUser(phone = freshPhone(), password = PASSWORD, nickname?: string) {
  const ip = freshIp();
  await ok('SendValidateCode', { query: { phone }, ip });
  const code = await latestCode(phone);
  const s = await ok<{ token: string; expiresAt: string }>('UserRegist', {
    body: { phone, code, password, nickname },
    ip,
  });
  return { phone, password, token: s.token };
}

export async function currentUser(token: string) {
  return call('GetCurrentUser', { token });
}

/**
 * Fakes only `Date` (timers stay real: the database and jest need them), so the
 * server's "now" can be moved like a wall clock: `at(ms)` sets it, `advance(ms)` moves it.
 */
export function fakeClock(start = Date.parse('2030-01-01T00:00:00Z')) {
  jest.useFakeTimers({
    now: start,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
  let t = start;
  return {
    now: () => t,
    at(ms: number) {
      t = ms;
      jest.setSystemTime(t);
    },
    advance(ms: number) {
      t += ms;
      jest.setSystemTime(t);
    },
    restore: () => jest.useRealTimers(),
  };
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
