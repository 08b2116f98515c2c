// docs/accounts.md: SMS codes — 6 digits, 10 minutes, single use, bound to phone and
// purpose, burnt for an address after 5 wrong tries from it, 60 s between sends, 10 a day per
// phone, 30 an hour per IP (accounts-code-limits.test.ts: who may try a code, and how often).
import { afterEach, describe, expect, it } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { smsCodes } from '@/lib/server/db/schema';
import { SOCKET_ADDRESS_HEADER } from '@/lib/server/http/client-ip';
import { resetEnvCache } from '@/lib/server/env';
import { call, ok } from '../support/api-client';
import { PASSWORD, freshIp, freshPhone, latestCode, outbox, registerUser } from '../support/accounts';
import { HOUR, MINUTE, SECOND, fakeClock } from '../support/clock';

let clock: ReturnType<typeof fakeClock> | undefined;
afterEach(() => {
  clock?.restore();
  clock = undefined;
});

const register = (phone: string, code: string, ip = freshIp()) =>
  call('UserRegist', { body: { phone, code, password: PASSWORD }, ip });

describe('sending a code', () => {
  it('texts a 6-digit registration code and answers {code:1}', async () => {
    const phone = freshPhone();
    const r = await call('SendValidateCode', { query: { phone }, ip: freshIp() });
    expect(r).toEqual({ status: 200, body: { code: 1 } });
    const [msg] = (await outbox(phone)).body.data ?? [];
    expect(msg).toMatchObject({ phone, purpose: 'register' });
    expect(msg!.code).toMatch(/^\d{6}$/);
    expect(msg!.text).toContain(msg!.code);
  });

  it('stores only a hash of the code', async () => {
    const phone = freshPhone();
    await ok('SendValidateCode', { query: { phone }, ip: freshIp() });
    const code = await latestCode(phone);
    const rows = await (await getDb()).select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows[0])).not.toContain(code);
  });

  it('refuses a phone that is not a mainland mobile number, naming the field', async () => {
    const r = await call('SendValidateCode', { query: { phone: '12345' } });
    expect(r.body).toMatchObject({
      code: 400,
      msg: 'phone: must be a mainland mobile number (11 digits starting 13–19)',
    });
  });
});

