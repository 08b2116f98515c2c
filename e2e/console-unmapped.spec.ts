// The console's unmapped commodities (docs/console.md "Data"), desktop, in both languages: a data
// staff member imports a file with a commodity no mapping names, finds it under "Unmapped
// commodities", gives it names in both languages, and it leaves the list.
import { expect, test, type Page } from '@playwright/test';

const DATA = { phone: '13800000012', password: 'Staff12345' } as const;

const T = {
  en: {
    phone: 'Phone number',
    password: 'Password',
    submit: 'Sign in',
    summary: 'Summary',
    menu: 'Unmapped commodities',
    name: 'Name and file',
    zh: 'Chinese name',
    en: 'English name',
    save: 'Save',
    saved: /is now a catalogue product/,
  },
  'zh-CN': {
    phone: '手机号',
    password: '密码',
    submit: '登录',
    summary: '导入结果',
    menu: '未映射品种',
    name: '命名并归类',
    zh: '中文名称',
    en: '英文名称',
    save: '保存',
    saved: /已成为目录中的产品/,
  },
} as const;

async function signIn(page: Page, t: (typeof T)[keyof typeof T]) {
  await page.getByLabel(t.phone).fill(DATA.phone);
  await page.getByLabel(t.password).fill(DATA.password);
  await page.getByRole('button', { name: t.submit }).click();
}

for (const lang of ['en', 'zh-CN'] as const) {
  test(`data staff name an imported commodity no mapping knew (${lang})`, { tag: '@desktop' }, async ({
    page,
    context,
  }) => {
    const t = T[lang];
    const commodity = `E2E okra ${lang}`;
    await context.addCookies([{ name: 'locale', value: lang, url: test.info().project.use.baseURL! }]);
    await page.goto('/console/data/imports');
    await signIn(page, t);
    const rows = ['product,region,market,date,price,unit'];
    for (let m = 1; m <= 12; m++)
      rows.push(`${commodity},Hainan,E2E Market,2015-${String(m).padStart(2, '0')}-01,${20 + m},KG`);
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: `okra-${lang}.csv`, mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
    await expect(page.getByRole('region', { name: t.summary })).toBeVisible({ timeout: 60_000 });

    await page.getByRole('menu').getByRole('link', { name: t.menu }).click();
    await expect(page.getByRole('heading', { name: t.menu, level: 2 })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: commodity });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `${t.name}: ${commodity}` }).click();

    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t.zh).fill(`秋葵 ${lang}`);
    await dialog.getByLabel(t.en).fill(`Okra ${lang}`);
    await dialog.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.saved)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: commodity })).toHaveCount(0);
  });
}
