import 'server-only';
import { desc } from 'drizzle-orm';
import type { CountryImportRecord } from '@/lib/api/console/schemas/data-imports';
import type { Db } from '../../db/client';
import { priceImports } from '../../db/schema';

/**
 * The slack around a console import's span (its request time `at`, then `ms` of work) within which
 * the series it wrote are stamped: the import's transaction stamps them with its own start.
 */
const SLACK_MS = 2_000;
/** Console imports read to find the one that wrote a source (older ones show no rows). */
const RECENT_IMPORTS = 200;

/**
 * The rows of `country` in the console import that last wrote its series at `importedAt`
 * (product_sources.imported_at, per source); null when no console import did: one from the command
 * line records no per-country rows. A refused import wrote nothing, so it never matches and the
 * time stays that of the last import that did (its reason is in the import history,
 * docs/console.md "Dashboard").
 */
export async function lastImportRows(db: Db): Promise<(country: string, importedAt: Date | null) => number | null> {
  const recent = await db
    .select({ at: priceImports.at, ms: priceImports.ms, countries: priceImports.countries })
    .from(priceImports)
    .orderBy(desc(priceImports.at))
    .limit(RECENT_IMPORTS);
  return (country, importedAt) => {
    if (!importedAt) return null;
    for (const i of recent) {
      const t = importedAt.getTime();
      // Not this import's: a source of the same country written just before it (by the seed, the
      // command line) keeps its own time and shows no rows.
      if (t < i.at.getTime() - SLACK_MS || t > i.at.getTime() + i.ms + SLACK_MS) continue;
      const part = (i.countries as CountryImportRecord[]).find((c) => c.country === country && !c.refused);
      if (part) return part.rows;
    }
    return null;
  };
}
