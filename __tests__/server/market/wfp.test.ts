import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { parseWfp, parseWfpStream, WFP_LICENCE, WFP_SOURCE } from '@/lib/server/market/wfp';
import { isParseError } from '@/lib/server/market/row-mapper';

const WFP_FILE = 'data/wfp_food_prices_chn.csv';
const HEADER =
  'date,admin1,admin2,market,latitude,longitude,category,commodity,unit,priceflag,pricetype,currency,price,usdprice';
const HXL =
  '#date,#adm1+name,#adm2+name,#loc+market+name,#geo+lat,#geo+lon,#item+type,#item+name,#item+unit,#item+price+flag,#item+price+type,#currency,#value,#value+usd';
const file = (...rows: string[]) => [HEADER, HXL, ...rows].join('\n') + '\n';
const good =
  '2014-01-15,Hebei Sheng,Shijiazhuang,Sijiazhuang,38.04,114.51,cereals and tubers,Wheat,KG,actual,Wholesale,CNY,2.66,0.4405';

describe('WFP/HDX food-price file (the real China file)', () => {
  const text = readFileSync(WFP_FILE, 'utf8');
  const { rows, errors } = parseWfp(text);

  it('reads every price row of the real file without errors', () => {
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(1259);
    expect(new Set(rows.map((r) => r.marketCode)).size).toBe(11);
    expect([...new Set(rows.map((r) => r.productCode))].sort()).toEqual([
      'maize',
      'rice-indica',
      'rice-japonica',
      'wheat',
      'wheat-flour',
    ]);
  });

  it('keeps the source line, provenance and normalised place of each row', () => {
    expect(rows[0]).toMatchObject({
      line: 3,
      date: '2014-01-15',
      productCode: 'wheat',
      productNameZh: '小麦',
      category: 'grains',
      provinceCode: 'hebei',
      provinceEn: 'Hebei',
      provinceZh: '河北',
      provinceAdcode: 130000,
      city: 'Shijiazhuang',
      marketName: 'Sijiazhuang',
      marketCode: 'hebei/sijiazhuang',
      marketNameZh: '石家庄',
      lat: 38.04,
      lon: 114.51,
      price: 2.66,
      priceFen: 266,
      unit: 'kg',
      flag: 'actual',
      priceType: 'wholesale',
      source: WFP_SOURCE,
      licence: WFP_LICENCE,
    });
    expect(rows.at(-1)?.line).toBe(1261);
    expect(rows.every((r) => r.marketNameZh)).toBe(true);
    expect(new Set(rows.map((r) => r.provinceZh))).toEqual(
      new Set(['河北', '黑龙江', '河南', '湖北', '江西', '吉林', '山东', '山西', '浙江']),
    );
  });

  it('streams the same rows from byte chunks', async () => {
    const bytes = readFileSync(WFP_FILE);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 4096) }, (_, i) =>
      bytes.subarray(i * 4096, (i + 1) * 4096),
    );
    const out = [];
    for await (const x of parseWfpStream(chunks)) out.push(x);
    expect(out.filter(isParseError)).toEqual([]);
    expect(out).toEqual(rows);
  });
});

describe('WFP normalisation', () => {
  it('turns packs into a price per kg or per litre and keeps the source unit', () => {
    const { rows, errors } = parseWfp(
      file(
        '2020-01-15,Henan Sheng,Zhengzhou,Zhengzhou,34.77,113.65,cereals and tubers,Wheat,90 KG,actual,Wholesale,CNY,234,1',
        '2020-01-15,Henan Sheng,Zhengzhou,Zhengzhou,34.77,113.65,cereals and tubers,Maize,50 KG,actual,Wholesale,CNY,110,1',
        '2020-01-15,Henan Sheng,Zhengzhou,Zhengzhou,34.77,113.65,cereals and tubers,Rice (Indica),100 KG,actual,Wholesale,CNY,420,1',
        '2020-01-15,Henan Sheng,Zhengzhou,Zhengzhou,34.77,113.65,cereals and tubers,Rice (Japonica),500 G,actual,Retail,CNY,2.5,1',
        '2020-01-15,Henan Sheng,Zhengzhou,Zhengzhou,34.77,113.65,oil and fats,Oil (soybean),5 L,actual,Retail,CNY,52.5,1',
      ),
    );
    expect(errors).toEqual([]);
    expect(
      rows.map((r) => [r.productCode, r.price, r.priceFen, r.unit, r.sourceUnit, r.sourcePrice, r.priceType]),
    ).toEqual([
      ['wheat', 2.6, 260, 'kg', '90 KG', 234, 'wholesale'],
      ['maize', 2.2, 220, 'kg', '50 KG', 110, 'wholesale'],
      ['rice-indica', 4.2, 420, 'kg', '100 KG', 420, 'wholesale'],
      ['rice-japonica', 5, 500, 'kg', '500 G', 2.5, 'retail'],
      ['soybean-oil', 10.5, 1050, 'l', '5 L', 52.5, 'retail'],
    ]);
  });

  it('keeps forecast and aggregate flags apart from actual prices, combined flags included', () => {
    const row = (date: string, flag: string) =>
      `${date},Hubei Sheng,Wuhan,Wuhan,30.58,114.28,cereals and tubers,Maize,KG,"${flag}",Wholesale,CNY,2.5,0.4`;
    const { rows, errors } = parseWfp(
      file(
        row('2020-01-15', 'actual'),
        row('2020-02-15', 'forecast'),
        row('2020-03-15', 'aggregate'),
        row('2020-04-15', 'actual,aggregate'),
        row('2020-05-15', 'actual,forecast'),
      ),
    );
    expect(errors).toEqual([]);
    expect(rows.map((r) => r.flag)).toEqual(['actual', 'forecast', 'aggregate', 'aggregate', 'forecast']);
  });

  it('maps provinces with any official suffix to their Chinese names, and unknown commodities to slugs in our categories', () => {
    const r = (adm: string, cat: string, commodity: string) =>
      `2020-01-15,${adm},X,Market,,,"${cat}",${commodity},KG,actual,Retail,CNY,3,0.5`;
    const { rows, errors } = parseWfp(
      file(
        r('Guangxi Zhuangzu Zizhiqu', 'vegetables and fruits', 'Apples (red)'),
        r('Nei Mongol Zizhiqu', 'meat, fish and eggs', 'Fish (fresh)'),
        r('Xinjiang Uygur Zizhiqu', 'meat, fish and eggs', 'Eggs'),
        r('Beijing Shi', 'vegetables and fruits', 'Cabbage'),
        r('Shaanxi Sheng', 'meat, fish and eggs', 'Meat (pork)'),
      ),
    );
    expect(errors).toEqual([]);
    expect(rows.map((x) => [x.provinceEn, x.provinceZh, x.productCode, x.category, x.lat])).toEqual([
      ['Guangxi', '广西', 'apples-red', 'fruit', null],
      ['Inner Mongolia', '内蒙古', 'fish-fresh', 'aquatic', null],
      ['Xinjiang', '新疆', 'eggs', 'eggs-dairy', null],
      ['Beijing', '北京', 'chinese-cabbage', 'vegetables', null],
      ['Shaanxi', '陕西', 'pork', 'meat-poultry', null],
    ]);
  });

  it('reads quoted fields with commas and a file without the HXL row', () => {
    const text = [
      HEADER,
      '2020-01-15,Zhejiang Sheng,Hangzhou,"Hangzhou, Jiangnan",30.25,120.17,cereals and tubers,"Rice (Indica)",KG,actual,Wholesale,CNY,4.1,0.6',
    ].join('\r\n');
    const { rows, errors } = parseWfp(text);
    expect(errors).toEqual([]);
    expect(rows[0]).toMatchObject({
      line: 2,
      marketName: 'Hangzhou, Jiangnan',
      marketCode: 'zhejiang/hangzhou-jiangnan',
    });
  });
});

