import 'server-only';
import { dayNumber, daysInMonth, fromDayNumber } from '@/lib/shared/dates';
import { pad2 } from '@/lib/shared/format';
import { normalFrom, rngFor } from './prng';
import { productsData, regionsData, type ProductData } from './seed-data';
import type { SourceRow } from './types';

export const DEMO_SOURCE = 'Demo data (generated)';
export const DEMO_LICENCE = 'demo';

/** Shape of a generated demo series, on the log-price scale. */
export interface DemoShape {
  /** Typical national wholesale price, CNY per unit. */
  base: number;
  /** Amplitude of the annual cycle (0.3 ≈ ±30 %). */
  seasonal: number;
  /** Day of year of the seasonal peak. */
  peakDay: number;
  /** Drift per year (0.03 ≈ +3 %/year). */
  trend: number;
  /** Daily innovation standard deviation of the AR(1) noise. */
  noise: number;
  /** Optional multi-year cycle (e.g. the pork cycle). */
  cycle?: { amplitude: number; years: number };
}

const shape = (
  base: number,
  seasonal: number,
  peakDay: number,
  trend: number,
  noise: number,
  cycle?: DemoShape['cycle'],
): DemoShape => ({
  base,
  seasonal,
  peakDay,
  trend,
  noise,
  ...(cycle ? { cycle } : {}),
});

/**
 * The generator's parameters per catalogue product (data/catalogue/products.csv): rough 2020s
 * national wholesale averages in CNY/kg (CNY/l for oils and milk). The WFP grains come from the
 * real file and have none.
 */
const SHAPES: Record<string, DemoShape> = {
  soybean: shape(5.6, 0.03, 200, 0.02, 0.004),
  millet: shape(9, 0.04, 220, 0.025, 0.005),
  sorghum: shape(3.4, 0.04, 210, 0.02, 0.005),
  'mung-bean': shape(10.5, 0.05, 190, 0.03, 0.006),
  'chinese-cabbage': shape(1.8, 0.35, 40, 0.02, 0.03),
  potato: shape(2.9, 0.15, 150, 0.02, 0.012),
  tomato: shape(5.2, 0.3, 30, 0.02, 0.025),
  cucumber: shape(4.6, 0.35, 25, 0.02, 0.03),
  carrot: shape(2.8, 0.15, 120, 0.02, 0.015),
  'white-radish': shape(1.9, 0.3, 60, 0.02, 0.025),
  onion: shape(2.6, 0.18, 100, 0.02, 0.015),
  'green-pepper': shape(5.6, 0.3, 20, 0.02, 0.025),
  eggplant: shape(5, 0.3, 30, 0.02, 0.025),
  spinach: shape(5.4, 0.4, 200, 0.02, 0.035),
  garlic: shape(7.5, 0.08, 90, 0.01, 0.012, { amplitude: 0.3, years: 3 }),
  ginger: shape(8.5, 0.08, 260, 0.01, 0.012, { amplitude: 0.25, years: 4 }),
  apple: shape(8, 0.12, 190, 0.02, 0.01),
  pear: shape(5.5, 0.12, 180, 0.02, 0.01),
  orange: shape(7, 0.15, 230, 0.02, 0.012),
  banana: shape(5.8, 0.12, 60, 0.015, 0.012),
  watermelon: shape(3.2, 0.4, 30, 0.02, 0.025),
  grape: shape(10.5, 0.3, 90, 0.02, 0.02),
  pork: shape(25, 0.06, 20, 0.01, 0.008, { amplitude: 0.25, years: 3.5 }),
  beef: shape(76, 0.03, 20, 0.025, 0.004),
  mutton: shape(72, 0.05, 10, 0.025, 0.004),
  broiler: shape(18, 0.04, 30, 0.015, 0.006),
  'grass-carp': shape(16, 0.06, 40, 0.02, 0.008),
  carp: shape(13, 0.05, 40, 0.015, 0.008),
  tilapia: shape(15, 0.05, 60, 0.015, 0.008),
  hairtail: shape(36, 0.08, 120, 0.025, 0.008),
  shrimp: shape(52, 0.12, 150, 0.02, 0.012),
  eggs: shape(10, 0.1, 245, 0.015, 0.012, { amplitude: 0.08, years: 3 }),
  milk: shape(12, 0.02, 20, 0.02, 0.003),
  'soybean-oil': shape(10.5, 0.02, 10, 0.02, 0.005),
  'peanut-oil': shape(26, 0.02, 10, 0.02, 0.004),
  'rapeseed-oil': shape(15.5, 0.02, 10, 0.02, 0.004),
};

