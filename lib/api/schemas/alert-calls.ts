import { z } from 'zod';
import { ALERT_CHANNELS } from '@/lib/shared/alert-limits';
import { anomalySchema } from './anomaly';
import { langSchema, priceTypeSchema, unlockSchema } from './market';

// Watchlists, alert rules, settings and notifications (docs/alerts.md). Browser-safe.

const id = z.string().uuid('is not a valid id');
const code = z.string().trim().min(1, 'is required').max(64, 'is too long');
const regionId = z.string().trim().min(1, 'is required').max(120, 'is too long');

export const followBody = z.object({ productCode: code, regionId, priceType: priceTypeSchema.default('wholesale') });
export const idBody = z.object({ id });
export const langQuery = z.object({ lang: langSchema });

const limitsSchema = z.object({
  series: z.number().int(),
  rules: z.number().int(),
  channels: z.array(z.enum(ALERT_CHANNELS)),
  smsPerDay: z.number().int(),
});

export const watchItemSchema = z.object({
  id: z.string(),
  product: z.object({ code: z.string(), name: z.string(), unit: z.string(), demo: z.boolean() }),
  region: z.object({ id: z.string(), name: z.string(), level: z.string(), countryCode: z.string() }),
  priceType: priceTypeSchema,
  currency: z.string(),
  /** The latest price and its day (every logged-in user may see a series' latest price). */
  latest: z.object({ date: z.string(), price: z.number() }).nullable(),
  /** Null when locked or without a price that far back. */
  change1m: z.number().nullable(),
  change1y: z.number().nullable(),
  /** Weekly prices over the 12 months to the latest: [first day of the week, price]; empty when locked. */
  sparkline: z.array(z.tuple([z.string(), z.number()])),
  anomaly: anomalySchema.nullable(),
  /** What would unlock the series' history, when the user's access does not reach it. */
  lock: unlockSchema.nullable(),
  rules: z.number().int(),
  createdAt: z.string(),
});
export type WatchItemDTO = z.infer<typeof watchItemSchema>;

export const watchlistSchema = z.object({
  items: z.array(watchItemSchema),
  level: z.string(),
  limits: limitsSchema,
  usage: z.object({ series: z.number().int(), rules: z.number().int() }),
});
export type WatchlistDTO = z.infer<typeof watchlistSchema>;

export const followedSchema = z.object({ id: z.string(), created: z.boolean() });

const ruleKinds = ['above', 'below', 'move', 'level', 'new'] as const;
export const ruleKindSchema = z.enum(ruleKinds);

export const saveRuleBody = z
  .object({
    id: id.optional(),
    watchId: id,
    kind: ruleKindSchema,
    value: z.number().positive('must be above 0').max(1e9, 'must be at most 1000000000').optional(),
    days: z
      .number()
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(365, 'must be at most 365')
      .optional(),
    direction: z.enum(['up', 'down', 'any']).optional(),
    level: z.enum(['stress', 'alert', 'crisis']).optional(),
    channels: z.array(z.enum(ALERT_CHANNELS)).max(3, 'must list at most 3 items').default([]),
  })
  .superRefine((r, ctx) => {
    const need = (k: 'value' | 'days' | 'level') => {
      if (r[k] === undefined) ctx.addIssue({ code: 'custom', path: [k], message: 'is required' });
    };
    if (r.kind === 'above' || r.kind === 'below' || r.kind === 'move') need('value');
    if (r.kind === 'move') need('days');
    if (r.kind === 'level') need('level');
  });
export type SaveRuleBody = z.input<typeof saveRuleBody>;

export const ruleSchema = z.object({
  id: z.string(),
  watchId: z.string(),
  kind: ruleKindSchema,
  value: z.number().nullable(),
  days: z.number().int().nullable(),
  direction: z.enum(['up', 'down', 'any']).nullable(),
  level: z.enum(['stress', 'alert', 'crisis']).nullable(),
  channels: z.array(z.enum(ALERT_CHANNELS)),
  /** Whether the condition held at the latest price evaluated (a crossing fires when it starts to hold). */
  met: z.boolean(),
  lastDay: z.string().nullable(),
  createdAt: z.string(),
});
export type RuleDTO = z.infer<typeof ruleSchema>;
export const rulesQuery = z.object({ watchId: id.optional() });
export const rulesSchema = z.array(ruleSchema);

