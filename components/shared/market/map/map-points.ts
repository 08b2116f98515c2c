import type { AnomalyDTO } from '@/lib/api/schemas/anomaly';
import type { WebPriceDTO } from '@/lib/api/schemas/market';
import type { AnomalyLevel } from '@/lib/shared/anomaly';

/** One market's latest price of the chosen product, where the map puts it. */
export type MapPoint = {
  id: string;
  name: string;
  province: string;
  lat: number | null;
  lon: number | null;
  date: string;
  price: number;
  currency: string;
  changePct: number | null;
  anomaly: AnomalyDTO | null;
};

/**
 * The chosen product's latest price per market, from the same answer as the price list (WebPrice),
 * so the map, its table and the list show the same figure. Wholesale before retail where a market
 * quotes both, as the list's first row does.
 */
export function mapPoints(data: WebPriceDTO | undefined, product: string | null): MapPoint[] {
  if (!data || !product) return [];
  const markets = new Map(data.markets.map((m) => [m.id, m]));
  const byMarket = new Map<string, MapPoint>();
  for (const i of data.items) {
    if (i.product !== product) continue;
    const m = markets.get(i.market);
    const seen = byMarket.get(i.market);
    if (!m || (seen && i.priceType !== 'wholesale')) continue;
    byMarket.set(i.market, {
      id: m.id,
      name: m.name,
      province: m.provinceName,
      lat: m.lat,
      lon: m.lon,
      date: i.date,
      price: i.price,
      currency: i.currency,
      changePct: i.changePct,
      anomaly: i.anomaly ?? null,
    });
  }
  return [...byMarket.values()].sort((a, b) => a.province.localeCompare(b.province) || a.name.localeCompare(b.name));
}

/** Fill of a market's dot: the up/down tone, stronger with a bigger move (capped at ±10 %). */
export function toneOf(changePct: number | null, rise: string, fall: string): { fill: string; opacity: number } {
  if (changePct === null || changePct === 0) return { fill: '#8a9a97', opacity: 0.9 };
  const strength = Math.min(1, Math.abs(changePct) / 10);
  return { fill: changePct > 0 ? rise : fall, opacity: 0.45 + 0.55 * strength };
}

/** Fill of a dot by anomaly level (the badges' hues, docs/market-data.md); grey without a level. */
export const LEVEL_FILL: Record<AnomalyLevel | 'none', string> = {
  normal: '#4f9d69',
  stress: '#d9a800',
  alert: '#e06c00',
  crisis: '#b3261e',
  none: '#8a9a97',
};