export type DemoProduct = ProductData & { demo: DemoShape };

/** Catalogue products the generator produces (everything except the real WFP grains). */
export function demoProducts(): DemoProduct[] {
  return productsData().flatMap((p) => (SHAPES[p.code] ? [{ ...p, demo: SHAPES[p.code]! }] : []));
}

/** A market prices are generated for, with its place (any country: the benchmarks make up others). */
export interface DemoMarket {
  /** The region id the import will give it: `<admin1 id>/<slug of the name>`. */
  code: string;
  country: string;
  /** The admin1 area's id and English name (what a price file would write). */
  provinceCode: string;
  province: string;
  city: string | null;
  en: string;
  lat: number | null;
  lon: number | null;
  /** The currency of its prices, the local units per CNY the demo levels are scaled by, and USD per local unit (a USD price is given when set). */
  currency?: string;
  scale?: number;
  usdPerUnit?: number;
}

/** China's markets of data/geo/regions-chn.csv with coordinates (the WFP markets have their own prices). */
export function demoMarkets(): DemoMarket[] {
  const regions = regionsData('CHN');
  const byId = new Map(regions.map((r) => [r.id, r]));
  return regions
    .filter((r) => r.level === 'market' && !WFP_MARKET_IDS.has(r.id))
    .map((m) => {
      const city = m.parent ? byId.get(m.parent) : undefined;
      const provinceId = city?.level === 'city' ? (city.parent ?? '') : (m.parent ?? '');
      return {
        code: m.id,
        country: 'CHN',
        provinceCode: provinceId,
        province: byId.get(provinceId)?.nameEn ?? provinceId,
        city: city?.level === 'city' ? city.nameEn : null,
        en: m.nameEn,
        lat: m.lat,
        lon: m.lon,
      };
    });
}

/** The WFP China markets (their prices come from data/wfp_food_prices_chn.csv, not the generator). */
const WFP_MARKET_IDS = new Set([
  'hebei/sijiazhuang',
  'heilongjiang/heilongjiang',
  'henan/zhengzhou',
  'hubei/hubei',
  'hubei/wuhan',
  'jiangxi/jiujiang',
  'jilin/jilin',
  'shandong/shandong',
  'shandong/linyi',
  'shanxi/yuncheng',
  'zhejiang/hangzhou',
]);

export interface DemoOptions {
  /** Last day, YYYY-MM-DD (inclusive), e.g. today. */
  to: string;
  /** First day; default 1 January four years before `to`'s year. */
  from?: string;
  /** Changing the seed gives another, equally plausible history. */
  seed?: string;
  /** Product codes (default: all demo products). */
  products?: readonly string[];
  /** Market codes of China's demo markets, or the markets themselves (default: all of China's). */
  markets?: readonly string[] | readonly DemoMarket[];
}

