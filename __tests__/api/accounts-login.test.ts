// docs/accounts.md: login, lock-out, one message for unknown phone and wrong password,
// logout and password retrieval ending sessions.
import { afterEach, describe, expect, it } from '@jest/globals';
import { call, ok } from '../support/api-client';
import { PASSWORD, freshIp, freshPhone, latestCode, registerUser } from '../support/accounts';
import { MINUTE, SECOND, fakeClock } from '../support/clock';

let clock: ReturnType<typeof fakeClock> | undefined;
afterEach(() => {
  clock?.restore();
  clock = undefined;
});

const BAD = { code: 0, msg: 'Incorrect phone number or password' };
const login = (phone: string, password: string) => call('UserLoginAPP', { body: { phone, password }, ip: freshIp() });

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

  it('locks the phone for 15 minutes after 5 failures in 15 minutes, then lets the right password in', async () => {
    clock = fakeClock(Date.now());
    const { phone } = await registerUser();
    for (let i = 0; i < 4; i++) expect((await login(phone, 'Wrong12345')).body).toMatchObject(BAD);
    const fifth = await login(phone, 'Wrong12345');
    expect(fifth.body).toMatchObject({
      code: 429,
      msg: 'Too many failed logins for this number; try again in 15 minutes.',
      data: { retryAfterSeconds: 900 },
    });
    // While locked even the right password is refused.
    expect((await login(phone, PASSWORD)).body.code).toBe(429);
    clock.advance(10 * MINUTE + 30 * SECOND);
    expect((await login(phone, PASSWORD)).body.msg).toBe(
      'Too many failed logins for this number; try again in 5 minutes.',
    );
    clock.advance(4 * MINUTE + 30 * SECOND);
    expect((await login(phone, PASSWORD)).body.code).toBe(1);
  });

  it('starts counting afresh once a lock has ended', async () => {
    clock = fakeClock(Date.now());
    const { phone } = await registerUser();
    for (let i = 0; i < 5; i++) await login(phone, 'Wrong12345');
    clock.advance(15 * MINUTE);
    for (let i = 0; i < 4; i++) expect((await login(phone, 'Wrong12345')).body).toMatchObject(BAD);
    expect((await login(phone, 'Wrong12345')).body.code).toBe(429);
  });

  it('locks an unknown phone exactly like a registered one', async () => {
    clock = fakeClock(Date.now());
    const { phone } = await registerUser();
    const unknown = freshPhone();
    for (let i = 0; i < 5; i++) expect(await login(unknown, 'Wrong12345')).toEqual(await login(phone, 'Wrong12345'));
    expect((await login(unknown, 'Wrong12345')).body).toEqual((await login(phone, 'Wrong12345')).body);
    expect((await login(unknown, 'Wrong12345')).body.code).toBe(429);
  });

  it('counts only failures within the last 15 minutes', async () => {
    clock = fakeClock(Date.now());
    const { phone } = await registerUser();
    for (let i = 0; i < 4; i++) await login(phone, 'Wrong12345');
    clock.advance(15 * MINUTE);
    for (let i = 0; i < 4; i++) expect((await login(phone, 'Wrong12345')).body).toMatchObject(BAD);
    expect((await login(phone, PASSWORD)).body.code).toBe(1);
  });

  it('counts parallel guesses in full: a burst ends in the lock-out', async () => {
    const { phone } = await registerUser();
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(phone, 'Wrong12345')));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 0).length).toBeLessThanOrEqual(4);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(8);
    expect(codes.every((c) => c === 0 || c === 429)).toBe(true);
    expect((await login(phone, PASSWORD)).body.code).toBe(429);
  });
});

describe('Logout', () => {
  it('revokes the current session only', async () => {
    const { phone, token } = await registerUser();
    const other = (await ok('UserLoginAPP', { body: { phone, password: PASSWORD } })).token;
    expect((await call('Logout', { token })).body).toEqual({ code: 1 });
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
    for (let i = 0; i < 5; i++) await login(phone, 'Wrong12345');
    expect((await login(phone, PASSWORD)).body.code).toBe(429);

    clock.advance(61 * SECOND);
    await ok('SendRetrieveCode', { query: { phone }, ip: freshIp() });
    const code = await latestCode(phone);
    expect((await call('RetrievePassWord', { body: { phone, code, password: 'NewSecret456' } })).body).toEqual({
      code: 1,
    });

    for (const t of [token, second]) expect((await call('GetCurrentUser', { token: t })).status).toBe(401);
    expect((await login(phone, PASSWORD)).body).toMatchObject(BAD);
    expect((await login(phone, 'NewSecret456')).body.code).toBe(1);
  });

  it('keeps the password rules, naming the field', async () => {
    const r = await call('RetrievePassWord', {
      body: { phone: freshPhone(), code: '123456', password: 'lettersonly' },
    });
    expect(r.body).toMatchObject({ code: 400, msg: 'password: must contain a digit' });
  });
});
