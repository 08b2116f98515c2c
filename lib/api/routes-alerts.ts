import type { Route } from './routes';

// Where the calls of anomaly levels, watchlists and alerts live (docs/alerts.md); spread into routes.ts.
const DATA = '/api/YoonopData/';
const ALERTS = '/api/Alerts/';

const names = [
  'QueryWatchlist',
  'FollowSeries',
  'UnfollowSeries',
  'QueryAlertRules',
  'SaveAlertRule',
  'DeleteAlertRule',
  'QueryAlertSettings',
  'SaveAlertSettings',
  'ConfirmAlertEmail',
  'QueryNotifications',
  'QueryUnreadNotifications',
  'MarkNotificationsRead',
  'AlertUnsubscribe',
] as const;

export const alertRoutes = {
  AnomalyLevels: { service: 'core', path: `${DATA}AnomalyLevels`, method: 'POST' },
  ...(Object.fromEntries(names.map((n) => [n, { service: 'core', path: ALERTS + n, method: 'POST' }])) as {
    [K in (typeof names)[number]]: Route;
  }),
} as const satisfies Record<string, Route>;
