import { expect, test, type Page } from '@playwright/test';
import { callUrl, newCustomer } from './support/api';

const DAY = 86_400_000;
const ymd = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));

async function membership(page: Page, token: string) {
  const res = await page.request.post(callUrl('QueryUserMemberByUserId'), { headers: { Authorization: token } });
  return ((await res.json()) as { data: { levelCode: string; endsAt: string } | null }).data;
}

const ORDER_NO = /^YN-\d{8}-\d{4}$/;

/**
 * On the sandbox gateway: see the order's number and amount, press Pay. The gateway then sends the
 * payer back to the order's result in the portal (as a real provider's return URL), which says it
 * is paid once confirmed. Returns the order number the gateway showed.
 */
async function payOnGateway(gateway: Page, amount: string) {
  await expect(gateway.getByRole('heading', { name: 'Sandbox payment gateway' })).toBeVisible();
  await expect(gateway.getByTestId('gateway-amount')).toHaveText(amount);
  const orderNo = (await gateway.getByTestId('gateway-order-no').innerText()).trim();
  expect(orderNo).toMatch(ORDER_NO);
  // The deadline names its clock: orders expire by Beijing time, whatever the payer's.
  await expect(gateway.getByText(/^\d{4}-\d\d-\d\d \d\d:\d\d \(Beijing time\)$/)).toBeVisible();
  await gateway.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(gateway).toHaveURL((u) => u.pathname === '/equitiesCentre/orderResult');
  const result = gateway.getByTestId('order-result');
  await expect(result).toHaveAttribute('data-status', 'paid');
  await expect(result.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await expect(result.getByTestId('result-order-no')).toHaveText(orderNo);
  await expect(result).toContainText(amount.replace(/^¥(\d+)(\d{3})\./, '¥$1,$2.'));
  return orderNo;
}

test('equities centre asks anonymous visitors to log in and brings them back', async ({ page }) => {
  await page.goto('/equitiesCentre/purchaseRecord');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL((u) => u.pathname === '/login' || u.pathname === '/mobileLogin');
  expect(await page.evaluate(() => sessionStorage.getItem('loginUrl'))).toBe('/equitiesCentre/purchaseRecord');
});

test('the membership levels come as server markup, and the account pages ship no antd', async ({ page }) => {
  // Before any script runs, the catalogue is on the page: names, prices and what each level gives.
  const html = await (await page.request.get('/equitiesCentre/member')).text();
  expect(html).toContain('data-testid="level-gold"');
  expect(html).toContain('¥79.00 / 1 month');
  expect(html).toContain('60 months of price history');
  // Plain markup on every device: no antd component or style registry in what the server sends.
  for (const path of ['/equitiesCentre/member', '/equitiesCentre/memberCentre', '/equitiesCentre/purchaseRecord']) {
    const body = await (await page.request.get(path)).text();
    expect(body, path).not.toMatch(/(?<![\w-])ant-[a-z]/);
  }
});

test('the membership page compares Visitor, Free and each level, marks the recommended one and shows the savings', async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto('/equitiesCentre/member');
  const table = page.getByTestId('plan-comparison');
  await expect(table.getByRole('columnheader')).toHaveText([
    'What you get',
    'Visitor',
    'Free',
    'Silver',
    /^Gold\s*Recommended$/,
    'Platinum',
  ]);
  await expect(table.getByTestId('plan-row-history')).toHaveText(
    /last 90 days\s*1 year\s*2 years\s*5 years\s*10 years/,
  );
  await expect(table.getByTestId('plan-row-price')).toContainText('¥299.00 / 1 year (save 36%)');
  await expect(table.getByTestId('plan-row-api')).toContainText('1,000 calls a day');
  await expect(table.getByTestId('plan-row-countries')).toContainText(/all \d+: China, Bangladesh/);
  // The cards say it too: the recommended level, and each longer range's saving.
  await expect(page.getByTestId('level-gold')).toContainText('Recommended');
  await expect(page.getByTestId('level-silver')).toContainText('¥299.00 / 12 monthssave 36%');

  await context.addCookies([{ name: 'locale', value: 'zh-CN', url: baseURL! }]);
  await page.goto('/equitiesCentre/member');
  const zh = page.getByTestId('plan-comparison');
  await expect(zh.getByRole('columnheader').nth(4)).toHaveText(/黄金会员\s*推荐/);
  await expect(zh.getByTestId('plan-row-history')).toContainText('最近 90 天');
  await expect(zh.getByTestId('plan-row-price')).toContainText('¥299.00/1 年（省 36%）');
});

