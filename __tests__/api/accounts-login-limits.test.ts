// docs/accounts.md, "Login limits": whose attempts count where. An IPv6 host is one /64 (and its
// /48 has a window of its own); an address is charged for the logins that fail, a successful one
// for that address and phone only; a phone locked by guesses from everywhere stays open where it
// logged in lately, and such a login has password-check places of its own.
import { afterEach, describe, expect, it } from '@jest/globals';
import type { IncomingMessage } from 'node:http';
import { withPasswordWork } from '@/lib/server/auth/password-work';
import { resetEnvCache } from '@/lib/server/env';
import { earlyRefusal } from '@/lib/server/fleet/early-refusal';
import { SITE_FACTOR } from '@/lib/server/rate-limit';
import { call, ok } from '../support/api-client';
import { PASSWORD, freshIp, freshPhone, latestCode, registerUser } from '../support/accounts';
import { MINUTE, fakeClock } from '../support/clock';

let clock: ReturnType<typeof fakeClock> | undefined;
const saved = { ...process.env };
afterEach(() => {
  clock?.restore();
  clock = undefined;
  process.env = { ...saved };
  resetEnvCache();
});

const BAD = { code: 0, msg: 'Incorrect phone number or password' };
const LOGIN_URL = '/api/auth/api/UserLogin/UserLoginAPP';
const NETWORK = { code: 429, msg: 'Too many failed logins from your network; try again in 10 minutes.' };
const login = (phone: string, password: string, ip: string) => call('UserLoginAPP', { body: { phone, password }, ip });
const attemptsPerAddress = (n: number) => {
  process.env.LOGIN_ATTEMPTS_PER_ADDRESS = String(n);
  resetEnvCache();
};

let net = 0;
/** A fresh /48 for each test: `host(h, i)` is address i of its /64 number h. */
function freshSite() {
  const site = `2001:db8:${(++net).toString(16)}`;
  return (h: number, i: number) => `${site}:${h.toString(16)}::${i.toString(16)}`;
}

describe('IPv6 clients', () => {
  it('share one window across the addresses of a /64', async () => {
    attemptsPerAddress(3);
    clock = fakeClock(Date.now());
    const at = freshSite();
    for (let i = 1; i <= 3; i++) expect((await login(freshPhone(), 'Wrong12345', at(1, i))).body).toMatchObject(BAD);
    expect((await login(freshPhone(), 'Wrong12345', at(1, 4))).body).toMatchObject(NETWORK);
    expect((await login(freshPhone(), 'Wrong12345', at(1, 0xffff))).body.code).toBe(429);
    // The next /64 of the same /48 has a window of its own.
    expect((await login(freshPhone(), 'Wrong12345', at(2, 1))).body).toMatchObject(BAD);
  });

  it(`have a window ${SITE_FACTOR} times as large on their /48, so rotating /64s does not help either`, async () => {
    attemptsPerAddress(2);
    clock = fakeClock(Date.now());
    const at = freshSite();
    const fill = 2 * SITE_FACTOR;
    for (let h = 1; h <= fill; h++) expect((await login(freshPhone(), 'Wrong12345', at(h, 1))).body).toMatchObject(BAD);
    expect((await login(freshPhone(), 'Wrong12345', at(fill + 1, 1))).body).toMatchObject(NETWORK);
    // Another /48 is not affected.
    expect((await login(freshPhone(), 'Wrong12345', freshSite()(1, 1))).body).toMatchObject(BAD);
  });

  it('are refused before Next from every /64 of a /48 whose window is full', async () => {
    // What keeps a flood rotating through a /48 cheap (npm run bench:login-flood -- --ipv6).
    attemptsPerAddress(2);
    clock = fakeClock(Date.now());
    const at = freshSite();
    /** A raw login request as server/http-server.ts receives it, from `address` (the socket's peer). */
    const raw = (address: string) =>
      ({
        method: 'POST',
        url: '/api/auth/api/UserLogin/UserLoginAPP',
        headers: {},
        socket: { remoteAddress: address },
      }) as unknown as IncomingMessage;
    const fill = 2 * SITE_FACTOR;
    for (let h = 1; h <= fill; h++) {
      expect(await earlyRefusal(raw(at(h, 1)))).toBeNull();
      expect((await login(freshPhone(), 'Wrong12345', at(h, 1))).body).toMatchObject(BAD);
    }
    expect((await login(freshPhone(), 'Wrong12345', at(fill + 1, 1))).body).toMatchObject(NETWORK);
    for (const address of [at(fill + 2, 7), at(0xfffe, 0xabcd)]) {
      const early = await earlyRefusal(raw(address));
      expect(early && JSON.parse(early.body)).toMatchObject(NETWORK);
    }
    expect(await earlyRefusal(raw(freshSite()(1, 1)))).toBeNull();
  });

  it('are locked out of one phone per /64, not per address', async () => {
    clock = fakeClock(Date.now());
    const { phone } = await registerUser();
    const at = freshSite();
    for (let i = 1; i <= 4; i++) expect((await login(phone, 'Wrong12345', at(1, i))).body).toMatchObject(BAD);
    expect((await login(phone, 'Wrong12345', at(1, 5))).body.code).toBe(429);
    expect((await login(phone, PASSWORD, at(1, 6))).body.code).toBe(429);
    expect((await login(phone, PASSWORD, at(2, 1))).body.code).toBe(1);
  });

  it('share the SMS code windows of a /64 too', async () => {
    const at = freshSite();
    // sms-ip-hour: 30 codes an hour per address, any phones.
    for (let i = 1; i <= 30; i++)
      expect((await call('SendValidateCode', { query: { phone: freshPhone('137') }, ip: at(1, i) })).body.code).toBe(1);
    const over = await call('SendValidateCode', { query: { phone: freshPhone('137') }, ip: at(1, 31) });
    expect(over.body).toMatchObject({
      code: 429,
      msg: 'Too many code requests from your network; try again in 60 minutes.',
    });
  }, 60_000);
});

