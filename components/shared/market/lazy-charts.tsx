'use client';

import { lazy, memo, Suspense, type ComponentProps, type ComponentType } from 'react';
import type * as Charts from './charts';
import { sameDrawing } from './same-drawing';
import { useHydrated } from './url-state';

// recharts (~100 KB gzip) stays out of the page's first load, in one chunk for all charts. The
// charts are what the market pages are for, so the market page asks for that chunk as its code
// starts, ahead of its first calls (early-calls.ts): it downloads while the page hydrates and its
// data loads, instead of after the data arrived.
// The module once it arrived: a chart drawn after that takes it at once (below).
let loaded: typeof Charts | null = null;
const load = () =>
  import('./charts').then((m) => {
    loaded = m;
    return m;
  });

/**
 * Asks for the charts' chunk now (once: the browser keeps the module). A failure is not reported
 * here: a chart asks again when it renders, and shows that failure.
 */
export function loadCharts() {
  load().catch(() => undefined);
}

const placeholder = (height: number) => (
  <div aria-hidden="true" className="market-chart-placeholder" style={{ height }} />
);

const lazyChart = <P extends object>(pick: (m: typeof Charts) => ComponentType<P>, height: number) => {
  // React shows a suspended chart no sooner than 300 ms after its placeholder (it throttles
  // Suspense reveals), so a chart must not suspend when its code is already here, as it is when the
  // answers arrive: then the thenable hands the module over at once, and React.lazy renders the
  // chart in the same pass (the first line came 0.3–0.4 s sooner on the bench, docs/decisions/
  // market-early-calls.md). Before the code arrived, the chart suspends behind its placeholder.
  const Lazy = lazy(() => {
    const ready = loaded;
    if (!ready) return load().then((m) => ({ default: pick(m) }));
    // React.lazy takes any thenable (its types say Promise); this one answers within `then`.
    const now = { then: (take: (m: { default: ComponentType<P> }) => void) => take({ default: pick(ready) }) };
    return now as unknown as Promise<{ default: ComponentType<P> }>;
  });
  function Chart(props: P) {
    // Never drawn on the server (the charts' code stays out of the first load): the placeholder
    // until the page has hydrated.
    if (!useHydrated()) return placeholder(height);
    return (
      <Suspense fallback={placeholder(height)}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  // The market page renders again on each answer of its dozen calls: a chart draws again only
  // when what it shows changed (its rows are made once per answer).
  return memo(Chart, (a, b) => sameDrawing(a as Record<string, unknown>, b as Record<string, unknown>));
};

export const TrendChart = lazyChart<ComponentProps<typeof Charts.TrendChart>>((m) => m.TrendChart, 320);
export const IndexChart = lazyChart<ComponentProps<typeof Charts.IndexChart>>((m) => m.IndexChart, 300);
export const ForecastChart = lazyChart<ComponentProps<typeof Charts.ForecastChart>>((m) => m.ForecastChart, 320);
export const Sparkline = lazyChart<ComponentProps<typeof Charts.Sparkline>>((m) => m.Sparkline, 56);
export type { Row, SeriesSpec } from './charts';
