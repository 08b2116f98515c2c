// Which dates a chart's x-axis labels, worked out from the labels' length instead of measured in
// the DOM (charts.tsx, DateAxis).

// About the width of a digit or a dash in the axes' 12 px labels.
const CHAR_PX = 7;
// The charts' right margin: room for half of the last label beyond the plot.
const RIGHT = 12;

/**
 * The dates to label on an axis `width` px wide: evenly spread, as many as fit with `gap` px
 * between them, none so near the right end that its label would be cut.
 */
export function dateTicks(dates: string[], label: (d: string) => string, width: number, gap: number): string[] {
  const n = dates.length;
  if (n === 0 || width <= 0) return [];
  const labelPx = label(dates[n - 1]!).length * CHAR_PX;
  if (n === 1) return [dates[0]!];
  const px = width / (n - 1);
  const step = Math.max(1, Math.ceil((labelPx + gap) / px));
  const last = Math.min(n - 1, Math.floor((width + RIGHT - labelPx / 2) / px));
  const out: string[] = [];
  for (let i = 0; i <= last; i += step) out.push(dates[i]!);
  return out;
}
