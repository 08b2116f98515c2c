// The generic price CSV (lib/server/market/generic-csv.ts): required and optional columns in any
// order, country and currency (China and its currency when absent, so older files read as they
// did), bad rows named with every reason, and strict numbers.
import { describe, expect, it } from '@jest/globals';
import { parseNumber } from '@/lib/server/market/fields';
import { readPriceText } from '@/lib/server/market/price-csv';

const HEADER = 'product,region,market,date,price,unit';
const read = (text: string, opts = {}) => readPriceText(text, opts);

describe('generic price CSV', () => {
  it('reads the required columns; country defaults to China and currency to the country’s', async () => {
    const { rows, rejects, tally } = await read(
      `${HEADER}\n猪肉,河南省,Zhengzhou Wanbang,2024-03-01,13,斤\nPork,Henan,Zhengzhou Wanbang,2024/3/2,26.4,KG\n`,
    );
    expect(rejects).toEqual([]);
    expect(tally).toMatchObject({ format: 'generic', rows: 2, flags: { actual: 2 } });
    expect(rows[0]).toMatchObject({
      line: 2,
      country: 'CHN',
      currency: null,
      admin1: '河南省',
      admin2: null,
      market: 'Zhengzhou Wanbang',
      commodity: '猪肉',
      pack: '斤',
      date: '2024-03-01',
      price: 13,
      flag: 'actual',
      priceType: 'wholesale',
      source: 'Imported CSV',
      licence: 'unspecified',
    });
    expect(rows[1]).toMatchObject({ line: 3, date: '2024-03-02', price: 26.4 });
  });

  it('reads the optional columns in any order: country, currency, USD price, min, max, volume, flags', async () => {
    const text = [
      'Date,Region,Market,Product,Unit,Price,Min,Max,Volume,Flag,PriceType,Source,Licence,Latitude,Longitude,City,Country,Currency,USDPrice,Category',
      '2024-03-01,Dhaka,Karwan Bazar,Hilsa,KG,1600,1500,1700,10,forecast,retail,DAM bulletin,CC BY 4.0,23.75,90.39,Dhaka,BGD,BDT,13.5,fish',
    ].join('\n');
    const { rows, rejects } = await read(text);
    expect(rejects).toEqual([]);
    expect(rows[0]).toMatchObject({
      country: 'BGD',
      currency: 'BDT',
      usdPrice: 13.5,
      price: 1600,
      min: 1500,
      max: 1700,
      volume: 10,
      flag: 'forecast',
      priceType: 'retail',
      source: 'DAM bulletin',
      licence: 'CC BY 4.0',
      lat: 23.75,
      lon: 90.39,
      admin2: 'Dhaka',
      category: 'fish',
    });
  });

  it('uses the import-level provenance and country when the rows name none', async () => {
    const { rows } = await read(`${HEADER}\nLotus root,Hubei,Baishazhou,2024-01-05,6.5,KG\n`, {
      source: 'Hubei bureau',
      licence: 'CC BY 4.0',
    });
    expect(rows[0]).toMatchObject({ source: 'Hubei bureau', licence: 'CC BY 4.0', country: 'CHN' });
  });

  it('names each bad row with its line and every bad field, and reads on', async () => {
    const { rows, rejects } = await read(
      [
        `${HEADER},min,max,volume,currency`,
        'pork,Henan,M,2024-03-01,26,KG,25,27,100,CNY',
        'pork,Henan,M,2024-13-01,26,KG,,,,',
        'pork,Henan,,2024-03-03,26,KG,,,,',
        'pork,Henan,M,2024-03-04,-3,KG,,,,yuan',
        'pork,Henan,M,2024-03-05,26,KG,28,30,-5,',
        'pork,Henan,M,2024-03-06,0,KG,,,,',
        'pork,Henan,M,1900-01-01,26,KG,,,,',
      ].join('\n'),
    );
    expect(rows.map((r) => r.line)).toEqual([2]);
    expect(rejects.map((r) => [r.line, r.reason])).toEqual([
      [3, "date: '2024-13-01' is not a valid date (YYYY-MM-DD)"],
      [4, 'market: missing'],
      [5, "price: -3 must be greater than 0; currency: 'yuan' is not an ISO 4217 currency code"],
      [6, "price: 26 is below min 28; volume: '-5' is not a number ≥ 0"],
      [7, 'price: 0 must be greater than 0'],
      [8, 'date: 1900-01-01 is not a plausible price date (before 1950-01-01)'],
    ]);
  });

  it('refuses a header with a misspelt column instead of ignoring it', async () => {
    const { rejects, tally } = await read('product,region,market,date,price,unit,volumne\n');
    expect(tally.format).toBeNull();
    expect(rejects).toEqual([{ line: 1, reason: 'not a generic price file: unknown column(s) volumne' }]);
  });
});

describe('numbers in price files', () => {
  it('accepts plain decimals with an optional sign, fraction and exponent, and nothing else', () => {
    const ok: [string, number][] = [
      ['26', 26],
      [' 26.40 ', 26.4],
      ['+3', 3],
      ['-0.5', -0.5],
      ['.5', 0.5],
      ['5.', 5],
      ['1e3', 1000],
      ['2.5E-2', 0.025],
    ];
    for (const [raw, n] of ok) expect(parseNumber(raw)).toBe(n);
    for (const raw of ['', ' ', '.', '-', '1,5', '0x10', '1e', '1e+', 'e3', '12a', 'NaN', 'Infinity', '1 2', '1e400'])
      expect(parseNumber(raw)).toBeNull();
  });
});
