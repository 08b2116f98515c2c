// The data catalogue (docs/console.md "Catalogue"), desktop: a data staff member finds a product,
// renames it, and changes a source's attribution line; the tables show the new values.
import { expect, test } from '@playwright/test';

test('data staff rename a product and change a source attribution in the catalogue', { tag: '@desktop' }, async ({
  page,
  context,
}) => {
  await context.addCookies([{ name: 'locale', value: 'en', url: test.info().project.use.baseURL! }]);
  await page.goto('/console/data/catalogue');
  await page.getByLabel('Phone number').fill('13800000012');
  await page.getByLabel('Password').fill('Staff12345');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Products & sources', level: 2 })).toBeVisible();
  await expect(page.getByRole('menu').getByRole('link', { name: 'Products & sources' })).toBeVisible();

  const products = page.getByRole('tabpanel');
  await expect(products.getByRole('row').nth(1)).toBeVisible();
  const code = (await products.getByRole('row').nth(1).getByRole('cell').first().innerText()).trim();
  await page.getByRole('searchbox', { name: 'Search code or name' }).fill(code);
  const row = products.getByRole('row').filter({ hasText: code }).first();
  await row.getByRole('button', { name: /^Edit: / }).click();
  const dialog = page.getByRole('dialog');
  // Other specs share this database: the old name and attribution are put back at the end.
  const oldName = await dialog.getByLabel('English name').inputValue();
  await dialog.getByLabel('English name').fill('Catalogue e2e name');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(products.getByRole('row').filter({ hasText: code }).first()).toContainText('Catalogue e2e name');

  await page.getByRole('tab', { name: 'Sources' }).click();
  const sources = page.getByRole('tabpanel', { name: 'Sources' });
  await sources
    .getByRole('button', { name: /^Edit: / })
    .first()
    .click();
  const oldLine = await dialog.getByLabel('Attribution line').inputValue();
  await dialog.getByLabel('Attribution line').fill('Source: e2e attribution line');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(sources).toContainText('Source: e2e attribution line');

  await sources
    .getByRole('button', { name: /^Edit: / })
    .first()
    .click();
  await dialog.getByLabel('Attribution line').fill(oldLine);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(sources).not.toContainText('Source: e2e attribution line');
  await page.getByRole('tab', { name: 'Products' }).click();
  await row.getByRole('button', { name: /^Edit: / }).click();
  await dialog.getByLabel('English name').fill(oldName);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(products.getByRole('row').filter({ hasText: code }).first()).toContainText(oldName);
});
