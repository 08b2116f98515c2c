// The WFP/HDX food-price FORMAT (lib/server/market/wfp.ts), not two files: the real China and
// Bangladesh files, both layouts, the global file's country column, flags, zero forecasts,
// quoted fields and bad rows. Any country's file in this format reads the same way.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { countryFromFileName, readPriceCsv, readPriceText, newTally } from '@/lib/server/market/price-csv';
import { cleanName } from '@/lib/server/market/names';
import { parseUnit } from '@/lib/server/market/units';
import { WFP_LICENCE, WFP_SOURCE } from '@/lib/server/market/wfp';

const OLD =
  'date,admin1,admin2,market,latitude,longitude,category,commodity,unit,priceflag,pricetype,currency,price,usdprice';
const NEW =
  'date,admin1,admin2,market,market_id,latitude,longitude,category,commodity,commodity_id,unit,priceflag,pricetype,currency,price,usdprice';
const HXL = '#date,#adm1+name,#adm2+name,#loc+market+name,#geo+lat,#geo+lon,#item+type,#item+name,#item+unit';
const file = (header: string, ...rows: string[]) => [header, HXL, ...rows].join('\n') + '\n';
const read = (text: string, country: string | null = 'KEN') => readPriceText(text, { country });

describe('the real files', () => {
  it("reads China's 1,259 rows (older layout) with their lines, places and provenance", async () => {
    const { rows, rejects, tally } = await read(readFileSync('data/wfp_food_prices_chn.csv', 'utf8'), 'CHN');
    expect(rejects).toEqual([]);
    expect(rows).toHaveLength(1259);
    expect(tally).toMatchObject({ format: 'wfp', rows: 1259, flags: { actual: 1259 }, zeroForecasts: 0 });
    expect(rows[0]).toMatchObject({
      line: 3,
      country: 'CHN',
      admin1: 'Hebei Sheng',
      admin2: 'Shijiazhuang',
      market: 'Sijiazhuang',
      marketRef: null,
      lat: 38.04,
      lon: 114.51,
      commodity: 'Wheat',
      category: 'cereals and tubers',
      pack: 'KG',
      date: '2014-01-15',
      flag: 'actual',
      priceType: 'wholesale',
      currency: 'CNY',
      price: 2.66,
      usdPrice: 0.4405,
      source: WFP_SOURCE,
      licence: WFP_LICENCE,
    });
    expect(rows.at(-1)?.line).toBe(1261);
  });

  it("reads Bangladesh's 23,966 rows (newer layout): counts by flag, keeps the source's ids, rejects the 1900 row", async () => {
    const { rows, rejects, tally } = await read(readFileSync('data/wfp_food_prices_bgd.csv', 'utf8'), 'BGD');
    expect(tally).toMatchObject({ rows: 23_966, flags: { actual: 15_026, aggregate: 8_937, 'actual,aggregate': 3 } });
    expect(rejects).toEqual([
      {
        line: 3,
        reason: 'date: 1900-08-15 is not a plausible price date (before 1950-01-01)',
        raw: expect.arrayContaining(['1900-08-15', 'Teknaf Market']),
        country: 'BGD',
        flagLabel: 'actual',
      },
    ]);
    expect(rows).toHaveLength(23_965);
    expect(rows[0]).toMatchObject({
      line: 4,
      market: 'Dhaka',
      marketRef: '2574',
      commodity: 'Rice (coarse, BR-8/ 11/, Guti Sharna)', // a quoted field with commas
      pack: '100 KG',
      currency: 'BDT',
      priceType: 'wholesale',
    });
    // "actual,aggregate" is stored as an aggregate: never passed off as an observed price.
    expect(rows.filter((r) => r.flag === 'aggregate')).toHaveLength(8_940);
  });
});

