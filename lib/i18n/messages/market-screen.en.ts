// Screen texts of the market pages added in issue 31 (item 6); market.en.ts spreads them.
export const marketScreenEn = {
  /** The price list's search or filters left no row of a loaded list. */
  listNoMatch: 'No price matches “{query}”.',
  listNoMatchFilters: 'No price matches these filters.',
  listClearSearch: 'Clear the search',
  /** Under the region's latest prices: the first few rows, then all of them on request. */
  regionLatestAll: 'Show all {n}',
  regionLatestFewer: 'Show the first {n}',
  /** The trend's period line when a lock shades its start: the period asked for, then what is drawn. */
  periodShownFrom: '{from} – {to}, prices shown from {shown}',
  /** The chosen region is locked and another line stands in for it. */
  standIn: 'Showing {shown}; {locked} locked.',
  /** The filter bar folded to one line after scrolling: what is chosen, and the button that unfolds it. */
  filtersChange: 'Change',
  filtersChosen: 'Chosen',
  /** Under each chart: its figures as a table, for screen readers and keyboards. */
  chartTable: 'The chart’s figures as a table',
};
