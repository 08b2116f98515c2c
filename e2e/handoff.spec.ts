import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { callUrl } from './support/api';
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
