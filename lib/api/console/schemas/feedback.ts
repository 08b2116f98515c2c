import { z } from 'zod';
import { feedbackReplySchema, feedbackStatusSchema, MAX_REPLY_CONTENT } from '../../schemas/feedback';

// The console's feedback inbox (docs/console.md "Feedback").

/** How long a feedback has waited since its last change: under a day, one to seven days, longer. */
export const FEEDBACK_AGES = ['day', 'week', 'older'] as const;
export const feedbackAgeSchema = z.enum(FEEDBACK_AGES);
export type FeedbackAge = z.infer<typeof feedbackAgeSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = z.string().trim().regex(UUID, 'is not an id');
const noNul = (s: string) => !s.includes('\u0000');
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .refine(noNul, 'must not contain NUL characters');

export const inboxQueryBody = z.object({
  platformKey: z.string().trim().max(64, 'is too long').optional(),
  typeId: uuid.optional(),
  state: feedbackStatusSchema.optional(),
  age: feedbackAgeSchema.optional(),
  /** me: assigned to the caller; none: to nobody; a staff member's id; absent: anyone's. */
  assignee: z.union([z.literal('me'), z.literal('none'), uuid]).optional(),
  /** Title, content, the submitter's phone or nickname. */
  q: z.string().trim().max(100, 'is too long').refine(noNul, 'must not contain NUL characters').optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type InboxQuery = z.input<typeof inboxQueryBody>;

const names = z.object({ nameZh: z.string(), nameEn: z.string() });
const person = z.object({ id: z.string(), name: z.string() });

export const inboxItemSchema = z.object({
  id: z.string(),
  platformKey: z.string(),
  platform: names,
  type: names,
  title: z.string(),
  state: feedbackStatusSchema,
  replyCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submitter: z.object({ id: z.string(), nickname: z.string(), phone: z.string() }),
  assignee: person.nullable(),
  notifySms: z.boolean(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxPageSchema = z.object({
  items: z.array(inboxItemSchema),
  total: z.number().int(),
  /** Per-state totals under the other filters (the state filter's badges). */
  counts: z.object({ pending: z.number().int(), replied: z.number().int(), resolved: z.number().int() }),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

export const inboxFacetsSchema = z.object({
  platforms: z.array(names.extend({ key: z.string() })),
  types: z.array(names.extend({ id: z.string(), platformKey: z.string() })),
  /** Who may be assigned: members holding `support` or `admin`. */
  staff: z.array(person.extend({ phone: z.string() })),
});

export const feedbackIdBody = z.object({ feedbackId: uuid });

export const feedbackNoteSchema = z.object({
  id: z.string(),
  authorName: z.string(),
  content: z.string(),
  createdAt: z.string(),
});

export const inboxDetailSchema = z.object({
  item: inboxItemSchema,
  content: z.string(),
  contactPhone: z.string(),
  region: names.extend({ regionCode: z.string() }).nullable(),
  images: z.array(z.object({ key: z.string(), url: z.string() })),
  replies: z.array(feedbackReplySchema),
  notes: z.array(feedbackNoteSchema),
});
export type InboxDetail = z.infer<typeof inboxDetailSchema>;

export const assignBody = z.object({ feedbackId: uuid, assigneeId: uuid.nullable() });
export const MAX_NOTE = 2000;
export const noteBody = z.object({ feedbackId: uuid, content: text(MAX_NOTE) });
export const consoleReplyBody = z.object({
  feedbackId: uuid,
  content: text(MAX_REPLY_CONTENT),
  /** Resolve it with the reply (the customer's question is answered in full). */
  resolve: z.boolean().default(false),
});
