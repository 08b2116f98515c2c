import { describe, expect, it } from '@jest/globals';
import { computeIndexValues, groupSeries, type ProductInfo } from '@/lib/server/services/market/import/index-compute';

const product = (code: string, num: number, category: string): ProductInfo => ({
  code,
  num,
  category_code: category,
  name_zh: code,
  name_en: code,
  cat_zh: category,
  cat_en: category,
  cat_sort: 0,
});
const col = (xs: number[]) => Float64Array.from(xs);

describe('a country’s indexes from its prices', () => {
  it('groups prices into market series, days ascending, whatever order they were read in', () => {
    const read = groupSeries(
      col([3, 3, 3, 3]),
      col([10, 11, 10, 10]),
      col([19_000, 19_000, 19_002, 19_001]),
      col([5.25, 4.8, 5.3, 5.2]),
      col([12, NaN, 14, 2]),
    );
    expect(read.map((s) => [s.product, s.market])).toEqual([
      [3, 10],
      [3, 11],
    ]);
    expect(Array.from(read[0]!.days)).toEqual([19_000, 19_001, 19_002]);
    expect(Array.from(read[0]!.prices)).toEqual([5.25, 5.2, 5.3]);
    expect(Array.from(read[0]!.volumes)).toEqual([12, 2, 14]);
  });

  it('publishes them for its own nation and provinces, named after the prices they follow', () => {
    // Two products, monthly, two markets in one division and one in another.
    const months = [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335].map((d) => 19_723 + d); // the 1st of each month of 2024
    const p: number[] = [];
    const m: number[] = [];
    const d: number[] = [];
    const x: number[] = [];
    for (const [prod, market, base] of [
      [1, 100, 50],
      [1, 101, 52],
      [1, 102, 49],
      [2, 100, 120],
      [2, 102, 118],
    ] as const)
      months.forEach((day, i) => {
        p.push(prod);
        m.push(market);
        d.push(day);
        x.push(base * (1 + i / 100));
      });
    const out = computeIndexValues(
      {
        nationId: 'bgd',
        priceType: 'retail',
        products: [product('lentils', 1, 'grains'), product('palm-oil', 2, 'oils')],
        markets: [
          { id: 'bgd/dhaka/a', num: 100, province_id: 'bgd/dhaka' },
          { id: 'bgd/dhaka/b', num: 101, province_id: 'bgd/dhaka' },
          { id: 'bgd/khulna/c', num: 102, province_id: 'bgd/khulna' },
        ],
        series: groupSeries(col(p), col(m), col(d), col(x), col(p.map(() => NaN))),
      },
      {},
    );
    const composite = out.defs.find((def) => def.code === 'composite')!;
    expect(composite).toMatchObject({
      nameEn: 'Agricultural retail price index (composite)',
      nameZh: '农产品零售价格综合指数',
      granularity: 'month',
      base: { from: '2024-01-01', to: '2024-12-31' },
      equalWeights: true,
      regionIds: ['bgd', 'bgd/dhaka', 'bgd/khulna'],
    });
    expect(out.defs.find((def) => def.code === 'prod:lentils')?.regionIds).toEqual(['bgd']);
    const nation = out.values.filter((v) => v.code === 'composite' && v.region === 'bgd');
    expect(nation.map((v) => v.day)).toEqual(
      months.map((day) => new Date(day * 86_400_000).toISOString().slice(0, 8) + '01'),
    );
    // Every price rose 1 % a month from January: the base year averages 100.
    expect(nation.reduce((a, v) => a + v.level, 0) / nation.length).toBeCloseTo(100, 6);
    expect(nation[11]!.level / nation[0]!.level).toBeCloseTo(1.11, 6);
  });
});
