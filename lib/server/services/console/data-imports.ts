import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq, getTableColumns, lt, sql } from 'drizzle-orm';
import type { CountryImportRecord, ImportsPage, PriceImport } from '@/lib/api/console/schemas/data-imports';
import { MAX_PRICE_UPLOAD_BYTES } from '@/lib/api/console/schemas/data-imports';
import { msg } from '@/lib/i18n/server-messages';
import type { Actor } from './audit';
import type { Db } from '../../db/client';
import { query } from '../../db/client';
import { priceImports, priceObservations, regions } from '../../db/schema';
import { fail } from '../../errors';
import { recordJobRun } from '../../fleet/job-runs';
import { ratesFormatOf } from '../../market/fx-csv';
import { countryFromFileName } from '../../market/price-csv';
import { csvHeader, importCsvByCountry, rowsNameCountry } from '../market/import/by-country';
import { ImportRejected, importCsvFile, type ImportSummary } from '../market/import/pipeline';

/**
 * A price file uploaded in the console (docs/console.md "Data"), imported as `npm run data:import`
 * imports it: the same header test (a file whose rows name their country goes country by
 * country), the same pipeline, the same rejects file, the same job record. The caller's
 * transaction (the dispatcher's, for an audited console write) holds it all: each country's
 * import is a savepoint in it, so a refused country leaves the others and the history standing.
 */
