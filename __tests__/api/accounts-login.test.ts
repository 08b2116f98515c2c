// docs/accounts.md: login, lock-out, one message for unknown phone and wrong password,
// logout and password retrieval ending sessions.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { IncomingMessage } from 'node:http';
import { getDb } from '@/lib/server/db/client';
import { earlyRefusal } from '@/lib/server/fleet/early-refusal';
import { PASSWORD_BUSY_MSG } from '@/lib/server/auth/password-work';
import { resetEnvCache } from '@/lib/server/env';
import { call, ok } from '../support/api-client';
import { PASSWORD, freshIp, freshPhone, latestCode, registerUser } from '../support/accounts';
import { MINUTE, SECOND, fakeClock } from '../support/clock';

let clock: ReturnType<typeof fakeClock> | undefined;
afterEach(() => {
  clock?.restore();
  clock = undefined;
});

const LOGIN_URL = '/api/auth/api/UserLogin/UserLoginAPP';
const BAD = { code: 0, msg: 'Incorrect phone number or password' };
const LOCKED = (minutes: number) =>
  `Too many failed logins for this number; try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset the password.`;
/** A login from one client address (by default a fresh one per call). */
const login = (phone: string, password: string, ip = freshIp()) =>
  call('UserLoginAPP', { body: { phone, password }, ip });

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

