import 'server-only';
import { memo } from './memo';
import { slugify } from './provinces';
import type { BaseUnit, CategoryCode } from './types';

/** Shape of a generated demo series, on the log-price scale (see demo-series.ts). */
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

export interface ProductInfo {
  code: string;
  en: string;
  zh: string;
  category: CategoryCode;
  unit: BaseUnit;
  /** Other names sources use (WFP commodity names, plain Chinese names). */
  aliases?: string[];
  /** Present for products the demo generator produces; WFP grains come from the real file. */
  demo?: DemoShape;
}

const p = (
  code: string,
  en: string,
  zh: string,
  category: CategoryCode,
  unit: BaseUnit,
  demo?: DemoShape,
  aliases?: string[],
): ProductInfo => ({
  code,
  en,
  zh,
  category,
  unit,
  ...(demo ? { demo } : {}),
  ...(aliases ? { aliases } : {}),
});

/**
 * Product catalogue shared by the importers and the demo generator. Demo levels are rough
 * 2020s national wholesale averages in CNY/kg (CNY/l for oils and milk).
 */
export const PRODUCTS: readonly ProductInfo[] = [
  // Grains: the first five come from the real WFP file.
  p('wheat', 'Wheat', '小麦', 'grains', 'kg'),
  p('maize', 'Maize', '玉米', 'grains', 'kg', undefined, ['Corn']),
  p('rice-indica', 'Rice (indica)', '籼米', 'grains', 'kg'),
  p('rice-japonica', 'Rice (japonica)', '粳米', 'grains', 'kg'),
  p('wheat-flour', 'Wheat flour (first grade)', '面粉', 'grains', 'kg', undefined, ['Wheat flour']),
  p(
    'soybean',
    'Soybean',
    '大豆',
    'grains',
    'kg',
    { base: 5.6, seasonal: 0.03, peakDay: 200, trend: 0.02, noise: 0.004 },
    ['Soybeans'],
  ),
  p('millet', 'Millet', '小米', 'grains', 'kg', { base: 9, seasonal: 0.04, peakDay: 220, trend: 0.025, noise: 0.005 }),
  p('sorghum', 'Sorghum', '高粱', 'grains', 'kg', {
    base: 3.4,
    seasonal: 0.04,
    peakDay: 210,
    trend: 0.02,
    noise: 0.005,
  }),
  p('mung-bean', 'Mung bean', '绿豆', 'grains', 'kg', {
    base: 10.5,
    seasonal: 0.05,
    peakDay: 190,
    trend: 0.03,
    noise: 0.006,
  }),
  // Vegetables: strong winter peak, summer trough.
  p(
    'chinese-cabbage',
    'Chinese cabbage',
    '大白菜',
    'vegetables',
    'kg',
    { base: 1.8, seasonal: 0.35, peakDay: 40, trend: 0.02, noise: 0.03 },
    ['Cabbage'],
  ),
  p(
    'potato',
    'Potato',
    '土豆',
    'vegetables',
    'kg',
    { base: 2.9, seasonal: 0.15, peakDay: 150, trend: 0.02, noise: 0.012 },
    ['Potatoes', '马铃薯'],
  ),
  p(
    'tomato',
    'Tomato',
    '西红柿',
    'vegetables',
    'kg',
    { base: 5.2, seasonal: 0.3, peakDay: 30, trend: 0.02, noise: 0.025 },
    ['Tomatoes', '番茄'],
  ),
  p('cucumber', 'Cucumber', '黄瓜', 'vegetables', 'kg', {
    base: 4.6,
    seasonal: 0.35,
    peakDay: 25,
    trend: 0.02,
    noise: 0.03,
  }),
  p(
    'carrot',
    'Carrot',
    '胡萝卜',
    'vegetables',
    'kg',
    { base: 2.8, seasonal: 0.15, peakDay: 120, trend: 0.02, noise: 0.015 },
    ['Carrots'],
  ),
  p('white-radish', 'White radish', '白萝卜', 'vegetables', 'kg', {
    base: 1.9,
    seasonal: 0.3,
    peakDay: 60,
    trend: 0.02,
    noise: 0.025,
  }),
  p(
    'onion',
    'Onion',
    '洋葱',
    'vegetables',
    'kg',
    { base: 2.6, seasonal: 0.18, peakDay: 100, trend: 0.02, noise: 0.015 },
    ['Onions'],
  ),
  p('green-pepper', 'Green pepper', '青椒', 'vegetables', 'kg', {
    base: 5.6,
    seasonal: 0.3,
    peakDay: 20,
    trend: 0.02,
    noise: 0.025,
  }),
  p('eggplant', 'Eggplant', '茄子', 'vegetables', 'kg', {
    base: 5,
    seasonal: 0.3,
    peakDay: 30,
    trend: 0.02,
    noise: 0.025,
  }),
  p('spinach', 'Spinach', '菠菜', 'vegetables', 'kg', {
    base: 5.4,
    seasonal: 0.4,
    peakDay: 200,
    trend: 0.02,
    noise: 0.035,
  }),
  p('garlic', 'Garlic', '大蒜', 'vegetables', 'kg', {
    base: 7.5,
    seasonal: 0.08,
    peakDay: 90,
    trend: 0.01,
    noise: 0.012,
    cycle: { amplitude: 0.3, years: 3 },
  }),
  p('ginger', 'Ginger', '生姜', 'vegetables', 'kg', {
    base: 8.5,
    seasonal: 0.08,
    peakDay: 260,
    trend: 0.01,
    noise: 0.012,
    cycle: { amplitude: 0.25, years: 4 },
  }),
  // Fruit: cheapest at harvest.
  p(
    'apple',
    'Apple (Fuji)',
    '富士苹果',
    'fruit',
    'kg',
    { base: 8, seasonal: 0.12, peakDay: 190, trend: 0.02, noise: 0.01 },
    ['Apple', 'Apples', '苹果'],
  ),
  p('pear', 'Pear', '梨', 'fruit', 'kg', { base: 5.5, seasonal: 0.12, peakDay: 180, trend: 0.02, noise: 0.01 }, [
    'Pears',
    '鸭梨',
  ]),
  p('orange', 'Orange', '橙子', 'fruit', 'kg', { base: 7, seasonal: 0.15, peakDay: 230, trend: 0.02, noise: 0.012 }, [
    'Oranges',
  ]),
  p('banana', 'Banana', '香蕉', 'fruit', 'kg', { base: 5.8, seasonal: 0.12, peakDay: 60, trend: 0.015, noise: 0.012 }, [
    'Bananas',
  ]),
  p('watermelon', 'Watermelon', '西瓜', 'fruit', 'kg', {
    base: 3.2,
    seasonal: 0.4,
    peakDay: 30,
    trend: 0.02,
    noise: 0.025,
  }),
  p('grape', 'Grape', '葡萄', 'fruit', 'kg', { base: 10.5, seasonal: 0.3, peakDay: 90, trend: 0.02, noise: 0.02 }, [
    'Grapes',
  ]),
  // Meat & poultry: the pork cycle dominates pork; holidays lift winter prices.
  p(
    'pork',
    'Pork',
    '猪肉',
    'meat-poultry',
    'kg',
    { base: 25, seasonal: 0.06, peakDay: 20, trend: 0.01, noise: 0.008, cycle: { amplitude: 0.25, years: 3.5 } },
    ['Meat (pork)'],
  ),
  p(
    'beef',
    'Beef',
    '牛肉',
    'meat-poultry',
    'kg',
    { base: 76, seasonal: 0.03, peakDay: 20, trend: 0.025, noise: 0.004 },
    ['Meat (beef)'],
  ),
  p(
    'mutton',
    'Mutton',
    '羊肉',
    'meat-poultry',
    'kg',
    { base: 72, seasonal: 0.05, peakDay: 10, trend: 0.025, noise: 0.004 },
    ['Meat (mutton)', 'Lamb'],
  ),
  p(
    'broiler',
    'Whole chicken (broiler)',
    '白条鸡',
    'meat-poultry',
    'kg',
    { base: 18, seasonal: 0.04, peakDay: 30, trend: 0.015, noise: 0.006 },
    ['Meat (chicken)', 'Chicken', '鸡肉'],
  ),
  // Aquatic.
  p('grass-carp', 'Grass carp', '草鱼', 'aquatic', 'kg', {
    base: 16,
    seasonal: 0.06,
    peakDay: 40,
    trend: 0.02,
    noise: 0.008,
  }),
  p(
    'carp',
    'Common carp',
    '鲤鱼',
    'aquatic',
    'kg',
    { base: 13, seasonal: 0.05, peakDay: 40, trend: 0.015, noise: 0.008 },
    ['Carp'],
  ),
  p('tilapia', 'Tilapia', '罗非鱼', 'aquatic', 'kg', {
    base: 15,
    seasonal: 0.05,
    peakDay: 60,
    trend: 0.015,
    noise: 0.008,
  }),
  p('hairtail', 'Hairtail', '带鱼', 'aquatic', 'kg', {
    base: 36,
    seasonal: 0.08,
    peakDay: 120,
    trend: 0.025,
    noise: 0.008,
  }),
  p(
    'shrimp',
    'Whiteleg shrimp',
    '南美白对虾',
    'aquatic',
    'kg',
    { base: 52, seasonal: 0.12, peakDay: 150, trend: 0.02, noise: 0.012 },
    ['Shrimp', '白虾'],
  ),
  // Eggs & dairy: eggs peak before the Mid-Autumn festival.
  p(
    'eggs',
    'Eggs',
    '鸡蛋',
    'eggs-dairy',
    'kg',
    { base: 10, seasonal: 0.1, peakDay: 245, trend: 0.015, noise: 0.012, cycle: { amplitude: 0.08, years: 3 } },
    ['Egg', 'Eggs (chicken)'],
  ),
  p(
    'milk',
    'Fresh milk',
    '鲜牛奶',
    'eggs-dairy',
    'l',
    { base: 12, seasonal: 0.02, peakDay: 20, trend: 0.02, noise: 0.003 },
    ['Milk', '牛奶'],
  ),
  // Oils.
  p(
    'soybean-oil',
    'Soybean oil',
    '大豆油',
    'oils',
    'l',
    { base: 10.5, seasonal: 0.02, peakDay: 10, trend: 0.02, noise: 0.005 },
    ['Oil (soybean)'],
  ),
  p(
    'peanut-oil',
    'Peanut oil',
    '花生油',
    'oils',
    'l',
    { base: 26, seasonal: 0.02, peakDay: 10, trend: 0.02, noise: 0.004 },
    ['Oil (groundnut)', 'Groundnut oil'],
  ),
  p(
    'rapeseed-oil',
    'Rapeseed oil',
    '菜籽油',
    'oils',
    'l',
    { base: 15.5, seasonal: 0.02, peakDay: 10, trend: 0.02, noise: 0.004 },
    ['Oil (rapeseed)'],
  ),
];

