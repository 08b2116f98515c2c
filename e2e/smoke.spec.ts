import { expect, test } from '@playwright/test';

test('the home page answers 200 with the site header and its navigation', async ({ page, isMobile }) => {
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  await expect(page.locator('header').first()).toBeVisible();
  const nav = page.getByRole('navigation').first();
  // On a phone the header may fold its menu behind a button; it must still be there.
  if (isMobile) await expect(nav).toBeAttached();
  else await expect(nav).toBeVisible();
});
