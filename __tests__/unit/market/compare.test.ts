// The compare page's view in its URL, and its table, chart rows and CSV made from one answer
// (docs/market-data.md, "Compare"): the CSV holds exactly the figures drawn.
import { describe, expect, it } from '@jest/globals';
import type { CompareLineDTO, PriceCompareDTO } from '@/lib/api/schemas/compare';
import { marketEn } from '@/lib/i18n/messages/market.en';
import { compareChart, compareCsv, compareTable } from '@/components/shared/market/compare/compare-rows';
import {
  compareBody,
  effectiveMode,
  parseView,
  serializeView,
  windowOf,
} from '@/components/shared/market/compare/compare-state';

const line = (over: Partial<CompareLineDTO>): CompareLineDTO => ({
  productCode: 'maize',
  productName: 'Maize',
  unit: 'kg',
  country: 'CHN',
  countryName: 'China',
  regionId: 'cn',
  regionName: 'China (national)',
  regionLevel: 'nation',
  priceType: 'wholesale',
  sourceCurrency: 'CNY',
  points: [],
  locked: null,
  fx: null,
  sources: [{ name: 'WFP', licence: 'CC BY-IGO', attribution: 'WFP VAM via HDX (CC BY-IGO)', demo: false }],
  ...over,
});

const answer: PriceCompareDTO = {
  show: 'price',
  currency: 'USD',
  indexedIn: null,
  granularity: 'month',
  from: '2024-01-01',
  to: '2024-03-31',
  base: null,
  lines: [
    line({
      points: [
        ['2024-01-01', 0.3],
        ['2024-02-01', 0.31],
        ['2024-03-01', 0.32],
      ],
    }),
    line({
      productName: 'Rice, coarse',
      country: 'BGD',
      countryName: 'Bangladesh',
      regionId: 'dhaka',
      regionName: 'Dhaka',
      regionLevel: 'province',
      sourceCurrency: 'BDT',
      points: [
        ['2024-02-01', 0.5],
        ['2024-03-01', 0.52],
      ],
    }),
    line({
      country: 'KEN',
      countryName: 'Kenya',
      locked: {
        reason: 'login',
        message: 'Kenya: Log in',
        messageRef: { key: 'market.refused' },
        unlock: { reason: 'login', login: true },
      },
    }),
  ],
};

describe('the view in the URL', () => {
  it('reads lines, mode and window back as written, and drops what is not a line', () => {
    const v = parseView('?l=CHN~maize~shandong&l=bgd&l=bad!!&mode=index&from=2024-01-01&to=2024-12-31&g=week');
    expect(v).toEqual({
      lines: [
        { country: 'CHN', product: 'maize', region: 'shandong' },
        { country: 'BGD', product: '', region: '' },
      ],
      mode: 'index',
      range: 'custom',
      from: '2024-01-01',
      to: '2024-12-31',
      granularity: 'week',
    });
    expect(parseView(serializeView(v))).toEqual(v);
    expect(parseView(`?${Array.from({ length: 7 }, () => 'l=CHN').join('&')}`).lines).toHaveLength(5);
  });

  it('shows lines of two currencies in USD even when local was asked for', () => {
    const countries = [
      { code: 'CHN', currency: 'CNY' },
      { code: 'BGD', currency: 'BDT' },
    ] as Parameters<typeof effectiveMode>[1];
    const v = parseView('?l=CHN&l=BGD&mode=local');
    expect(effectiveMode(v, countries)).toBe('USD');
    expect(effectiveMode(parseView('?l=CHN&l=CHN~rice'), countries)).toBe('local');
    expect(effectiveMode(parseView('?l=CHN&l=BGD&mode=index'), countries)).toBe('index');
  });

  it('ends a preset window where the latest line ends, and asks once every product is known', () => {
    const v = parseView('?l=CHN&l=BGD&range=2y');
    expect(windowOf(v, ['2025-06-15', '2020-10-15'], '2026-11-28')).toMatchObject({
      from: '2023-06-15',
      to: '2025-06-15',
    });
    expect(compareBody(v, ['maize', null], 'USD', { from: 'a', to: 'b' }, 'en')).toBeNull();
    expect(compareBody(v, ['maize', 'rice'], 'index', { from: '2024-01-01', to: '2024-12-31' }, 'en')).toEqual({
      lines: [
        { productCode: 'maize', country: 'CHN' },
        { productCode: 'rice', country: 'BGD' },
      ],
      from: '2024-01-01',
      to: '2024-12-31',
      granularity: 'month',
      show: 'index',
      lang: 'en',
    });
  });
});

describe('one answer, drawn, tabled and downloaded alike', () => {
  it('tables every date of the drawn lines, leaves a locked line out, and the chart rows match', () => {
    const { dates, cells } = compareTable(answer);
    expect(dates).toEqual(['2024-01-01', '2024-02-01', '2024-03-01']);
    expect(cells).toEqual([
      [0.3, null],
      [0.31, 0.5],
      [0.32, 0.52],
    ]);
    const { rows, series } = compareChart(answer);
    expect(series.map((s) => s.label)).toEqual(['Maize · China', 'Rice, coarse · Dhaka, Bangladesh']);
    expect(rows[1]).toEqual({ date: '2024-02-01', l0: 0.31, l1: 0.5 });
  });

  it('writes the CSV: a header naming line, unit and currency, the same figures, then the sources', () => {
    const csv = compareCsv(answer, marketEn, 'en');
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'date,Maize · China · wholesale (USD/kg),"Rice, coarse · Dhaka, Bangladesh · wholesale (USD/kg)"',
      '2024-01-01,0.3,',
      '2024-02-01,0.31,0.5',
      '2024-03-01,0.32,0.52',
      'source,WFP VAM via HDX (CC BY-IGO)',
      '',
    ]);
    const index = compareCsv(
      { ...answer, show: 'index', currency: null, indexedIn: 'local', base: '2024-01-01' },
      marketEn,
      'en',
    );
    expect(index).toContain('Maize · China · wholesale (index 2024-01-01 = 100, from CNY/kg)');
  });
});
