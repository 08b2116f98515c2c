import { expect, test, type Page } from '@playwright/test';
import { callUrl, readSmsCode } from './support/api';
import { uniquePhone } from './support/phones';

const PASSWORD = 'Harvest2026';
const EXPIRED = 'login status has expired, please log in again';

/**
 * The account block names the logged-in user: the desktop header's menu, or
 * the mobile drawer (phones get the desktop chrome on pages without a mobile
 * counterpart, such as home, where the header folds behind its menu button).
 */
async function expectLoggedInAs(page: Page, name: string) {
  await expect(page.getByText(name, { exact: true }).first()).toBeAttached();
  await expect(page.getByRole('link', { name: 'Log in', exact: true, includeHidden: true })).toHaveCount(0);
}

async function expectLoggedOut(page: Page, name: string) {
  await expect(page.getByRole('link', { name: 'Log in', exact: true, includeHidden: true }).first()).toBeAttached();
  await expect(page.getByText(name, { exact: true })).toHaveCount(0);
}

test('register with the SMS code, stay logged in, get exactly one re-login prompt after revocation, and come back', async ({
  page,
  isMobile,
}) => {
  // Three scrypt hashes and five page loads: slow on a shared 2-core CI machine.
  test.slow();
  const phone = uniquePhone();
  const nickname = `Grower ${phone.slice(-4)}`;
  // A page with a mobile counterpart for phones, a desktop-only one otherwise.
  const startPath = isMobile ? '/documents' : '/equitiesCentre/member';

  // Register: the device's login screen, the code from the outbox.
  await page.goto('/login');
  await expect(page.locator('#registerId')).toBeAttached();
  if (isMobile) await page.getByRole('tab', { name: 'Register' }).click();
  else await page.getByRole('radiogroup', { name: 'Account' }).getByText('Register', { exact: true }).click();
  const register = page.locator('#registerId');
  await register.getByLabel('Mobile number').fill(phone);
  await register.getByRole('button', { name: 'Send code' }).click();
  await expect(register.getByRole('button', { name: /Resend in \d+s/ })).toBeDisabled();
  const code = await readSmsCode(page.request, phone, 'register');
  await register.getByLabel('SMS code').fill(code);
  await register.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await register.getByLabel(/Nickname/).fill(nickname);
  await register.getByText('I have read and agree to the').click();
  await register.getByRole('button', { name: 'Create account' }).click();

  // Logged in, and a reload keeps the user.
  await expect(page).toHaveURL((u) => u.pathname === '/');
  await expectLoggedInAs(page, nickname);
  await page.reload();
  await expectLoggedInAs(page, nickname);

  // The session is revoked on the server while the browser still holds its token.
  await page.goto(startPath);
  await expectLoggedInAs(page, nickname);
  // The page's own calls must be done first: one still in flight would meet the revoked
  // session before the reload below and show its prompt on the page being left.
  await page.waitForLoadState('networkidle');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const revoked = await page.request.post(callUrl('Logout'), { headers: { Authorization: token! } });
  expect(await revoked.json()).toEqual({ code: 1 });

  // The next call answers 401: exactly one prompt, titled with the server's message.
  await page.reload();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveCount(1);
  await expect(dialog).toContainText(EXPIRED);
  await expect(dialog.getByRole('button', { name: 'cancel', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expectLoggedOut(page, nickname);

  // 'login' goes to the device's login screen with the return location kept.
  await dialog.getByRole('button', { name: 'login', exact: true }).click();
  await expect(page).toHaveURL((u) => u.pathname === (isMobile ? '/mobileLogin' : '/login'));
  expect(await page.evaluate(() => sessionStorage.getItem('loginUrl'))).toBe(startPath);
  const login = page.locator('#loginId');
  await login.getByLabel('Mobile number').fill(phone);
  await login.getByLabel('Password').fill(PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();

  // Back on the page it started from, logged in.
  await expect(page).toHaveURL((u) => u.pathname === startPath);
  await expectLoggedInAs(page, nickname);
  expect(await page.evaluate(() => sessionStorage.getItem('loginUrl'))).toBeNull();
});

test('a phone asking for /login gets the mobile login screen, and the answer varies by user agent', async ({
  page,
  isMobile,
}) => {
  const res = await page.request.get('/login');
  expect(res.status()).toBe(200);
  const vary = (res.headers()['vary'] ?? '').split(/,\s*/).map((v) => v.toLowerCase());
  expect(vary).toContain('user-agent');
  const html = await res.text();
  // antd-mobile renders adm-* classes; the desktop screen renders antd's ant-*.
  if (isMobile) {
    expect(html).toContain('adm-form');
    expect(html).not.toContain('ant-form');
  } else {
    expect(html).toContain('ant-form');
    expect(html).not.toContain('adm-form');
  }
  await page.goto('/login');
  await expect(page.locator('#loginId')).toBeAttached();
  await expect(page).toHaveURL((u) => u.pathname === '/login');
});
