// What the home and About pages claim about the prices, counted from the data
// (docs/content.md#claims): markets and products only where they have a price, daily apart from
// monthly, observed apart from demo. The fixture: the WFP file for China (monthly, observed) and
// generated daily series in three markets; the expected figures are read from the CSV itself.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { getDb } from '@/lib/server/db/client';
import { WFP_FILE } from '@/lib/server/seed/market';
import { homeFigures, marketCoverage } from '@/lib/server/services/content/home-figures';
import { FIXTURE_FROM, FIXTURE_MARKETS, FIXTURE_PRODUCTS, seedMarketFixture, TODAY } from '../support/market';

/** The WFP file's rows (after its header and HXL tag row), as column → value. */
function wfpRows() {
  const [head, , ...lines] = readFileSync(WFP_FILE, 'utf8').trim().split('\n');
  const cols = head!.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], v])) as Record<string, string>);
}

beforeAll(async () => {
  await seedMarketFixture();
});

describe('the About page’s coverage', () => {
  it('splits the generated daily prices from the observed monthly ones, each with its markets, provinces and years', async () => {
    const wfp = wfpRows();
    const wfpMarkets = new Set(wfp.map((r) => r.market)).size;
    const wfpProvinces = new Set(wfp.map((r) => r.admin1)).size;
    const years = wfp.map((r) => r.date!.slice(0, 4)).sort();
    const c = await marketCoverage(await getDb(), 'en');
    expect(c.groups).toEqual([
      {
        cadence: 'monthly',
        demo: false,
        sources: ['WFP VAM via HDX'],
        markets: wfpMarkets,
        provinces: wfpProvinces,
        from: expect.stringMatching(new RegExp(`^${years[0]}-`)),
        to: expect.stringMatching(new RegExp(`^${years.at(-1)}-`)),
      },
      {
        cadence: 'daily',
        demo: true,
        sources: [expect.any(String)],
        markets: FIXTURE_MARKETS.length,
        provinces: new Set(FIXTURE_MARKETS.map((m) => m.split('/')[0])).size,
        from: FIXTURE_FROM,
        to: TODAY,
      },
    ]);
    // Totals and the list by province count markets that have a price, nothing else.
    expect(c.markets).toBeLessThanOrEqual(wfpMarkets + FIXTURE_MARKETS.length);
    expect(c.byProvince.reduce((t, p) => t + p.markets, 0)).toBe(c.markets);
    expect(c.provinces).toBe(c.byProvince.length);
    expect(c.byProvince.map((p) => p.name)).toContain('Shandong');
    expect(c.byProvince.map((p) => p.name)).not.toContain('Tibet'); // a province with markets but no price
    expect(c.byProvince.every((p) => p.markets > 0)).toBe(true);
    const zh = await marketCoverage(await getDb(), 'zh-CN');
    expect(zh.byProvince.map((p) => p.name)).toContain('山东');
  });

  it('names no markets for a country without prices', async () => {
    const c = await marketCoverage(await getDb(), 'en', 'KEN');
    expect(c).toEqual({ markets: 0, provinces: 0, groups: [], byProvince: [] });
  });
});

describe('the home page’s figures', () => {
  it('count markets and products with a price, and observed prices without the demo ones', async () => {
    const db = await getDb();
    const by = Object.fromEntries((await homeFigures(db, 'en')).map((f) => [f.key, f.value]));
    const c = await marketCoverage(db, 'en');
    expect(by.prices).toBe(wfpRows().length);
    expect(by.markets).toBe(c.markets); // one country in the fixture
    expect(by.countries).toBe(1);
    const wfpProducts = new Set(wfpRows().map((r) => `${r.commodity}|${r.unit}`)).size;
    expect(by.products).toBeGreaterThanOrEqual(FIXTURE_PRODUCTS.length);
    expect(by.products).toBeLessThanOrEqual(wfpProducts + FIXTURE_PRODUCTS.length);
  });
});
