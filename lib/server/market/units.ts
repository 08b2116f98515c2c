import 'server-only';
import type { BaseUnit } from './types';

export interface UnitPack {
  unit: BaseUnit;
  /** How many base units one priced pack holds: "90 KG" → 90, "500 G" → 0.5, "斤" → 0.5, "Dozen" → 12. */
  quantity: number;
}

const kg = (quantity: number): UnitPack => ({ unit: 'kg', quantity });
const litre = (quantity: number): UnitPack => ({ unit: 'l', quantity });
const item = (quantity: number): UnitPack => ({ unit: 'piece', quantity });

/**
 * Unit words (lower case) that convert: weights to kg, volumes to litres, single items to pieces.
 * Any other word is a counted unit of its own (docs/market-data.md, "Units"): a bunch, a head, a
 * loaf or a marmite is not a piece and not a kilogram, so its prices form their own series.
 */
const UNIT_WORDS: Record<string, UnitPack> = {
  kg: kg(1),
  kgs: kg(1),
  kilo: kg(1),
  kilos: kg(1),
  kilogram: kg(1),
  kilograms: kg(1),
  公斤: kg(1),
  千克: kg(1),
  g: kg(0.001),
  gr: kg(0.001),
  gram: kg(0.001),
  grams: kg(0.001),
  克: kg(0.001),
  jin: kg(0.5),
  斤: kg(0.5),
  市斤: kg(0.5),
  lb: kg(0.45359237),
  lbs: kg(0.45359237),
  pound: kg(0.45359237),
  pounds: kg(0.45359237),
  libra: kg(0.45359237),
  libras: kg(0.45359237),
  oz: kg(0.028349523125),
  ounce: kg(0.028349523125),
  t: kg(1000),
  mt: kg(1000),
  ton: kg(1000),
  tonne: kg(1000),
  tonnes: kg(1000),
  吨: kg(1000),
  l: litre(1),
  lt: litre(1),
  ltr: litre(1),
  litre: litre(1),
  litres: litre(1),
  liter: litre(1),
  liters: litre(1),
  升: litre(1),
  ml: litre(0.001),
  cl: litre(0.01),
  毫升: litre(0.001),
  gallon: litre(3.785411784),
  gallons: litre(3.785411784),
  unit: item(1),
  units: item(1),
  pcs: item(1),
  pc: item(1),
  piece: item(1),
  pieces: item(1),
  item: item(1),
  items: item(1),
  个: item(1),
  枚: item(1),
  只: item(1),
  dozen: item(12),
  dz: item(12),
};

/** Counted units with more than one spelling, by their one name. */
const COUNTED_ALIASES: Record<string, string> = {
  'cubic meter': 'm3',
  'cubic metre': 'm3',
  m3: 'm3',
  kwh: 'kwh',
  loaves: 'loaf',
  把: 'bunch',
  串: 'bunch',
  颗: 'head',
  棵: 'head',
  卷: 'roll',
  条: 'loaf',
  块: 'bar',
};

// "90 KG", "0.5L", "1 piece", "10 pcs", "Dozen", "斤", "100 Tubers", "Cubic meter", "USD/LCU".
const PACK = /^(\d+(?:\.\d+)?)?\s*([a-z\u4e00-\u9fff][a-z0-9\u4e00-\u9fff ./-]{0,29}?)\.?$/;
// A pack that says its weight or volume: "Bag (25 KG)", "Tin (400 G)".
const INNER = /\(([^()]+)\)\s*$/;

/** A counted unit's one name: lower case, singular ("Tubers" → tuber, "Bunches" → bunch). */
function countedName(word: string): string {
  const w = word.trim().replace(/\s+/g, ' ');
  const alias = COUNTED_ALIASES[w];
  if (alias) return alias;
  if (/[^a-z]/.test(w) || w.length <= 3) return w;
  if (/(ch|sh|x|ss)es$/.test(w)) return w.slice(0, -2);
  if (/[^aeiou]ies$/.test(w)) return `${w.slice(0, -3)}y`;
  if (/[^s]s$/.test(w)) return w.slice(0, -1);
  return w;
}

/**
 * The pack a unit text stands for: a weight or volume converted to kg or litres, single items to
 * pieces, and any other word a counted unit of its own ("Bunch" → 1 bunch, "100 Tubers" → 100
 * tuber). Null only for a text that names no unit at all (empty, a bare number, a count of 0).
 */
export function parseUnit(raw: string): UnitPack | null {
  const text = raw.trim().toLowerCase().replace(/\s+/g, ' ');
  const inner = INNER.exec(text);
  if (inner) {
    const pack = parseUnit(inner[1]!);
    if (pack && (pack.unit === 'kg' || pack.unit === 'l')) return pack;
  }
  const m = PACK.exec(text);
  if (!m) return null;
  const count = m[1] === undefined ? 1 : Number(m[1]);
  if (!(count > 0)) return null;
  const word = (m[2] ?? '').trim();
  const known = UNIT_WORDS[word];
  if (known) return { unit: known.unit, quantity: count * known.quantity };
  // A number inside the word is a pack written another way ("KG 50"): not guessed.
  if (/\d/.test(word) && !COUNTED_ALIASES[word]) return null;
  return { unit: countedName(word), quantity: count };
}
