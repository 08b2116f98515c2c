import { describe, expect, it } from '@jest/globals';
import { mapPoints, toneOf } from '@/components/shared/market/map/map-points';
import type { WebPriceDTO } from '@/lib/api/schemas/market';

const item = (
  market: string,
  product: string,
  price: number,
  priceType: 'wholesale' | 'retail',
  changePct: number | null,
) => ({
  product,
  market,
  date: '2024-08-15',
  price,
  prevDate: null,
  change: null,
  changePct,
  priceType,
  currency: 'BDT',
  source: 0,
});
const market = (id: string, name: string, province: string, lat: number | null, lon: number | null) => ({
  id,
  name,
  provinceId: province.toLowerCase(),
  provinceName: province,
  countryCode: 'BGD',
  lat,
  lon,
});
const data = {
  asOf: '2024-08-15',
  products: [],
  markets: [
    market('m1', 'Dhaka (Kawran Bazar)', 'Dhaka', 23.75, 90.39),
    market('m2', 'Teknaf', 'Chittagong', null, null),
  ],
  items: [
    item('m1', 'rice', 50, 'retail', 2),
    item('m1', 'rice', 44, 'wholesale', -1),
    item('m2', 'rice', 52, 'retail', null),
    item('m1', 'lentils', 110, 'retail', 0),
  ],
  sources: [],
  fx: [],
} as unknown as WebPriceDTO;

describe('the market map', () => {
  it("takes each market's latest price of the chosen product, wholesale first, as the list has it", () => {
    const points = mapPoints(data, 'rice');
    expect(points.map((p) => [p.id, p.price, p.changePct])).toEqual([
      ['m2', 52, null],
      ['m1', 44, -1],
    ]);
    expect(points.find((p) => p.id === 'm2')).toMatchObject({ lat: null, lon: null });
    expect(mapPoints(data, null)).toEqual([]);
    expect(mapPoints(undefined, 'rice')).toEqual([]);
  });

  it('colours a rise and a fall apart, stronger for a bigger move, and grey without a change', () => {
    expect(toneOf(3, 'red', 'green').fill).toBe('red');
    expect(toneOf(-3, 'red', 'green').fill).toBe('green');
    expect(toneOf(-12, 'red', 'green').opacity).toBeGreaterThan(toneOf(-3, 'red', 'green').opacity);
    expect(toneOf(-12, 'red', 'green').opacity).toBe(1);
    expect(toneOf(null, 'red', 'green').fill).toBe(toneOf(0, 'red', 'green').fill);
  });
});
