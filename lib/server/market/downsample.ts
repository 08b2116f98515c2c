import 'server-only';
import { createLTTB } from 'downsample';
import { dayNumber } from './dates';

/**
 * A chart a few hundred pixels wide cannot show more points than it has pixels: a series
 * longer than `max` is cut down to `max` points by Largest-Triangle-Three-Buckets, which keeps
 * the first and last points and, in each bucket, the point that best keeps the line's shape
 * (peaks and troughs survive; flat stretches thin out). The points kept are the original ones,
 * extra fields (low, high) included. See docs/decisions/downsampled-series.md.
 */
export function downsample<P extends readonly [string, number, ...unknown[]]>(points: P[], max: number): P[] {
  if (points.length <= max) return points;
  const out = lttb<P>()(points, max) as P[];
  // downsample 1.4.0 sometimes ends one point early (1,423 points to 300 ends on the 1,422nd):
  // the last day is the latest price, so it is always the one drawn last.
  out[out.length - 1] = points[points.length - 1]!;
  return out;
}

// One LTTB per point shape; x is the day number, so unevenly spaced dates keep their spacing.
const lttb = <P extends readonly [string, number, ...unknown[]]>() =>
  createLTTB<P>({ x: (p: P) => dayNumber(p[0]), y: (p: P) => p[1] });
