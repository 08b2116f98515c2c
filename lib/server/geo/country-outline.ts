import 'server-only';
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';
import countries from 'i18n-iso-countries';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlas from 'world-atlas/countries-50m.json';

/**
 * A country's outline for the market map (docs/decisions/market-map.md): Natural Earth's 1:50m
 * admin-0 countries as packaged by `world-atlas` (public domain data, ISC package), found by the
 * ISO 3166 numeric code of our alpha-3 code. Taiwan is drawn with China, as Chinese readers
 * expect; the map says its boundaries are illustrative.
 */
export type Outline = Feature<MultiPolygon, { iso3: string; source: string }>;

const TOGETHER: Record<string, string[]> = { CHN: ['156', '158'] };
const topology = atlas as unknown as Topology<{ countries: GeometryCollection }>;
const cache = new Map<string, Outline | null>();

// Two decimals of a degree (about 1 km) are finer than the map draws, and a fifth of the bytes.
const round = (ring: Position[]): Position[] =>
  ring.map(([x, y]) => [Math.round(x! * 100) / 100, Math.round(y! * 100) / 100]);

export function countryOutline(iso3: string): Outline | null {
  if (cache.has(iso3)) return cache.get(iso3) ?? null;
  const ids = TOGETHER[iso3] ?? [countries.alpha3ToNumeric(iso3)].filter((x): x is string => !!x);
  const all = feature(topology, topology.objects.countries).features;
  const polygons: Position[][][] = [];
  for (const f of all) {
    if (!ids.includes(String(f.id))) continue;
    const g = f.geometry as Polygon | MultiPolygon;
    const parts = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
    for (const p of parts) polygons.push(p.map(round));
  }
  const outline: Outline | null = polygons.length
    ? {
        type: 'Feature',
        properties: { iso3, source: 'Natural Earth 1:50m (public domain), via world-atlas' },
        geometry: { type: 'MultiPolygon', coordinates: polygons },
      }
    : null;
  cache.set(iso3, outline);
  return outline;
}