describe('UserLoginAPP', () => {
  it('logs in with phone and password and returns a working session token', async () => {
    const { phone } = await registerUser();
    const r = await login(phone, PASSWORD);
    expect(r.body.code).toBe(1);
    const { token, expiresAt } = r.body.data!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect((await call('GetCurrentUser', { token })).body).toMatchObject({ code: 1, data: { phone } });
  });

  it('gives an unknown phone and a wrong password the very same answer', async () => {
    const { phone } = await registerUser();
    const wrong = await login(phone, 'Wrong12345');
    const unknown = await login(freshPhone(), 'Wrong12345');
    expect(wrong).toMatchObject({ status: 200, body: BAD });
    expect(unknown).toEqual(wrong);
  });

  it('locks the phone for the guessing address for 15 minutes after 5 failures; the owner elsewhere still logs in', async () => {
    clock = fakeClock(Date.now());
    const { phone } = await registerUser();
    const attacker = freshIp();
    for (let i = 0; i < 4; i++) expect((await login(phone, 'Wrong12345', attacker)).body).toMatchObject(BAD);
    const fifth = await login(phone, 'Wrong12345', attacker);
    expect(fifth.body).toMatchObject({ code: 429, msg: LOCKED(15), data: { retryAfterSeconds: 900 } });
    // From that address even the right password is refused …
    expect((await login(phone, PASSWORD, attacker)).body.code).toBe(429);
    // … but the owner, from anywhere else, is not locked out by someone else's guesses.
    expect((await login(phone, PASSWORD)).body.code).toBe(1);
    clock.advance(10 * MINUTE + 30 * SECOND);
    expect((await login(phone, PASSWORD, attacker)).body.msg).toBe(LOCKED(5));
    clock.advance(4 * MINUTE + 30 * SECOND);
    expect((await login(phone, PASSWORD, attacker)).body.code).toBe(1);
  });

  it('locks the phone for everyone after 20 failures in an hour from many addresses; a password reset lifts it', async () => {
    clock = fakeClock(Date.now());
    const { phone } = await registerUser();
    for (let i = 0; i < 20; i++) expect((await login(phone, 'Wrong12345')).body.code).not.toBe(1);
    expect((await login(phone, PASSWORD)).body).toMatchObject({ code: 429, msg: LOCKED(15) });

    // The reset path stays open while the lock holds, and ends it.
    clock.advance(SECOND);
    await ok('SendRetrieveCode', { query: { phone }, ip: freshIp() });
    const code = await latestCode(phone);
    expect((await call('RetrievePassWord', { body: { phone, code, password: 'NewSecret456' } })).body).toMatchObject({
      code: 1,
    });
    expect((await login(phone, 'NewSecret456')).body.code).toBe(1);
  }, 30_000);

  it('starts counting afresh once a lock has ended', async () => {
    clock = fakeClock(Date.now());
    const { phone } = await registerUser();
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await login(phone, 'Wrong12345', ip);
    clock.advance(15 * MINUTE);
    for (let i = 0; i < 4; i++) expect((await login(phone, 'Wrong12345', ip)).body).toMatchObject(BAD);
    expect((await login(phone, 'Wrong12345', ip)).body.code).toBe(429);
  });

  it('locks an unknown phone exactly like a registered one', async () => {
    clock = fakeClock(Date.now());
    const { phone } = await registerUser();
    const unknown = freshPhone();
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      expect(await login(unknown, 'Wrong12345', ip)).toEqual(await login(phone, 'Wrong12345', ip));
    expect((await login(unknown, 'Wrong12345', ip)).body).toMatchObject((await login(phone, 'Wrong12345', ip)).body);
    expect((await login(unknown, 'Wrong12345', ip)).body.code).toBe(429);
  });

  it('counts only failures within the last 15 minutes', async () => {
    clock = fakeClock(Date.now());
    const { phone } = await registerUser();
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await login(phone, 'Wrong12345', ip);
    clock.advance(15 * MINUTE);
    for (let i = 0; i < 4; i++) expect((await login(phone, 'Wrong12345', ip)).body).toMatchObject(BAD);
    expect((await login(phone, PASSWORD, ip)).body.code).toBe(1);
  });

  it('counts parallel guesses in full: a burst ends in the lock-out', async () => {
    const { phone } = await registerUser();
    const ip = freshIp();
    process.env.PASSWORD_HASH_CONCURRENCY = '16';
    resetEnvCache();
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(phone, 'Wrong12345', ip)));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 0).length).toBeLessThanOrEqual(4);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(8);
    expect(codes.every((c) => c === 0 || c === 429)).toBe(true);
    expect((await login(phone, PASSWORD, ip)).body.code).toBe(429);
  });

  it('limits the attempts of one client address on any phones: 60 per 10 minutes', async () => {
    clock = fakeClock(Date.now());
    const ip = freshIp();
    for (let i = 0; i < 60; i++) expect((await login(freshPhone(), 'Wrong12345', ip)).body).toMatchObject(BAD);
    const over = await login(freshPhone(), 'Wrong12345', ip);
    expect(over.body).toMatchObject({
      code: 429,
      msg: 'Too many failed logins from your network; try again in 10 minutes.',
      data: { retryAfterSeconds: 600 },
    });
    // Other addresses are not affected; this one recovers with the window.
    const { phone } = await registerUser();
    expect((await login(phone, PASSWORD)).body.code).toBe(1);
    clock.advance(10 * MINUTE);
    expect((await login(phone, PASSWORD, ip)).body.code).toBe(1);
  }, 120_000); // 61 password checks: slow on a busy shared machine

  it('refuses a flooding address from memory until its wait ends, then asks the database again', async () => {
    process.env.LOGIN_ATTEMPTS_PER_ADDRESS = '3';
    resetEnvCache();
    clock = fakeClock(Date.now());
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await login(freshPhone(), 'Wrong12345', ip)).body).toMatchObject(BAD);
    expect((await login(freshPhone(), 'Wrong12345', ip)).body).toMatchObject({
      code: 429,
      data: { retryAfterSeconds: 600 },
    });
    // The database said the window is full: the repeats open no transaction, and say the wait that is left.
    const transactions = jest.spyOn(await getDb(), 'transaction');
    clock.advance(MINUTE);
    for (let i = 0; i < 20; i++)
      expect((await login(freshPhone(), 'Wrong12345', ip)).body).toMatchObject({
        code: 429,
        msg: 'Too many failed logins from your network; try again in 9 minutes.',
        data: { retryAfterSeconds: 540 },
      });
    expect(transactions).not.toHaveBeenCalled();
    transactions.mockRestore();
    // Once the wait is over the database decides again, and the address may try.
    clock.advance(9 * MINUTE);
    expect((await login(freshPhone(), 'Wrong12345', ip)).body).toMatchObject(BAD);
  });

  it('knows the window is full from the attempt that fills it: the next asks the database nothing', async () => {
    process.env.LOGIN_ATTEMPTS_PER_ADDRESS = '3';
    resetEnvCache();
    clock = fakeClock(Date.now());
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await login(freshPhone(), 'Wrong12345', ip)).body).toMatchObject(BAD);
    const transactions = jest.spyOn(await getDb(), 'transaction');
    expect((await login(freshPhone(), 'Wrong12345', ip)).body).toMatchObject({
      code: 429,
      msg: 'Too many failed logins from your network; try again in 10 minutes.',
      data: { retryAfterSeconds: 600 },
    });
    expect(transactions).not.toHaveBeenCalled();
    transactions.mockRestore();
    // Another address still has its own window.
    expect((await login(freshPhone(), 'Wrong12345')).body).toMatchObject(BAD);
  });

  it('gives the production server, before Next, the refusal the call would give a known flood, and nothing else', async () => {
    process.env.LOGIN_ATTEMPTS_PER_ADDRESS = '3';
    resetEnvCache();
    clock = fakeClock(Date.now());
    const ip = freshIp();
    /** A raw request as server/http-server.ts receives it, from `address` (the socket's peer). */
    const raw = (address: string, url = LOGIN_URL, method = 'POST', headers = {}) =>
      ({ method, url, headers, socket: { remoteAddress: address } }) as unknown as IncomingMessage;
    for (let i = 0; i < 3; i++) {
      expect(await earlyRefusal(raw(ip))).toBeNull();
      expect((await login(freshPhone(), 'Wrong12345', ip)).body).toMatchObject(BAD);
    }
    expect((await login(freshPhone(), 'Wrong12345', ip)).body.code).toBe(429);
    clock.advance(MINUTE);
    const fromCall = await login(freshPhone(), 'Wrong12345', ip);
    const early = await earlyRefusal(raw(ip));
    expect(early && { status: early.status, body: JSON.parse(early.body) }).toEqual(fromCall);
    expect(fromCall.body).toMatchObject({ code: 429, data: { retryAfterSeconds: 540 } });
    // Only that address's logins: other addresses, other calls and other methods go on to Next.
    expect(await earlyRefusal(raw(freshIp()))).toBeNull();
    expect(await earlyRefusal(raw(ip, '/api/core/api/InfoNews/QueryNewsCategory'))).toBeNull();
    expect(await earlyRefusal(raw(ip, LOGIN_URL, 'GET'))).toBeNull();
    // The address is the one the call would key: behind a trusted proxy, the forwarded one.
    process.env.TRUST_PROXY = '1';
    resetEnvCache();
    expect((await earlyRefusal(raw('127.0.0.1', LOGIN_URL, 'POST', { 'x-forwarded-for': ip })))?.status).toBe(200);
    expect(await earlyRefusal(raw(ip, LOGIN_URL, 'POST', { 'x-forwarded-for': freshIp() }))).toBeNull();
    // Once the wait is over, Next and the database decide again.
    clock.advance(9 * MINUTE);
    expect(await earlyRefusal(raw(ip, LOGIN_URL, 'POST', { 'x-forwarded-for': ip }))).toBeNull();
  });

  it('lets logins that arrive together wait their turn for a password-check slot', async () => {
    process.env.PASSWORD_HASH_CONCURRENCY = '1';
    process.env.PASSWORD_HASH_QUEUE = '2';
    resetEnvCache();
    const users = await Promise.all([registerUser(), registerUser(), registerUser()]);
    const answers = await Promise.all(users.map((u) => login(u.phone, PASSWORD)));
    expect(answers.map((a) => a.body.code)).toEqual([1, 1, 1]);
  });

  it('refuses at once (429) when every password-check slot and place in line is taken, and keeps the SMS code of a refused sign-up', async () => {
    process.env.PASSWORD_HASH_CONCURRENCY = '1';
    process.env.PASSWORD_HASH_QUEUE = '0';
    resetEnvCache();
    const { phone } = await registerUser();
    const answers = await Promise.all(Array.from({ length: 4 }, () => login(phone, PASSWORD)));
    const busy = answers.filter((a) => a.body.code === 429);
    expect(answers.filter((a) => a.body.code === 1).length).toBeGreaterThanOrEqual(1);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const b of busy)
      expect(b.body).toMatchObject({ code: 429, msg: PASSWORD_BUSY_MSG, data: { retryAfterSeconds: 2 } });

    const newcomer = freshPhone();
    await ok('SendValidateCode', { query: { phone: newcomer }, ip: freshIp() });
    const code = await latestCode(newcomer);
    const [, signUp] = await Promise.all([
      login(phone, PASSWORD),
      call('UserRegist', { body: { phone: newcomer, code, password: PASSWORD }, ip: freshIp() }),
    ]);
    if (signUp.body.code === 429) {
      expect(signUp.body.msg).toBe(PASSWORD_BUSY_MSG);
      // The code was not used up by the refusal: the retry registers.
      expect(
        (await call('UserRegist', { body: { phone: newcomer, code, password: PASSWORD }, ip: freshIp() })).body.code,
      ).toBe(1);
    } else expect(signUp.body.code).toBe(1);
  });
});

