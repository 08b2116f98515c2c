import { expect, test } from '@playwright/test';
import { callUrl, newCustomer } from './support/api';

type Envelope<T> = { code: number; data: T };

test('a Platinum member makes an API key, fetches a CSV series with it, and revokes it', async ({ page, isMobile }) => {
  test.setTimeout(120_000);
  const token = await newCustomer(page);
  // Platinum for a month, paid on the sandbox gateway.
  const levels = (await (await page.request.post(callUrl('QueryMemberList'))).json()) as Envelope<
    { id: string; code: string }[]
  >;
  const platinum = levels.data.find((l) => l.code === 'platinum')!;
  const order = (await (
    await page.request.post(callUrl('UserBuyMemberLevel'), {
      data: { memberId: platinum.id, months: 1 },
      headers: { Authorization: token },
    })
  ).json()) as Envelope<{ tradeCode: string }>;
  const pay = (await (
    await page.request.post(`${callUrl('PayMemberOrderPC')}?trandeCode=${order.data.tradeCode}`, {
      headers: { Authorization: token },
    })
  ).json()) as Envelope<{ payUrl: string }>;
  await page.goto(pay.data.payUrl);
  await page.getByRole('button', { name: /^Pay / }).click();
  // The gateway returns to the order's result screen (issue 31, item 4).
  await expect(page.getByRole('status').filter({ hasText: 'Thank you' })).toContainText(
    'Your Platinum membership is active until',
  );

  await page.goto('/equitiesCentre/dataApi');
  await expect(page.getByRole('heading', { level: 1, name: 'Data API' })).toBeVisible();
  await expect(page.getByText('10,000 calls a day for all your keys, 60 a minute per key.')).toBeVisible();
  await page.getByLabel('Name').fill('analysis notebook');
  await page.getByRole('button', { name: 'Make key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your new key' });
  await expect(dialog).toBeVisible();
  const key = await dialog.getByTestId('new-api-key').inputValue();
  expect(key).toMatch(/^yk_[\w-]{43}$/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // The key works from any program: here, the test's own HTTP client with no cookie or session.
  const res = await page.request.get(
    '/api/v1/series?product=wheat&country=CHN&from=2020-01-01&to=2020-10-31&format=csv',
    {
      headers: { Authorization: `Bearer ${key}` },
    },
  );
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/csv/);
  expect(res.headers()['x-citation']).toMatch(/WFP .*retrieved \d{4}-\d{2}-\d{2}/);
  const lines = (await res.text()).trimEnd().split('\r\n');
  expect(lines[0]).toBe('date,product,region,price_type,currency,unit,price,low,high');
  expect(lines.length).toBeGreaterThan(10);
  expect(lines[1]).toMatch(/^2020-\d\d-\d\d,wheat,cn,wholesale,CNY,kg,\d/);

  // The list shows the call; revoking it stops the key at once.
  await page.reload();
  const row = page.getByRole('row', { name: /analysis notebook/ });
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
  await row.getByRole('button', { name: 'Revoke' }).click();
  await row.getByRole('button', { name: 'Revoke key' }).click();
  await expect(row).toContainText('Revoked');
  const after = await page.request.get('/api/v1/countries', { headers: { Authorization: `Bearer ${key}` } });
  expect(after.status()).toBe(401);
  expect(((await after.json()) as { error: { code: string } }).error.code).toBe('invalid_key');
  if (isMobile) await expect(page.locator('[data-chrome="mobile"]')).toHaveCount(1);
});

test('a member without the data API is told what includes it', async ({ page }) => {
  await newCustomer(page);
  await page.goto('/equitiesCentre/dataApi');
  await expect(page.getByTestId('api-no-access')).toContainText('Gold (1,000 calls a day)');
  await expect(page.getByRole('link', { name: 'See memberships' })).toHaveAttribute('href', '/equitiesCentre/member');
  // The guide is there for everyone, with the examples.
  await expect(page.getByRole('heading', { name: 'How to use the data API' })).toBeVisible();
  await expect(page.getByText('req_auth_bearer_token')).toBeVisible();
});
