import { def } from './contract-def';
import * as a from './schemas/alert-calls';
import * as alerts from './schemas/alerts';

/**
 * The calls of anomaly levels, watchlists and alerts (docs/alerts.md), spread into the one
 * contract (contract.ts); where they live is in routes-alerts.ts. Watchlists, rules, settings and
 * notifications are the session user's own.
 */
export const alertShapes = {
  AnomalyLevels: def({
    query: alerts.anomalyLevelsQuery,
    response: alerts.anomalyLevelsSchema,
    summary:
      "A country's series with their anomaly levels (WFP ALPS), flagged first; optionally only those at or above a level",
    extra: true,
  }),
  QueryWatchlist: def({
    auth: 'user',
    query: a.langQuery,
    response: a.watchlistSchema,
    summary:
      'The series the user follows: latest, 1-month and 1-year change, sparkline, anomaly level, lock; with the level limits',
    extra: true,
  }),
  FollowSeries: def({
    auth: 'user',
    body: a.followBody,
    response: a.followedSchema,
    summary: 'Follow a product × region × price type series (idempotent; limited per level)',
    extra: true,
  }),
  UnfollowSeries: def({
    auth: 'user',
    body: a.idBody,
    summary: 'Unfollow a series (and delete its alerts)',
    extra: true,
  }),
  QueryAlertRules: def({
    auth: 'user',
    query: a.rulesQuery,
    response: a.rulesSchema,
    summary: "The user's alert rules, of one followed series or all",
    extra: true,
  }),
  SaveAlertRule: def({
    auth: 'user',
    body: a.saveRuleBody,
    response: a.ruleSchema,
    summary:
      'Create or edit an alert rule: crosses above / below, moves by X % over N days, anomaly level, any new price',
    extra: true,
  }),
  DeleteAlertRule: def({
    auth: 'user',
    body: a.idBody,
    summary: 'Delete an alert rule',
    extra: true,
  }),
  QueryAlertSettings: def({
    auth: 'user',
    query: a.langQuery,
    response: a.settingsSchema,
    summary: 'How the user is told: language, time zone, quiet hours, digest, e-mail, webhook',
    extra: true,
  }),
  SaveAlertSettings: def({
    auth: 'user',
    body: a.saveSettingsBody,
    response: a.settingsSchema,
    summary: 'Change alert settings (a new e-mail address gets a confirmation link; a webhook URL must be public)',
    extra: true,
  }),
  ConfirmAlertEmail: def({
    body: a.tokenBody,
    response: a.confirmEmailSchema,
    summary: 'Confirm an e-mail address for alerts with the link sent to it (no login)',
    extra: true,
  }),
  QueryNotifications: def({
    auth: 'user',
    body: a.notificationsBody,
    response: a.notificationsSchema,
    summary: "The user's notifications, newest first, paged, with the unread count",
    extra: true,
  }),
  QueryUnreadNotifications: def({
    auth: 'user',
    response: a.unreadSchema,
    summary: 'How many notifications are unread (the bell)',
    extra: true,
  }),
  MarkNotificationsRead: def({
    auth: 'user',
    body: a.markReadBody,
    response: a.unreadSchema,
    summary: 'Mark some or all notifications read',
    extra: true,
  }),
  AlertUnsubscribe: def({
    body: a.unsubscribeBody.extend({ apply: a.unsubscribeBody.shape.all }),
    response: a.unsubscribeSchema,
    summary: 'The unsubscribe link of an alert message (no login): describe it, or apply it to one alert or all',
    extra: true,
  }),
};
