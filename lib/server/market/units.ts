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
 * Unit words (lower case) → base unit and size. Sources price by weight, volume or count; a
 * word not here is not guessed (the row is rejected naming the unit, so the table can grow).
 * Countable packs (bunch, roll, head, loaf…) are one item each.
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
  head: item(1),
  heads: item(1),
  bunch: item(1),
  bunches: item(1),
  roll: item(1),
  rolls: item(1),
  loaf: item(1),
  loaves: item(1),
  bar: item(1),
  bars: item(1),
  个: item(1),
  枚: item(1),
  只: item(1),
  dozen: item(12),
  dz: item(12),
};

// "90 KG", "0.5L", "1 piece", "10 pcs", "Dozen", "斤"; a pack count may also follow the word ("KG 50" is not accepted).
const PACK = /^(\d+(?:\.\d+)?)?\s*([a-z\u4e00-\u9fff]+)\.?$/;

/** The pack a unit text stands for; null when the unit is not known. */
export function parseUnit(raw: string): UnitPack | null {
  const m = PACK.exec(raw.trim().toLowerCase());
  if (!m) return null;
  const word = UNIT_WORDS[m[2] ?? ''];
  if (!word) return null;
  const count = m[1] === undefined ? 1 : Number(m[1]);
  if (!(count > 0)) return null;
  return { unit: word.unit, quantity: count * word.quantity };
}