describe('WFP bad rows are reported with their line numbers', () => {
  it('names the line and the field of a bad date, price, unit, market or province', () => {
    const { rows, errors } = parseWfp(
      file(
        good,
        good.replace('2014-01-15', '2014-02-30'),
        good.replace(',2.66,', ',abc,'),
        good.replace(',2.66,', ',-1,'),
        good.replace(',KG,', ',SACK,'),
        good.replace(',Sijiazhuang,', ',,'),
        good.replace('Hebei Sheng', 'Atlantis Sheng'),
        good.replace(',2.66,', ',,'),
        good.replace(',actual,', ',estimated,'),
        good.replace(',Wholesale,', ',Farmgate,'),
        good.replace(',CNY,', ',USD,'),
        good.replace('2014-01-15', '2014-03-15'),
      ),
    );
    expect(rows.map((r) => r.line)).toEqual([3, 14]);
    expect(errors).toEqual([
      { line: 4, message: "date: '2014-02-30' is not a valid date (YYYY-MM-DD)" },
      { line: 5, message: "price: 'abc' is not a number" },
      { line: 6, message: 'price: -1 must be greater than 0' },
      { line: 7, message: "unit: unknown unit 'SACK'" },
      { line: 8, message: 'market: missing' },
      { line: 9, message: "admin1: unknown province 'Atlantis Sheng'" },
      { line: 10, message: "price: '' is not a number" },
      { line: 11, message: "priceflag: unknown flag 'estimated' (expected actual, forecast or aggregate)" },
      { line: 12, message: "pricetype: unknown price type 'Farmgate' (expected Wholesale or Retail)" },
      { line: 13, message: "currency: 'USD' is not CNY" },
    ]);
  });

  it('lists every problem of one row together', () => {
    const { errors } = parseWfp(file(good.replace('2014-01-15', '15/01/2014').replace(',KG,', ',BAG,')));
    expect(errors).toEqual([
      { line: 3, message: "date: '15/01/2014' is not a valid date (YYYY-MM-DD); unit: unknown unit 'BAG'" },
    ]);
  });

  it('counts physical lines across quoted line breaks and blank lines', () => {
    const text = file(good.replace(',Sijiazhuang,', ',"Sijia\nzhuang",'), '', good.replace(',2.66,', ',x,'));
    const { rows, errors } = parseWfp(text);
    expect(rows.map((r) => r.line)).toEqual([3]);
    expect(errors).toEqual([{ line: 6, message: "price: 'x' is not a number" }]);
  });

  it('reports a short row, a duplicate row, a broken quote and a wrong header', () => {
    expect(parseWfp(file(good, '2014-01-15,Hebei Sheng')).errors).toEqual([
      { line: 4, message: 'expected 14 fields, found 2' },
    ]);
    expect(parseWfp(file(good, good)).errors).toEqual([
      { line: 4, message: 'duplicate of line 3 (same product, market, date, price type and flag)' },
    ]);
    expect(parseWfp(file(good, good.replace('Sijiazhuang', '"Sijia"zhuang')))).toEqual({
      rows: [expect.objectContaining({ line: 3 })],
      errors: [
        { line: 4, message: 'unexpected text after a closing quote (a quote inside a quoted field must be doubled)' },
      ],
    });
    expect(parseWfp('date,market,price\n2020-01-01,X,1\n').errors).toEqual([
      { line: 1, message: 'not a WFP price file: missing column(s) admin1, category, commodity, unit, pricetype' },
    ]);
    expect(parseWfp('').errors).toEqual([{ line: 1, message: 'the file is empty (a header row is required)' }]);
  });
});
