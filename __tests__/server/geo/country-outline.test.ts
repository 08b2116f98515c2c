import { describe, expect, it } from '@jest/globals';
import { geoBounds, geoContains } from 'd3-geo';
import { GET } from '@/app/geo/[file]/route';
import { countryOutline } from '@/lib/server/geo/country-outline';

describe("a country's outline for the market map", () => {
  it("holds the country's markets: Dhaka and Teknaf in Bangladesh, Beijing and Taipei in China", () => {
    const bgd = countryOutline('BGD')!;
    expect(geoContains(bgd, [90.39, 23.75])).toBe(true);
    expect(geoContains(bgd, [92.3, 20.87])).toBe(true);
    expect(geoContains(bgd, [116.4, 39.9])).toBe(false);
    const chn = countryOutline('CHN')!;
    expect(geoContains(chn, [116.4, 39.9])).toBe(true);
    expect(geoContains(chn, [121.56, 25.04])).toBe(true);
    const [[w, s], [e, n]] = geoBounds(bgd);
    expect([w, s, e, n].map(Math.round)).toEqual([88, 21, 93, 27]);
  });

  it('is served as GeoJSON with a long cache, and 404 for what is not a country', async () => {
    const res = await GET(new Request('http://localhost/geo/BGD.json'), {
      params: Promise.resolve({ file: 'BGD.json' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/max-age=604800/);
    expect(((await res.json()) as { geometry: { type: string } }).geometry.type).toBe('MultiPolygon');
    for (const file of ['XXX.json', 'bgd.json', '../etc.json', 'BGD']) {
      const r = await GET(new Request(`http://localhost/geo/${file}`), { params: Promise.resolve({ file }) });
      expect(r.status).toBe(404);
    }
  });
});
