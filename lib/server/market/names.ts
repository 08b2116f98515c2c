import 'server-only';
import { unitsEn } from '@/lib/i18n/messages/units.en';
import { unitsZhCN } from '@/lib/i18n/messages/units.zh-cn';

/** How names from sources are compared and turned into ids. */

/** Lower-case ASCII slug; Chinese characters are kept (stable and URL-safe enough for keys). */
export function slugify(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\u4e00-\u9fff]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * A name as a source wrote it, tidied for showing: backticks and typographic apostrophes become
 * apostrophes, and a title-casing tool's "Cox'S Bazar" becomes "Cox's Bazar"; runs of spaces one.
 * Keys are slugs, so a tidied name keeps its id ("Cox`s Bazar" and "Cox's Bazar" are one place).
 */
export function cleanName(raw: string): string {
  return raw
    .replace(/[`´‘’]/g, "'")
    .replace(/(\p{Ll})'S\b/gu, "$1's")
    .replace(/\s+/g, ' ')
    .trim();
}

/** A unit's name in both languages ("bunch" / "串"); one not listed as the source wrote it. */
export function unitNames(unit: string): { en: string; zh: string } {
  return {
    en: Object.hasOwn(unitsEn, unit) ? unitsEn[unit as keyof typeof unitsEn] : unit,
    zh: Object.hasOwn(unitsZhCN, unit) ? unitsZhCN[unit as keyof typeof unitsZhCN] : unit,
  };
}

/**
 * Product names where one commodity is quoted in two units: each of those named with its unit
 * ("Cabbage (per head)" / "Cabbage（每颗）"), so two index names never read alike.
 */
export function withUnitWhereShared<T extends { name_en: string; name_zh: string; unit: string }>(list: T[]): T[] {
  const count = new Map<string, number>();
  for (const p of list) count.set(p.name_en, (count.get(p.name_en) ?? 0) + 1);
  return list.map((p) => {
    if ((count.get(p.name_en) ?? 0) < 2) return p;
    const u = unitNames(p.unit);
    return { ...p, name_en: `${p.name_en} (per ${u.en})`, name_zh: `${p.name_zh}（每${u.zh}）` };
  });
}

/** A country's nation region as the pages name it: "China (national)" / "全国", "Bangladesh (national)" / "孟加拉国（全国）". */
export function nationNames(c: { code: string; nameEn: string; nameZh: string }) {
  return { nameEn: `${c.nameEn} (national)`, nameZh: c.code === 'CHN' ? '全国' : `${c.nameZh}（全国）` };
}

/** Longest first. Administrative suffixes sources add or leave out ("Hebei Sheng", "河北省", "Dhaka Division"). */
const SUFFIXES = [
  ' zhuangzu zizhiqu',
  ' huizu zizhiqu',
  ' uygur zizhiqu',
  ' uyghur autonomous region',
  ' zhuang autonomous region',
  ' hui autonomous region',
  ' autonomous region',
  ' zizhiqu',
  ' sheng',
  ' shi',
  ' province',
  ' municipality',
  ' division',
  ' governorate',
  ' region',
  ' state',
  '维吾尔自治区',
  '壮族自治区',
  '回族自治区',
  '自治区',
  '省',
  '市',
];

/** The key an admin area is matched by: its name without the suffix, slugged ("Hebei Sheng" → hebei). */
export function placeKey(raw: string): string {
  let k = raw
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();
  for (const suffix of SUFFIXES) {
    if (k.endsWith(suffix) && k.length > suffix.length) {
      k = k.slice(0, -suffix.length).trim();
      break;
    }
  }
  return slugify(k);
}

const FRUIT = /apple|banana|orange|mango|grape|melon|pear|lemon|lime|citrus|papaya|pineapple|fruit|peach|plum|date/;
const AQUATIC = /fish|shrimp|prawn|carp|tilapia|crab|squid|seafood|sardine|tuna|mackerel|pangasius|hilsa/;

/**
 * The category of a commodity no mapping names, from the source's food group (WFP's groups) or
 * one of ours by code or name; WFP's mixed groups are split by the commodity's name. Anything
 * else is "other food": the product is created unmapped either way, for staff to place.
 */
export function categoryOf(group: string | null, commodity: string, known: ReadonlyMap<string, string>): string {
  const g = (group ?? '').trim().toLowerCase();
  const name = commodity.toLowerCase();
  const direct = known.get(slugify(g));
  if (direct) return direct;
  switch (g) {
    case 'cereals and tubers':
    case 'pulses and nuts':
      return 'grains';
    case 'vegetables and fruits':
      return FRUIT.test(name) ? 'fruit' : 'vegetables';
    case 'meat, fish and eggs':
      if (/egg/.test(name)) return 'eggs-dairy';
      return AQUATIC.test(name) ? 'aquatic' : 'meat-poultry';
    case 'milk and dairy':
      return 'eggs-dairy';
    case 'oil and fats':
      return 'oils';
    case 'non-food':
      return 'non-food';
    default:
      return 'other-food';
  }
}
