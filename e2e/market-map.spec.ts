import { expect, test } from '@playwright/test';

test("the market map shows Bangladesh's markets, and a market's tooltip gives the price list's figure", async ({
  page,
  isMobile,
}) => {
  // The map's code and the country outline load only when the panel is reached; on a loaded CI
  // machine that took longer than 20 s once (docs/decisions/market-map.md).
  test.setTimeout(120_000);
  await page.goto('/functionality?country=BGD&product=lentils-masur');
  const map = page.getByTestId('market-map');
  await map.scrollIntoViewIfNeeded();
  const dots = map.locator('[data-testid^="map-dot-"]');
  await expect(dots.first()).toBeVisible({ timeout: 60_000 });
  expect(await dots.count()).toBeGreaterThan(5);

  // The first market of the table, by its dot.
  const row = map.getByTestId('map-table').locator('tbody tr').first();
  if (!isMobile) await map.getByText('The same figures as a table').click();
  const id = (await row.getAttribute('data-testid'))!.replace('map-row-', '');
  const market = (await row.locator('td').first().textContent())!.trim();
  const dot = map.getByTestId(`map-dot-${id}`);
  if (isMobile) await dot.tap();
  else await dot.hover();
  const tip = map.getByTestId('map-tooltip');
  await expect(tip).toContainText(market);
  const price = (await tip.getByTestId('map-tooltip-price').textContent())!.trim();
  expect(price).toMatch(/\d/);

  // The price list, searched for that market, has the same figure for the product.
  await page.locator('#price-search').fill(market);
  const listRow = page.getByTestId('price-list').locator('tbody tr', { hasText: 'Lentils' }).first();
  await expect(listRow).toBeVisible();
  await expect(listRow).toContainText(price);
  await expect(map).toContainText('Boundaries: Natural Earth');
});
