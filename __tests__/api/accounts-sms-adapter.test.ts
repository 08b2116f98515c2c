// The SMS adapters: the outbox (default here) and the HTTP gateway, and /dev/sms existing only with the outbox.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { resetEnvCache } from '@/lib/server/env';
import SmsOutboxPage from '@/app/(tools)/dev/sms/page';
import { call } from '../support/api-client';
import { freshIp, freshPhone, outbox } from '../support/accounts';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
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

  it('answers a clear message when the gateway fails', async () => {
    useGateway();
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('down', { status: 503 }));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const r = await call('SendValidateCode', { query: { phone: freshPhone() }, ip: freshIp() });
    expect(r).toMatchObject({
      status: 200,
      body: { code: 0, msg: 'The text message could not be sent; please try again later.' },
    });
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
