// The SMS adapters: the outbox (default here) and the HTTP gateway, and /dev/sms existing only with the outbox.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { resetCircuits } from '@/lib/server/adapters/circuit';
import { resetEnvCache } from '@/lib/server/env';
import SmsOutboxPage from '@/app/(tools)/dev/sms/page';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { smsCodes } from '@/lib/server/db/schema';
import { call } from '../support/api-client';
import { freshIp, freshPhone, outbox } from '../support/accounts';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
  resetCircuits();
  jest.restoreAllMocks();
});

function useGateway() {
  process.env.SMS_ADAPTER = 'http';
  process.env.SMS_GATEWAY_URL = 'https://sms.example.test/send';
  process.env.SMS_GATEWAY_TOKEN = 'gateway-token';
  resetEnvCache();
}

describe('outbox adapter', () => {
  it("lists one phone's texts, newest first", async () => {
    const a = freshPhone();
    const b = freshPhone();
    await call('SendValidateCode', { query: { phone: a }, ip: freshIp() });
    await call('SendRetrieveCode', { query: { phone: b }, ip: freshIp() });
    const onlyA = await outbox(a);
    expect(onlyA.status).toBe(200);
    expect(onlyA.body.code).toBe(1);
    expect(onlyA.body.data!.map((m) => m.phone)).toEqual([a]);
    expect(Object.keys(onlyA.body.data![0]!).sort()).toEqual(['code', 'phone', 'purpose', 'sentAt', 'text']);
  });

  it("never lists every phone's codes: the phone is required", async () => {
    const a = freshPhone();
    await call('SendValidateCode', { query: { phone: a }, ip: freshIp() });
    for (const phone of [undefined, '', ' ']) {
      const r = await outbox(phone);
      expect(r.body).toMatchObject({ code: 400, msg: 'phone: is required' });
    }
    const page = JSON.stringify(await SmsOutboxPage({ searchParams: Promise.resolve({}) }));
    expect(page).not.toContain(a);
    expect(page).toContain('Enter a phone number');
  });

  it('refuses a malformed phone filter naming the field', async () => {
    expect((await outbox('nope')).body).toMatchObject({
      code: 400,
      msg: 'phone: must be a mainland mobile number (11 digits starting 13–19)',
    });
  });

  it('renders the /dev/sms page as a table of texts', async () => {
    const phone = freshPhone();
    await call('SendValidateCode', { query: { phone }, ip: freshIp() });
    const el = await SmsOutboxPage({ searchParams: Promise.resolve({ phone }) });
    const html = JSON.stringify(el);
    expect(html).toContain(phone);
    expect(html).toContain('SMS outbox');
  });
});

describe('http gateway adapter', () => {
  it('posts the text to SMS_GATEWAY_URL with the bearer token', async () => {
    useGateway();
    const fetchMock = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 200 }));
    const phone = freshPhone();
    const r = await call('SendValidateCode', { query: { phone }, ip: freshIp() });
    expect(r.body).toMatchObject({ code: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('https://sms.example.test/send');
    expect((init!.headers as Record<string, string>).authorization).toBe('Bearer gateway-token');
    const sent = JSON.parse(String(init!.body));
    expect(sent).toMatchObject({ phone, purpose: 'register' });
    expect(sent.text).toMatch(/\d{6}/);
  });

  it('answers 503 with a clear message when the gateway fails, and keeps no code for the text that did not go', async () => {
    useGateway();
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('down', { status: 503 }));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const phone = freshPhone();
    const r = await call('SendValidateCode', { query: { phone }, ip: freshIp() });
    expect(r).toMatchObject({
      status: 503,
      body: {
        code: 503,
        msg: 'Text messages cannot be sent right now, so no code was issued. Please try again in a few minutes.',
        msgKey: 'faults.smsUnavailable',
      },
    });
    const db = await getDb();
    expect(await db.select().from(smsCodes).where(eq(smsCodes.phone, phone))).toEqual([]);
  });

  it('stops calling a gateway that failed 3 times in a row, and calls it again after the cool-down', async () => {
    useGateway();
    Object.assign(process.env, { PROVIDER_BREAKER_FAILURES: '3', PROVIDER_BREAKER_COOLDOWN_MS: '200' });
    resetEnvCache();
    const fetchMock = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('down', { status: 502 }));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    for (let i = 0; i < 3; i++)
      expect((await call('SendValidateCode', { query: { phone: freshPhone() }, ip: freshIp() })).body.code).toBe(503);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const open = await call('SendValidateCode', { query: { phone: freshPhone() }, ip: freshIp() });
    expect(open.body).toMatchObject({ code: 503, msgKey: 'faults.smsUnavailable' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await new Promise((r) => setTimeout(r, 250));
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    expect((await call('SendValidateCode', { query: { phone: freshPhone() }, ip: freshIp() })).body.code).toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('hides /api/dev/sms and /dev/sms (404) while texts go to a gateway', async () => {
    useGateway();
    const r = await outbox();
    expect(r).toMatchObject({ status: 404, body: { code: 404, msg: 'not found' } });
    await expect(SmsOutboxPage({ searchParams: Promise.resolve({}) })).rejects.toThrow(
      /NEXT_HTTP_ERROR_FALLBACK;404|NEXT_NOT_FOUND/,
    );
  });

  it('refuses to start without the gateway settings', async () => {
    process.env.SMS_ADAPTER = 'http';
    delete process.env.SMS_GATEWAY_URL;
    delete process.env.SMS_GATEWAY_TOKEN;
    resetEnvCache();
    const { env } = await import('@/lib/server/env');
    expect(() => env()).toThrow(
      /SMS_GATEWAY_URL: is required when SMS_ADAPTER=http[\s\S]*SMS_GATEWAY_TOKEN: is required/,
    );
  });
});
