// Accounts across instances: sessions, the SMS limits and the login limits live in the database,
// so whichever instance a request reaches, it sees the same.
import { expect, test } from '@playwright/test';
import { call, login, ok, uniquePhone } from './support/api';
import { readState } from './support/fleet';

const { a, b } = readState();
type SmsMessage = { purpose: string; code: string | null; sentAt: string };

test('a session made on one instance works on the other, and a logout on either ends it on both', async () => {
  const token = await login(a.url, '13800000001', 'Demo12345');
  const onB = await ok<{ phone: string }>(b.url, 'GetCurrentUser', { token });
  expect(onB.phone).toBe('13800000001');
  await ok(b.url, 'Logout', { token });
  expect((await call(a.url, 'GetCurrentUser', { token })).status).toBe(401);
  expect((await call(b.url, 'GetCurrentUser', { token })).status).toBe(401);
});

test('the 60-second SMS limit holds across instances, and a code sent through one registers through the other', async () => {
  const phone = uniquePhone();
  await ok(a.url, 'SendValidateCode', { query: { phone } });
  const again = await call(b.url, 'SendValidateCode', { query: { phone } });
  expect(again.body.code).toBe(429);
  expect(again.body.msg).toMatch(/^Please wait \d+ seconds? before requesting another code\.$/);
  expect(again.body.data).toMatchObject({ retryAfterSeconds: expect.any(Number) });
  const refusedOnA = await call(a.url, 'SendValidateCode', { query: { phone } });
  expect(refusedOnA.body.code).toBe(429);

  // One outbox: the code sent through A is read through B and registers there.
  const outbox = (await (await fetch(`${b.url}/api/dev/sms?phone=${phone}`)).json()) as { data: SmsMessage[] };
  const code = outbox.data.find((m) => m.purpose === 'register')?.code;
  expect(code).toMatch(/^\d{6}$/);
  const { token } = await ok<{ token: string }>(b.url, 'UserRegist', {
    body: { phone, code, password: 'Fleet12345' },
  });
  expect((await ok<{ phone: string }>(a.url, 'GetCurrentUser', { token })).phone).toBe(phone);
});

test('the login limit counts failures on both instances and locks the number on both', async () => {
  const phone = uniquePhone();
  await ok(a.url, 'SendValidateCode', { query: { phone } });
  const outbox = (await (await fetch(`${a.url}/api/dev/sms?phone=${phone}`)).json()) as { data: SmsMessage[] };
  await ok(a.url, 'UserRegist', { body: { phone, code: outbox.data[0]!.code, password: 'Fleet12345' } });

  // Four wrong passwords, alternating instances: each is just a wrong password.
  for (const inst of [a, b, a, b]) {
    const r = await call(inst.url, 'UserLoginAPP', { body: { phone, password: 'Wrong12345' } });
    expect(r.body.msg).toBe('Incorrect phone number or password');
  }
  // The fifth, wherever it lands, locks the number everywhere: even the right password is refused.
  const fifth = await call(a.url, 'UserLoginAPP', { body: { phone, password: 'Wrong12345' } });
  expect(fifth.body.code).toBe(429);
  expect(fifth.body.msg).toBe(
    'Too many failed logins for this number; try again in 15 minutes, or reset the password.',
  );
  for (const inst of [a, b]) {
    const right = await call(inst.url, 'UserLoginAPP', { body: { phone, password: 'Fleet12345' } });
    expect(right.body.code, `right password on ${inst.name} while locked`).toBe(429);
  }
});

test('the per-address login limit holds across instances, and both refuse a flooding address alike', async () => {
  // An address as nginx forwards it (TRUST_PROXY=1); the fleet's database is fresh on every run.
  const address = '198.51.100.7';
  const attempt = (inst: typeof a) =>
    call(inst.url, 'UserLoginAPP', {
      body: { phone: uniquePhone(), password: 'Wrong12345' },
      headers: { 'x-forwarded-for': address },
    });
  // 60 attempts per 10 minutes (LOGIN_ATTEMPTS_PER_ADDRESS), spread over both instances.
  for (let i = 0; i < 60; i++) expect((await attempt(i % 2 ? b : a)).body.code).toBe(0);
  // The 61st is refused wherever it lands; repeats too (those on an instance that has already
  // refused the address are answered before Next): the same envelope and security headers.
  for (const inst of [a, b, a, b]) {
    const r = await attempt(inst);
    expect(r.body, `attempt on ${inst.name}`).toMatchObject({
      code: 429,
      msg: 'Too many failed logins from your network; try again in 10 minutes.',
      msgKey: 'accounts.loginNetworkLimit',
      data: { retryAfterSeconds: expect.any(Number) },
    });
    expect(r.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('x-request-id')).toBeTruthy();
  }
  // Another address is not affected.
  const other = await call(b.url, 'UserLoginAPP', {
    body: { phone: uniquePhone(), password: 'Wrong12345' },
    headers: { 'x-forwarded-for': '198.51.100.255' },
  });
  expect(other.body.code).toBe(0);
});
