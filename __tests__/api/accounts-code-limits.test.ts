// docs/accounts.md, "SMS codes": a stranger cannot take a person's code from them. Wrong guesses
// count per code and address, a code is checked first against the one its address asked for,
// and UserRegist / RetrievePassWord attempts are limited per address and, for those who did not
// ask for the code, per phone.
import { afterEach, describe, expect, it } from '@jest/globals';
import { withPasswordWork } from '@/lib/server/auth/password-work';
import { resetEnvCache } from '@/lib/server/env';
import { CODE_CHECKS_PER_ADDRESS, CODE_CHECKS_PER_PHONE } from '@/lib/server/services/accounts/sms-codes';
import { call, ok } from '../support/api-client';
import { PASSWORD, freshIp, freshPhone, latestCode, registerUser } from '../support/accounts';
import { HOUR, SECOND, fakeClock } from '../support/clock';

let clock: ReturnType<typeof fakeClock> | undefined;
const saved = { ...process.env };
afterEach(() => {
  clock?.restore();
  clock = undefined;
  process.env = { ...saved };
  resetEnvCache();
});

const retrieve = (phone: string, code: string, ip: string, password = 'NewSecret456') =>
  call('RetrievePassWord', { body: { phone, code, password }, ip });
const register = (phone: string, code: string, ip: string) =>
  call('UserRegist', { body: { phone, code, password: PASSWORD }, ip });
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

/** A registered phone and the reset code its owner asked for from `home`. */
async function ownerAskingForReset() {
  clock = fakeClock(Date.now());
  const { phone } = await registerUser();
  clock.advance(61 * SECOND);
  const home = freshIp();
  await ok('SendRetrieveCode', { query: { phone }, ip: home });
  return { phone, home, code: await latestCode(phone) };
}

describe('a reset code', () => {
  it("is not burnt for its owner by a stranger's wrong guesses", async () => {
    const { phone, home, code } = await ownerAskingForReset();
    const stranger = freshIp();
    for (let i = 0; i < 5; i++) expect((await retrieve(phone, wrongFor(code), stranger)).body.code).toBe(0);
    expect((await retrieve(phone, code, stranger)).body).toMatchObject({ code: 429 });
    expect((await retrieve(phone, code, home)).body).toEqual({ code: 1 });
    expect((await call('UserLoginAPP', { body: { phone, password: 'NewSecret456' } })).body.code).toBe(1);
  });

  it('is not replaced for its owner by a newer one a stranger asks for', async () => {
    const { phone, home, code } = await ownerAskingForReset();
    clock!.advance(61 * SECOND);
    await ok('SendRetrieveCode', { query: { phone }, ip: freshIp() });
    const strangers = await latestCode(phone);
    if (strangers !== code) expect((await retrieve(phone, code, freshIp())).body.code).toBe(0);
    expect((await retrieve(phone, code, home)).body).toEqual({ code: 1 });
  });

  it(`takes ${CODE_CHECKS_PER_PHONE} tries an hour from addresses that did not ask for it; its owner is not bound by them`, async () => {
    const { phone, home, code } = await ownerAskingForReset();
    for (let i = 0; i < CODE_CHECKS_PER_PHONE; i++)
      expect((await retrieve(phone, wrongFor(code), freshIp())).body.code).toBe(0);
    const over = await retrieve(phone, code, freshIp());
    expect(over.body).toMatchObject({
      code: 429,
      msg: 'Too many verification attempts for this number from other networks; request a new code here, or try again in 60 minutes.',
      data: { retryAfterSeconds: 3600 },
    });
    expect((await retrieve(phone, code, home)).body).toEqual({ code: 1 });
  });

  it('still works from another network, for the newest code sent', async () => {
    const { phone, code } = await ownerAskingForReset();
    expect((await retrieve(phone, code, freshIp())).body).toEqual({ code: 1 });
  });
});

describe('a right code', () => {
  it('has password-check places of its own, served before a flood of logins', async () => {
    const { phone, home, code } = await ownerAskingForReset();
    process.env.PASSWORD_HASH_CONCURRENCY = '1';
    process.env.PASSWORD_HASH_QUEUE = '1';
    resetEnvCache();
    let release!: () => void;
    const held = withPasswordWork(() => new Promise<void>((r) => (release = r)));
    const waiting = call('UserLoginAPP', { body: { phone: freshPhone(), password: 'Wrong12345' }, ip: freshIp() });
    await new Promise((r) => setTimeout(r, 200));
    const busy = await call('UserLoginAPP', { body: { phone: freshPhone(), password: 'Wrong12345' }, ip: freshIp() });
    expect(busy.body).toMatchObject({ code: 429, data: { retryAfterSeconds: 2 } });
    const reset = retrieve(phone, code, home);
    await new Promise((r) => setTimeout(r, 200));
    release();
    await held;
    expect((await reset).body).toEqual({ code: 1 });
    expect((await waiting).body.code).toBe(0);
  });
});

describe('a registration code', () => {
  it("is not burnt for its owner by a stranger's wrong guesses either", async () => {
    const phone = freshPhone();
    const home = freshIp();
    await ok('SendValidateCode', { query: { phone }, ip: home });
    const code = await latestCode(phone);
    const stranger = freshIp();
    for (let i = 0; i < 6; i++) expect((await register(phone, wrongFor(code), stranger)).body.code).not.toBe(1);
    expect((await register(phone, code, home)).body.code).toBe(1);
  });
});

describe('one address', () => {
  it(`may try ${CODE_CHECKS_PER_ADDRESS} codes an hour, any phones, registration and reset together`, async () => {
    clock = fakeClock(Date.now());
    const ip = freshIp();
    for (let i = 0; i < CODE_CHECKS_PER_ADDRESS; i++) {
      const r = i % 2 ? await register(freshPhone(), '123456', ip) : await retrieve(freshPhone(), '123456', ip);
      expect(r.body.code).toBe(0);
    }
    const over = await register(freshPhone(), '123456', ip);
    expect(over.body).toMatchObject({
      code: 429,
      msg: 'Too many verification attempts from your network; try again in 60 minutes.',
    });
    clock.advance(HOUR);
    expect((await register(freshPhone(), '123456', ip)).body.code).toBe(0);
  });
});
