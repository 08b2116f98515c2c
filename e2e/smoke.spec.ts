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

test('the demo server says on every page, in both languages, that SMS codes are public', async ({
  page,
  context,
  baseURL,
}) => {
  for (const [lang, text] of [
    ['en', /SMS codes are public/],
    ['zh-CN', /短信验证码公开可见/],
  ] as const) {
    await context.addCookies([{ name: 'locale', value: lang, url: baseURL! }]);
    for (const path of ['/', '/login', '/regard/journalism']) {
      await page.goto(path);
      const banner = page.getByTestId('demo-banner');
      await expect(banner).toBeVisible();
      await expect(banner).toContainText(text);
      // Above the header, in the page flow: it covers none of the page.
      const b = (await banner.boundingBox())!;
      const header = (await page.locator('header').first().boundingBox())!;
      expect(b.y + b.height).toBeLessThanOrEqual(header.y + 1);
    }
  }
});

test('on a short desktop page the footer sits at the bottom of the window, not mid-screen @desktop', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 1100 });
  await page.goto('/correspondence/v1~not-a-token~nope');
  const footer = (await page.locator('footer').first().boundingBox())!;
  expect(footer.y + footer.height).toBeGreaterThanOrEqual(1099);
  // And the page still does not scroll: the column is the window's height, no more.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(1100);
});
