import 'server-only';
import { todayUtc } from '@/lib/shared/dates';
import { handlers } from '../http/handler';
import { anomalyLevelsOf } from '../services/alerts/anomaly-read';
import { listNotifications, markRead, unreadCount, unsubscribe } from '../services/alerts/notifications';
import { deleteRule, listRules, saveRule } from '../services/alerts/rules';
import { confirmEmail, getSettings, saveSettings } from '../services/alerts/settings';
import { follow, unfollow, watchlist } from '../services/alerts/watchlist';
import { accessCtx } from '../services/market/read/access';
import { langOf } from '../services/market/read/catalogue';

// Anomaly levels, watchlists and alerts (docs/alerts.md). Watchlists, rules, settings and
// notifications are the session user's own: every lookup is within `user.id`
// (docs/access-policy.md); the unsubscribe and confirmation links carry their own signatures.
export const alertHandlers = handlers({
  AnomalyLevels: ({ db, query, viewer, meta }) =>
    anomalyLevelsOf(db, viewer, query.country, query.minLevel, langOf(query.lang), todayUtc(meta.now)),
  QueryWatchlist: ({ db, query, viewer, meta, user }) =>
    watchlist(accessCtx(db, viewer, meta.now, langOf(query.lang)), user.id),
  FollowSeries: ({ db, body, viewer, meta, user }) => follow(accessCtx(db, viewer, meta.now, 'en'), user.id, body),
  UnfollowSeries: ({ db, body, user }) => unfollow(db, user.id, body.id),
  QueryAlertRules: ({ db, query, user }) => listRules(db, user.id, query.watchId),
  SaveAlertRule: ({ db, body, viewer, meta, user }) => saveRule(accessCtx(db, viewer, meta.now, 'en'), user.id, body),
  DeleteAlertRule: ({ db, body, user }) => deleteRule(db, user.id, body.id),
  QueryAlertSettings: ({ db, query, user }) => getSettings(db, user.id, langOf(query.lang)),
  SaveAlertSettings: ({ db, body, user, meta }) => saveSettings(db, user.id, body, body.lang ?? 'zh-CN', meta.now),
  ConfirmAlertEmail: ({ db, body, meta }) => confirmEmail(db, body.token, meta.now),
  QueryNotifications: ({ db, body, user }) => listNotifications(db, user.id, body, langOf(body.lang)),
  QueryUnreadNotifications: async ({ db, user }) => ({ unread: await unreadCount(db, user.id) }),
  MarkNotificationsRead: ({ db, body, user, meta }) => markRead(db, user.id, body, meta.now),
  AlertUnsubscribe: ({ db, body }) =>
    unsubscribe(db, body.token, { all: body.all, apply: body.apply }, langOf(body.lang)),
});