describe('Logout', () => {
  it('revokes the current session only', async () => {
    const { phone, token } = await registerUser();
    const other = (await ok('UserLoginAPP', { body: { phone, password: PASSWORD } })).token;
    expect((await call('Logout', { token })).body).toMatchObject({ code: 1 });
    expect(await call('GetCurrentUser', { token })).toMatchObject({
      status: 401,
      body: { code: 401, msg: 'login status has expired, please log in again' },
    });
    expect((await call('GetCurrentUser', { token: other })).body.code).toBe(1);
  });

  it('needs a login', async () => {
    expect((await call('Logout')).status).toBe(401);
  });
});

describe('RetrievePassWord', () => {
  it('sets the new password, ends every session of the user and lifts a lock-out', async () => {
    clock = fakeClock(Date.now());
    const { phone, token } = await registerUser();
    const second = (await ok('UserLoginAPP', { body: { phone, password: PASSWORD } })).token;
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await login(phone, 'Wrong12345', ip);
    expect((await login(phone, PASSWORD, ip)).body.code).toBe(429);

    clock.advance(61 * SECOND);
    await ok('SendRetrieveCode', { query: { phone }, ip: freshIp() });
    const code = await latestCode(phone);
    expect((await call('RetrievePassWord', { body: { phone, code, password: 'NewSecret456' } })).body).toMatchObject({
      code: 1,
    });

    for (const t of [token, second]) expect((await call('GetCurrentUser', { token: t })).status).toBe(401);
    expect((await login(phone, PASSWORD, ip)).body).toMatchObject(BAD);
    expect((await login(phone, 'NewSecret456', ip)).body.code).toBe(1);
  });

  it('keeps the password rules, naming the field', async () => {
    const r = await call('RetrievePassWord', {
      body: { phone: freshPhone(), code: '123456', password: 'lettersonly' },
    });
    expect(r.body).toMatchObject({ code: 400, msg: 'password: must contain a digit' });
  });
});
