'use client';

import { flushSync } from 'react-dom';
import {
  memo,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import { whenIdle } from '@/lib/client/when-idle';
import type * as Charts from './charts';
import { sameDrawing } from './same-drawing';
import { useHydrated } from './url-state';

// recharts (~100 KB gzip) stays out of the page's first load, in one chunk for all charts. The
// charts are what the market pages are for, so the market page asks for that chunk as its code
// starts, ahead of its first calls (early-calls.ts): it downloads while the page hydrates and its
// data loads, instead of after the data arrived.
// The module once it arrived: a chart's turn to draw comes only then, and it draws at once.
let charts: typeof Charts | null = null;
let loading: Promise<typeof Charts> | null = null;
function load() {
  loading ??= import('./charts').then(
    (m) => (charts = m),
    (e: unknown) => {
      loading = null; // asked again by the next chart that waits
      throw e;
    },
  );
  return loading;
}

/**
 * Asks for the charts' chunk now (once: the browser keeps the module). A failure is not reported
 * here: the charts waiting for it ask again, and show that failure.
 */
export function loadCharts() {
  load().catch(() => undefined);
}

// Charts waiting to be drawn, one per task: those near the screen first, the others when the
// browser is idle, in the page's order (docs/decisions/market-page-main-thread.md).
type Waiting = { show: () => void; fail: (e: unknown) => void; near: boolean };
const waiting: Waiting[] = [];
let soon = false;
let idle = false;
let asking = false;

function drawNext() {
  const next = waiting.find((w) => w.near) ?? waiting[0];
  if (next) {
    waiting.splice(waiting.indexOf(next), 1);
    // Drawn now, in this task, alone: left to React's scheduling, charts that became ready at the
    // same time were drawn in one render again.
    flushSync(next.show);
  }
  schedule();
}

function schedule() {
  if (waiting.length === 0) return;
  if (!charts) {
    if (asking) return;
    asking = true;
    load().then(
      () => {
        asking = false;
        schedule();
      },
      (e: unknown) => {
        asking = false;
        for (const w of waiting.splice(0)) w.fail(e);
      },
    );
  } else if (waiting.some((w) => w.near)) {
    if (soon) return;
    soon = true;
    setTimeout(() => {
      soon = false;
      drawNext();
    });
  } else if (!idle) {
    idle = true;
    whenIdle(() => {
      idle = false;
      drawNext();
    });
  }
}

/**
 * True once the element comes within half a screen of the viewport, or the browser had an idle
 * moment for it; the error if the chart code could not be loaded. A chart mounting costs a phone
 * about a quarter of a second of main thread (recharts sets up a store, axes and scales); the
 * four charts used to mount in the one task after the data arrived, the page's longest. Now the
 * one on screen draws first and each other in a task of its own.
 */
function useNearOrIdle(ref: RefObject<HTMLElement | null>): boolean | Error {
  const [shown, setShown] = useState<boolean | Error>(false);
  useEffect(() => {
    const el = ref.current;
    if (shown || !el) return;
    const me: Waiting = {
      show: () => setShown(true),
      fail: (e) => setShown(e instanceof Error ? e : new Error(String(e))),
      near: false,
    };
    waiting.push(me);
    const io = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        me.near = true;
        schedule();
      },
      { rootMargin: '50% 0px' },
    );
    io.observe(el);
    schedule();
    return () => {
      io.disconnect();
      const i = waiting.indexOf(me);
      if (i >= 0) waiting.splice(i, 1);
    };
  }, [shown, ref]);
  return shown;
}

/** The chart's place, as high as the chart: waiting for the charts' code, or for its turn to draw. */
function Placeholder({ height, ref }: { height: number; ref?: Ref<HTMLDivElement> }) {
  // What it waits for is known only in the browser (the server never has the code).
  const code = !useHydrated() || !charts;
  return (
    <div
      ref={ref}
      aria-hidden="true"
      className="market-chart-placeholder"
      data-wait={code ? 'code' : 'turn'}
      style={{ height }}
    />
  );
}

const lazyChart = <P extends { height?: number }>(draw: (m: typeof Charts, props: P) => ReactNode, height: number) => {
  // Never drawn on the server (the charts' code stays out of the first load), nor while the page
  // hydrates: the turn of a chart comes from an effect.
  function Chart(props: P) {
    const ref = useRef<HTMLDivElement>(null);
    const shown = useNearOrIdle(ref);
    // As a failed import of the chart's code did: the page's error boundary says so.
    if (shown instanceof Error) throw shown;
    if (shown && charts) return draw(charts, props);
    return <Placeholder ref={ref} height={props.height ?? height} />;
  }
  // The market page renders again on each answer of its dozen calls: a chart draws again only
  // when what it shows changed (its rows are made once per answer).
  return memo(Chart, (a, b) => sameDrawing(a as Record<string, unknown>, b as Record<string, unknown>));
};

export const TrendChart = lazyChart<ComponentProps<typeof Charts.TrendChart>>((m, p) => <m.TrendChart {...p} />, 320);
export const IndexChart = lazyChart<ComponentProps<typeof Charts.IndexChart>>((m, p) => <m.IndexChart {...p} />, 300);
export const ForecastChart = lazyChart<ComponentProps<typeof Charts.ForecastChart>>(
  (m, p) => <m.ForecastChart {...p} />,
  320,
);
export const Sparkline = lazyChart<ComponentProps<typeof Charts.Sparkline>>((m, p) => <m.Sparkline {...p} />, 56);
export type { Row, SeriesSpec } from './charts';
