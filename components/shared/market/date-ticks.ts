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

/**
 * The x-axis label of a date: month-day within one calendar year, the whole date when a span of
 * up to a year crosses New Year ("11-26 … 01-09" could be any year), year-month beyond a year (a
 * five-year chart reads "2024-02") and for monthly buckets.
 */
export function dateLabel(first: string, last: string, granularity?: 'day' | 'week' | 'month') {
  const days = (Date.parse(last) - Date.parse(first)) / 86_400_000;
  const long = days > 366 || granularity === 'month';
  const sameYear = first.slice(0, 4) === last.slice(0, 4);
  return (d: string) => (d.length >= 10 ? (long ? d.slice(0, 7) : sameYear ? d.slice(5) : d.slice(0, 10)) : d);
}
