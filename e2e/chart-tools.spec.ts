import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { CUSTOMER } from './support/accounts';
import { loginAs } from './support/api';

/**
 * In the page: the PNG and the SVG drawn at the PNG's size, and the SVG without its source line; in
 * the band of the source line (the first line below the chart), how many PNG pixels are dark, how
 * many differ from the SVG's, and how many are dark without the source line.
 */
async function sourceBand({ png, svg }: { png: string; svg: string }) {
  const draw = async (src: string, w: number, h: number) => {
    const img = new Image();
    await new Promise((resolve, reject) => {
      img.onload = resolve;
      img.onerror = reject;
      img.src = src;
    });
    const canvas = document.createElement('canvas');
    canvas.width = w || img.naturalWidth;
    canvas.height = h || img.naturalHeight;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return ctx;
  };
  const asUrl = (s: string) => URL.createObjectURL(new Blob([s], { type: 'image/svg+xml' }));
  const picture = await draw(`data:image/png;base64,${png}`, 0, 0);
  const { width, height } = picture.canvas;
  const drawn = await draw(asUrl(svg), width, height);
  const bare = await draw(asUrl(svg.replace(/<text[^>]*>Source:[^<]*<\/text>/, '')), width, height);
  // The SVG's foot is 44 px under the chart; the source line's baseline sits 26 px above the bottom.
  const scale = height / Number(/height="(\d+)"/.exec(svg)![1]);
  const top = Math.round(height - 38 * scale);
  const rows = Math.round(14 * scale);
  const a = picture.getImageData(0, top, width, rows).data;
  const b = drawn.getImageData(0, top, width, rows).data;
  const c = bare.getImageData(0, top, width, rows).data;
  let dark = 0;
  let differing = 0;
  let darkWithoutSource = 0;
  for (let i = 0; i < a.length; i += 4) {
    if (a[i]! < 160) dark++;
    if (c[i]! < 160) darkWithoutSource++;
    if (Math.abs(a[i]! - b[i]!) > 64) differing++;
  }
  return { dark, differing, darkWithoutSource };
}

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
  // The PNG's pixels hold the source line: the band where the SVG draws it has text in the PNG, the
  // same picture the SVG gives there, and nothing when the SVG is drawn without that line.
  const band = await page.evaluate(sourceBand, { png: png.toString('base64'), svg });
  expect(band.dark).toBeGreaterThan(100);
  expect(band.darkWithoutSource).toBe(0);
  expect(band.differing).toBeLessThan(band.dark / 10);
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