const key = (s: string) => slugify(s);

const BY_NAME = new Map<string, ProductInfo>();
for (const prod of PRODUCTS) {
  for (const name of [prod.code, prod.en, prod.zh, ...(prod.aliases ?? [])]) BY_NAME.set(key(name), prod);
}

/** A catalogue product by code, English/Chinese name or alias ("Rice (Indica)" → rice-indica). */
export const findProduct: (raw: string) => ProductInfo | null = memo((raw) => BY_NAME.get(key(raw)) ?? null);

export const PRODUCT_BY_CODE: ReadonlyMap<string, ProductInfo> = new Map(PRODUCTS.map((x) => [x.code, x]));

const CATEGORY_ALIASES: Record<string, CategoryCode> = {
  grains: 'grains',
  grain: 'grains',
  cereals: 'grains',
  粮食: 'grains',
  粮油: 'grains',
  vegetables: 'vegetables',
  vegetable: 'vegetables',
  蔬菜: 'vegetables',
  fruit: 'fruit',
  fruits: 'fruit',
  水果: 'fruit',
  'meat-poultry': 'meat-poultry',
  'meat-and-poultry': 'meat-poultry',
  meat: 'meat-poultry',
  肉禽: 'meat-poultry',
  畜禽: 'meat-poultry',
  aquatic: 'aquatic',
  'aquatic-products': 'aquatic',
  fish: 'aquatic',
  水产品: 'aquatic',
  水产: 'aquatic',
  'eggs-dairy': 'eggs-dairy',
  'eggs-and-dairy': 'eggs-dairy',
  蛋奶: 'eggs-dairy',
  禽蛋: 'eggs-dairy',
  oils: 'oils',
  'edible-oils': 'oils',
  食用油: 'oils',
};

/** Our category from a code or an English/Chinese name ("meat & poultry", "蔬菜"); null if none. */
export function findCategory(raw: string): CategoryCode | null {
  return CATEGORY_ALIASES[key(raw)] ?? null;
}
