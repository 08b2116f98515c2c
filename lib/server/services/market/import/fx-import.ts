import 'server-only';
import { createReadStream } from 'node:fs';
import { inArray, sql } from 'drizzle-orm';
import { query, type Db, type Tx } from '../../../db/client';
import { dataSources, fxRates } from '../../../db/schema';
import { arr } from '../../../db/sql-array';
import { H10_ATTRIBUTION, H10_SOURCE, readRatesCsv, type RateRow, type RatesOptions } from '../../../market/fx-csv';
import type { Reject } from '../../../market/types';
import { bumpDataVersion } from '../cache';
import { rejectsPathOf, writeRejects } from './pipeline';
import { attributionOf } from './sources';

/**
 * Imports a file of monthly exchange rates (lib/server/market/fx-csv.ts) like a price file: bad
 * rows to the rejects file, above the threshold (or any with `strict`) nothing written, one
 * transaction, a rate equal to the stored one left alone, and the market caches dropped when a
 * rate changed. The rates are published ones (docs/market-data.md, "Exchange rates"): USD figures
 * use them before the rates implied by a price source's own USD prices.
 */
export type RatesSummary = {
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  rejects: Reject[];
  /** Every source named, with the currencies and the months it gives. */
  sources: { name: string; licence: string; currencies: string[]; from: string | null; to: string | null }[];
};

export class RatesRejected extends Error {
  constructor(
    readonly summary: RatesSummary,
    why: string,
  ) {
    super(`${why}; nothing was imported. First: line ${summary.rejects[0]?.line}: ${summary.rejects[0]?.reason}`);
    this.name = 'RatesRejected';
  }
}

export type RatesImportOptions = RatesOptions & {
  maxBad?: number;
  strict?: boolean;
  /** Where the rejects file goes (beside the input by default); null for none. */
  rejectsPath?: string | null;
};

export async function importRatesFile(db: Db, file: string, options: RatesImportOptions = {}): Promise<RatesSummary> {
  const read = await readRatesCsv(createReadStream(file), options);
  const rejects = [...read.rejects];
  // A second rate for the same currency, source and month: a bad row naming the first.
  const seen = new Map<string, number>();
  const rows: RateRow[] = [];
  for (const r of read.rows) {
    const key = `${r.currency}|${r.source}|${r.month}`;
    const first = seen.get(key);
    if (first !== undefined)
      rejects.push({ line: r.line, reason: `duplicate of line ${first} (same currency, source and month)` });
    else {
      seen.set(key, r.line);
      rows.push(r);
    }
  }
  rejects.sort((a, b) => a.line - b.line);
  const total = read.rows.length + read.rejects.length;
  const summary = (counts = { inserted: 0, updated: 0, unchanged: 0 }): RatesSummary => ({
    rows: total,
    ...counts,
    rejected: rejects.length,
    rejects: rejects.slice(0, 100),
    sources: sourcesOf(rows),
  });
  try {
    if (!read.format) throw new RatesRejected(summary(), 'not a rates file');
    const tooMany = rejects.length > (options.maxBad ?? 0.01) * Math.max(total, 1);
    if ((options.strict && rejects.length) || tooMany)
      throw new RatesRejected(
        summary(),
        `${rejects.length} bad row(s) of ${total}${options.strict ? ' (--strict)' : `, above ${((options.maxBad ?? 0.01) * 100).toFixed(2)} %`}`,
      );
    return summary(await db.transaction((tx) => store(tx, rows)));
  } finally {
    await writeRejects(options.rejectsPath === undefined ? rejectsPathOf(file) : options.rejectsPath, rejects);
  }
}

function sourcesOf(rows: readonly RateRow[]): RatesSummary['sources'] {
  const out = new Map<string, RatesSummary['sources'][number]>();
  for (const r of rows) {
    let s = out.get(r.source);
    if (!s) out.set(r.source, (s = { name: r.source, licence: r.licence, currencies: [], from: null, to: null }));
    if (!s.currencies.includes(r.currency)) s.currencies.push(r.currency);
    const m = r.month.slice(0, 7);
    if (!s.from || m < s.from) s.from = m;
    if (!s.to || m > s.to) s.to = m;
  }
  for (const s of out.values()) s.currencies.sort();
  return [...out.values()];
}

/** The sources' ids (new ones numbered max + 1 under a lock, as the price import does), then one upsert. */
async function store(tx: Tx, rows: readonly RateRow[]) {
  await tx.execute(sql`LOCK TABLE ${dataSources} IN SHARE ROW EXCLUSIVE MODE`);
  const ids = new Map<string, number>();
  for (const s of await tx.select({ id: dataSources.id, name: dataSources.name }).from(dataSources))
    ids.set(s.name, s.id);
  let next = Math.max(0, ...ids.values());
  for (const r of rows) {
    if (ids.has(r.source)) continue;
    const id = ++next;
    await tx.insert(dataSources).values({
      id,
      name: r.source,
      licence: r.licence,
      attribution: r.source === H10_SOURCE ? H10_ATTRIBUTION : attributionOf(r.source, r.licence),
    });
    ids.set(r.source, id);
  }
  if (!rows.length) return { inserted: 0, updated: 0, unchanged: 0 };
  // When each source's rates were last read (the data status page), changed or not.
  await tx
    .update(dataSources)
    .set({ importedAt: sql`now()` })
    .where(inArray(dataSources.id, [...new Set(rows.map((r) => ids.get(r.source)!))]));
  const f = fxRates;
  const col = (c: { name: string }) => sql.identifier(c.name);
  const changed = await query<{ ins: boolean }>(
    tx,
    sql`INSERT INTO ${f} (${col(f.currency)}, ${col(f.month)}, ${col(f.sourceId)}, ${col(f.rate)}, ${col(f.rows)})
        SELECT c, m, s, r, NULL FROM unnest(${arr(rows.map((r) => r.currency))}::text[], ${arr(rows.map((r) => r.month))}::date[],
          ${arr(rows.map((r) => ids.get(r.source)!))}::int2[], ${arr(rows.map((r) => r.rate))}::float8[]) AS t(c, m, s, r)
        ON CONFLICT (${col(f.currency)}, ${col(f.sourceId)}, ${col(f.month)}) DO UPDATE SET ${col(f.rate)} = excluded.${col(f.rate)}
        WHERE ${f.rate} IS DISTINCT FROM excluded.${col(f.rate)}
        RETURNING (xmax = 0) AS ins`,
  );
  const inserted = changed.filter((r) => r.ins === true || String(r.ins) === 'true').length;
  const updated = changed.length - inserted;
  if (changed.length) await bumpDataVersion(tx);
  return { inserted, updated, unchanged: rows.length - changed.length };
}
