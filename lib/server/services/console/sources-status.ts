import 'server-only';
import { desc } from 'drizzle-orm';
import type { CountryImportRecord } from '@/lib/api/console/schemas/data-imports';
import type { Db } from '../../db/client';
import { priceImports } from '../../db/schema';

/** How far apart the console's record of an import and the series it wrote may be stamped. */
const SAME_IMPORT_MS = 60_000;
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
    .select({ at: priceImports.at, countries: priceImports.countries })
    .from(priceImports)
    .orderBy(desc(priceImports.at))
    .limit(RECENT_IMPORTS);
  return (country, importedAt) => {
    if (!importedAt) return null;
    for (const i of recent) {
      if (Math.abs(i.at.getTime() - importedAt.getTime()) > SAME_IMPORT_MS) continue;
      const part = (i.countries as CountryImportRecord[]).find((c) => c.country === country && !c.refused);
      if (part) return part.rows;
    }
    return null;
  };
}
