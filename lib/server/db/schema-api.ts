import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Keys of the data API (/api/v1, docs/data-api.md). The key itself is shown once, when made; only
 * its SHA-256 is kept (a key is 32 random bytes, so a plain hash is enough, as for sessions), with
 * its first characters so the owner can tell keys apart.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /** The key's first characters (`yk_AbCd…`), shown in the list. */
    prefix: text('prefix').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('api_keys_user_idx').on(t.userId, t.createdAt)],
);

/** Calls made with each key per UTC day: the owner's usage page and the daily quota. */
export const apiKeyUsage = pgTable(
  'api_key_usage',
  {
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    calls: integer('calls').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.day] })],
);
