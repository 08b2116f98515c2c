import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { callUrl, loginViaApi, storeToken } from './support/api';
import { CUSTOMER, STAFF } from './support/accounts';

// Issue 32's acceptance: the Gold member follows pork in Shandong and sets "above X" between the
// latest price and the next one; an import brings that price; the bell shows one unread
// notification naming the series and the price; the e-mail is in /dev/mail with a working
// unsubscribe link; importing the same file again sends nothing more.
//
// Desktop and phone run one after the other in one test: they share the member's bell and the one
// series, which two projects running at once would race on. The server holds its embedded database
// in-process, so the import goes through it: POST /api/dev/import (DEMO_MODE only, the `data` role).

type Envelope<T> = { code: number; msg?: string; data: T };
type WatchItem = {
  id: string;
  product: { code: string };
  region: { id: string };
  latest: { date: string; price: number } | null;
};
type Mail = { subject: string; text: string; sentAt: string };

const SERIES = { product: 'pork', region: 'shandong' };
// The demo market of Shandong (lib/server/seed/market.ts): its prices make the province's.
const MARKET = 'Shouguang Agricultural Logistics Park';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function call<T>(
  request: APIRequestContext,
  name: Parameters<typeof callUrl>[0],
  token: string,
  body?: unknown,
  query = '',
) {
  const res = await request.post(`${callUrl(name)}${query}`, { data: body ?? {}, headers: { Authorization: token } });
  const env = (await res.json()) as Envelope<T>;
  expect(env, `${name}: ${env.msg ?? ''}`).toMatchObject({ code: 1 });
  return env.data;
}

const watchlist = async (request: APIRequestContext, token: string) =>
  (await call<{ items: WatchItem[] }>(request, 'QueryWatchlist', token, undefined, '?lang=en')).items;

const porkInShandong = (items: WatchItem[]) =>
  items.find((i) => i.product.code === SERIES.product && i.region.id === SERIES.region);

async function mails(request: APIRequestContext, to: string): Promise<Mail[]> {
  const res = await request.get(`/api/dev/mail?to=${encodeURIComponent(to)}`);
  expect(res.ok(), `GET /api/dev/mail answered HTTP ${res.status()}`).toBe(true);
  return ((await res.json()) as Envelope<Mail[]>).data;
}

const addDay = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function importPrice(request: APIRequestContext, staff: string, day: string, price: number) {
  const csv = `product,region,market,date,price,unit\nPork,Shandong,${MARKET},${day},${price},KG\n`;
  const res = await request.post('/api/dev/import', {
    data: csv,
    headers: { Authorization: staff, 'content-type': 'text/csv' },
  });
  const env = (await res.json()) as Envelope<{ inserted: number; unchanged: number; rejected: number }>;
  expect(env, env.msg).toMatchObject({ code: 1, data: { rejected: 0 } });
  return env.data;
}

/** The member's state before a journey: pork in Shandong not followed, nothing unread (a rerun on a kept server). */
async function startClean(request: APIRequestContext, token: string) {
  const held = porkInShandong(await watchlist(request, token));
  if (held) await call(request, 'UnfollowSeries', token, { id: held.id });
  await call(request, 'MarkNotificationsRead', token, { all: true });
}

const texts = {
  en: {
    settings: 'Alert settings',
    email: 'E-mail address',
    saveSettings: 'Save settings',
    saved: 'Settings saved',
    follow: 'Follow: Pork, Shandong',
    following: 'Following',
    addAlert: /Add alert/,
    dialog: 'Alerts for Pork, Shandong (wholesale)',
    kind: 'Price rises above',
    emailChannel: 'E-mail',
    save: 'Save alert',
    ruleListed: (x: string) => `above ${x} CNY`,
    oneAlert: '1 alert',
    close: 'Cancel',
    bell: 'Notifications: 1 unread',
    said: (p: string, day: string, x: string) => `Pork, Shandong (wholesale): ${p} CNY/kg on ${day}, above ${x} CNY/kg`,
    unsubscribeRule: 'Stop E-mail messages of the alert on Pork, Shandong (wholesale)',
    unsubscribed: 'Done: no more E-mail messages for this alert.',
  },
};

