import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import {
  detectFormat,
  parseMarketCsv,
  parseMarketStream,
  streamMarketCsv,
  UNKNOWN_FORMAT,
} from '@/lib/server/market/format';
import { parseWfp } from '@/lib/server/market/wfp';
import { parseGenericCsv } from '@/lib/server/market/generic-csv';
import { parseNumber } from '@/lib/server/market/row-mapper';

const HEADER = 'product,region,market,date,price,unit';

describe('generic price CSV', () => {
  it('parses the required columns into the same observation shape as WFP rows', () => {
    const { rows, errors } = parseGenericCsv(
      `${HEADER}\n猪肉,河南省,Zhengzhou Wanbang,2024-03-01,13,斤\nPork,Henan,Zhengzhou Wanbang,2024/3/2,26.4,KG\n`,
    );
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      expect.objectContaining({
        line: 2,
        date: '2024-03-01',
        productCode: 'pork',
        productNameEn: 'Pork',
        productNameZh: '猪肉',
        category: 'meat-poultry',
        provinceCode: 'henan',
        provinceZh: '河南',
        marketCode: 'henan/zhengzhou-wanbang',
        price: 26,
        priceFen: 2600,
        unit: 'kg',
        sourceUnit: '斤',
        flag: 'actual',
        priceType: 'wholesale',
        source: 'Imported CSV',
        licence: 'unspecified',
        volume: null,
        minFen: null,
      }),
      expect.objectContaining({ line: 3, date: '2024-03-02', priceFen: 2640 }),
    ]);
  });

  it('reads the optional columns in any order, normalising min, max and volume by the pack', () => {
    const text = [
      'Date,Region,Market,Product,Unit,Price,Min,Max,Volume,Flag,PriceType,Source,Licence,Latitude,Longitude,City',
      '2024-03-01,Shandong,Shouguang,tomato,50 KG,200,150,250,10,forecast,retail,Ministry bulletin,CC BY 4.0,36.86,118.79,Weifang',
    ].join('\n');
    const { rows, errors } = parseGenericCsv(text);
    expect(errors).toEqual([]);
    expect(rows[0]).toMatchObject({
      price: 4,
      priceFen: 400,
      minFen: 300,
      maxFen: 500,
      volume: 500,
      flag: 'forecast',
      priceType: 'retail',
      source: 'Ministry bulletin',
      licence: 'CC BY 4.0',
      lat: 36.86,
      lon: 118.79,
      city: 'Weifang',
    });
  });

  it('accepts a product outside the catalogue when a category is given, and uses import-level provenance', () => {
    const { rows, errors } = parseGenericCsv(
      `${HEADER},category\nLotus root,Hubei,Baishazhou,2024-01-05,6.5,KG,蔬菜\n`,
      { source: 'Hubei bureau', licence: 'CC BY 4.0' },
    );
    expect(errors).toEqual([]);
    expect(rows[0]).toMatchObject({
      productCode: 'lotus-root',
      productNameEn: 'Lotus root',
      productNameZh: null,
      category: 'vegetables',
      source: 'Hubei bureau',
      licence: 'CC BY 4.0',
    });
  });

  it('reports each bad row with its line and every bad field', () => {
    const { rows, errors } = parseGenericCsv(
      [
        `${HEADER},min,max,volume`,
        'pork,Henan,M,2024-03-01,26,KG,25,27,100',
        'pork,Henan,M,2024-13-01,26,KG,,,',
        'durian,Henan,M,2024-03-02,26,KG,,,',
        'pork,Narnia,,2024-03-03,26,KG,,,',
        'pork,Henan,M,2024-03-04,-3,crate,,,',
        'pork,Henan,M,2024-03-05,26,KG,28,30,-5',
        'pork,Henan,M,2024-03-06,0,KG,,,',
      ].join('\n'),
    );
    expect(rows.map((r) => r.line)).toEqual([2]);
    expect(errors).toEqual([
      { line: 3, message: "date: '2024-13-01' is not a valid date (YYYY-MM-DD)" },
      { line: 4, message: "product: unknown product 'durian' (add a category column)" },
      { line: 5, message: "region: unknown province 'Narnia'; market: missing" },
      { line: 6, message: "unit: unknown unit 'crate'; price: -3 must be greater than 0" },
      { line: 7, message: "price: 26 is below min 28; volume: '-5' is not a number ≥ 0" },
      { line: 8, message: 'price: 0 must be greater than 0' },
    ]);
  });

  it("gives a row that repeats the previous row's product, market and unit the same observation as when parsed alone", () => {
    const header = `${HEADER},min,max,volume,flag,pricetype,source,licence,latitude,longitude,city`;
    const first =
      'tomato,Shandong,Shouguang,2024-03-01,200,50 KG,150,250,10,forecast,retail,Bureau,CC BY 4.0,36.86,118.79,Weifang';
    const second =
      'tomato,Shandong,Shouguang,2024-03-02,210,50 KG,,,,forecast,retail,Bureau,CC BY 4.0,36.86,118.79,Weifang';
    const both = parseGenericCsv(`${header}\n${first}\n${second}\n`);
    const alone = parseGenericCsv(`${header}\n\n${second}\n`); // the blank line keeps it on line 3
    expect(both.errors).toEqual([]);
    expect(both.rows[1]).toEqual(alone.rows[0]);
    expect(both.rows[1]).toMatchObject({
      line: 3,
      date: '2024-03-02',
      price: 4.2,
      minFen: null,
      volume: null,
      flag: 'forecast',
      priceType: 'retail',
      city: 'Weifang',
    });
    // A different unit on the next row is read afresh, not taken from the row before.
    const changed = parseGenericCsv(`${header}\n${first}\n${second.replace('50 KG', 'KG')}\n`);
    expect(changed.rows[1]).toMatchObject({ price: 210, unit: 'kg', sourceUnit: 'KG' });
  });

  it('rejects a header with a missing or misspelt column', () => {
    expect(parseGenericCsv('product,region,market,date,price,unti\n').errors).toEqual([
      { line: 1, message: 'not a generic price file: missing column(s) unit; unknown column(s) unti' },
    ]);
  });
});