describe('using a code', () => {
  it('registers with the code, and the same code cannot be used twice', async () => {
    const { phone, token } = await registerUser();
    expect((await call('GetCurrentUser', { token })).body.code).toBe(1);

    clock = fakeClock(Date.now() + 61 * SECOND);
    await ok('SendRetrieveCode', { query: { phone }, ip: freshIp() });
    const code = await latestCode(phone);
    const first = await call('RetrievePassWord', { body: { phone, code, password: 'Another123' } });
    expect(first.body).toMatchObject({ code: 1 });
    const again = await call('RetrievePassWord', { body: { phone, code, password: 'Third1234' } });
    expect(again.body).toMatchObject({
      code: 0,
      msg: 'The verification code has expired or was already used; please request a new one.',
    });
  });

  it('keeps the code when the registration is refused for a NUL in the nickname', async () => {
    const phone = freshPhone();
    await ok('SendValidateCode', { query: { phone }, ip: freshIp() });
    const code = await latestCode(phone);
    const bad = await call('UserRegist', { body: { phone, code, password: PASSWORD, nickname: 'Li\u0000Lei' } });
    expect(bad.body).toMatchObject({ code: 400, msg: 'nickname: must not contain control characters' });
    const good = await call('UserRegist', { body: { phone, code, password: PASSWORD, nickname: 'Li Lei' } });
    expect(good.body.code).toBe(1);
  });

  it('expires a code after 10 minutes', async () => {
    clock = fakeClock();
    const late = freshPhone();
    const inTime = freshPhone();
    await ok('SendValidateCode', { query: { phone: late }, ip: freshIp() });
    await ok('SendValidateCode', { query: { phone: inTime }, ip: freshIp() });
    clock.advance(10 * MINUTE - SECOND);
    expect((await register(inTime, await latestCode(inTime))).body.code).toBe(1);
    clock.advance(SECOND);
    const r = await register(late, await latestCode(late));
    expect(r.body).toMatchObject({
      code: 0,
      msg: 'The verification code has expired or was already used; please request a new one.',
    });
  });

  it('burns a code for an address after 5 wrong tries from it, even for the right code afterwards', async () => {
    const phone = freshPhone();
    await ok('SendValidateCode', { query: { phone }, ip: freshIp() });
    const code = await latestCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const guesser = freshIp();
    const msgs: (string | undefined)[] = [];
    for (let i = 0; i < 5; i++) msgs.push((await register(phone, wrong, guesser)).body.msg);
    expect(msgs).toEqual([
      'The verification code is incorrect (4 tries left).',
      'The verification code is incorrect (3 tries left).',
      'The verification code is incorrect (2 tries left).',
      'The verification code is incorrect (1 try left).',
      'Too many wrong codes; please request a new one.',
    ]);
    const r = await register(phone, code, guesser);
    expect(r.body).toMatchObject({ code: 429, msg: 'Too many wrong codes; please request a new one.' });
    expect((await call('UserLoginAPP', { body: { phone, password: PASSWORD } })).body.code).toBe(0);
  });

  it('binds a code to its phone and its purpose', async () => {
    clock = fakeClock(Date.now());
    const { phone } = await registerUser();
    clock.advance(61 * SECOND);
    await ok('SendRetrieveCode', { query: { phone }, ip: freshIp() });
    const code = await latestCode(phone);
    const other = freshPhone();
    await ok('SendValidateCode', { query: { phone: other }, ip: freshIp() });
    // The retrieval code of one phone neither registers another phone nor serves for registration.
    expect((await register(other, code)).body.code).toBe(0);
    // A registration code does not reset a password.
    const otherCode = await latestCode(other);
    const cross = await call('RetrievePassWord', { body: { phone, code: otherCode, password: 'Another123' } });
    expect(cross.body.code).toBe(0);
    expect((await call('RetrievePassWord', { body: { phone, code, password: 'Another123' } })).body).toMatchObject({
      code: 1,
    });
  });

  it('honours only the newest code sent to a phone', async () => {
    clock = fakeClock();
    const phone = freshPhone();
    await ok('SendValidateCode', { query: { phone }, ip: freshIp() });
    const older = await latestCode(phone);
    clock.advance(61 * SECOND);
    await ok('SendValidateCode', { query: { phone }, ip: freshIp() });
    const newer = await latestCode(phone);
    if (older !== newer) expect((await register(phone, older)).body.code).toBe(0);
    expect((await register(phone, newer)).body.code).toBe(1);
  });
});