const minutes = z.number().int().min(0).max(1439);
export const settingsSchema = z.object({
  lang: z.enum(['zh-CN', 'en']),
  timeZone: z.string(),
  quietFrom: minutes.nullable(),
  quietTo: minutes.nullable(),
  digest: z.boolean(),
  digestAt: minutes,
  email: z.string().nullable(),
  emailConfirmed: z.boolean(),
  webhookUrl: z.string().nullable(),
  /** Shown to its owner so their receiver can check signatures. */
  webhookSecret: z.string().nullable(),
});
export type AlertSettingsDTO = z.infer<typeof settingsSchema>;

export const saveSettingsBody = z.object({
  lang: z.enum(['zh-CN', 'en']).optional(),
  timeZone: z.string().trim().min(1, 'is required').max(64, 'is too long').optional(),
  quietFrom: minutes.nullable().optional(),
  quietTo: minutes.nullable().optional(),
  digest: z.boolean().optional(),
  digestAt: minutes.optional(),
  email: z
    .string()
    .trim()
    .max(254, 'is too long')
    .email('is not an e-mail address')
    .or(z.literal(''))
    .nullable()
    .optional(),
  webhookUrl: z.string().trim().max(2000, 'is too long').url('is not a URL').or(z.literal('')).nullable().optional(),
  rotateWebhookSecret: z.boolean().optional(),
});

export const notificationSchema = z.object({
  id: z.string(),
  /** A rule's kind, or `feedbackReply`: staff answered the user's feedback (`feedback` names it). */
  kind: z.union([ruleKindSchema, z.literal('feedbackReply')]),
  feedback: z.object({ id: z.string(), title: z.string() }).nullable(),
  watchId: z.string().nullable(),
  product: z.string(),
  productName: z.string(),
  regionId: z.string(),
  regionName: z.string(),
  priceType: priceTypeSchema,
  currency: z.string(),
  unit: z.string(),
  day: z.string(),
  price: z.number(),
  detail: z.object({
    value: z.number().nullable().optional(),
    days: z.number().nullable().optional(),
    direction: z.string().nullable().optional(),
    level: z.string().nullable().optional(),
    refDay: z.string().nullable().optional(),
    refPrice: z.number().nullable().optional(),
    pct: z.number().nullable().optional(),
    reached: z.string().nullable().optional(),
    score: z.number().nullable().optional(),
  }),
  createdAt: z.string(),
  read: z.boolean(),
});
export type NotificationDTO = z.infer<typeof notificationSchema>;

export const notificationsBody = z.object({
  page: z.number().int().min(1).default(1),
  size: z.number().int().min(1).max(100).default(20),
  unreadOnly: z.boolean().default(false),
  lang: langSchema,
});
export const notificationsSchema = z.object({
  items: z.array(notificationSchema),
  total: z.number().int(),
  unread: z.number().int(),
});
export const unreadSchema = z.object({ unread: z.number().int() });
export const markReadBody = z.object({
  ids: z.array(id).max(100, 'must list at most 100 items').optional(),
  all: z.boolean().optional(),
});

export const tokenBody = z.object({
  token: z.string().trim().min(10, 'is invalid').max(400, 'is too long'),
  lang: langSchema,
});
export const unsubscribeBody = tokenBody.extend({ all: z.boolean().default(false) });
export const unsubscribeSchema = z.object({
  channel: z.enum(ALERT_CHANNELS),
  /** The alert's series, when the link names one alert. */
  series: z.string().nullable(),
  done: z.boolean(),
  all: z.boolean(),
});
export const confirmEmailSchema = z.object({ email: z.string() });