describe('format detection', () => {
  it('picks the parser from the header line', () => {
    const wfpText = readFileSync('data/wfp_food_prices_chn.csv', 'utf8');
    expect(detectFormat(wfpText.split('\n')[0] ?? '')).toBe('wfp');
    expect(detectFormat('\uFEFFproduct,region,market,date,price,unit,volume\r\n')).toBe('generic');
    expect(detectFormat('"Product","Region","Market","Date","Price","Unit"')).toBe('generic');
    expect(detectFormat('name,value')).toBeNull();
    expect(detectFormat('"broken,header')).toBeNull();
  });

  it('parses either format through one entry point', () => {
    expect(parseMarketCsv(readFileSync('data/wfp_food_prices_chn.csv', 'utf8'))).toMatchObject({
      format: 'wfp',
      errors: [],
    });
    const generic = parseMarketCsv(`${HEADER}\neggs,Beijing,Xinfadi,2024-01-02,9.8,KG\n`);
    expect(generic).toMatchObject({
      format: 'generic',
      errors: [],
      rows: [expect.objectContaining({ productCode: 'eggs', provinceCode: 'beijing' })],
    });
    expect(parseMarketCsv('name,value\n1,2\n')).toEqual({
      format: null,
      rows: [],
      errors: [{ line: 1, message: UNKNOWN_FORMAT }],
    });
  });

  it('streams rows and stops at a CSV syntax error, naming its line', async () => {
    const text = `${HEADER}\neggs,Beijing,Xinfadi,2024-01-02,9.8,KG\neggs,Beijing,"Xinfadi,2024-01-03,9.9,KG\n`;
    const out = [];
    for await (const x of streamMarketCsv('generic', [text.slice(0, 50), text.slice(50)])) out.push(x);
    expect(out).toEqual([
      expect.objectContaining({ line: 2, productCode: 'eggs' }),
      { line: 3, message: 'quoted field is not closed before the end of the file' },
    ]);
  });

  it('detects the format of a byte stream from its first line, however it is chunked', async () => {
    const bytes = readFileSync('data/wfp_food_prices_chn.csv');
    const chunks = Array.from({ length: Math.ceil(bytes.length / 37) }, (_, i) => bytes.subarray(i * 37, (i + 1) * 37));
    const out = [];
    for await (const x of parseMarketStream(chunks)) out.push(x);
    expect(out).toEqual(parseWfp(bytes.toString('utf8')).rows);

    const generic = [];
    for await (const x of parseMarketStream([`${HEADER}\neggs,Beijing,Xinfadi,2024-01-02,9.8,KG`])) generic.push(x);
    expect(generic).toEqual([expect.objectContaining({ line: 2, productCode: 'eggs', priceFen: 980 })]);

    const unknown = [];
    for await (const x of parseMarketStream(['name,va', 'lue\n1,2\n'])) unknown.push(x);
    expect(unknown).toEqual([{ line: 1, message: UNKNOWN_FORMAT }]);
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

  it('reads every decimal as the same double as Number() (short ones are computed from their digits)', () => {
    // A fixed pseudo-random walk over 1–18 digits, 0–17 decimals and both signs, plus hard cases.
    let seed = 7;
    const next = (n: number) => (seed = (seed * 48_271) % 2_147_483_647) % n;
    const cases = [
      '0.1',
      '0.3',
      '-0',
      '+0.0',
      '9007199254740993',
      '999999999999999.9',
      '0.000000000000001',
      '123456789012345',
      '1234567890123456',
      '00012.50',
    ];
    for (let k = 0; k < 20_000; k++) {
      let digits = '';
      for (let d = 1 + next(18); d > 0; d--) digits += String(next(10));
      const point = next(digits.length + 1);
      cases.push(
        `${next(3) === 0 ? '-' : ''}${digits.slice(0, point)}${point < digits.length ? '.' : ''}${digits.slice(point)}`,
      );
    }
    for (const raw of cases) expect(Object.is(parseNumber(raw), Number(raw))).toBe(true);
  });
});
