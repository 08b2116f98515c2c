import 'server-only';
import { todayUtc } from '@/lib/shared/dates';
import { handlers } from '../http/handler';
import { anomalyLevelsOf } from '../services/alerts/anomaly-read';
import { langOf } from '../services/market/read/catalogue';

// Anomaly levels, watchlists and alerts (docs/alerts.md). Watchlists, rules and notifications are
// the session user's own: every lookup is within `user.id` (docs/access-policy.md).
export const alertHandlers = handlers({
  AnomalyLevels: ({ db, query, viewer, meta }) =>
    anomalyLevelsOf(db, viewer, query.country, query.minLevel, langOf(query.lang), todayUtc(meta.now)),
});
