'use client';

import { useQuery } from '@tanstack/react-query';
import type { Feature, MultiPolygon } from 'geojson';
import { lazy, memo, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { fmt } from '@/lib/i18n/format';
import * as F from '../format';
import { Change } from '../ui/marks';
import { LockPanel, SkeletonLines, StateBox, ui } from '../ui/parts';
import { lockOf } from '../unlock';
import type { SectionProps } from '../ui/section-props';
import { LEVEL_FILL, type MapPoint, mapPoints } from './map-points';
import { AnomalyBadge } from '../ui/anomaly-badge';
import { useT } from '@/lib/i18n/client';
import s from './market-map.module.css';

// d3-geo and the drawing load only when the map comes near the screen (docs/decisions/market-map.md).
const MarketMapView = lazy(() => import('./market-map-view'));

async function loadOutline(iso3: string): Promise<Feature<MultiPolygon>> {
  const res = await fetch(`/geo/${iso3}.json`);
  if (!res.ok) throw new Error(`outline ${iso3}: HTTP ${res.status}`);
  return (await res.json()) as Feature<MultiPolygon>;
}

/** True once the element has come within a screen of the viewport (and stays true). */
function useNear<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    // Every browser the portal supports has IntersectionObserver; without one the map stays a table.
    if (!el || near || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((e) => e.some((x) => x.isIntersecting) && setNear(true), {
      rootMargin: '100% 0px',
    });
    io.observe(el);
    return () => io.disconnect();
  }, [near]);
  return [ref, near] as const;
}

/** The market map of the chosen product in the chosen country, with the same figures as a table. */
export const MapBody = memo(function MapBody({ m, t, compact }: SectionProps) {
  const [ref, near] = useNear<HTMLDivElement>();
  const ta = useT('anomaly');
  const [colourBy, setColourBy] = useState<'change' | 'anomaly'>('change');
  const levelName = (p: MapPoint) =>
    p.anomaly?.level ? `${ta.column}: ${ta[p.anomaly.level]}` : `${ta.column}: ${ta.noData}`;
  const iso3 = m.filters.country;
  const outline = useQuery({
    queryKey: ['geo-outline', iso3],
    queryFn: () => loadOutline(iso3),
    enabled: near,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  const points = useMemo(() => mapPoints(m.webPrice.data, m.filters.product), [m.webPrice.data, m.filters.product]);
  const unplaced = points.filter((p) => p.lat === null || p.lon === null).length;
  const product = m.product?.name ?? '';
  let drawing: React.ReactNode;
  // The markets' prices are withheld where the board's are: the same lock, no dots.
  const lock = lockOf(m.webPrice.error);
  if (lock) drawing = <LockPanel lock={lock} t={t} />;
  else if (m.webPrice.isLoading || (near && outline.isLoading))
    drawing = <SkeletonLines lines={5} label={t.mapLoading} />;
  else if (points.length === unplaced) drawing = <StateBox title={t.mapEmpty} />;
  else if (outline.isError) drawing = <StateBox title={t.mapNoOutline} />;
  else if (outline.data)
    drawing = (
      <Suspense fallback={<SkeletonLines lines={5} label={t.mapLoading} />}>
        <MarketMapView
          outline={outline.data}
          points={points}
          lang={m.lang}
          t={t}
          colourBy={colourBy}
          levelName={levelName}
        />
      </Suspense>
    );
  return (
    <div ref={ref} data-testid="market-map">
      <p className={ui.provenance}>{fmt(t.mapLead, { product })}</p>
      <fieldset className={s.colourBy}>
        <legend>{t.mapColourBy}</legend>
        {(['change', 'anomaly'] as const).map((c) => (
          <label key={c}>
            <input type="radio" name="map-colour" value={c} checked={colourBy === c} onChange={() => setColourBy(c)} />
            {c === 'change' ? t.mapByChange : t.mapByAnomaly}
          </label>
        ))}
      </fieldset>
      {colourBy === 'anomaly' && (
        <p className={s.levels} aria-hidden="true">
          {(['normal', 'stress', 'alert', 'crisis'] as const).map((l) => (
            <span key={l} className={s.key}>
              <i style={{ background: LEVEL_FILL[l] }} /> {ta[l]}
            </span>
          ))}
          <span className={s.key}>
            <i style={{ background: LEVEL_FILL.none }} /> {ta.noData}
          </span>
          <span>{ta.thresholdsShort}</span>
        </p>
      )}
      <div className={s.box}>{drawing}</div>
      {unplaced > 0 && <p className={ui.provenance}>{fmt(t.mapUnplaced, { n: unplaced })}</p>}
      {points.length > 0 && (
        <details className={s.tableBox} open={compact}>
          <summary>{t.mapTable}</summary>
          <div className={ui.tableScroll} tabIndex={0}>
            <table className={ui.table} data-testid="map-table">
              <thead>
                <tr>
                  <th>{t.colMarket}</th>
                  <th>{t.colProvince}</th>
                  <th className={ui.num}>{t.colPrice}</th>
                  <th className={ui.num}>{t.colChange}</th>
                  <th>{t.colDate}</th>
                  <th>{ta.column}</th>
                </tr>
              </thead>
              <tbody>
                {points.map((p) => (
                  <tr key={p.id} data-testid={`map-row-${p.id}`}>
                    <td data-verbatim="">{p.name}</td>
                    <td data-verbatim="">{p.province}</td>
                    <td className={ui.num}>{F.price(m.lang, p.price, p.currency)}</td>
                    <td className={ui.num}>
                      <Change lang={m.lang} pct={p.changePct} />
                    </td>
                    <td>{p.date}</td>
                    <td>
                      <AnomalyBadge
                        a={p.anomaly}
                        lang={m.lang}
                        currency={m.filters.currency === 'USD' ? null : p.currency}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
      <p className={ui.provenance}>
        {/* The source's own name stays English on a Chinese page, marked so screen readers say it so. */}
        <span>
          {t.mapBoundaries.split('{source}')[0]}
          <span lang="en">Natural Earth</span>
          {t.mapBoundaries.split('{source}')[1]}
        </span>
      </p>
    </div>
  );
});