describe('send limits', () => {
  it('allows one send per 60 s per phone and purpose (code 429 saying how long to wait)', async () => {
    clock = fakeClock();
    const phone = freshPhone();
    await ok('SendValidateCode', { query: { phone }, ip: freshIp() });
    const r = await call('SendValidateCode', { query: { phone }, ip: freshIp() });
    expect(r).toMatchObject({
      status: 200,
      body: {
        code: 429,
        msg: 'Please wait 60 seconds before requesting another code.',
        data: { retryAfterSeconds: 60 },
      },
    });
    // A registration code just sent does not hold up a password reset.
    expect((await call('SendRetrieveCode', { query: { phone }, ip: freshIp() })).body).toMatchObject({ code: 1 });
    clock.advance(45 * SECOND);
    const again = await call('SendValidateCode', { query: { phone }, ip: freshIp() });
    expect(again.body.msg).toBe('Please wait 15 seconds before requesting another code.');
    clock.advance(15 * SECOND);
    expect((await call('SendValidateCode', { query: { phone }, ip: freshIp() })).body).toMatchObject({ code: 1 });
  });

  it('holds the 60 s limit when requests for one phone arrive together', async () => {
    const phone = freshPhone();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call('SendValidateCode', { query: { phone }, ip: freshIp() })),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual([1, 429, 429, 429, 429, 429]);
    expect((await outbox(phone)).body.data).toHaveLength(1);
  });

  it('allows 10 sends a day per phone and purpose, 5 of them from one address', async () => {
    clock = fakeClock();
    const phone = freshPhone();
    for (let i = 0; i < 10; i++) {
      expect((await call('SendValidateCode', { query: { phone }, ip: freshIp() })).body).toMatchObject({ code: 1 });
      clock.advance(61 * SECOND);
    }
    const r = await call('SendValidateCode', { query: { phone }, ip: freshIp() });
    expect(r.body.code).toBe(429);
    expect(r.body.msg).toBe('This number has received 10 codes in the last 24 hours; try again in 24 hours.');
    // Registration texts do not spend the password resets.
    expect((await call('SendRetrieveCode', { query: { phone }, ip: freshIp() })).body).toMatchObject({ code: 1 });
    clock.advance(24 * HOUR - 10 * 61 * SECOND);
    expect((await call('SendValidateCode', { query: { phone }, ip: freshIp() })).body).toMatchObject({ code: 1 });

    const other = freshPhone();
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await call('SendRetrieveCode', { query: { phone: other }, ip })).body).toMatchObject({ code: 1 });
      clock.advance(61 * SECOND);
    }
    expect((await call('SendRetrieveCode', { query: { phone: other }, ip })).body.msg).toBe(
      'Your network has requested 5 codes for this number in the last 24 hours; try again in 24 hours.',
    );
    // The number's owner, elsewhere, still gets reset codes.
    expect((await call('SendRetrieveCode', { query: { phone: other }, ip: freshIp() })).body).toMatchObject({
      code: 1,
    });
  });

  it('allows 30 sends an hour per IP address', async () => {
    clock = fakeClock();
    const ip = freshIp();
    for (let i = 0; i < 30; i++)
      expect((await call('SendValidateCode', { query: { phone: freshPhone() }, ip })).body).toMatchObject({ code: 1 });
    const r = await call('SendRetrieveCode', { query: { phone: freshPhone() }, ip });
    expect(r.body).toMatchObject({
      code: 429,
      msg: 'Too many code requests from your network; try again in 60 minutes.',
      data: { retryAfterSeconds: 3600 },
    });
    // Another address is not affected, and the first one recovers after the hour.
    expect((await call('SendValidateCode', { query: { phone: freshPhone() }, ip: freshIp() })).body).toMatchObject({
      code: 1,
    });
    clock.advance(HOUR);
    expect((await call('SendValidateCode', { query: { phone: freshPhone() }, ip })).body).toMatchObject({ code: 1 });
  });

  it('keys the address limits on the socket peer: a forged X-Forwarded-For escapes nothing unless TRUST_PROXY', async () => {
    clock = fakeClock();
    const peer = freshIp();
    const send = (forged: string) =>
      call('SendValidateCode', {
        query: { phone: freshPhone() },
        headers: { [SOCKET_ADDRESS_HEADER]: peer, 'x-forwarded-for': forged },
      });
    for (let i = 0; i < 30; i++) expect((await send(freshIp())).body).toMatchObject({ code: 1 });
    expect((await send(freshIp())).body.code).toBe(429);
    // Behind one trusted proxy (the peer), the address it forwards is the client's.
    process.env.TRUST_PROXY = '1';
    resetEnvCache();
    try {
      expect((await send(freshIp())).body).toMatchObject({ code: 1 });
    } finally {
      delete process.env.TRUST_PROXY;
      resetEnvCache();
    }
  });
});

describe('enumeration safety', () => {
  it('answers a registered phone asking to register like any other, texting a notice instead of a code', async () => {
    clock = fakeClock(Date.now());
    const { phone } = await registerUser();
    clock.advance(61 * SECOND);
    const fresh = freshPhone();
    const known = await call('SendValidateCode', { query: { phone }, ip: freshIp() });
    const unknown = await call('SendValidateCode', { query: { phone: fresh }, ip: freshIp() });
    expect(known).toEqual(unknown);
    const [notice] = (await outbox(phone)).body.data ?? [];
    expect(notice).toMatchObject({ purpose: 'register', code: null });
    expect(notice!.text).toContain('already registered');
    // ... and the limits treat both alike.
    expect(await call('SendValidateCode', { query: { phone }, ip: freshIp() })).toEqual(
      await call('SendValidateCode', { query: { phone: fresh }, ip: freshIp() }),
    );
  });

  it('answers an unknown phone asking to retrieve like a registered one; no code reaches it', async () => {
    const { phone } = await registerUser();
    const unknown = freshPhone();
    const a = await call('SendRetrieveCode', { query: { phone: unknown }, ip: freshIp() });
    expect(a.body).toMatchObject({ code: 1 });
    const [notice] = (await outbox(unknown)).body.data ?? [];
    expect(notice).toMatchObject({ purpose: 'retrieve', code: null });
    expect(notice!.text).toContain('No account uses this number');
    // No code exists for it, so no guess can reset anything.
    const r = await call('RetrievePassWord', { body: { phone: unknown, code: '123456', password: 'Another123' } });
    expect(r.body).toMatchObject({ code: 0, msg: 'The verification code is incorrect (4 tries left).' });
    expect(phone).not.toBe(unknown);
  });
});
