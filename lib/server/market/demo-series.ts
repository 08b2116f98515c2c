import 'server-only';
import { dayNumber, daysInMonth, fromDayNumber, pad2 } from './dates';
import { MARKETS, type MarketInfo } from './markets';
import { normalFrom, rngFor } from './prng';
import { PRODUCTS, type DemoShape, type ProductInfo } from './products';
import { PROVINCE_BY_CODE, PROVINCES, type Province } from './provinces';
import type { CategoryCode, NormalisedObservation } from './types';

export { MARKETS, PRODUCTS, PROVINCES };
export type { MarketInfo, ProductInfo, Province };

export const DEMO_SOURCE = 'Demo data (generated)';
export const DEMO_LICENCE = 'demo';

/** Catalogue products the generator produces (everything except the real WFP grains). */
export const DEMO_PRODUCTS: readonly (ProductInfo & { demo: DemoShape })[] = PRODUCTS.filter(
  (p): p is ProductInfo & { demo: DemoShape } => !!p.demo,
);

export interface DemoOptions {
  /** Last day, YYYY-MM-DD (inclusive), e.g. today. */
  to: string;
  /** First day; default 1 January four years before `to`'s year. */
  from?: string;
  /** Changing the seed gives another, equally plausible history. */
  seed?: string;
  /** Product codes (default: all of DEMO_PRODUCTS). */
  products?: readonly string[];
  /** Market codes (default: all of MARKETS). */
  markets?: readonly string[];
}

/** Remote provinces pay for transport; producing regions sell below the national level. */
const REMOTE = new Set(['tibet', 'qinghai', 'xinjiang', 'hainan', 'ningxia', 'gansu', 'inner-mongolia']);
const CHEAPER_BY_CATEGORY: Partial<Record<CategoryCode, Set<string>>> = {
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
  product: ProductInfo & { demo: DemoShape };
  market: MarketInfo;
  province: Province;
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
  const marketCodes = options.markets ? new Set(options.markets) : null;
  const products = DEMO_PRODUCTS.filter((p) => !productCodes || productCodes.has(p.code));
  const markets = MARKETS.filter((m) => !marketCodes || marketCodes.has(m.code));
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

function plan(product: ProductInfo & { demo: DemoShape }, market: MarketInfo, seed: string): SeriesPlan {
  const province = PROVINCE_BY_CODE.get(market.provinceCode);
  if (!province) throw new Error(`internal: market ${market.code} has no province`);
  // Offsets depend only on (seed, product, province/market), so a subset of series keeps its values.
  const provRand = normalFrom(rngFor(`${seed}|${product.code}|${province.code}`));
  const mktRand = rngFor(`${seed}|${product.code}|${market.code}|plan`);
  let offset = 0.04 * provRand();
  if (REMOTE.has(province.code)) offset += 0.08;
  if (CHEAPER_BY_CATEGORY[product.category]?.has(province.code)) offset -= 0.07;
  offset += 0.02 * (2 * mktRand() - 1);
  return {
    product,
    market,
    province,
    logLevel: Math.log(product.demo.base) + offset,
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
export function* generateDemoSeries(options: DemoOptions): Generator<NormalisedObservation, void, undefined> {
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
      const { province } = s;
      const productNameEn = product.en;
      const productNameZh = product.zh;
      const category = product.category;
      const unit = product.unit;
      const sourceUnit = unit === 'l' ? 'L' : unit === 'kg' ? 'KG' : 'piece';
      for (let i = 0; i < days; i++) {
        y = RHO * y + localNoise * local();
        const priceFen = max(1, round(100 * exp(s.logLevel + (seasonal[i] ?? 0) + (national[i] ?? 0) + y)));
        const price = priceFen / 100;
        const u = rand();
        const spread = s.spread * (0.6 + 0.8 * u);
        const row: NormalisedObservation = {
          line: 0,
          date: dates[i] ?? '',
          productCode: product.code,
          productNameEn,
          productNameZh,
          category,
          provinceCode: province.code,
          provinceAdcode: province.adcode,
          provinceEn: province.en,
          provinceZh: province.zh,
          city: market.city,
          marketCode: market.code,
          marketName: market.en,
          marketNameZh: market.zh,
          lat: market.lat,
          lon: market.lon,
          price,
          priceFen,
          minFen: max(1, round(priceFen * (1 - spread))),
          maxFen: round(priceFen * (1 + spread)),
          volume: round(s.baseVolume * (0.7 + 0.6 * u)),
          unit,
          currency: 'CNY',
          sourceUnit,
          sourcePrice: price,
          flag: 'actual',
          priceType: 'wholesale',
          source: DEMO_SOURCE,
          licence: DEMO_LICENCE,
        };
        yield row;
      }
    }
  }
}
