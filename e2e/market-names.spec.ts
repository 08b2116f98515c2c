import { expect, test } from '@playwright/test';

// Product names in both languages (docs/market-data.md, "Names"): an imported commodity shows
// under its Chinese name on a Chinese page, the source's name as a second line, and a search finds
// it by either language's name.
test.describe('product names in both languages', () => {
  test('the Chinese product picker names Bangladesh’s tomatoes in Chinese and finds them by 番茄', {
    tag: '@desktop',
  }, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'locale', value: 'zh-CN', url: baseURL! }]);
    await page.goto('/functionality?country=BGD&product=rice-coarse');
    await page.getByTestId('product-select').click();
    await page.keyboard.type('番茄');
    const options = page.locator('.ant-select-item-option');
    await expect(options).toHaveCount(1, { timeout: 45_000 });
    await expect(options.first()).toContainText('番茄（红）');
    await expect(options.first()).toContainText('Tomatoes (red)');
  });

  test('an English page finds the same tomatoes by their Chinese name', { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/functionality?country=BGD&product=rice-coarse');
    await page.getByTestId('product-select').click();
    await page.keyboard.type('番茄');
    const options = page.locator('.ant-select-item-option');
    await expect(options).toHaveCount(1, { timeout: 45_000 });
    await expect(options.first()).toHaveText(/^Tomatoes \(red\)per kg · /);
  });

  test('on a phone the Chinese picker gives the Chinese name, then the source’s', { tag: '@phone' }, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'locale', value: 'zh-CN', url: baseURL! }]);
    await page.goto('/functionality?country=BGD&product=rice-coarse');
    await expect(page.getByTestId('m-product').locator('option', { hasText: /^番茄/ })).toHaveText(
      /^番茄（红） · Tomatoes \(red\) \(/,
      { timeout: 45_000 },
    );
  });
});
