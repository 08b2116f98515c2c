import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => ts('created_at').notNull().defaultNow();

// ---- Accounts (docs/accounts.md) ----

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  phone: text('phone').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  nickname: text('nickname').notNull(),
  /**
   * Console roles (admin, editor, contributor, data, support: lib/api/console/roles.ts), set only
   * from the command line (`npm run staff:grant`). An account with any role is staff.
   */
  roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
  sourcePlatformCode: text('source_platform_code'),
  /** Locked by support (docs/console.md "Customers"): no login, no session works, until unlocked. */
  lockedAt: ts('locked_at'),
  lockReason: text('lock_reason'),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const userProfiles = pgTable('user_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  realName: text('real_name'),
  company: text('company'),
  position: text('position'),
  region: text('region'),
  industry: text('industry'),
  avatar: text('avatar'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    absoluteExpiresAt: ts('absolute_expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    /** portal: the site's login (30 days); console: a staff login to /console (12 hours, docs/access-policy.md). */
    kind: text('kind').notNull().default('portal'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId, t.kind)],
);

/** One row per code (or notice) sent; the send limits live in `rate_events`. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(), // register | retrieve
    // Null when a notice went out instead of a code (registered phone asking to register,
    // unknown phone asking to retrieve): the row keeps the same shape so nothing tells them apart.
    codeHash: text('code_hash'),
    // Who asked for it: the host key of lib/server/http/address-key.ts (an IPv4 address, an IPv6 /64).
    ip: text('ip'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    // No longer written: wrong tries count per code and address in rate_events (docs/accounts.md,
    // "SMS codes"). Kept so instances of the previous release still run during a rolling update.
    attempts: integer('attempts').notNull().default(0),
    consumedAt: ts('consumed_at'),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt), index('sms_codes_ip_idx').on(t.ip, t.createdAt)],
);

/** Messages stored by the outbox SMS adapter (development and tests). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    text: text('text').notNull(),
    code: text('code'), // null for notices that carry no code
    sentAt: createdAt(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.sentAt)],
);

export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    // The client's host key: an IPv4 address or an IPv6 /64 (lib/server/http/address-key.ts).
    ip: text('ip'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('login_failures_phone_idx').on(t.phone, t.at)],
);

/**
 * A phone locked against logins: from one client address (`scope` = that address), or from
 * everywhere (`scope` = '*') when guesses came from many addresses.
 */
export const loginLocks = pgTable(
  'login_locks',
  {
    phone: text('phone').notNull(),
    scope: text('scope').notNull().default('*'),
    lockedUntil: ts('locked_until').notNull(),
  },
  (t) => [primaryKey({ columns: [t.phone, t.scope] })],
);

/**
 * Where a phone logged in from lately (`address`: an IPv4 address or an IPv6 /64, lib/server/http/
 * address-key.ts): such a login is likely the owner's, so it has places kept in the password-check
 * line and the phone-wide lock-out does not apply to it (docs/accounts.md, "Login limits").
 */
export const knownLogins = pgTable(
  'known_logins',
  {
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.phone, t.address] }),
    index('known_logins_at_idx').on(t.at),
    // Whether anyone logged in lately from an address or an IPv6 site (a prefix of host keys):
    // lib/server/services/accounts/known-sites.ts.
    index('known_logins_address_idx').on(t.address.op('text_pattern_ops'), t.at),
  ],
);

/** Sliding-window limiter events (lib/server/rate-limit.ts): in the database so limits hold across instances. */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [index('rate_events_bucket_key_idx').on(t.bucket, t.key, t.at)],
);

/** Files users uploaded with a grant: who owns which key (avatars and attachments are checked against it). */
export const storedFiles = pgTable(
  'stored_files',
  {
    key: text('key').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    // The nonce of the upload grant that stored it: a grant stores at most its file count.
    grantNonce: text('grant_nonce'),
    createdAt: createdAt(),
  },
  (t) => [index('stored_files_user_idx').on(t.userId, t.createdAt), index('stored_files_grant_idx').on(t.grantNonce)],
);

// ---- Memberships (docs/pricing.md) ----

export const memberLevels = pgTable('member_levels', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  rank: integer('rank').notNull().unique(),
  privileges: jsonb('privileges').notNull(),
  forSale: boolean('for_sale').notNull().default(true),
  createdAt: createdAt(),
});

export const userMemberships = pgTable(
  'user_memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    levelId: uuid('level_id')
      .notNull()
      .references(() => memberLevels.id),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('user_memberships_user_idx').on(t.userId, t.endsAt)],
);

export * from './schema-commerce';
export * from './schema-feedback';
export * from './schema-content';
export * from './schema-market';
export * from './schema-forecast';
// ---- Operations: page versions, job runs (issue 18) ----
export * from './schema-operations';
// ---- The data API's keys (docs/data-api.md) ----
export * from './schema-api';
// ---- Anomaly levels, watchlists, alerts (issue 32) ----
export * from './schema-alerts';
// ---- The operator console (issue 30) ----
export * from './schema-console';
