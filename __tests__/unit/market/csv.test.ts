import { describe, expect, it } from '@jest/globals';
import type { PriceTrendDTO } from '@/lib/api/schemas/market';
import { csvField, csvName, toCsv, trendCsv } from '@/components/shared/market/csv';

const trend: PriceTrendDTO = {
  product: {
    code: 'tomato',
    name: 'Tomato',
    unit: 'kg',
    categoryCode: 'vegetables',
    categoryName: 'Vegetables',
    demo: true,
    mapped: true,
  },
  currency: 'CNY',
  granularity: 'day',
  priceType: 'wholesale',
  from: '2026-01-01',
  to: '2026-01-02',
  series: [
    {
      regionId: 'shandong',
      regionName: 'Shandong',
      regionLevel: 'province',
      points: [
        ['2026-01-01', 5.2, 4.9, 5.6],
        ['2026-01-02', 5.31, null, null],
      ],
      observations: 2,
      last: '2026-01-02',
      stats: { latest: 5.31, change: 0.11, changePct: 2.1154, min: 5.2, max: 5.31, avg: 5.255 },
      anomaly: null,
      seasonal: [{ year: 2025, shift: 1, from: '2025-01-01', to: '2025-01-01', points: [['2026-01-01', 4.8]] }],
    },
  ],
  seasonalLocked: [],
  embeddable: true,
  provenance: {
    sources: [
      {
        name: 'Demo data (generated)',
        licence: 'demo',
        attribution: 'Demo data (generated), not observations',
        demo: true,
      },
    ],
    currency: 'CNY',
    fx: null,
    asOf: '2026-01-02',
    unit: 'kg',
  },
};

describe('CSV export', () => {
  it('quotes fields with commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Changchun North, Gate 2')).toBe('"Changchun North, Gate 2"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(2.5)).toBe('2.5');
  });

  it('writes a BOM and CRLF rows so spreadsheets read Chinese names', () => {
    expect(
      toCsv([
        ['a', '省'],
        [1, 2],
      ]),
    ).toBe('\uFEFFa,省\r\n1,2\r\n');
  });

  it('writes exactly the series on screen, the overlay marked with its year, unit and source on every row', () => {
    const lines = trendCsv(trend)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'date,product,region,price_type,granularity,price,min,max,unit,source',
      '2026-01-01,Tomato,Shandong,wholesale,day,5.2,4.9,5.6,CNY/kg,Demo data (generated) (demo data)',
      '2026-01-02,Tomato,Shandong,wholesale,day,5.31,,,CNY/kg,Demo data (generated) (demo data)',
      '2026-01-01,Tomato,Shandong (2025),wholesale,day,4.8,,,CNY/kg,Demo data (generated) (demo data)',
    ]);
  });

  it('names whose exchange rates converted figures in USD', () => {
    const fx = {
      from: 'CNY',
      firstMonth: '1981-01',
      lastMonth: '2026-06',
      missing: 0,
      source: {
        name: 'Federal Reserve H.10 via FRED',
        licence: 'Public domain',
        attribution: 'Exchange rates: Board of Governors of the Federal Reserve System, H.10, via FRED',
      },
      implied: false,
      rate: 6.7758,
      rateMonth: '2026-06',
      beyondMonths: 0,
      beyondFrom: null,
    };
    const usd = { ...trend, currency: 'USD', provenance: { ...trend.provenance, currency: 'USD', fx } };
    expect(trendCsv(usd).split('\r\n')[1]).toBe(
      '2026-01-01,Tomato,Shandong,wholesale,day,5.2,4.9,5.6,USD/kg,"Demo data (generated) (demo data); Exchange rates: Board of Governors of the Federal Reserve System, H.10, via FRED"',
    );
    const implied = {
      ...fx,
      implied: true,
      source: { name: 'WFP VAM via HDX', licence: 'CC BY-IGO', attribution: '' },
    };
    expect(trendCsv({ ...usd, provenance: { ...usd.provenance, fx: implied } }).split('\r\n')[1]).toContain(
      'USD at rates implied by WFP VAM via HDX (CC BY-IGO)',
    );
  });

  it('names files without characters file systems refuse', () => {
    expect(csvName('tomato', 'shandong/shouguang market', '2026-01-01')).toBe(
      'tomato_shandong-shouguang-market_2026-01-01.csv',
    );
  });
});