test('a phone gets My data, the data-product catalogue and the purchase records in plain markup', {
  tag: '@phone',
}, async ({ page }) => {
  // The desktop pages render antd (cards, checkboxes) in what the server sends; the phone's do not.
  for (const path of [
    '/equitiesCentre/myData',
    '/equitiesCentre/purchaseDataContent',
    '/equitiesCentre/purchaseRecord',
  ]) {
    const body = await (await page.request.get(path)).text();
    expect(body, path).toContain('data-chrome="mobile"');
    expect(body, path).not.toMatch(/(?<![\w-])ant-[a-z]/);
  }
});

test('a new customer buys Silver for a month, upgrades to Gold at the prorated price, buys grain data for two provinces, and gets three receipts', async ({
  page,
  context,
  isMobile,
}) => {
  test.setTimeout(180_000);
  const token = await newCustomer(page);
  const orderNos: string[] = [];
  await page.goto('/equitiesCentre/memberCentre');
  await expect(page.getByTestId('current-membership')).toContainText('You have no active membership.');

  // Buy Silver for 1 month: the dialog shows the price and dates before anything is ordered.
  await page.getByTestId('level-silver').getByRole('button', { name: 'Buy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy Silver' });
  await expect(dialog.getByRole('radio', { name: /1 month · ¥39\.00/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Confirm and pay ¥39.00' }).click();

  if (isMobile) {
    // A phone goes straight to the gateway, and comes back to the order's result in the portal.
    await expect(page).toHaveURL(/\/pay\/sandbox\/YN\d{8}[0-9a-f]{32}\?t=\d+\.[\w-]{43}&r=1$/);
    orderNos.push(await payOnGateway(page, '¥39.00'));
    await expect(page.getByTestId('order-result')).toContainText('Thank you. Your Silver membership is active until');
    await page.goto('/equitiesCentre/memberCentre');
  } else {
    // The PC modal shows the QR and waits; the payer pays in another tab; the modal turns paid by itself.
    const modal = page.getByTestId('pay-modal');
    await expect(modal).toHaveAttribute('data-status', 'pending');
    await expect(modal.getByTestId('pay-amount')).toHaveText('¥39.00');
    await expect(modal.getByTestId('pay-order-no')).toHaveText(ORDER_NO);
    const shown = (await modal.getByTestId('pay-order-no').innerText()).trim();
    await expect(modal.getByRole('timer')).toHaveText(/Expires in (29|30):\d\d/);
    await expect(modal.locator('canvas, svg').first()).toBeVisible();
    const [gateway] = await Promise.all([
      context.waitForEvent('page'),
      modal.getByRole('link', { name: 'Open the payment page' }).click(),
    ]);
    // The gateway names the order by the number the dialog showed.
    expect(await payOnGateway(gateway, '¥39.00')).toBe(shown);
    orderNos.push(shown);
    await expect(modal).toHaveAttribute('data-status', 'paid');
    await expect(modal).toContainText('Payment received');
    await gateway.close();
    await modal.getByRole('button', { name: 'Done' }).click();
  }

  const silver = await membership(page, token);
  expect(silver?.levelCode).toBe('silver');
  await expect(page.getByTestId('current-level')).toHaveText('Silver');
  await expect(page.getByTestId('current-ends')).toHaveText(ymd(silver!.endsAt));

  // Upgrade to Gold at once: Gold's month (¥79) less the unused month of Silver paid (¥39); end date unchanged.
  const days = Math.ceil((Date.parse(silver!.endsAt) - Date.now()) / DAY);
  const upgrade = '¥40.00';
  const gold = page.getByTestId('level-gold');
  await expect(gold.getByRole('button', { name: `Upgrade for ${upgrade}` })).toBeVisible();
  await gold.getByRole('button', { name: `Upgrade for ${upgrade}` }).click();
  const up = page.getByRole('dialog', { name: 'Upgrade to Gold' });
  await expect(up.getByTestId('upgrade-price')).toHaveText(upgrade);
  await expect(up.getByTestId('upgrade-new-price')).toHaveText('¥79.00');
  await expect(up.getByTestId('upgrade-credit')).toHaveText('− ¥39.00');
  await expect(up.getByTestId('upgrade-formula')).toHaveText('Price = max(0, ¥79.00 − ¥39.00) = ¥40.00');
  await expect(up.getByTestId('upgrade-quote')).toContainText(ymd(silver!.endsAt));
  await expect(up.getByTestId('upgrade-quote')).toContainText(String(days));
  await up.getByRole('button', { name: `Confirm and pay ${upgrade}` }).click();
  if (isMobile) {
    orderNos.push(await payOnGateway(page, upgrade));
    await page.goto('/equitiesCentre/memberCentre');
  } else {
    const modal = page.getByTestId('pay-modal');
    const [gateway] = await Promise.all([
      context.waitForEvent('page'),
      modal.getByRole('link', { name: 'Open the payment page' }).click(),
    ]);
    orderNos.push(await payOnGateway(gateway, upgrade));
    await expect(modal).toHaveAttribute('data-status', 'paid');
    await gateway.close();
    await modal.getByRole('button', { name: 'Done' }).click();
  }
  await expect(page.getByTestId('current-level')).toHaveText('Gold');
  await expect(page.getByTestId('current-ends')).toHaveText(ymd(silver!.endsAt));
  expect((await membership(page, token))?.endsAt).toBe(silver!.endsAt);

  // Purchase records: both orders, paid, each with a receipt.
  await page.goto('/equitiesCentre/purchaseRecord');
  const rows = page.getByTestId('order-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(/Upgrade Silver → Gold/);
  await expect(rows.nth(1)).toContainText('Silver membership, 1 month');
  // Each row names its order by the number the buyer was shown, newest first.
  expect(orderNos).toHaveLength(2);
  await expect(rows.nth(0)).toContainText(`Order number ${orderNos[1]}`);
  await expect(rows.nth(1)).toContainText(`Order number ${orderNos[0]}`);
  for (const [i, total] of [
    [0, upgrade],
    [1, '¥39.00'],
  ] as const) {
    await expect(rows.nth(i)).toContainText('Paid');
    await rows.nth(i).getByRole('button', { name: 'Receipt' }).click();
    const receipt = page.getByTestId('receipt');
    await expect(receipt.getByTestId('receipt-total')).toHaveText(total);
    await expect(receipt.getByTestId('receipt-order-no')).toHaveText(orderNos[1 - i]!);
    await expect(receipt).toContainText('Sandbox gateway');
    await page.getByRole('dialog', { name: 'Receipt' }).getByRole('button', { name: 'Done' }).click();
    await expect(receipt).toHaveCount(0);
  }
  // The status filter narrows the list.
  await page.getByLabel('Status').selectOption({ label: 'Awaiting payment' });
  await expect(page.getByText('No orders yet.')).toBeVisible();

  // Gold shows five years; older wheat prices of Shandong are locked, with the grain data product as the way in.
  const history =
    '/functionality?product=wheat&region=shandong&range=custom&from=2014-01-01&to=2020-12-31&granularity=month';
  await page.goto(history);
  const trend = page.locator('section#priceTrend');
  const lock = trend.getByTestId('lock');
  // The market page computes on first use; give it the time the market spec gives it.
  await expect(lock).toHaveAttribute('data-reason', 'history', { timeout: 45_000 });
  await expect(lock.getByTestId('buy-link')).toHaveAttribute(
    'href',
    '/equitiesCentre/purchaseDataContent?product=DP-GRAINS',
  );
  await lock.getByTestId('buy-link').click();
  await expect(page).toHaveURL(
    (u) => u.pathname === '/equitiesCentre/purchaseDataContent' && u.searchParams.get('product') === 'DP-GRAINS',
  );
  await expect(page.getByTestId('dp-DP-GRAINS')).toContainText('Selected');

  // Two provinces at the Gold price (10 % off ¥1,980.00 each), priced by the server.
  const regions = page.getByTestId('dp-regions');
  await expect(regions.getByTestId('dp-discount')).toHaveText('Your Gold discount: 10%');
  await regions.getByRole('checkbox', { name: 'Shandong' }).check();
  await regions.getByRole('checkbox', { name: 'Henan' }).check();
  await expect(regions.getByTestId('dp-total')).toHaveText('¥3,564.00');
  await regions.getByRole('button', { name: 'Buy 2 regions for ¥3,564.00' }).click();
  if (isMobile) {
    await payOnGateway(page, '¥3564.00');
    await expect(page.getByTestId('order-result')).toContainText(
      'Grain regional data is now active in Henan, Shandong',
    );
    await page.getByRole('link', { name: 'View purchase records' }).click();
    await expect(page).toHaveURL((u) => u.pathname === '/equitiesCentre/purchaseRecord');
    await page.goto('/equitiesCentre/myData');
  } else {
    const modal = page.getByTestId('pay-modal');
    await expect(modal.getByTestId('pay-amount')).toHaveText('¥3,564.00');
    const [gateway] = await Promise.all([
      context.waitForEvent('page'),
      modal.getByRole('link', { name: 'Open the payment page' }).click(),
    ]);
    await payOnGateway(gateway, '¥3564.00');
    await expect(modal).toHaveAttribute('data-status', 'paid');
    await expect(modal).toContainText('Grain regional data is now active in Henan, Shandong');
    await gateway.close();
    await modal.getByRole('button', { name: 'Done' }).click();
    await page.goto('/equitiesCentre/myData');
  }

  // Both provinces appear in My data for 12 months.
  const inAYear = ymd(new Date(Date.now() + 365 * DAY).toISOString());
  for (const region of ['shandong', 'henan']) {
    const row = page.getByTestId(`holding-DP-GRAINS-${region}`);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('holding-ends')).toHaveText(
      new RegExp(`${inAYear}|${ymd(new Date(Date.now() + 366 * DAY).toISOString())}`),
    );
  }
  await expect(page.getByTestId('holding-DP-GRAINS-shandong').getByRole('link', { name: /Wheat$/ })).toBeVisible();

  // The same history is now open, in both provinces.
  for (const region of ['shandong', 'henan']) {
    await page.goto(history.replace('region=shandong', `region=${region}`));
    await expect(trend.getByTestId('trend-stats')).toContainText(region === 'shandong' ? 'Shandong' : 'Henan', {
      timeout: 45_000,
    });
    await expect(trend.getByTestId('lock')).toHaveCount(0);
    await expect(trend.locator('.recharts-line-curve').first()).toBeVisible();
  }

  // Purchase records: the two membership orders and the data-product order, each with a receipt.
  await page.goto('/equitiesCentre/purchaseRecord');
  await expect(page.getByRole('tabpanel', { name: 'Membership orders' }).getByTestId('order-row')).toHaveCount(2);
  await page.getByRole('tab', { name: 'Data-product orders' }).click();
  const dpRows = page.getByRole('tabpanel', { name: 'Data-product orders' }).getByTestId('order-row');
  await expect(dpRows).toHaveCount(1);
  await expect(dpRows.first()).toContainText('Grain regional data (Henan, Shandong; 12 months)');
  await expect(dpRows.first()).toContainText('Paid');
  await dpRows.first().getByRole('button', { name: 'Receipt' }).click();
  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByTestId('receipt-total')).toHaveText('¥3,564.00');
  await expect(receipt.getByTestId('receipt-regions')).toContainText('Henan, Shandong');
  await expect(receipt.locator('tbody tr')).toHaveCount(2);
});

test("a data product above the user's level opens the memberModal, which leads to the membership levels", async ({
  page,
}) => {
  await newCustomer(page);
  await page.goto('/equitiesCentre/purchaseDataContent?product=DP-MEAT-POULTRY');
  const modal = page.getByTestId('member-modal');
  await expect(modal).toContainText('Meat & poultry regional data is sold to Silver members and above.');
  await page.getByRole('link', { name: 'See membership levels' }).click();
  await expect(page).toHaveURL((u) => u.pathname === '/equitiesCentre/member');
});

test("a lock's buy link preselects the product, and the back link returns to the same market view", async ({
  page,
}) => {
  const view = '/functionality?product=tomato&region=shandong';
  await page.goto(view);
  const lock = page.locator('section#priceTrend').getByTestId('lock');
  await expect(lock.getByTestId('buy-link')).toBeVisible({ timeout: 45_000 });
  await lock.getByTestId('buy-link').click();
  await expect(page.getByTestId('dp-DP-VEGETABLES')).toContainText('Selected');
  // Choosing regions needs a login; the catalogue does not.
  await expect(page.getByTestId('dp-regions').getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.getByTestId('dp-back').click();
  await expect(page).toHaveURL(
    (u) => u.pathname === '/functionality' && u.search === '?product=tomato&region=shandong',
  );
});
