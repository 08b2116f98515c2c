/** A year of weekly prices as a small line (no chart library: 52 points need none). */
export function Sparkline({ points, label }: { points: [string, number][]; label: string }) {
  if (points.length < 2) return <span aria-hidden="true">–</span>;
  const w = 120;
  const h = 32;
  const ys = points.map((p) => p[1]);
  const lo = Math.min(...ys);
  const hi = Math.max(...ys);
  const span = hi - lo || 1;
  const d = points
    .map(
      (p, i) =>
        `${i ? 'L' : 'M'}${((i / (points.length - 1)) * (w - 2) + 1).toFixed(1)},${(h - 2 - ((p[1] - lo) / span) * (h - 4)).toFixed(1)}`,
    )
    .join('');
  const up = ys[ys.length - 1]! >= ys[0]!;
  return (
    <svg width={w} height={h} viewBox={`0 0 ${w} ${h}`} role="img" aria-label={label} data-testid="sparkline">
      <path d={d} fill="none" stroke={up ? '#c0392b' : '#167a38'} strokeWidth="1.5" />
    </svg>
  );
}
