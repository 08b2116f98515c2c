// The operator console (docs/console.md), desktop only, in both languages: staff sign in, the
// menu follows their roles, the dashboard shows, the audit log lists a change with before/after.
import { expect, test, type Page } from '@playwright/test';
import { callUrl, loginViaApi } from './support/api';
import { CUSTOMER, STAFF } from './support/accounts';

const EDITOR = { phone: '13800000010', password: 'Staff12345' } as const;

async function signIn(
  page: Page,
  who: { phone: string; password: string },
  labels: { phone: string; password: string; submit: string },
) {
  await page.getByLabel(labels.phone).fill(who.phone);
  await page.getByLabel(labels.password).fill(who.password);
  await page.getByRole('button', { name: labels.submit }).click();
}

test.describe('the console', { tag: '@desktop' }, () => {
  test('staff sign in, see the dashboard and find an article change in the audit log (English)', async ({
    page,
    request,
  }) => {
    await page.goto('/console/audit');
    await expect(page).toHaveURL(/\/console\/login\?next=%2Fconsole%2Faudit/);
    await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
    await signIn(page, STAFF, { phone: 'Phone number', password: 'Password', submit: 'Sign in' });
    await expect(page).toHaveURL(/\/console\/audit$/);
    await expect(page.getByRole('heading', { name: 'Audit log', level: 2 })).toBeVisible();

    // A change made with a console login shows, with what it changed.
    const token = await loginViaApi(request, STAFF.phone, STAFF.password, 'ConsoleLogin');
    const title = `Audited in the e2e run ${Date.now()}`;
    const saved = await request.post(callUrl('SaveNews'), {
      headers: { authorization: token },
      data: {
        categoryId: 'company',
        texts: {
          en: { title, body: '<p>x</p>' },
          'zh-CN': { title: `审计测试文章 ${title.replace(/\D/g, '')}`, body: '<p>x</p>' },
        },
      },
    });
    expect((await saved.json()).code).toBe(1);
    await page.getByPlaceholder('Search changes, ids, reasons').fill(title);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: 'SaveNews' });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /expand/i }).click();
    await expect(page.getByText('texts.en.title')).toBeVisible();
    await expect(page.getByText(title, { exact: true })).toBeVisible();

    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
    await expect(page.getByText('Revenue today')).toBeVisible();
    await expect(page.getByText('Data freshness')).toBeVisible();

    // The demo banner is in the console's font, not the browser's serif default.
    const font = (sel: string) =>
      page
        .locator(sel)
        .first()
        .evaluate((e) => getComputedStyle(e).fontFamily);
    expect(await font('[data-testid="demo-banner"]')).toBe(await font('#console-main'));
    expect(await font('[data-testid="demo-banner"]')).toMatch(/^system-ui/);
    // The header is the console's white bar (antd's dark default made its language switch unreadable).
    const header = page.locator('.ant-layout-header');
    expect(await header.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(255, 255, 255)');
    // Every section's name shows whole in the sider at 1440 px, all groups open (English is the
    // longer: "Unmapped commodities" was cut to "Unmapped commodit…").
    await page.setViewportSize({ width: 1440, height: 900 });
    const cut = await page
      .locator('.ant-layout-sider .ant-menu-title-content')
      .evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
    expect(cut).toEqual([]);
    // On a page longer than the window, the dark sider runs to the bottom and its menu stays in view.
    await page.setViewportSize({ width: 1280, height: 480 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    const sider = await page.locator('.ant-layout-sider').evaluate((e) => {
      const menu = e.querySelector('.ant-layout-sider-children')!.getBoundingClientRect();
      return {
        reachesBottom: e.getBoundingClientRect().bottom >= window.innerHeight - 1,
        // `|| 0`: antd nudges the menu by -0.1 px, which rounds to -0.
        menu: [Math.round(menu.top) || 0, Math.round(menu.bottom)],
      };
    });
    expect(sider).toEqual({ reachesBottom: true, menu: [0, 480] });
  });

  test('an editor sees only their sections, in Chinese, and a customer cannot sign in', async ({ page, context }) => {
    await context.addCookies([{ name: 'locale', value: 'zh-CN', url: test.info().project.use.baseURL! }]);
    await page.goto('/console/login');
    await expect(page.getByRole('heading', { name: '员工登录' })).toBeVisible();
    await signIn(page, CUSTOMER, { phone: '手机号', password: '密码', submit: '登录' });
    await expect(page.getByRole('alert').filter({ hasText: '此账号没有后台角色' })).toBeVisible();

    await signIn(page, EDITOR, { phone: '手机号', password: '密码', submit: '登录' });
    await expect(page.getByRole('heading', { name: '概览', level: 2 })).toBeVisible();
    // Chinese labels take the full-width colon.
    await expect(page.getByText(/^今日已付订单：\d+$/)).toBeVisible();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('link', { name: '新闻' })).toBeVisible();
    await expect(menu.getByRole('link', { name: '文档' })).toBeVisible();
    await expect(menu.getByText('审计日志')).toHaveCount(0);
    await page.goto('/console/audit');
    await expect(page.getByText('不在您的角色范围内')).toBeVisible();
    await expect(page.getByText(/管理员/)).toBeVisible();
  });
});
