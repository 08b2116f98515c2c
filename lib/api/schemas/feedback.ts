import { z } from 'zod';
import { pagedOf, pageSchema, phoneSchema } from './common';

// Limits of docs/feedback.md.
export const MAX_FEEDBACK_IMAGES = 6;
export const MAX_FEEDBACK_CONTENT = 2000;
export const MAX_FEEDBACK_TITLE = 100;
export const MAX_REPLY_CONTENT = 2000;

export const FEEDBACK_STATUSES = ['pending', 'replied', 'resolved'] as const;
export const feedbackStatusSchema = z.enum(FEEDBACK_STATUSES);
export type FeedbackStatus = z.infer<typeof feedbackStatusSchema>;

// PostgreSQL text cannot hold NUL; refusing it here keeps it from ever reaching a query.
const noNul = (s: string) => !s.includes('\u0000');
const NUL_MSG = 'must not contain NUL characters';
const key = (max = 64) => z.string().trim().min(1, 'is required').max(max, 'is too long').refine(noNul, NUL_MSG);
const text = (max: number) =>
  z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`).refine(noNul, NUL_MSG);
const optionalText = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`).refine(noNul, NUL_MSG).optional();

/** Platform keys are identifiers (farming, electronicLedger …). */
export const platformKeySchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64, 'is too long')
  .regex(/^[A-Za-z0-9_-]+$/, 'is not one of our platforms');
/** The wire spells the field `plaformKey` (docs/api.md); messages about it name it so. */
export const PLATFORM_KEY_FIELD = 'plaformKey';
/** Parsed requests carry the key as `platformKey`: the wire's spelling stops at the schema. */
const toPlatformKey = <T extends { plaformKey?: unknown }>({ plaformKey, ...rest }: T) => ({
  ...(rest as Omit<T, 'plaformKey'>),
  platformKey: plaformKey as T['plaformKey'],
});
export const platformKeyQuery = z.object({ plaformKey: platformKeySchema }).transform(toPlatformKey);
/** Any id is accepted here: one that is malformed, unknown or someone else's is the same "not found". */
export const feedbackIdQuery = z.object({ feedbackId: key() });

// ---- platforms, types, regions ----
export const platformSchema = z.object({
  plaformKey: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  productPath: z.string(),
});
export type PlatformDTO = z.infer<typeof platformSchema>;
export const feedbackTypeSchema = z.object({
  id: z.string(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
});
export type FeedbackTypeDTO = z.infer<typeof feedbackTypeSchema>;
export const platformRegionSchema = z.object({ regionCode: z.string(), nameZh: z.string(), nameEn: z.string() });
export type PlatformRegionDTO = z.infer<typeof platformRegionSchema>;

// ---- AddInfoFeedback ----
export const addFeedbackFields = z.object({
  plaformKey: platformKeySchema,
  typeId: key(),
  // Required when the user has regions on that platform (the server knows which).
  regionCode: optionalText(64),
  title: text(MAX_FEEDBACK_TITLE),
  content: text(MAX_FEEDBACK_CONTENT),
  // Storage keys of images uploaded with one UpLoadFileAuths grant of purpose "feedback".
  images: z.array(key(512)).max(MAX_FEEDBACK_IMAGES, `at most ${MAX_FEEDBACK_IMAGES} images`).default([]),
  contactPhone: phoneSchema,
  /** Text the contact phone when staff reply (the portal's notifications tell them in any case). */
  notifySms: z.boolean().default(false),
});
export const addFeedbackBody = addFeedbackFields.transform(toPlatformKey);
export type AddFeedbackBody = z.input<typeof addFeedbackBody>;

// ---- lists ----
export const queryFeedbackPageBody = pageSchema
  .extend({
    status: feedbackStatusSchema.optional(),
    // Staff inbox filters; a customer's list is always their own.
    plaformKey: platformKeySchema.optional(),
    keyword: optionalText(100),
  })
  .transform(toPlatformKey);
export type QueryFeedbackPageBody = z.input<typeof queryFeedbackPageBody>;

const localized = { nameZh: z.string(), nameEn: z.string() };
export const feedbackSummarySchema = z.object({
  id: z.string(),
  plaformKey: z.string(),
  platform: z.object(localized),
  type: z.object(localized),
  region: z.object({ regionCode: z.string(), ...localized }).nullable(),
  title: z.string(),
  status: feedbackStatusSchema,
  replyCount: z.number().int(),
  imageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** Who filed it: shown to staff only (null in a customer's own list). */
  submitter: z.object({ nickname: z.string(), phone: z.string() }).nullable(),
});
export type FeedbackSummaryDTO = z.infer<typeof feedbackSummarySchema>;

export const feedbackPageSchema = pagedOf(feedbackSummarySchema).extend({
  /** Per-status totals of the same list without the status filter (the filter's badges). */
  counts: z.object({ pending: z.number().int(), replied: z.number().int(), resolved: z.number().int() }),
  /** True when this is the staff inbox (every user's feedback). */
  inbox: z.boolean(),
});
export type FeedbackPageDTO = z.infer<typeof feedbackPageSchema>;

export const feedbackDetailSchema = feedbackSummarySchema.extend({
  content: z.string(),
  contactPhone: z.string(),
  notifySms: z.boolean(),
  images: z.array(z.object({ key: z.string(), url: z.string() })),
  mine: z.boolean(),
  canReply: z.boolean(),
  canResolve: z.boolean(),
});
export type FeedbackDetailDTO = z.infer<typeof feedbackDetailSchema>;

// ---- the thread ----
export const feedbackReplySchema = z.object({
  id: z.string(),
  content: z.string(),
  fromStaff: z.boolean(),
  authorName: z.string(),
  mine: z.boolean(),
  createdAt: z.string(),
});
export type FeedbackReplyDTO = z.infer<typeof feedbackReplySchema>;

export const addReplyBody = z.object({ feedbackId: key(), content: text(MAX_REPLY_CONTENT) });
export type AddReplyBody = z.input<typeof addReplyBody>;
export const resolveFeedbackBody = z.object({ feedbackId: key() });
