import 'server-only';
import type { Db } from '../../db/client';

export type SourceStatus = {
  bySource: Map<number, { lastRun: { at: Date; items: number; outcome: string } | null; nextRefreshAt: Date | null }>;
  failing: { source: string; at: Date; error: string }[];
};

/**
 * Each source's last import and next scheduled refresh, and the sources whose last refresh failed.
 * Imports are not yet recorded per source: every source shows the last import run, and none
 * refreshes itself (docs/console.md "Data").
 */
export async function sourceFreshness(_db: Db): Promise<SourceStatus> {
  return { bySource: new Map(), failing: [] };
}
