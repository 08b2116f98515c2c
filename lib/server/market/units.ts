import 'server-only';
import { memo } from './memo';
import type { BaseUnit } from './types';

export interface UnitPack {
  unit: BaseUnit;
  /** How many base units one priced pack holds: "90 KG" → 90, "500 G" → 0.5, "斤" → 0.5. */
  quantity: number;
}

/** Unit words (lower case) → base unit and size; Chinese market units included for the generic CSV. */
const UNIT_WORDS: Record<string, UnitPack> = {
  kg: { unit: 'kg', quantity: 1 },
  kgs: { unit: 'kg', quantity: 1 },
  kilogram: { unit: 'kg', quantity: 1 },
  kilograms: { unit: 'kg', quantity: 1 },
  公斤: { unit: 'kg', quantity: 1 },
  千克: { unit: 'kg', quantity: 1 },
  g: { unit: 'kg', quantity: 0.001 },
  gram: { unit: 'kg', quantity: 0.001 },
  grams: { unit: 'kg', quantity: 0.001 },
  克: { unit: 'kg', quantity: 0.001 },
  jin: { unit: 'kg', quantity: 0.5 },
  斤: { unit: 'kg', quantity: 0.5 },
  市斤: { unit: 'kg', quantity: 0.5 },
  t: { unit: 'kg', quantity: 1000 },
  mt: { unit: 'kg', quantity: 1000 },
  tonne: { unit: 'kg', quantity: 1000 },
  tonnes: { unit: 'kg', quantity: 1000 },
  吨: { unit: 'kg', quantity: 1000 },
  l: { unit: 'l', quantity: 1 },
  litre: { unit: 'l', quantity: 1 },
  litres: { unit: 'l', quantity: 1 },
  liter: { unit: 'l', quantity: 1 },
  liters: { unit: 'l', quantity: 1 },
  升: { unit: 'l', quantity: 1 },
  ml: { unit: 'l', quantity: 0.001 },
  毫升: { unit: 'l', quantity: 0.001 },
  unit: { unit: 'piece', quantity: 1 },
  units: { unit: 'piece', quantity: 1 },
  pcs: { unit: 'piece', quantity: 1 },
  pc: { unit: 'piece', quantity: 1 },
  piece: { unit: 'piece', quantity: 1 },
  pieces: { unit: 'piece', quantity: 1 },
  个: { unit: 'piece', quantity: 1 },
  枚: { unit: 'piece', quantity: 1 },
  dozen: { unit: 'piece', quantity: 12 },
};

const PACK = /^(\d+(?:\.\d+)?)?\s*([a-z\u4e00-\u9fff]+)$/;

/** Parses "KG", "90 KG", "500 G", "5 L", "0.5L", "斤", "Dozen"; null when the unit is not known. */
export const parseUnit: (raw: string) => UnitPack | null = memo(readUnit);

function readUnit(raw: string): UnitPack | null {
  const m = PACK.exec(raw.trim().toLowerCase());
  if (!m) return null;
  const word = UNIT_WORDS[m[2] ?? ''];
  if (!word) return null;
  const count = m[1] === undefined ? 1 : Number(m[1]);
  if (!(count > 0)) return null;
  return { unit: word.unit, quantity: count * word.quantity };
}
