// A refund from the console (docs/console.md "Orders and refunds"), desktop, in both languages: a
// customer pays for a month of Silver on the sandbox gateway; Demo Support finds the order by the
// customer's phone in /console/commerce/orders and refunds it with a reason; the customer's member
// centre then shows no membership and their records show the order refunded; an administrator
// finds the refund in the audit log with the record before and after.
import { expect, test, type Page } from '@playwright/test';
import { callUrl, newCustomer } from './support/api';
import { STAFF } from './support/accounts';

const SUPPORT = { phone: '13800000013', password: 'Staff12345' } as const;

const EN = {
  phone: 'Phone number',
  password: 'Password',
  submit: 'Sign in',
  title: 'Orders',
  buyer: 'Buyer’s phone or its last digits',
  search: 'Search',
  refund: 'Refund',
  reason: 'Reason (kept in the audit log)',
  refunded: /^Refunded: CN¥39\.00 goes back to the customer\.$/,
  status: 'Refunded',
  noMembership: 'You have no active membership.',
  auditTitle: 'Audit log',
  auditSearch: 'Search changes, ids, reasons',
};
const ZH = {
  phone: '手机号',
  password: '密码',
  submit: '登录',
  title: '订单',
  buyer: '买家手机号或其后几位',
  search: '搜索',
  refund: '退款',
  reason: '原因（记入审计日志）',
  refunded: /^已退款：¥39\.00 将退回给用户。$/,
  status: '已退款',
  noMembership: '您目前没有有效会员',
  auditTitle: '审计日志',
  auditSearch: '搜索变更内容、编号、原因',
};

async function signIn(page: Page, who: { phone: string; password: string }, t: typeof EN) {
  await page.getByLabel(t.phone).fill(who.phone);
  await page.getByLabel(t.password).fill(who.password);
  await page.getByRole('button', { name: t.submit }).click();
}

/** A month of Silver bought and paid on the sandbox gateway (its Pay form posts this, with the page's key). */
async function paidSilver(page: Page, token: string) {
  const headers = { authorization: token };
  const levels = (await (await page.request.post(callUrl('QueryMemberList'))).json()) as {
    data: { id: string; code: string }[];
  };
  const silver = levels.data.find((l) => l.code === 'silver')!;
  const order = (
    (await (
      await page.request.post(callUrl('UserBuyMemberLevel'), { headers, data: { memberId: silver.id, months: 1 } })
    ).json()) as { data: { tradeCode: string; orderNo: string } }
  ).data;
  const pay = (
    (await (
      await page.request.post(`${callUrl('PayMemberOrderPC')}?trandeCode=${order.tradeCode}`, { headers })
    ).json()) as { data: { payUrl: string } }
  ).data;
  const key = new URL(pay.payUrl, 'http://x').searchParams.get('t')!;
  const paid = await page.request.post(`/pay/sandbox/${order.tradeCode}/confirm`, {
    form: { action: 'pay', t: key },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  return order.orderNo;
}

for (const [lang, t] of [
  ['en', EN],
  ['zh-CN', ZH],
] as const) {
  test(`support refund a customer's Silver order and the member centre shows no membership (${lang})`, {
    tag: '@desktop',
  }, async ({ page, context, browser }) => {
    test.slow();
    const baseURL = test.info().project.use.baseURL!;
    await context.addCookies([{ name: 'locale', value: lang, url: baseURL }]);
    const token = await newCustomer(page);
    const me = (await (
      await page.request.post(callUrl('GetCurrentUser'), { headers: { authorization: token } })
    ).json()) as {
      data: { phone: string };
    };
    const orderNo = await paidSilver(page, token);
    await page.goto('/equitiesCentre/memberCentre');
    await expect(page.getByTestId('current-level')).toBeVisible();

    await page.goto('/console/commerce/orders');
    await signIn(page, SUPPORT, t);
    await expect(page.getByRole('heading', { name: t.title, level: 2 })).toBeVisible();
    await page.getByRole('textbox', { name: t.buyer }).fill(me.data.phone);
    await page.getByRole('button', { name: t.search, exact: true }).click();
    await expect(page.getByTestId('order-no')).toHaveText([orderNo]);
    await page.getByTestId('order-no').click();
    const drawer = page.getByRole('dialog').filter({ has: page.getByTestId('order-title') });
    await expect(drawer.getByTestId('order-title')).toContainText(orderNo);
    await drawer.getByRole('button', { name: t.refund }).click();
    const modal = page.getByRole('dialog').filter({ has: page.getByRole('textbox', { name: t.reason }) });
    await modal.getByRole('textbox', { name: t.reason }).fill('Bought by mistake, asked on the phone');
    await modal.getByRole('button', { name: t.refund }).click();
    await expect(page.getByText(t.refunded)).toBeVisible();
    await expect(drawer.getByTestId('order-drawer-status')).toHaveText(t.status);
    await expect(drawer.getByTestId('order-refund')).toContainText('Bought by mistake, asked on the phone');
    await expect(page.getByRole('row').filter({ hasText: orderNo }).getByTestId('order-status')).toHaveText(t.status);

    // The customer: no membership; their records show the order refunded.
    await page.goto('/equitiesCentre/memberCentre');
    await expect(page.getByTestId('current-membership')).toContainText(t.noMembership);
    await page.goto('/equitiesCentre/purchaseRecord');
    await expect(page.getByRole('row').filter({ hasText: orderNo })).toContainText(t.status);

    // An administrator finds it in the audit log, with the order before and after.
    const admin = await browser.newContext({ baseURL });
    await admin.addCookies([{ name: 'locale', value: lang, url: baseURL }]);
    const a = await admin.newPage();
    await a.goto('/console/audit');
    await signIn(a, STAFF, t);
    await expect(a.getByRole('heading', { name: t.auditTitle, level: 2 })).toBeVisible();
    await a.getByPlaceholder(t.auditSearch).fill(orderNo);
    await a.getByRole('button', { name: t.search, exact: true }).click();
    const row = a.getByRole('row').filter({ hasText: 'ConsoleRefundOrder' });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /expand|展开/i }).click();
    const status = a.getByRole('row').filter({ hasText: /^status/ });
    await expect(status).toContainText('paid');
    await expect(status).toContainText('refunded');
    await admin.close();
  });
}
