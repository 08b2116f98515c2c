'use client';

import dynamic from 'next/dynamic';
import { memo, type ComponentProps, type ComponentType } from 'react';
import type * as Charts from './charts';
import { sameDrawing } from './same-drawing';

// recharts (~100 KB gzip) stays out of the page's first load, in one chunk for all charts. The
// charts are what the market pages are for, so the market page asks for that chunk as its code
// starts, ahead of its first calls (early-calls.ts): it downloads while the page hydrates and its
// data loads, instead of after the data arrived.
const load = () => import('./charts');

/**
 * Asks for the charts' chunk now (once: the browser keeps the module). A failure is not reported
 * here: a chart asks again when it renders, and shows that failure.
 */
export function loadCharts() {
  load().catch(() => undefined);
}
const placeholder = (height: number) => {
  const Fallback = () => <div aria-hidden="true" className="market-chart-placeholder" style={{ height }} />;
  return Fallback;
};

const lazyChart = <P extends object>(pick: (m: typeof Charts) => ComponentType<P>, height: number) =>
  memo(
    dynamic<P>(() => load().then(pick), { ssr: false, loading: placeholder(height) }),
    // The market page renders again on each answer of its dozen calls: a chart draws again only
    // when what it shows changed (its rows are made once per answer).
    (a, b) => sameDrawing(a as Record<string, unknown>, b as Record<string, unknown>),
  );

export const TrendChart = lazyChart<ComponentProps<typeof Charts.TrendChart>>((m) => m.TrendChart, 320);
export const IndexChart = lazyChart<ComponentProps<typeof Charts.IndexChart>>((m) => m.IndexChart, 300);
export const ForecastChart = lazyChart<ComponentProps<typeof Charts.ForecastChart>>((m) => m.ForecastChart, 320);
export const Sparkline = lazyChart<ComponentProps<typeof Charts.Sparkline>>((m) => m.Sparkline, 56);
export type { Row, SeriesSpec } from './charts';
