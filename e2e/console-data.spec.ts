// The console's data section (docs/console.md "Data"), desktop, in both languages: a data staff
// member uploads a WFP country file (a slice of Bangladesh's, e2e/fixtures/README.md), watches it
// being read and imported, reads the summary, downloads the rejects file, finds the import in the
// history; an administrator finds it in the audit log.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { STAFF } from './support/accounts';

const DATA = { phone: '13800000012', password: 'Staff12345' } as const;
const FILE = path.join(__dirname, 'fixtures', 'wfp_food_prices_bgd.csv');

const EN = {
  phone: 'Phone number',
  password: 'Password',
  submit: 'Sign in',
  title: 'Imports',
  importing: /Importing wfp_food_prices_bgd\.csv…/,
  summary: 'Summary',
  imported: 'Imported',
  download: 'Download the rejects file',
  history: 'Import history',
  who: 'Demo Data',
  search: 'Search changes, ids, reasons',
  searchButton: 'Search',
  audit: 'Audit log',
};
const ZH = {
  phone: '手机号',
  password: '密码',
  submit: '登录',
  title: '导入',
  importing: /正在导入 wfp_food_prices_bgd\.csv…/,
  summary: '导入结果',
  imported: '已导入',
  download: '下载退回文件',
  history: '导入记录',
  who: 'Demo Data',
  search: '搜索变更内容、编号、原因',
  searchButton: '搜索',
  audit: '审计日志',
};

async function signIn(page: Page, who: { phone: string; password: string }, t: typeof EN) {
  await page.getByLabel(t.phone).fill(who.phone);
  await page.getByLabel(t.password).fill(who.password);
  await page.getByRole('button', { name: t.submit }).click();
}

for (const [lang, t] of [
  ['en', EN],
  ['zh-CN', ZH],
] as const) {
  test(`data staff import a WFP file and find it in the history and the audit log (${lang})`, {
    tag: '@desktop',
  }, async ({ page, context }) => {
    await context.addCookies([{ name: 'locale', value: lang, url: test.info().project.use.baseURL! }]);
    await page.goto('/console/data/imports');
    await signIn(page, DATA, t);
    await expect(page.getByRole('heading', { name: t.title, level: 2 })).toBeVisible();
    // The menu links to the imports.
    await expect(page.getByRole('menu').getByRole('link', { name: t.title })).toBeVisible();

    // Held a moment on its way, so the import's progress can be seen whatever the machine's speed.
    await page.route('**/api/Console/ConsoleImportPrices', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.locator('input[type=file]').setInputFiles(FILE);
    await expect(page.getByText(t.importing)).toBeVisible();

    const summary = page.getByRole('region', { name: t.summary });
    await expect(summary).toBeVisible({ timeout: 60_000 });
    await expect(summary.getByText(t.imported, { exact: true }).first()).toBeVisible();
    await expect(summary.getByRole('cell', { name: 'BGD', exact: true })).toBeVisible();
    // 298 rows read; the one dated 1900-08-15 (a placeholder date) is rejected.
    await expect(summary.getByText('298', { exact: true }).first()).toBeVisible();

    const downloading = page.waitForEvent('download');
    await summary.getByRole('button', { name: t.download }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe('wfp_food_prices_bgd.rejects.csv');
    const text = readFileSync(await file.path(), 'utf8').replace(/^\uFEFF/, '');
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('line,reason,record');
    expect(lines.some((l) => l.startsWith('3,') && l.includes('1900-08-15'))).toBe(true);

    const history = page.locator('.ant-card').filter({ hasText: t.history });
    const row = history.getByRole('row').filter({ hasText: 'wfp_food_prices_bgd.csv' }).first();
    await expect(row).toBeVisible();
    await expect(row).toContainText(t.who);
    await expect(row).toContainText('BGD');

    // An administrator finds the import in the audit log, with what it did.
    await context.clearCookies();
    await context.addCookies([{ name: 'locale', value: lang, url: test.info().project.use.baseURL! }]);
    await page.evaluate(() => localStorage.clear());
    await page.goto('/console/audit');
    await signIn(page, STAFF, t);
    await expect(page.getByRole('heading', { name: t.audit, level: 2 })).toBeVisible();
    await page.getByPlaceholder(t.search).fill('wfp_food_prices_bgd.csv');
    await page.getByRole('button', { name: t.searchButton, exact: true }).click();
    await expect(page.getByRole('row').filter({ hasText: 'ConsoleImportPrices' }).first()).toBeVisible();
  });
}
