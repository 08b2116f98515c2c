import { describe, expect, it } from '@jest/globals';
import {
  DEMO_LICENCE,
  DEMO_SOURCE,
  demoMarkets,
  demoProducts,
  demoRowCount,
  generateDemoSeries,
  type DemoOptions,
} from '@/lib/server/market/demo-series';
import { categoriesData, productNamesData, productsData, regionsData } from '@/lib/server/market/seed-data';
import type { SourceRow } from '@/lib/server/market/types';

const take = (options: DemoOptions, n: number) => {
  const out: SourceRow[] = [];
  for (const r of generateDemoSeries(options)) {
    out.push(r);
    if (out.length === n) break;
  }
  return out;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const marketOf = (r: SourceRow) => demoMarkets().find((m) => m.en === r.market && m.province === r.admin1)?.code;

describe('the catalogue and China’s geography as data', () => {
  it('covers every food category, every mainland province, and has unique codes', () => {
    const food = categoriesData()
      .map((c) => c.code)
      .filter((c) => c !== 'other-food' && c !== 'non-food');
    expect(new Set(productsData().map((p) => p.category))).toEqual(new Set(food));
    expect(new Set(demoProducts().map((p) => p.category))).toEqual(new Set(food));
    expect(demoProducts().find((p) => p.code === 'wheat')).toBeUndefined(); // real WFP data, not generated
    const regions = regionsData('CHN');
    const provinces = regions.filter((r) => r.level === 'province');
    expect(provinces).toHaveLength(31);
    expect(new Set(demoMarkets().map((m) => m.provinceCode))).toEqual(new Set(provinces.map((p) => p.id)));
    expect(new Set(regions.map((r) => r.id)).size).toBe(regions.length);
    expect(new Set(productsData().map((p) => p.code)).size).toBe(productsData().length);
    // Parents come before children, and every market is placed in a city of its province.
    const seen = new Set<string>();
    for (const r of regions) {
      if (r.parent) expect(seen.has(r.parent)).toBe(true);
      seen.add(r.id);
    }
    for (const m of demoMarkets()) {
      expect(m.code.startsWith(`${m.provinceCode}/`)).toBe(true);
      expect(m.lat).toBeGreaterThan(18);
      expect(m.lat).toBeLessThan(54);
      expect(m.lon).toBeGreaterThan(73);
      expect(m.lon).toBeLessThan(135);
    }
    // The mapping table names only catalogue products, or gives a source's commodity a Chinese name.
    const codes = new Set(productsData().map((p) => p.code));
    expect(productNamesData().filter((n) => (n.product ? !codes.has(n.product) : !n.nameZh))).toEqual([]);
  });
});

describe('demo price generator', () => {
  const options: DemoOptions = { from: '2021-01-01', to: '2024-12-31', seed: 'test' };
  const days = 1461;

  it('yields one labelled daily row per product, market and day, deterministically', () => {
    const small = {
      ...options,
      products: ['pork', 'eggs'],
      markets: ['beijing/xinfadi-wholesale-market', 'tibet/lhasa-chengguan-agricultural-market'],
    };
    const rows = [...generateDemoSeries(small)];
    expect(rows).toHaveLength(demoRowCount(small));
    expect(rows).toHaveLength(2 * 2 * days);
    expect(rows[0]).toMatchObject({
      line: 0,
      date: '2021-01-01',
      country: 'CHN',
      commodity: 'pork',
      category: 'meat-poultry',
      admin1: 'Beijing',
      admin2: 'Beijing',
      market: 'Xinfadi Wholesale Market',
      pack: 'KG',
      flag: 'actual',
      priceType: 'wholesale',
      source: DEMO_SOURCE,
      licence: DEMO_LICENCE,
    });
    expect(rows[days - 1]?.date).toBe('2024-12-31');
    const inconsistent = rows.filter(
      (r) =>
        Math.round(r.price * 100) / 100 !== r.price ||
        (r.min ?? Infinity) > r.price ||
        (r.max ?? -Infinity) < r.price ||
        !((r.volume ?? 0) > 0),
    );
    expect(inconsistent).toEqual([]);
    expect([...generateDemoSeries(small)]).toEqual(rows);
    expect(take({ ...small, seed: 'other' }, 5).map((r) => r.price)).not.toEqual(rows.slice(0, 5).map((r) => r.price));
  });

  it('gives a series the same values whatever other products or markets are generated with it', () => {
    const market = 'hubei/wuhan-baishazhou-market';
    const alone = [...generateDemoSeries({ ...options, products: ['tomato'], markets: [market] })];
    const withOthers = [
      ...generateDemoSeries({
        ...options,
        products: ['apple', 'tomato'],
        markets: ['beijing/xinfadi-wholesale-market', market],
      }),
    ].filter((r) => r.commodity === 'tomato' && marketOf(r) === market);
    expect(withOthers).toEqual(alone);
  });

  it('starts by default on 1 January four years before the end year, and is lazy', () => {
    const first = take({ to: '2025-03-10' }, 1)[0];
    expect(first?.date).toBe('2021-01-01');
    expect(demoRowCount({ to: '2025-03-10', products: ['pork'], markets: ['beijing/xinfadi-wholesale-market'] })).toBe(
      1530,
    );
    // Lazy: 150 years × every series would not fit in memory; ten rows come back at once.
    expect(take({ from: '1950-01-01', to: '2099-12-31' }, 10)).toHaveLength(10);
    expect(() => take({ from: '2025-01-02', to: '2025-01-01' }, 1)).toThrow(RangeError);
  });

  describe('realism', () => {
    const markets = [
      'beijing/xinfadi-wholesale-market',
      'shandong/shouguang-agricultural-logistics-park',
      'tibet/lhasa-chengguan-agricultural-market',
      'guangdong/guangzhou-jiangnan-market',
      'sichuan/chengdu-agricultural-products-centre',
      'heilongjiang/harbin-hada-wholesale-market',
    ];
    const rows = [...generateDemoSeries({ ...options, markets })];
    const byProduct = new Map<string, SourceRow[]>();
    for (const r of rows) {
      const list = byProduct.get(r.commodity) ?? [];
      list.push(r);
      byProduct.set(r.commodity, list);
    }
    const avg = (code: string, filter: (r: SourceRow) => boolean = () => true) =>
      mean((byProduct.get(code) ?? []).filter(filter).map((r) => r.price));
    const monthlyRange = (code: string) => {
      const months = Array.from({ length: 12 }, (_, m) => avg(code, (r) => Number(r.date.slice(5, 7)) === m + 1));
      return Math.max(...months) / Math.min(...months);
    };

    it('has realistic national price levels in CNY per kg / litre', () => {
      const ranges: [string, number, number][] = [
        ['pork', 20, 30],
        ['eggs', 8, 12],
        ['chinese-cabbage', 1, 3],
        ['apple', 6, 10],
        ['tilapia', 12, 18],
        ['soybean-oil', 9, 12],
      ];
      for (const [code, lo, hi] of ranges) {
        const a = avg(code);
        expect([code, a > lo && a < hi]).toEqual([code, true]);
      }
    });

    it('has strong seasonality for vegetables and weak for grains', () => {
      expect(monthlyRange('chinese-cabbage')).toBeGreaterThan(1.4);
      expect(monthlyRange('cucumber')).toBeGreaterThan(1.4);
      expect(monthlyRange('millet')).toBeLessThan(1.15);
      expect(monthlyRange('soybean-oil')).toBeLessThan(1.1);
    });

    it('trends slowly upwards, moves smoothly from day to day, and differs by region', () => {
      expect(avg('beef', (r) => r.date >= '2024') / avg('beef', (r) => r.date < '2022')).toBeGreaterThan(1.03);
      const cabbage = (byProduct.get('chinese-cabbage') ?? [])
        .filter((r) => r.market === 'Shouguang Agricultural Logistics Park')
        .map((r) => Math.log(r.price));
      const dev = cabbage.map((x, i) => x - mean(cabbage.slice(Math.max(0, i - 30), i + 31)));
      const lag1 = mean(dev.slice(1).map((d, i) => d * (dev[i] ?? 0))) / mean(dev.map((d) => d * d));
      expect(lag1).toBeGreaterThan(0.5);
      const dailyMoves = cabbage.slice(1).map((x, i) => Math.abs(x - (cabbage[i] ?? 0)));
      expect(mean(dailyMoves)).toBeLessThan(0.06);
      expect(avg('tomato', (r) => r.admin1 === 'Tibet')).toBeGreaterThan(
        avg('tomato', (r) => r.admin1 === 'Shandong') * 1.05,
      );
    });
  });
});
