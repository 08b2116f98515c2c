import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => ts('created_at').notNull().defaultNow();

// ---- Platforms, feedback and the platform hand-off (docs/accounts.md, docs/feedback.md) ----

/** The company's platforms (the four products); keys match the hand-off configuration in lib/server/platforms. */
export const platforms = pgTable('platforms', {
  key: text('key').primaryKey(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  productPath: text('product_path').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const feedbackTypes = pgTable(
  'feedback_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platformKey: text('platform_key')
      .notNull()
      .references(() => platforms.key, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('feedback_types_platform_code_uq').on(t.platformKey, t.code)],
);

/** The regions a user works in on a platform (their farms, markets, districts). */
export const userPlatformRegions = pgTable(
  'user_platform_regions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platformKey: text('platform_key')
      .notNull()
      .references(() => platforms.key, { onDelete: 'cascade' }),
    regionCode: text('region_code').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.platformKey, t.regionCode] })],
);

export const feedbacks = pgTable(
  'feedbacks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platformKey: text('platform_key')
      .notNull()
      .references(() => platforms.key),
    typeId: uuid('type_id')
      .notNull()
      .references(() => feedbackTypes.id),
    // The region as it was named when filed: the user's region list may change later.
    regionCode: text('region_code'),
    regionNameZh: text('region_name_zh'),
    regionNameEn: text('region_name_en'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    contactPhone: text('contact_phone').notNull(),
    status: text('status').notNull().default('pending'), // pending | replied | resolved
    replyCount: integer('reply_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    resolvedAt: ts('resolved_at'),
    /** The staff member answering it (console inbox); null while nobody has taken it. */
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** The customer asked to be texted at `contactPhone` when staff reply. */
    notifySms: boolean('notify_sms').notNull().default(false),
  },
  (t) => [
    index('feedbacks_assignee_idx').on(t.assigneeId, t.updatedAt),
    index('feedbacks_user_idx').on(t.userId, t.createdAt),
    index('feedbacks_status_idx').on(t.status, t.updatedAt),
    index('feedbacks_platform_idx').on(t.platformKey, t.updatedAt),
    index('feedbacks_updated_idx').on(t.updatedAt),
  ],
);

/** Staff's internal notes on a feedback: never shown to the customer (docs/console.md "Feedback"). */
export const feedbackNotes = pgTable(
  'feedback_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    feedbackId: uuid('feedback_id')
      .notNull()
      .references(() => feedbacks.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Copied: the note keeps its author's name when the account goes. */
    authorName: text('author_name').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_notes_feedback_idx').on(t.feedbackId, t.createdAt)],
);

/** A stored file belongs to at most one feedback (the unique key). */
export const feedbackImages = pgTable(
  'feedback_images',
  {
    feedbackId: uuid('feedback_id')
      .notNull()
      .references(() => feedbacks.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    sort: integer('sort').notNull(),
  },
  (t) => [primaryKey({ columns: [t.feedbackId, t.sort] }), uniqueIndex('feedback_images_key_uq').on(t.key)],
);

export const feedbackReplies = pgTable(
  'feedback_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    feedbackId: uuid('feedback_id')
      .notNull()
      .references(() => feedbacks.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromStaff: boolean('from_staff').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_replies_feedback_idx').on(t.feedbackId, t.createdAt)],
);

/** Feedback upload grants that have been spent on a feedback: such a grant uploads and attaches nothing more. */
export const usedUploadGrants = pgTable('used_upload_grants', {
  nonce: text('nonce').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  feedbackId: uuid('feedback_id').references(() => feedbacks.id, { onDelete: 'set null' }),
  usedAt: ts('used_at').notNull(),
});

/** Hand-off tokens already exchanged (platform + nonce), kept until they would have expired anyway. */
export const usedHandoffTokens = pgTable(
  'used_handoff_tokens',
  {
    id: text('id').primaryKey(),
    platformKey: text('platform_key').notNull(),
    usedAt: ts('used_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('used_handoff_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * Platforms a portal account has been linked to by its owner: opening the platform from the
 * portal (UserPlatformAuth) links it. A platform's hand-off may enter an existing account
 * only when the account is linked to it, came from it, or has regions on it
 * (lib/server/services/platforms/license.ts).
 */
export const platformLinks = pgTable(
  'platform_links',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platformKey: text('platform_key').notNull(),
    linkedAt: ts('linked_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.platformKey] })],
);
