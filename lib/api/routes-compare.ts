import type { Route } from './routes';

// Where the comparison call lives (docs/market-data.md, "Compare"); spread into routes.ts.
const DATA = '/api/YoonopData/';

export const compareRoutes = {
  PriceCompare: { service: 'core', path: `${DATA}PriceCompare`, method: 'POST' },
} as const satisfies Record<string, Route>;