describe('a shared address', () => {
  it('is charged only for the logins that fail: its people logging in lock no one out', async () => {
    attemptsPerAddress(3);
    clock = fakeClock(Date.now());
    const office = freshIp();
    const staff = await Promise.all(Array.from({ length: 5 }, () => registerUser()));
    for (const u of staff) expect((await login(u.phone, PASSWORD, office)).body.code).toBe(1);
    for (const u of staff) expect((await login(u.phone, PASSWORD, office)).body.code).toBe(1);
    // Failures still count: the third fills the window for the whole address.
    for (let i = 0; i < 3; i++) expect((await login(freshPhone(), 'Wrong12345', office)).body).toMatchObject(BAD);
    expect((await login(staff[0]!.phone, PASSWORD, office)).body).toMatchObject(NETWORK);
  });

  it('counts successful logins per address and phone: one client logging in again and again stops only itself', async () => {
    attemptsPerAddress(3);
    clock = fakeClock(Date.now());
    const office = freshIp();
    const [busy, other] = await Promise.all([registerUser(), registerUser()]);
    for (let i = 0; i < 3; i++) expect((await login(busy.phone, PASSWORD, office)).body.code).toBe(1);
    expect((await login(busy.phone, PASSWORD, office)).body).toMatchObject({
      code: 429,
      msg: 'Too many logins to this account from your network; try again in 10 minutes.',
    });
    expect((await login(other.phone, PASSWORD, office)).body.code).toBe(1);
    expect((await login(busy.phone, PASSWORD, freshIp())).body.code).toBe(1);
    clock.advance(10 * MINUTE);
    expect((await login(busy.phone, PASSWORD, office)).body.code).toBe(1);
  });
});

describe('a phone guessed at from everywhere', () => {
  it('stays open where it logged in lately, and is locked everywhere else', async () => {
    clock = fakeClock(Date.now());
    const { phone } = await registerUser();
    const home = freshIp();
    expect((await login(phone, PASSWORD, home)).body.code).toBe(1);
    clock.advance(3 * 24 * 60 * MINUTE);
    for (let i = 0; i < 21; i++) expect((await login(phone, 'Wrong12345', freshIp())).body.code).not.toBe(1);
    expect((await login(phone, PASSWORD, freshIp())).body.code).toBe(429);
    expect((await login(phone, PASSWORD, home)).body.code).toBe(1);
    // Its own guesses from there still lock that address out after five.
    for (let i = 0; i < 5; i++) await login(phone, 'Wrong12345', home);
    expect((await login(phone, PASSWORD, home)).body.code).toBe(429);
  }, 60_000);

  it('is locked where it logged in before a password reset', async () => {
    clock = fakeClock(Date.now());
    const { phone } = await registerUser();
    const home = freshIp();
    expect((await login(phone, PASSWORD, home)).body.code).toBe(1);
    clock.advance(MINUTE);
    await ok('SendRetrieveCode', { query: { phone }, ip: freshIp() });
    const code = await latestCode(phone);
    expect((await call('RetrievePassWord', { body: { phone, code, password: 'NewSecret456' } })).body.code).toBe(1);
    for (let i = 0; i < 21; i++) await login(phone, 'Wrong12345', freshIp());
    expect((await login(phone, 'NewSecret456', home)).body.code).toBe(429);
  }, 60_000);

  it('is locked where it logged in more than 30 days ago', async () => {
    clock = fakeClock(Date.now());
    const { phone } = await registerUser();
    const home = freshIp();
    expect((await login(phone, PASSWORD, home)).body.code).toBe(1);
    clock.advance(31 * 24 * 60 * MINUTE);
    for (let i = 0; i < 21; i++) await login(phone, 'Wrong12345', freshIp());
    expect((await login(phone, PASSWORD, home)).body.code).toBe(429);
  }, 60_000);
});