describe('the format', () => {
  const oldRow =
    '2023-05-15,Nairobi,Nairobi,Kibera,-1.31,36.78,cereals and tubers,"Maize (white, dry)",90 KG,actual,Wholesale,KES,4000,28.5';
  const newRow =
    '2023-05-15,Nairobi,Nairobi,Kibera,901,-1.31,36.78,cereals and tubers,"Maize (white, dry)",77,90 KG,actual,Wholesale,KES,4000,28.5';

  it('reads both layouts to the same row, the newer one with the market id', async () => {
    const a = (await read(file(OLD, oldRow))).rows[0];
    const b = (await read(file(NEW, newRow))).rows[0];
    expect(a).toMatchObject({
      country: 'KEN',
      commodity: 'Maize (white, dry)',
      pack: '90 KG',
      price: 4000,
      usdPrice: 28.5,
    });
    const { marketRef, raw: _a, ...restB } = b!;
    const { marketRef: none, raw: _b, ...restA } = a!;
    expect(marketRef).toBe('901');
    expect(none).toBeNull();
    expect(restB).toEqual(restA);
  });

  it('finds columns by name, in any order, and ignores columns it does not use', async () => {
    const header = 'commodity,price,unit,pricetype,market,admin1,date,extra_col';
    const { rows, rejects } = await read([header, 'Beans,120,KG,Retail,Kibera,Nairobi,2023-05-15,x'].join('\n'));
    expect(rejects).toEqual([]);
    expect(rows[0]).toMatchObject({ commodity: 'Beans', price: 120, currency: null, flag: 'actual', admin2: null });
  });

  it("takes each row's country from the global file's countryiso3 column, else the file's", async () => {
    const { rows } = await read(
      [`countryiso3,${OLD}`, `UGA,${oldRow.replace('KES', 'UGX')}`, `KEN,${oldRow}`].join('\n'),
      null,
    );
    expect(rows.map((r) => r.country)).toEqual(['UGA', 'KEN']);
    const none = await read(file(OLD, oldRow), null);
    expect(none.rows).toEqual([]);
    expect(none.rejects[0]?.reason).toMatch(/does not say its country/);
    expect(countryFromFileName('/data/wfp_food_prices_bgd.csv')).toBe('BGD');
    expect(countryFromFileName('prices.csv')).toBeNull();
  });

  it('skips and counts forecasts of 0, keeps other forecasts, reads combined flags', async () => {
    const { rows, tally, rejects } = await read(
      file(
        OLD,
        oldRow.replace(',actual,', ',forecast,').replace(',4000,28.5', ',0,0'),
        oldRow.replace(',actual,', ',forecast,'),
        oldRow.replace('2023-05-15', '2023-06-15').replace(',actual,', ',"aggregate,actual",'),
        oldRow.replace('2023-05-15', '2023-07-15').replace(',actual,', ',actual,'),
      ),
    );
    expect(rejects).toEqual([]);
    expect(tally).toMatchObject({
      rows: 4,
      zeroForecasts: 1,
      flags: { forecast: 2, 'aggregate,actual': 1, actual: 1 },
    });
    expect(rows.map((r) => r.flag)).toEqual(['forecast', 'aggregate', 'actual']);
  });

  it('rejects a bad row with its line and every reason, and reads on', async () => {
    const { rows, rejects } = await read(
      file(
        OLD,
        oldRow.replace(',4000,', ',four thousand,'),
        oldRow.replace('2023-05-15', '2023-02-30').replace(',Wholesale,', ',Farmgate,'),
        oldRow.replace(',actual,', ',estimated,'),
        oldRow.replace(',4000,', ',-3,'),
        oldRow.replace(',-1.31,', ',-91,'),
        '2023-05-15,Nairobi,Kibera',
        oldRow,
      ),
    );
    expect(rejects.map((r) => [r.line, r.reason])).toEqual([
      [3, "price: 'four thousand' is not a number"],
      [
        4,
        "date: '2023-02-30' is not a valid date (YYYY-MM-DD); pricetype: unknown price type 'Farmgate' (expected wholesale or retail)",
      ],
      [5, "flag: unknown flag 'estimated' (expected actual, forecast or aggregate)"],
      [6, 'price: -3 must be greater than 0'],
      [7, "latitude: '-91' is not a valid coordinate"],
      [8, 'expected 14 fields, found 3'],
    ]);
    expect(rows.map((r) => r.line)).toEqual([9]);
  });

  it('reads CRLF files with a BOM, streamed in byte chunks cut inside characters', async () => {
    const text = `\uFEFF${file(OLD, oldRow.replace('Kibera', 'Kibéra'), oldRow)}`.replace(/\n/g, '\r\n');
    const bytes = Buffer.from(text, 'utf8');
    const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, (i + 1) * 7));
    const tally = newTally();
    const out = [];
    for await (const b of readPriceCsv(chunks, tally, { country: 'KEN' })) out.push(...b);
    expect(out.map((r) => ('market' in r ? r.market : r.reason))).toEqual(['Kibéra', 'Kibera']);
    expect(out.map((r) => r.line)).toEqual([3, 4]);
  });

  it('refuses a header that is neither format, naming what it needs', async () => {
    const { rows, rejects, tally } = await read('when,where,what\n2023-01-01,x,y\n');
    expect(rows).toEqual([]);
    expect(tally.format).toBeNull();
    expect(rejects[0]).toMatchObject({ line: 1, reason: expect.stringContaining('unknown file format') });
  });
});