export async function importUploadedPrices(
  db: Db,
  input: { fileName: string; csv: string; actor: Actor; now: Date; maxBytes?: number },
): Promise<{ record: PriceImport }> {
  const bytes = Buffer.byteLength(input.csv, 'utf8');
  // A source fetched from its URL has its own limit (SOURCE_FETCH_MAX_BYTES), checked as it is read.
  const maxBytes = input.maxBytes ?? MAX_PRICE_UPLOAD_BYTES;
  if (bytes > maxBytes) throw fail.invalid('csv', msg('validation.maxSize', { size: `${maxBytes / 1024 / 1024} MiB` }));
  const fileName = path.basename(input.fileName.replace(/\\/g, '/'));
  const dir = await mkdtemp(path.join(tmpdir(), 'console-import-'));
  // The name keeps the country it says (wfp_food_prices_bgd.csv → BGD), as on the command line.
  const country = countryFromFileName(fileName);
  const file = path.join(dir, `${randomBytes(6).toString('hex')}${country ? `_${country.toLowerCase()}` : ''}.csv`);
  const rejectsPath = path.join(dir, 'rejects.csv');
  try {
    await writeFile(file, input.csv);
    const header = await csvHeader(file);
    if (ratesFormatOf(header)) throw fail.invalid('csv', msg('console.ratesFile'));
    const seriesBefore = await seriesByCountry(db);
    const t0 = performance.now();
    let countries: CountryImportRecord[] = [];
    let unplaced = 0;
    let refused: string | null = null;
    if (rowsNameCountry(header)) {
      const r = await recordJobRun(db, 'import', () => importCsvByCountry(db, file, { rejectsPath }), {
        items: (x) => x.rows,
      });
      countries = r.countries.map((c) => countryRecord(c.country, c.summary, c.refused));
      unplaced = r.unplaced.length;
      if (!r.countries.length) refused = 'no row names a country';
    } else {
      try {
        const s = await recordJobRun(
          db,
          'import',
          (run) => importCsvFile(db, file, { rejectsPath, inTransaction: (tx, x) => run.recordOk(tx, x.rows) }),
          { items: (x) => x.rows, outcomeOf: (e) => (e instanceof ImportRejected ? 'refused' : 'failed') },
        );
        countries = s.countries.length
          ? s.countries.map((c) => countryRecord(c, s, null, s.countries.length > 1))
          : [countryRecord(country ?? '—', s, null)];
      } catch (e) {
        if (!(e instanceof ImportRejected)) throw e;
        const why = e.message.split(';')[0] ?? e.message;
        if (e.summary.format === null) refused = why;
        else countries = [countryRecord(e.summary.countries[0] ?? country ?? '—', e.summary, why)];
      }
    }
    const seriesAfter = await seriesByCountry(db);
    for (const c of countries)
      c.newSeries = Math.max(0, (seriesAfter.get(c.country) ?? 0) - (seriesBefore.get(c.country) ?? 0));
    const rejectsCsv = await readFile(rejectsPath, 'utf8').catch(() => null);
    const rows = countries.reduce((n, c) => n + c.rows, 0) + unplaced;
    const imported = countries.reduce((n, c) => n + (c.refused ? 0 : c.inserted + c.updated + c.unchanged), 0);
    const okCountries = countries.filter((c) => !c.refused).length;
    const outcome = refused || !okCountries ? 'refused' : okCountries < countries.length ? 'partial' : 'ok';
    const [row] = await db
      .insert(priceImports)
      .values({
        at: input.now,
        actorId: input.actor.id,
        actorPhone: input.actor.phone,
        actorName: input.actor.name,
        fileName,
        bytes,
        outcome,
        rows,
        imported,
        rejected: countries.reduce((n, c) => n + c.rejected, 0) + unplaced,
        newSeries: countries.reduce((n, c) => n + c.newSeries, 0),
        countries,
        unplaced,
        refused,
        ms: Math.round(performance.now() - t0),
        rejectsCsv,
      })
      .returning();
    return { record: toRecord(row!) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * One country's summary. A file without a country column may still hold several countries (a
 * generic file naming markets of two): its one summary is then given under each, without counts
 * split (the pipeline counts per file), so the first carries the figures and the others none.
 */
function countryRecord(country: string, s: ImportSummary, refused: string | null, shared = false): CountryImportRecord {
  const own = !shared || s.countries[0] === country;
  const n = (x: number) => (own ? x : 0);
  // A refused country's markets and commodities were rolled back with its prices.
  const made = (x: number) => (refused ? 0 : n(x));
  return {
    country,
    rows: n(s.rows),
    inserted: n(s.inserted),
    updated: n(s.updated),
    unchanged: n(s.unchanged),
    rejected: n(s.rejected),
    newSeries: 0,
    newProducts: (refused ? [] : s.newProducts)
      .filter((p) => !shared || p.country === country)
      .map(({ code, name, category, unit }) => ({ code, name, category, unit })),
    markets: n(s.markets),
    newMarkets: made(s.newMarkets),
    from: s.from,
    to: s.to,
    refused: refused ? (refused.split(';')[0] ?? refused) : null,
  };
}

/** Series (product × market × price type) with prices, per country: before and after tell the new ones. */
async function seriesByCountry(db: Db): Promise<Map<string, number>> {
  const o = priceObservations;
  const rows = await query<{ c: string; n: string }>(
    db,
    sql`SELECT ${regions.countryCode} AS c, count(*) AS n
        FROM (SELECT DISTINCT ${o.productNum} AS p, ${o.marketNum} AS m, ${o.priceType} AS t FROM ${o}) s
        JOIN ${regions} ON ${regions.num} = s.m GROUP BY 1`,
  );
  return new Map(rows.map((r) => [r.c, Number(r.n)]));
}

type Row = typeof priceImports.$inferSelect;

const toRecord = (r: Row): PriceImport => ({
  id: r.id,
  at: r.at.toISOString(),
  actorName: r.actorName,
  actorPhone: r.actorPhone,
  fileName: r.fileName,
  bytes: r.bytes,
  outcome: r.outcome as PriceImport['outcome'],
  rows: r.rows,
  imported: r.imported,
  rejected: r.rejected,
  newSeries: r.newSeries,
  countries: r.countries as CountryImportRecord[],
  unplaced: r.unplaced,
  refused: r.refused,
  ms: r.ms,
});

/** ConsoleImports: newest first. */
export async function listImports(db: Db, q: { before?: number; limit: number }): Promise<ImportsPage> {
  const { rejectsCsv: _omit, ...cols } = getTableColumns(priceImports);
  const rows = await db
    .select(cols)
    .from(priceImports)
    .where(q.before ? lt(priceImports.id, q.before) : undefined)
    .orderBy(desc(priceImports.id))
    .limit(q.limit + 1);
  const items = rows.slice(0, q.limit).map((r) => toRecord({ ...r, rejectsCsv: null }));
  return { items, next: rows.length > q.limit ? (items.at(-1)?.id ?? null) : null };
}

/** ConsoleImportRejects: the rejects file of one import (404 when it had none). */
export async function importRejects(db: Db, id: number) {
  const [r] = await db
    .select({ fileName: priceImports.fileName, csv: priceImports.rejectsCsv })
    .from(priceImports)
    .where(eq(priceImports.id, id));
  if (!r?.csv) throw fail.notFound(msg('console.noRejects'));
  const base = r.fileName.replace(/\.csv$/i, '');
  return { fileName: `${base}.rejects.csv`, csv: r.csv };
}
