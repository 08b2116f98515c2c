import 'server-only';
import type { PriceFlag, PriceType } from './types';

/** Stored codes of an observation's flag and price type (see schema-market.ts for why they are numbers). */
export const FLAG_CODE: Record<PriceFlag, number> = { actual: 0, forecast: 1, aggregate: 2 };
export const PRICE_TYPE_CODE: Record<PriceType, number> = { wholesale: 0, retail: 1 };
export const PRICE_TYPE_OF: Record<number, PriceType> = { 0: 'wholesale', 1: 'retail' };
export const ACTUAL = FLAG_CODE.actual;