describe('password-check places', () => {
  it('are kept for a login from where the phone logged in lately, served before the flood', async () => {
    process.env.PASSWORD_HASH_CONCURRENCY = '1';
    process.env.PASSWORD_HASH_QUEUE = '1';
    resetEnvCache();
    const { phone } = await registerUser();
    const home = freshIp();
    expect((await login(phone, PASSWORD, home)).body.code).toBe(1);
    // The one slot is busy and a stranger's login takes the one ordinary place in line.
    let release!: () => void;
    const held = withPasswordWork(() => new Promise<void>((r) => (release = r)));
    const waiting = login(freshPhone(), 'Wrong12345', freshIp());
    await new Promise((r) => setTimeout(r, 200));
    const refused = await login(freshPhone(), 'Wrong12345', freshIp());
    expect(refused.body).toMatchObject({ code: 429, data: { retryAfterSeconds: 2 } });
    const real = login(phone, PASSWORD, home);
    await new Promise((r) => setTimeout(r, 200));
    release();
    await held;
    expect((await real).body.code).toBe(1);
    expect((await waiting).body).toMatchObject(BAD);
  });

  it('are refused before Next to a login from a site where nobody logged in lately, once every ordinary place is taken', async () => {
    process.env.PASSWORD_HASH_CONCURRENCY = '1';
    process.env.PASSWORD_HASH_QUEUE = '0';
    resetEnvCache();
    const { phone } = await registerUser();
    const homeSite = freshSite();
    expect((await login(phone, PASSWORD, homeSite(1, 1))).body.code).toBe(1);
    const raw = (address: string) =>
      ({
        method: 'POST',
        url: LOGIN_URL,
        headers: {},
        socket: { remoteAddress: address },
      }) as unknown as IncomingMessage;
    const flood = freshSite();
    // With a place free, every login goes on to the call.
    expect(await earlyRefusal(raw(flood(1, 1)))).toBeNull();
    let release!: () => void;
    let held = withPasswordWork(() => new Promise<void>((r) => (release = r)));
    try {
      // No place: a stranger's login gets, before Next, exactly what the call would answer, from
      // every /64 of its /48 in turn.
      const early = await earlyRefusal(raw(flood(2, 1)));
      const fromCall = await login(freshPhone(), 'Wrong12345', flood(2, 1));
      expect(fromCall.body).toMatchObject({ code: 429, data: { retryAfterSeconds: 2 } });
      expect(early && { status: early.status, body: JSON.parse(early.body) }).toEqual(fromCall);
      for (let h = 3; h < 6; h++) expect((await earlyRefusal(raw(flood(h, 9))))?.status).toBe(200);
      // Where someone logged in lately (any /64 of that /48) a login may be real: the call decides.
      expect(await earlyRefusal(raw(homeSite(1, 2)))).toBeNull();
      expect(await earlyRefusal(raw(homeSite(0xbeef, 1)))).toBeNull();
      const ipv4 = freshIp();
      expect(await earlyRefusal(raw(ipv4))).not.toBeNull();
      // A login that succeeds from a site found quiet makes it known at once.
      release();
      await held;
      expect((await login(phone, PASSWORD, ipv4)).body.code).toBe(1);
      held = withPasswordWork(() => new Promise<void>((r) => (release = r)));
      expect(await earlyRefusal(raw(ipv4))).toBeNull();
      expect(await earlyRefusal(raw(flood(7, 1)))).not.toBeNull();
    } finally {
      release();
      await held;
    }
    expect(await earlyRefusal(raw(flood(8, 1)))).toBeNull();
  });

  it('refuses a login with no place left before charging its address: the client keeps its whole window', async () => {
    process.env.PASSWORD_HASH_CONCURRENCY = '1';
    process.env.PASSWORD_HASH_QUEUE = '0';
    attemptsPerAddress(2);
    const client = freshIp();
    let release!: () => void;
    const held = withPasswordWork(() => new Promise<void>((r) => (release = r)));
    // A flood's refusals made no password check: they count against nobody's window.
    for (let i = 0; i < 3; i++) {
      expect((await login(freshPhone(), 'Wrong12345', client)).body).toMatchObject({
        code: 429,
        data: { retryAfterSeconds: 2 },
      });
    }
    release();
    await held;
    // Its window of 2 failed logins is still whole: two wrong passwords are told so, the third is refused.
    expect((await login(freshPhone(), 'Wrong12345', client)).body).toMatchObject(BAD);
    expect((await login(freshPhone(), 'Wrong12345', client)).body).toMatchObject(BAD);
    expect((await login(freshPhone(), 'Wrong12345', client)).body).toMatchObject({ code: 429 });
  });
});
