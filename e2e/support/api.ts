import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { contract, type CallName } from '../../lib/api/contract';
import { uniquePhone } from './phones';

export type SmsPurpose = 'register' | 'retrieve';
type Envelope<T> = { code: number; msg?: string; data?: T };
type SmsMessage = { phone: string; purpose: string; text: string; code: string | null; sentAt: string };

/** The same-origin URL of a contract call (the app serves the default prefixes). */
export function callUrl(name: CallName): string {
  const def = contract[name];
  return `/api/${def.service}${def.path}`;
}

/**
 * The latest code the SMS outbox holds for this phone and purpose. Polls
 * briefly: the send call may answer before the message is listed.
 */
export async function readSmsCode(request: APIRequestContext, phone: string, purpose: SmsPurpose): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/sms?phone=${encodeURIComponent(phone)}`);
        expect(res.ok(), `GET /api/dev/sms answered HTTP ${res.status()}`).toBe(true);
        const body = (await res.json()) as Envelope<SmsMessage[]>;
        const latest = (body.data ?? [])
          .filter((m) => m.purpose === purpose)
          .sort((a, b) => Date.parse(b.sentAt) - Date.parse(a.sentAt))[0];
        code = latest?.code ?? '';
        return code;
      },
      { message: `an SMS code (${purpose}) for ${phone}`, timeout: 5_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** Logs in over the API and returns the session token; fails the test with the server's message otherwise. */
export async function loginViaApi(
  request: APIRequestContext,
  phone: string,
  password: string,
  call: 'UserLoginAPP' | 'ConsoleLogin' = 'UserLoginAPP',
): Promise<string> {
  const res = await request.post(callUrl(call), { data: { phone, password } });
  const body = (await res.json()) as Envelope<{ token: string }>;
  expect(body, `login of ${phone}`).toMatchObject({ code: 1 });
  return body.data!.token;
}

/**
 * Puts a session token where the app keeps it (localStorage `token`, docs/screens.md)
 * without loading an app page: a blank same-origin document is served by the
 * test itself, so the next `page.goto` starts logged in.
 */
export async function storeToken(page: Page, token: string): Promise<void> {
  const blank = '/__e2e_blank';
  await page.route(blank, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>e2e</title>' }),
  );
  await page.goto(blank);
  await page.evaluate((t) => window.localStorage.setItem('token', t), token);
  await page.unroute(blank);
}

/** Logs in over the API and stores the token in the page's origin. */
export async function loginAs(page: Page, phone: string, password: string): Promise<string> {
  const token = await loginViaApi(page.request, phone, password);
  await storeToken(page, token);
  return token;
}

/** A brand-new customer, registered over the API, logged in in this page's origin. */
export async function newCustomer(page: Page): Promise<string> {
  const phone = uniquePhone();
  const sent = await page.request.post(`${callUrl('SendValidateCode')}?phone=${phone}`);
  expect(await sent.json()).toEqual({ code: 1 });
  const code = await readSmsCode(page.request, phone, 'register');
  const res = await page.request.post(callUrl('UserRegist'), {
    data: { phone, code, password: 'Harvest2026', nickname: `Buyer ${phone.slice(-4)}` },
  });
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  await storeToken(page, token);
  return token;
}
