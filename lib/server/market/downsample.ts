import 'server-only';
import { createLTTB } from 'downsample';
import { dayNumber } from '@/lib/shared/dates';

type Point = readonly [string, number, ...unknown[]];

/**
 * A chart a few hundred pixels wide cannot show more points than it has pixels: a series
 * longer than `max` is cut down to `max` points by Largest-Triangle-Three-Buckets, which keeps
 * the first and last points and, in each bucket, the point that best keeps the line's shape.
 * LTTB keeps peaks and troughs only usually, so the line's lowest and highest observations are
 * then put back where it dropped them: the drawn line always reaches the low and high printed
 * beside it. The points kept are the original ones, extra fields (low, high) included.
 * See docs/decisions/downsampled-series.md.
 */
export function downsample<P extends Point>(points: P[], max: number): P[] {
  if (points.length <= max) return points;
  const position = new Map<P, number>(points.map((p, i) => [p, i]));
  const kept = (lttb<P>()(points, max) as P[]).map((p) => position.get(p)!);
  // downsample 1.4.0 sometimes ends one point early (1,423 points to 300 ends on the 1,422nd):
  // the last day is the latest price, so it is always the one drawn last.
  kept[kept.length - 1] = points.length - 1;
  const [low, high] = extremes(points);
  const fixed = new Set([0, points.length - 1, low, high]);
  for (const e of [low, high]) {
    if (kept.some((i) => points[i]![1] === points[e]![1])) continue;
    // Put the extreme in its place and drop the nearest kept point that is not itself fixed,
    // so the line keeps `max` points in date order.
    const at = kept.findIndex((i) => i > e);
    kept.splice(at, 0, e);
    kept.splice(nearestDroppable(kept, at, fixed), 1);
  }
  return kept.map((i) => points[i]!);
}

/** Indexes of the first lowest and first highest price. */
function extremes(points: readonly Point[]): [number, number] {
  let low = 0;
  let high = 0;
  for (let i = 1; i < points.length; i++) {
    if (points[i]![1] < points[low]![1]) low = i;
    if (points[i]![1] > points[high]![1]) high = i;
  }
  return [low, high];
}

/** The position in `kept` nearest to `at` (on either side) whose point may be dropped. */
function nearestDroppable(kept: number[], at: number, fixed: Set<number>): number {
  for (let d = 1; d < kept.length; d++) {
    for (const j of [at - d, at + d]) if (j >= 0 && j < kept.length && !fixed.has(kept[j]!)) return j;
  }
  throw new Error('downsample: nothing left to drop'); // unreachable: max ≥ 5 leaves a droppable point
}

// One LTTB per point shape; x is the day number, so unevenly spaced dates keep their spacing.
const lttb = <P extends Point>() => createLTTB<P>({ x: (p: P) => dayNumber(p[0]), y: (p: P) => p[1] });