/** Remote provinces pay for transport; producing regions sell below the national level. */
const REMOTE = new Set(['tibet', 'qinghai', 'xinjiang', 'hainan', 'ningxia', 'gansu', 'inner-mongolia']);
const CHEAPER_BY_CATEGORY: Partial<Record<string, Set<string>>> = {
  vegetables: new Set(['shandong', 'hebei', 'henan', 'yunnan', 'jiangsu']),
  fruit: new Set(['shandong', 'shaanxi', 'guangxi', 'hainan', 'xinjiang']),
  aquatic: new Set(['guangdong', 'fujian', 'zhejiang', 'shandong', 'jiangsu', 'liaoning', 'hainan', 'hubei']),
  'meat-poultry': new Set(['inner-mongolia', 'xinjiang', 'ningxia', 'qinghai', 'sichuan', 'henan']),
  grains: new Set(['heilongjiang', 'jilin', 'henan', 'shandong', 'hebei']),
  'eggs-dairy': new Set(['inner-mongolia', 'hebei', 'heilongjiang', 'shandong']),
  oils: new Set(['heilongjiang', 'hubei', 'shandong']),
};

/** Daily persistence of the AR(1) deviations (half-life ≈ 23 days). */
const RHO = 0.97;
const EPOCH = dayNumber('2020-01-01');
const TWO_PI = 2 * Math.PI;
// Local aliases: global lookups are slow inside jest's vm sandbox, and these run per row.
const { exp, round, max } = Math;

interface SeriesPlan {
  product: DemoProduct;
  market: DemoMarket;
  logLevel: number;
  spread: number;
  baseVolume: number;
}

function resolveOptions(options: DemoOptions) {
  const to = dayNumber(options.to);
  const from = options.from ? dayNumber(options.from) : dayNumber(`${Number(options.to.slice(0, 4)) - 4}-01-01`);
  if (!Number.isFinite(to) || !Number.isFinite(from) || from > to)
    throw new RangeError(`invalid demo range ${options.from ?? '(default)'}..${options.to}`);
  const productCodes = options.products ? new Set(options.products) : null;
  const products = demoProducts().filter((p) => !productCodes || productCodes.has(p.code));
  const given = options.markets ?? null;
  const markets =
    given && given.length && typeof given[0] !== 'string'
      ? (given as readonly DemoMarket[])
      : demoMarkets().filter((m) => !given || (given as readonly string[]).includes(m.code));
  return { from, to, products, markets, seed: options.seed ?? 'yoonop-demo' };
}

/** Date labels and day-of-year for `days` consecutive days, by counting (no Date objects per day). */
function calendar(from: number, days: number) {
  const dates: string[] = new Array<string>(days);
  const doy = new Float64Array(days);
  const first = fromDayNumber(from);
  let y = Number(first.slice(0, 4));
  let mo = Number(first.slice(5, 7));
  let d = Number(first.slice(8, 10));
  let dayOfYear = from - dayNumber(`${y}-01-01`);
  let monthLength = daysInMonth(y, mo);
  for (let i = 0; i < days; i++) {
    dates[i] = `${y}-${pad2(mo)}-${pad2(d)}`;
    doy[i] = dayOfYear;
    if (++d > monthLength) {
      d = 1;
      if (++mo > 12) {
        mo = 1;
        y++;
        dayOfYear = -1;
      }
      monthLength = daysInMonth(y, mo);
    }
    dayOfYear++;
  }
  return { dates, doy };
}

/** Rows `generateDemoSeries` will yield for these options (for progress bars). */
export function demoRowCount(options: DemoOptions): number {
  const { from, to, products, markets } = resolveOptions(options);
  return (to - from + 1) * products.length * markets.length;
}

function plan(product: DemoProduct, market: DemoMarket, seed: string): SeriesPlan {
  // Offsets depend only on (seed, product, province/market), so a subset of series keeps its values.
  const province = market.provinceCode;
  const provRand = normalFrom(rngFor(`${seed}|${product.code}|${province}`));
  const mktRand = rngFor(`${seed}|${product.code}|${market.code}|plan`);
  let offset = 0.04 * provRand();
  if (REMOTE.has(province)) offset += 0.08;
  if (CHEAPER_BY_CATEGORY[product.category]?.has(province)) offset -= 0.07;
  offset += 0.02 * (2 * mktRand() - 1);
  return {
    product,
    market,
    logLevel: Math.log(product.demo.base * (market.scale ?? 1)) + offset,
    spread: 0.06 + 0.06 * mktRand(),
    baseVolume: Math.round(2000 + 30000 * mktRand()),
  };
}