describe('packs', () => {
  it.each([
    ['KG', 'kg', 1],
    ['90 KG', 'kg', 90],
    ['50 KG', 'kg', 50],
    ['100 KG', 'kg', 100],
    ['500 G', 'kg', 0.5],
    ['400 G', 'kg', 0.4],
    ['200 G', 'kg', 0.2],
    ['500 ML', 'l', 0.5],
    ['L', 'l', 1],
    ['1 piece', 'piece', 1],
    ['10 pcs', 'piece', 10],
    ['Unit', 'piece', 1],
    ['Dozen', 'piece', 12],
    ['Pound', 'kg', 0.45359237],
    ['斤', 'kg', 0.5],
    // Counted units are their own: a bunch is neither a piece nor a kilogram.
    ['Head', 'head', 1],
    ['Bunch', 'bunch', 1],
    ['Bunches', 'bunch', 1],
    ['1 Roll', 'roll', 1],
    ['Loaf', 'loaf', 1],
    ['Marmite', 'marmite', 1],
    ['100 Tubers', 'tuber', 100],
    ['Cubic meter', 'm3', 1],
    ['KWh', 'kwh', 1],
    ['USD/LCU', 'usd/lcu', 1],
    // A pack that says its weight is that weight.
    ['Bag (25 KG)', 'kg', 25],
    ['Tin (400 G)', 'kg', 0.4],
  ])('%s is %s × %d', (label, unit, quantity) => {
    expect(parseUnit(label)).toEqual({ unit, quantity });
  });

  it('refuses only a text that names no unit', () => {
    expect(parseUnit('0 KG')).toBeNull();
    expect(parseUnit('')).toBeNull();
    expect(parseUnit('12')).toBeNull();
    expect(parseUnit('KG 50')).toBeNull();
    expect(parseUnit('?')).toBeNull();
  });
});

describe('names as sources write them', () => {
  it.each([
    ["Cox'S Bazar", "Cox's Bazar"],
    ['Cox`s Bazar Sadar', "Cox's Bazar Sadar"],
    ['Farmers’ Market', "Farmers' Market"],
    ["ST. MARY'S", "ST. MARY'S"],
    ["O'Shea", "O'Shea"],
    ['  Dhaka   Sadar ', 'Dhaka Sadar'],
  ])('%s reads %s', (raw, clean) => {
    expect(cleanName(raw)).toBe(clean);
  });
});
