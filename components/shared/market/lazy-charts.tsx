'use client';

import dynamic from 'next/dynamic';
import type { ComponentProps } from 'react';
import type * as Charts from './charts';

// recharts (~100 KB gzip) is fetched after the page is interactive, in one chunk for all charts.
const load = () => import('./charts');
const placeholder = (height: number) => {
  const Fallback = () => <div aria-hidden="true" className="market-chart-placeholder" style={{ height }} />;
  return Fallback;
};

export const TrendChart = dynamic<ComponentProps<typeof Charts.TrendChart>>(() => load().then((m) => m.TrendChart), {
  ssr: false,
  loading: placeholder(320),
});
export const IndexChart = dynamic<ComponentProps<typeof Charts.IndexChart>>(() => load().then((m) => m.IndexChart), {
  ssr: false,
  loading: placeholder(300),
});
export const ForecastChart = dynamic<ComponentProps<typeof Charts.ForecastChart>>(
  () => load().then((m) => m.ForecastChart),
  { ssr: false, loading: placeholder(320) },
);
export const Sparkline = dynamic<ComponentProps<typeof Charts.Sparkline>>(() => load().then((m) => m.Sparkline), {
  ssr: false,
  loading: placeholder(56),
});
export type { Row, SeriesSpec } from './charts';
