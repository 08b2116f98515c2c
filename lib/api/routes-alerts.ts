import type { Route } from './routes';

// Where the calls of anomaly levels, watchlists and alerts live (docs/alerts.md); spread into routes.ts.
const DATA = '/api/YoonopData/';

export const alertRoutes = {
  AnomalyLevels: { service: 'core', path: `${DATA}AnomalyLevels`, method: 'POST' },
} as const satisfies Record<string, Route>;
