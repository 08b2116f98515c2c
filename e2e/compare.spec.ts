import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { CUSTOMER } from './support/accounts';
import { loginAs } from './support/api';

// Issue 31 item 3 (docs/market-data.md, "Compare"): an analyst compares three countries — the
// seed's China (demo prices to today), Bangladesh (WFP, to 2025-06) and the global fixture's Kenya
// (2024-01 – 2025-06) — in USD, then as an index, and downloads the CSV of exactly what is drawn.
// The Gold demo account may see five years of national prices and export them.

const LANGS = [
  { lang: 'en', countries: ['China', 'Bangladesh', 'Kenya'], kenya: /^Kenya/, index: 'Index (first point = 100)' },
  { lang: 'zh-CN', countries: ['中国', '孟加拉国', '肯尼亚'], kenya: /^肯尼亚/, index: '指数（首点 = 100）' },
] as const;

/** The third line's country, through the device's own picker. */
async function pickKenya(page: Page, isMobile: boolean, kenya: RegExp) {
  const country = page.getByTestId('compare-country').nth(2);
  if (isMobile) {
    const value = await country.locator('option').filter({ hasText: kenya }).getAttribute('value');
    await country.selectOption(value!);
  } else {
    await country.click();
    await page.locator('.ant-select-item-option').filter({ hasText: kenya }).click();
  }
}

/** The table alternative's rows: [date, ...figures as shown]. */
async function tableRows(page: Page): Promise<string[][]> {
  const wrap = page.getByTestId('compare-table-wrap');
  if (!(await wrap.evaluate((d) => (d as HTMLDetailsElement).open))) await wrap.locator('summary').click();
  return page
    .getByTestId('compare-table')
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim())));
}

/** One CSV line's fields (RFC 4180: a quoted field may hold commas and doubled quotes). */
function csvFields(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(field);
      field = '';
    } else field += ch;
  }
  out.push(field);
  return out;
}

/** The downloaded CSV as rows of fields. */
async function downloadCsv(page: Page): Promise<string[][]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('compare-csv').click()]);
  const text = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  return text.trim().split('\r\n').map(csvFields);
}

for (const { lang, countries, kenya, index } of LANGS) {
  test(`three countries in USD and as an index, with the CSV of what is drawn (${lang})`, async ({
    page,
    context,
    baseURL,
    isMobile,
  }) => {
    if (lang === 'zh-CN') await context.addCookies([{ name: 'locale', value: 'zh-CN', url: baseURL! }]);
    await loginAs(page, CUSTOMER.phone, CUSTOMER.password);
    // China and Bangladesh at their staples, over a year all three countries have prices in.
    await page.goto('/functionality/compare?l=CHN&l=BGD&from=2024-07-01&to=2025-06-30');
    // A phone is served the phone page at the same URL (the proxy's device routing).
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('compare-line')).toHaveCount(2);
    await page.getByTestId('compare-add').click();
    await expect(page.getByTestId('compare-line')).toHaveCount(3);
    await pickKenya(page, isMobile, kenya);

    // Countries differ: USD, each line named by its country, twelve months drawn.
    const result = page.getByTestId('compare-result');
    await expect(result).toHaveAttribute('data-currency', 'USD', { timeout: 45_000 });
    await expect(page.getByTestId('compare-unit')).toHaveText('USD');
    await expect(page.getByRole('img', { name: new RegExp(countries.join('.*')) })).toBeVisible();
    const usdRows = await tableRows(page);
    expect(usdRows).toHaveLength(12);
    expect(usdRows[0]![0]).toBe('2024-07');
    expect(usdRows.at(-1)![0]).toBe('2025-06');
    const heads = await page.getByTestId('compare-table').locator('thead th').allTextContents();
    for (const [i, c] of countries.entries()) expect(heads[i + 1]).toContain(c);
    expect(heads.slice(1).every((h) => h.includes('USD/'))).toBe(true);

    // The CSV: a header naming each line with its unit and currency, then exactly the table's dates and figures.
    const usdCsv = await downloadCsv(page);
    await expect(page.getByTestId('compare-csv-done')).toBeVisible();
    expect(usdCsv[0]![0]).toBe('date');
    for (const [i, c] of countries.entries()) expect(usdCsv[0]![i + 1]).toMatch(new RegExp(`${c}.*\\(USD/`));
    const usdData = usdCsv.filter((r) => /^\d{4}-\d\d-\d\d$/.test(r[0]!));
    expect(usdData.map((r) => r[0]!.slice(0, 7))).toEqual(usdRows.map((r) => r[0]));
    for (const [i, r] of usdData.entries())
      for (let j = 1; j <= 3; j++)
        // A month a line has no price in: an empty cell, "–" in the table (Bangladesh's WFP prices skip some).
        expect(r[j] === '' ? '–' : Number(r[j]).toFixed(2)).toBe(usdRows[i]![j]!.replace(/,/g, ''));
    expect(usdCsv.at(-1)![0]).toBe('source');
    expect(usdCsv.at(-1)![1]).toContain('WFP');

    // As an index: every line 100 at the first month all three have (Bangladesh's first in the
    // window is 2024-09), and the CSV says so.
    if (isMobile) await page.getByTestId('compare-mode').getByRole('button', { name: index }).click();
    else await page.getByTestId('compare-mode').getByText(index).click();
    await expect(result).toHaveAttribute('data-show', 'index');
    const firstCommon = usdRows.find((r) => !r.includes('–'))![0]!;
    await expect(page.getByTestId('compare-unit')).toContainText(`${firstCommon}-01 = 100`);
    const indexRows = await tableRows(page);
    expect(indexRows[0]).toEqual([firstCommon, '100.00', '100.00', '100.00']);
    const indexCsv = await downloadCsv(page);
    for (let j = 1; j <= 3; j++) expect(indexCsv[0]![j]).toContain(`index ${firstCommon}-01 = 100`);
    expect(indexCsv[1]).toEqual([`${firstCommon}-01`, '100', '100', '100']);
    expect(indexCsv.filter((r) => /^\d{4}-/.test(r[0]!))).toHaveLength(indexRows.length);
  });
}