/** One device's journey, in English; `phone` says which chrome it expects. */
async function journey(page: Page, staff: string, phone: boolean) {
  const t = texts.en;
  const request = page.request;
  const token = await loginViaApi(request, CUSTOMER.phone, CUSTOMER.password);
  await startClean(request, token);
  await storeToken(page, token);
  const email = `gold-${phone ? 'phone' : 'desk'}-${Date.now()}@example.com`;

  // An address for alert e-mails, confirmed from the link mailed to it.
  await page.goto('/equitiesCentre/watchlist');
  if (phone) await expect(page.locator('[data-chrome="mobile"]')).toHaveCount(1);
  await page.getByText(t.settings).click();
  await page.getByLabel(t.email).fill(email);
  await page.getByRole('button', { name: t.saveSettings }).click();
  await expect(page.getByRole('status').filter({ hasText: t.saved })).toHaveText(t.saved);
  const confirm = (await mails(request, email))[0]!;
  const link = /https?:\/\/[^/\s]+(\/equitiesCentre\/confirmEmail\?t=\S+)/.exec(confirm.text)!;
  await page.goto(link[1]!);
  await expect(page.getByTestId('email-confirmed')).toContainText(email);

  // Follow pork in Shandong from the market page's trend panel.
  await page.goto(`/functionality?product=${SERIES.product}&region=${SERIES.region}`);
  const stats = page.locator('section#priceTrend').getByTestId('trend-stats');
  await stats.getByRole('button', { name: t.follow }).click();
  await expect(stats.getByRole('link', { name: new RegExp(t.following) })).toBeVisible();

  // "Above X" with X between the latest price and the one the import will bring.
  const item = porkInShandong(await watchlist(request, token))!;
  expect(item.latest).not.toBeNull();
  const latest = item.latest!;
  const x = Math.round(latest.price + 1);
  const next = x + 1.5;
  const day = addDay(latest.date, 1);
  await page.goto('/equitiesCentre/watchlist');
  const row = page.getByTestId('watch-row').filter({ hasText: 'Pork' }).filter({ hasText: 'Shandong' });
  await row.getByRole('button', { name: t.addAlert }).click();
  const dialog = page.getByRole('dialog', { name: t.dialog });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('rule-kind').selectOption({ label: t.kind });
  await dialog.getByTestId('rule-value').fill(String(x));
  await dialog.getByLabel(t.emailChannel).check();
  await dialog.getByRole('button', { name: t.save }).click();
  const xText = x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(dialog.getByTestId('rules')).toContainText(t.ruleListed(xText));
  await dialog.getByRole('button', { name: t.close }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('button', { name: new RegExp(t.oneAlert) })).toBeVisible();

  // The import brings the next price.
  expect(await importPrice(request, staff, day, next)).toMatchObject({ inserted: 1 });

  // The bell: one unread, naming the series and the price.
  await page.reload();
  const bell = page.getByTestId('bell');
  await expect(bell).toHaveAccessibleName(t.bell);
  await expect(bell.getByTestId('bell-count')).toHaveText('1');
  await bell.click();
  await expect(page).toHaveURL(/\/equitiesCentre\/notifications$/);
  const unread = page.getByTestId('notification').and(page.locator('[data-read="false"]'));
  await expect(unread).toHaveCount(1);
  const nextText = next.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(unread).toContainText(t.said(nextText, day, xText));

  // The e-mail, sent by the delivery worker (every 5 s), with a working unsubscribe link.
  let alertMail: Mail | undefined;
  await expect
    .poll(
      async () => {
        alertMail = (await mails(request, email)).find((m) => m.text.includes(day));
        return alertMail?.subject ?? '';
      },
      { message: `the alert e-mail to ${email}`, timeout: 30_000 },
    )
    .toContain(`Pork, Shandong (wholesale): ${nextText} CNY/kg on ${day}`);
  const stop = /https?:\/\/[^/\s]+(\/equitiesCentre\/unsubscribe\?t=\S+)/.exec(alertMail!.text)!;
  await page.goto(stop[1]!);
  await page.getByRole('button', { name: t.unsubscribeRule }).click();
  await expect(page.getByTestId('unsubscribed')).toHaveText(t.unsubscribed);

  // The same file again: nothing more, in the portal or by e-mail (the worker has had its turn).
  const sent = (await mails(request, email)).length;
  expect(await importPrice(request, staff, day, next)).toMatchObject({ inserted: 0, unchanged: 1 });
  await page.waitForTimeout(7_000);
  expect((await mails(request, email)).length).toBe(sent);
  expect(await call<{ unread: number }>(request, 'QueryUnreadNotifications', token)).toEqual({ unread: 1 });
}

async function phonePage(browser: Browser, baseURL: string) {
  const ctx = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    userAgent: PHONE_UA,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    timezoneId: 'Asia/Shanghai',
  });
  return { page: await ctx.newPage(), close: () => ctx.close() };
}

test('the Gold member is told by the bell and by e-mail when pork in Shandong rises above an alert, on a desktop and on a phone', {
  tag: '@desktop',
}, async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  // Price imports are the `data` role's, with a console login (the demo staff holds every role).
  const staff = await loginViaApi(page.request, STAFF.phone, STAFF.password, 'ConsoleLogin');
  await journey(page, staff, false);
  const phone = await phonePage(browser, baseURL!);
  try {
    await journey(phone.page, staff, true);
  } finally {
    await phone.close();
  }
});
