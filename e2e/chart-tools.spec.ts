import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { CUSTOMER } from './support/accounts';
import { loginAs } from './support/api';

const VIEW = '/functionality?product=wheat&range=custom&from=2020-07-20&to=2020-10-15';

test('a public chart is shared, cited, downloaded as PNG, SVG and CSV, and embedded', async ({ page, isMobile }) => {
  test.setTimeout(90_000);
  await page.goto(`${VIEW}`);
  const panel = page.locator('#priceTrend');
  await expect(panel.locator('svg.recharts-surface').first()).toBeVisible({ timeout: 20_000 });
  const tools = panel.getByTestId('tools-trend');

  // Cite: the title, the source with its licence, the URL of this view and the day.
  await tools.click();
  await panel.getByRole('button', { name: 'Cite' }).click();
  const cite = page.getByRole('dialog', { name: 'How to cite this chart' });
  const citation = await cite.getByTestId('citation').inputValue();
  expect(citation).toContain('Wheat');
  expect(citation).toContain('CC BY-IGO');
  expect(citation).toContain('/functionality?product=wheat');
  expect(citation).toMatch(/retrieved \d{4}-\d{2}-\d{2}/);
  await cite.getByRole('button', { name: 'Close' }).click();

  // SVG and PNG carry the title and the source line drawn in.
  await tools.click();
  const [svgFile] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'SVG' }).click(),
  ]);
  const svg = readFileSync((await svgFile.path())!, 'utf8');
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  expect(svg).toContain('Source: WFP VAM via HDX (CC BY-IGO)');
  expect(svg).toContain('Wheat');
  await tools.click();
  const [pngFile] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'PNG' }).click(),
  ]);
  const png = readFileSync((await pngFile.path())!);
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(png.readUInt32BE(16)).toBeGreaterThan(isMobile ? 500 : 1000); // width: twice the chart's
  expect(pngFile.suggestedFilename()).toMatch(/\.png$/);
  await tools.click();
  const [csvFile] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'CSV (as shown)' }).click(),
  ]);
  expect(readFileSync((await csvFile.path())!, 'utf8')).toContain('2020-10-15');

  // Embed: the snippet of this view, which renders in a page of another origin.
  await tools.click();
  await panel.getByRole('button', { name: 'Embed' }).click();
  const code = await page.getByRole('dialog', { name: 'Embed this chart' }).getByTestId('embed-code').inputValue();
  const src = /src="([^"]+)"/.exec(code)![1]!;
  expect(src).toContain('/embed/trend?product=wheat');

  const portal = new URL(page.url()).origin;
  const other: Server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html><title>elsewhere</title>${code}<iframe id="page" src="${portal}${VIEW}"></iframe>`);
  });
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
  try {
    const port = (other.address() as AddressInfo).port;
    const outside = await page.context().newPage();
    await outside.goto(`http://127.0.0.1:${port}/`);
    const embedded = outside.frameLocator('iframe[src*="/embed/trend"]');
    await expect(embedded.getByRole('heading', { level: 1 })).toContainText('Wheat');
    await expect(embedded.getByRole('img')).toBeVisible();
    await expect(embedded.getByText(/Source: .*CC BY-IGO/)).toBeVisible();
    await expect(embedded.getByRole('link', { name: /View on/ })).toHaveAttribute(
      'href',
      /\/functionality\?product=wheat/,
    );
    // A portal page refuses to be framed there: Chromium puts its error page in the frame instead.
    await expect
      .poll(() => outside.frames().some((f) => f.url().startsWith('chrome-error://')), { timeout: 10_000 })
      .toBe(true);
    expect(outside.frames().some((f) => f.url().includes('/functionality?product=wheat'))).toBe(false);
    await outside.close();
  } finally {
    other.close();
  }
});

test('a chart only members may see says it cannot be embedded', async ({ page }) => {
  await loginAs(page, CUSTOMER.phone, CUSTOMER.password);
  await page.goto('/functionality?product=wheat&range=custom&from=2019-10-15&to=2020-10-15');
  const panel = page.locator('#priceTrend');
  await expect(panel.locator('svg.recharts-surface').first()).toBeVisible({ timeout: 20_000 });
  await panel.getByTestId('tools-trend').click();
  await panel.getByRole('button', { name: 'Embed' }).click();
  await expect(page.getByTestId('embed-locked')).toContainText('Only charts that every visitor may see');
});
