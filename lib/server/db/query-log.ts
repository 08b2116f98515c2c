import 'server-only';
import type { Logger } from 'drizzle-orm/logger';
import { env } from '../env';

/**
 * DB_LOG_QUERIES=1 prints one line per query ("[db] select …"). The page
 * benchmark counts them to show that cached pages are served without touching
 * the database.
 */
export function queryLogger(): Logger | undefined {
  if (!env().DB_LOG_QUERIES) return undefined;
  return { logQuery: (q) => console.log(`[db] ${q.replace(/\s+/g, ' ').slice(0, 160)}`) };
}
