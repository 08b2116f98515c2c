import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { callUrl, newCustomer } from './support/api';
import { uniquePhone } from './support/phones';
import { E2E_PLATFORM_SECRETS } from './support/platforms';

const run = promisify(execFile);

/** `npm run platform:token -- <platformKey> <phone> …` as an operator runs it; answers the printed link. */
async function platformToken(baseURL: string, args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'platform:token', '--', ...args], {
    env: { ...process.env, ...E2E_PLATFORM_SECRETS, SITE_URL: baseURL, NODE_ENV: 'development' },
  });
  const link = stdout.trim().split('\n').pop() ?? '';
  expect(link).toMatch(/\/correspondence\/v1~[\w-]+~[\w-]+$/);
  return link;
}

test('a hand-off link from platform:token logs a new user in and lands on the return path; used twice, it is refused', async ({
  page,
  baseURL,
}) => {
  const phone = uniquePhone();
  const name = `Ledger user ${phone.slice(-4)}`;
  const link = await platformToken(baseURL!, ['electronicLedger', phone, '--name', name, '--return', '/feedback']);

  await page.goto(link);
  await expect(page).toHaveURL((u) => u.pathname === '/feedback');
  await expect(page.getByRole('heading', { name: 'My feedback' })).toBeVisible();
  await expect(page.getByText('You have not sent any feedback yet.')).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const me = await page.request.post(callUrl('GetCurrentUser'), { headers: { Authorization: token! } });
  expect(await me.json()).toMatchObject({
    code: 1,
    data: { phone, nickname: name, sourcePlaformCode: 'electronicLedger' },
  });

  // The same link again: refused, with what to do.
  await page.goto(link);
  const refusal = page.getByRole('alert').filter({ hasText: 'This sign-in link cannot be used' });
  await expect(refusal).toContainText('This link has already been used. Go back to the platform and open it again.');
  await expect(page).toHaveURL(/\/correspondence\//);
});

test('a link for another account asks before it replaces the one logged in; "stay" keeps it, "continue" switches', async ({
  page,
  baseURL,
}) => {
  const mine = await newCustomer(page);
  const me = await page.request.post(callUrl('GetCurrentUser'), { headers: { Authorization: mine } });
  const myPhone = ((await me.json()) as { data: { phone: string } }).data.phone;
  const theirs = uniquePhone();
  const mask = (p: string) => `${p.slice(0, 3)}****${p.slice(-4)}`;

  // Someone forwards a hand-off link of theirs; opening it must not silently swap accounts.
  const link = await platformToken(baseURL!, ['farming', theirs, '--return', '/feedback']);
  await page.goto(link);
  const question = page.getByRole('alertdialog', { name: 'Switch account?' });
  await expect(question).toContainText(`This browser is logged in as ${mask(myPhone)}.`);
  await expect(question).toContainText(`signs in ${mask(theirs)} instead`);
  await expect(page).toHaveTitle(/Switch account\?/);
  await question.getByRole('link', { name: `Stay logged in as ${mask(myPhone)}` }).click();
  await expect(page).toHaveURL((u) => u.pathname === '/');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(mine);

  // The same link again (it was not spent), and this time the person agrees.
  await page.goto(link);
  await page.getByRole('button', { name: `Continue as ${mask(theirs)}` }).click();
  await expect(page).toHaveURL((u) => u.pathname === '/feedback');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).not.toBe(mine);
  const now = await page.request.post(callUrl('GetCurrentUser'), { headers: { Authorization: token! } });
  expect(await now.json()).toMatchObject({ code: 1, data: { phone: theirs } });
});
