import type { Route } from './routes';

// Where the calls about what the portal's data covers live (docs/market-data.md, "Data status"); spread into routes.ts.
const DATA = '/api/YoonopData/';

export const coverageRoutes = {
  DataStatus: { service: 'core', path: `${DATA}DataStatus`, method: 'GET' },
} as const satisfies Record<string, Route>;