/**
 * Deterministic daily wholesale prices, series by series (product × market), day by day:
 *
 *   ln p(t) = ln base + regional offset + trend·years + seasonal·cos(2π(doy − peak)/365.25)
 *             + cycle·sin(2π·years/cycleYears + φ) + national shock(t) + local shock(t)
 *
 * where both shocks are AR(1) with ρ = 0.97: the national one is shared by every market of the
 * product (same seed), so markets move together; the local one is per market. Prices are rounded
 * to the fen; min/max bracket the day's price by a market-specific spread; volumes are in kg/l.
 * A generator, so memory stays flat however many rows are drawn.
 */
export function* generateDemoSeries(options: DemoOptions): Generator<SourceRow, void, undefined> {
  const { from, to, products, markets, seed } = resolveOptions(options);
  const days = to - from + 1;
  const { dates, doy } = calendar(from, days);
  const national = new Float64Array(days);
  const seasonal = new Float64Array(days);

  for (const product of products) {
    const shape = product.demo;
    // National shock and deterministic part, shared by every market of the product.
    const nat = normalFrom(rngFor(`${seed}|${product.code}|national`));
    let x = (0.7 * shape.noise * nat()) / Math.sqrt(1 - RHO * RHO);
    const cyclePhase = TWO_PI * rngFor(`${seed}|${product.code}|cycle`)();
    for (let i = 0; i < days; i++) {
      x = RHO * x + 0.7 * shape.noise * nat();
      national[i] = x;
      const years = (from + i - EPOCH) / 365.25;
      const cycle = shape.cycle
        ? shape.cycle.amplitude * Math.sin((TWO_PI * years) / shape.cycle.years + cyclePhase)
        : 0;
      seasonal[i] =
        shape.trend * years + shape.seasonal * Math.cos((TWO_PI * ((doy[i] ?? 0) - shape.peakDay)) / 365.25) + cycle;
    }
    for (const market of markets) {
      const s = plan(product, market, seed);
      const rand = rngFor(`${seed}|${product.code}|${market.code}`);
      const local = normalFrom(rand);
      const localNoise = 0.5 * shape.noise;
      let y = (localNoise * local()) / Math.sqrt(1 - RHO * RHO);
      const { market: m } = s;
      const pack = product.unit === 'l' ? 'L' : product.unit === 'kg' ? 'KG' : 'Unit';
      for (let i = 0; i < days; i++) {
        y = RHO * y + localNoise * local();
        const price = max(1, round(100 * exp(s.logLevel + (seasonal[i] ?? 0) + (national[i] ?? 0) + y))) / 100;
        const u = rand();
        const spread = s.spread * (0.6 + 0.8 * u);
        const row: SourceRow = {
          line: 0,
          country: m.country,
          admin1: m.province,
          admin2: m.city,
          market: m.en,
          marketRef: null,
          lat: m.lat,
          lon: m.lon,
          commodity: product.code,
          catalogueName: true,
          category: product.category,
          pack,
          date: dates[i] ?? '',
          flag: 'actual',
          priceType: 'wholesale',
          currency: m.currency ?? null,
          price,
          usdPrice: m.usdPerUnit ? round(price * m.usdPerUnit * 10_000) / 10_000 : null,
          min: max(0.01, round(price * (1 - spread) * 100) / 100),
          max: round(price * (1 + spread) * 100) / 100,
          volume: round(s.baseVolume * (0.7 + 0.6 * u)),
          source: DEMO_SOURCE,
          licence: DEMO_LICENCE,
        };
        yield row;
      }
    }
  }
}
