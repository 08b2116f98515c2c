'use client';

import { geoMercator, geoPath } from 'd3-geo';
import type { Feature, MultiPolygon } from 'geojson';
import { useMemo, useState } from 'react';
import { fmt } from '@/lib/i18n/format';
import { changeTone, TONE_COLOURS, useUpColour } from '../up-colour';
import * as F from '../format';
import type { MarketT } from '../ui/parts';
import type { Market } from '../use-market';
import { LEVEL_FILL, type MapPoint, toneOf } from './map-points';
import s from './market-map.module.css';

const W = 640;
const H = 420;

/**
 * The drawing (d3-geo, this chunk only): the country's outline fitted to the box, each market a
 * dot at its coordinates coloured by its change. A dot shows its figures on hover, focus or tap;
 * the table beside it holds the same figures for screen readers and small screens.
 */
export default function MarketMapView({
  outline,
  points,
  lang,
  t,
  colourBy,
  levelName,
}: {
  outline: Feature<MultiPolygon>;
  points: MapPoint[];
  lang: Market['lang'];
  t: MarketT;
  colourBy: 'change' | 'anomaly';
  /** A level in the page's words (the anomaly namespace). */
  levelName: (p: MapPoint) => string;
}) {
  const up = useUpColour();
  const rise = TONE_COLOURS[changeTone('up', up) ?? 'red'];
  const fall = TONE_COLOURS[changeTone('down', up) ?? 'green'];
  const [active, setActive] = useState<string | null>(null);
  const { d, placed } = useMemo(() => {
    const projection = geoMercator().fitExtent(
      [
        [12, 12],
        [W - 12, H - 12],
      ],
      outline,
    );
    const path = geoPath(projection);
    return {
      d: path(outline) ?? '',
      placed: points.flatMap((p) => {
        if (p.lat === null || p.lon === null) return [];
        const xy = projection([p.lon, p.lat]);
        return xy ? [{ ...p, x: xy[0], y: xy[1] }] : [];
      }),
    };
  }, [outline, points]);
  const label = (p: MapPoint) =>
    `${fmt(t.mapLabel, {
      market: p.name,
      price: F.price(lang, p.price, p.currency),
      change: p.changePct === null ? t.mapNoChange : F.pct(lang, p.changePct),
      date: p.date,
    })}, ${levelName(p)}`;
  const shown = placed.find((p) => p.id === active);
  return (
    <div className={s.frame}>
      <svg viewBox={`0 0 ${W} ${H}`} className={s.svg} role="group" aria-label={t.mapTitle}>
        <path d={d} className={s.land} />
        {placed.map((p) => {
          const tone =
            colourBy === 'anomaly'
              ? { fill: LEVEL_FILL[p.anomaly?.level ?? 'none'], opacity: 1 }
              : toneOf(p.changePct, rise, fall);
          return (
            <circle
              key={p.id}
              cx={p.x}
              cy={p.y}
              r={active === p.id ? 9 : 7}
              fill={tone.fill}
              fillOpacity={tone.opacity}
              className={s.dot}
              tabIndex={0}
              role="button"
              aria-label={label(p)}
              data-testid={`map-dot-${p.id}`}
              onMouseEnter={() => setActive(p.id)}
              onMouseLeave={() => setActive((a) => (a === p.id ? null : a))}
              onFocus={() => setActive(p.id)}
              onBlur={() => setActive((a) => (a === p.id ? null : a))}
              onClick={() => setActive(p.id)}
            />
          );
        })}
      </svg>
      {shown && (
        <div
          className={`${s.tip} ${shown.y < H * 0.3 ? s.below : ''}`}
          role="status"
          data-testid="map-tooltip"
          // Kept inside the frame near its edges.
          style={{ left: `${Math.min(88, Math.max(12, (shown.x / W) * 100))}%`, top: `${(shown.y / H) * 100}%` }}
        >
          <strong data-verbatim="">{shown.name}</strong>
          <span data-verbatim="">{shown.province}</span>
          <span data-testid="map-tooltip-price">{F.price(lang, shown.price, shown.currency)}</span>
          <span>{shown.changePct === null ? t.mapNoChange : F.pct(lang, shown.changePct)}</span>
          <span>{shown.date}</span>
          <span>{levelName(shown)}</span>
        </div>
      )}
      {colourBy === 'change' && (
        <div className={s.legend} aria-hidden="true">
          <span>{t.mapLegend}:</span>
          <span className={s.key}>
            <i style={{ background: fall }} /> {t.mapFall}
          </span>
          <span className={s.key}>
            <i style={{ background: rise }} /> {t.mapRise}
          </span>
          <span className={s.key}>
            <i style={{ background: LEVEL_FILL.none }} /> {t.mapNoChange}
          </span>
        </div>
      )}
    </div>
  );
}
