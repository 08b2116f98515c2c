import 'server-only';
import { createReadStream, statSync } from 'node:fs';
import { Transform } from 'node:stream';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client';
import { query } from '../../../db/client';
import { copyText, copyValue } from '../../../db/copy-text';
import { observationColumns, priceObservations, regions } from '../../../db/schema';
import { ACTUAL, FLAG_CODE, PRICE_TYPE_CODE } from '../../../market/codes';
import {
  countryFromFileName,
  isReject,
  newTally,
  readPriceCsv,
  type ReadOptions,
  type ReadTally,
} from '../../../market/price-csv';
import type { Reject, SourceRow } from '../../../market/types';
import { bumpDataVersion } from '../cache';
import { afterImport } from '../../alerts/after-import';
import { refreshDerived, type ChangedSeries } from './derive';
import { refreshIndexes } from './index-refresh';
import { refreshForecastRecord } from '../forecast-record/refresh';
import { Resolver, type NewProduct, type ResolvedRow } from './resolver';

/**
 * The one import path (docs/market-data.md), the same on PostgreSQL and PGlite: rows are read and
 * checked (lib/server/market/price-csv.ts), tied to geography and catalogue (resolver.ts) and
 * appended to a staging table with text COPY; then, in the same transaction, duplicates are
 * found, the bad-row threshold is applied, the stage is merged into the prices in one statement
 * (a row equal to the stored one is left alone: re-importing changes nothing), and the derived
 * prices (derive.ts) and the indexes of the countries touched (index-refresh.ts) are brought up
 * to date. A file is all or nothing.
 */

/** The staging table: an observation and the line it came from (a temporary table, dropped at commit). */
const stage = pgTable('import_stage', { line: integer('line').notNull(), ...observationColumns() });
const STAGE_COLUMNS = [
  stage.line,
  stage.productNum,
  stage.marketNum,
  stage.day,
  stage.flag,
  stage.priceType,
  stage.currency,
  stage.price,
  stage.minPrice,
  stage.maxPrice,
  stage.volume,
  stage.sourceId,
  stage.sourcePrice,
  stage.packId,
  stage.usdPrice,
];
const KEY = ['productNum', 'marketNum', 'day', 'flag', 'priceType', 'currency'] as const;
const VALUES = ['price', 'minPrice', 'maxPrice', 'volume', 'sourceId', 'sourcePrice', 'packId', 'usdPrice'] as const;

export type ImportOptions = {
  /** Share of bad rows above which nothing is imported (default 0.01 = 1 %). */
  maxBad?: number;
  /** Any bad row and nothing is imported. */
  strict?: boolean;
  /** Skip the index refresh (the seed refreshes once after several imports). */
  skipIndexes?: boolean;
  /** Called after each batch with the rows read so far. */
  onRows?: (rows: number) => void;
  /** Called with every bad row (the summary keeps the first 100). */
  onReject?: (r: Reject) => void;
  /** Last step inside the import's transaction (the job's record: all or nothing with the rows). */
  inTransaction?: (tx: Tx, summary: ImportSummary) => Promise<void>;
};

export type ImportSummary = {
  format: ReadTally['format'];
  /** Data rows read, by their flag as written, and forecasts of 0 skipped. */
  rows: number;
  flags: Record<string, number>;
  zeroForecasts: number;
  /** Rows stored: new, changed, already there. */
  inserted: number;
  updated: number;
  unchanged: number;
  /** Bad rows (all counted; the first 100 kept, by line). */
  rejected: number;
  rejects: Reject[];
  products: number;
  markets: number;
  countries: string[];
  from: string | null;
  to: string | null;
  /** Commodities no mapping named, created unmapped for staff to map or merge. */
  newProducts: NewProduct[];
  newMarkets: number;
  indexes: { definitions: number; values: number } | null;
  ms: {
    read: number;
    merge: number;
    derived: number;
    indexes: number;
    alerts: number;
    forecast: number;
    total: number;
  };
};

/** Nothing of the file was imported: too many bad rows, `--strict`, or a header that is not a price file. */
export class ImportRejected extends Error {
  constructor(
    readonly summary: ImportSummary,
    why: string,
  ) {
    super(`${why}; nothing was imported. First: line ${summary.rejects[0]?.line}: ${summary.rejects[0]?.reason}`);
    this.name = 'ImportRejected';
  }
}

const KEEP_REJECTS = 100;

/** Imports batches of source rows (a file's, or generated ones) in one transaction. */
export async function importRows(
  db: Db,
  batches: AsyncIterable<(SourceRow | Reject)[]> | Iterable<(SourceRow | Reject)[]>,
  options: ImportOptions = {},
  /** What reading the file found (rows, flags…); generated rows are counted here. */
  read?: ReadTally,
): Promise<ImportSummary> {
  const tally = read ?? newTally();
  const generated = !read;
  const t0 = performance.now();
  const rejects: Reject[] = [];
  let rejected = 0;
  const reject = (r: Reject) => {
    rejected++;
    options.onReject?.(r);
    if (rejects.length < KEEP_REJECTS) rejects.push(r);
  };
  return db.transaction(async (tx) => {
    // Big sorts and hash aggregates (the merge, the derived prices) stay in memory; no parallel
    // workers (their start-up costs more than they save here, and this process uses a core too).
    await tx.execute(sql`SET LOCAL work_mem = '256MB'`);
    await tx.execute(sql`SET LOCAL max_parallel_workers_per_gather = 0`);
    await tx.execute(sql`CREATE TEMP TABLE ${stage} (line integer NOT NULL, LIKE ${priceObservations}) ON COMMIT DROP`);
    const resolver = new Resolver(tx);
    await resolver.load();
    // One batch is written while the next is read and resolved (PostgreSQL works meanwhile).
    let writing: Promise<void> = Promise.resolve();
    for await (const batch of batches) {
      const good: SourceRow[] = [];
      for (const x of batch) {
        if (isReject(x)) reject(x);
        else good.push(x);
      }
      if (generated) {
        tally.rows += batch.length;
        for (const x of batch) if (!isReject(x)) tally.flags[x.flag] = (tally.flags[x.flag] ?? 0) + 1;
      }
      const { rows, rejects: unplaced } = await resolver.resolve(good);
      for (const r of unplaced) reject(r);
      if (options.strict && rejected) break;
      await writing;
      writing = copyText(tx, stage, STAGE_COLUMNS, copyLines(rows));
      writing.catch(() => {}); // awaited on the next batch or below
      options.onRows?.(tally.rows);
    }
    await writing;
    const tRead = performance.now();

    // A new temporary table has no statistics: the joins below are planned on its real size.
    await tx.execute(sql`ANALYZE ${stage}`);
    for (const d of await duplicates(tx)) reject(d);
    const summary = (counts: Awaited<ReturnType<typeof merge>>['counts'] | null): ImportSummary => ({
      format: tally.format,
      rows: tally.rows,
      flags: tally.flags,
      zeroForecasts: tally.zeroForecasts,
      inserted: counts?.inserted ?? 0,
      updated: counts?.updated ?? 0,
      unchanged: counts?.unchanged ?? 0,
      rejected,
      rejects: rejects.sort((a, b) => a.line - b.line),
      products: 0,
      markets: 0,
      countries: [...resolver.countriesSeen].sort(),
      from: null,
      to: null,
      newProducts: resolver.newProducts,
      newMarkets: resolver.newMarkets.size,
      indexes: null,
      ms: { read: 0, merge: 0, derived: 0, indexes: 0, alerts: 0, forecast: 0, total: 0 },
    });
    const headerFailed = !generated && tally.format === null;
    const tooMany = rejected > (options.maxBad ?? 0.01) * Math.max(tally.rows, 1);
    if (headerFailed || (options.strict && rejected) || tooMany) {
      const why = headerFailed
        ? 'not a price file'
        : `${rejected} bad row(s) of ${tally.rows}${options.strict ? ' (--strict)' : `, above ${((options.maxBad ?? 0.01) * 100).toFixed(2)} %`}`;
      throw new ImportRejected(summary(null), why);
    }

    const merged = await merge(tx);
    // The prices just written change the table's statistics (a first load: from nothing).
    if (merged.counts.inserted) await tx.execute(sql`ANALYZE ${priceObservations}`);
    const tMerged = performance.now();
    const span = await spanOf(tx);
    await refreshDerived(tx, merged.changed, stage);
    const tDerived = performance.now();
    const countries = new Set(merged.changedCountries);
    const indexes =
      countries.size && !options.skipIndexes ? await refreshIndexes(tx, { countries: [...countries] }) : null;
    const tIndexed = performance.now();
    await afterImport(tx, merged.changed); // anomaly levels and alert rules (docs/market-data.md)
    const tAlerted = performance.now();
    // The published forecast record follows the prices (docs/market-data.md#forecasts).
    await refreshForecastRecord(tx, merged.changed);
    if (merged.counts.inserted || merged.counts.updated) await bumpDataVersion(tx);
    const tDone = performance.now();
    const done: ImportSummary = {
      ...summary(merged.counts),
      ...span,
      indexes,
      ms: {
        read: Math.round(tRead - t0),
        merge: Math.round(tMerged - tRead),
        derived: Math.round(tDerived - tMerged),
        indexes: Math.round(tIndexed - tDerived),
        alerts: Math.round(tAlerted - tIndexed),
        forecast: Math.round(tDone - tAlerted),
        total: Math.round(tDone - t0),
      },
    };
    await options.inTransaction?.(tx, done);
    // Dropped now, not only at commit: in a caller's transaction (a console import, one savepoint
    // per country) the next country's import creates its stage again.
    await tx.execute(sql`DROP TABLE ${stage}`);
    return done;
  });
}

/** The rows as COPY text lines: prices per base unit, the source's price and pack kept. */
function copyLines(rows: readonly ResolvedRow[]): string {
  let out = '';
  for (const x of rows) {
    const r = x.row;
    const q = x.quantity;
    out += `${r.line}\t${x.productNum}\t${x.marketNum}\t${r.date}\t${FLAG_CODE[r.flag]}\t${PRICE_TYPE_CODE[r.priceType]}\t${x.currency}\t${r.price / q}\t${copyValue(r.min === null ? null : r.min / q)}\t${copyValue(r.max === null ? null : r.max / q)}\t${copyValue(r.volume === null ? null : r.volume * q)}\t${x.sourceId}\t${r.price}\t${x.packId}\t${copyValue(r.usdPrice === null ? null : r.usdPrice / q)}\n`;
  }
  return out;
}

const keyList = sql.join(
  KEY.map((k) => sql.identifier(stage[k].name)),
  sql`, `,
);

/** Rows with the same key as an earlier line: each later one is a bad row, taken out of the stage. */
async function duplicates(tx: Tx): Promise<Reject[]> {
  const rows = await query<{ line: number; first: number }>(
    tx,
    sql`SELECT ${stage.line} AS line, min(${stage.line}) OVER (PARTITION BY ${keyList}) AS first FROM ${stage}
        WHERE (${keyList}) IN (SELECT ${keyList} FROM ${stage} GROUP BY ${keyList} HAVING count(*) > 1)`,
  );
  const later = rows.filter((r) => Number(r.line) !== Number(r.first));
  if (!later.length) return [];
  await tx.execute(
    sql`DELETE FROM ${stage} WHERE ${stage.line} = ANY(${sql.param(later.map((r) => Number(r.line)))}::int[])`,
  );
  return later.map((r) => ({
    line: Number(r.line),
    reason: `duplicate of line ${r.first} (same product, market, date, price type, flag and currency)`,
  }));
}

/**
 * Upserts the stage in one statement. Rows equal to what is stored are dropped by a join first:
 * ON CONFLICT … DO UPDATE … WHERE would still lock (and so write) every stored row it compares.
 * Returns the counts and, per market series, the span of actual prices that changed.
 */
async function merge(tx: Tx) {
  const o = priceObservations;
  const cols = sql.join(
    STAGE_COLUMNS.slice(1).map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const stageValues = sql.join(
    VALUES.map((k) => stage[k]),
    sql`, `,
  );
  const storedValues = sql.join(
    VALUES.map((k) => o[k]),
    sql`, `,
  );
  const excluded = sql.join(
    VALUES.map((k) => sql`excluded.${sql.identifier(o[k].name)}`),
    sql`, `,
  );
  const set = sql.join(
    VALUES.map((k) => sql`${sql.identifier(o[k].name)} = excluded.${sql.identifier(o[k].name)}`),
    sql`, `,
  );
  const joinKey = sql.join(
    KEY.map((k) => sql`${o[k]} = ${stage[k]}`),
    sql` AND `,
  );
  const rows = await query<{
    p: number;
    m: number;
    t: number;
    c: string;
    f: number;
    lo: string;
    hi: string;
    ins: string;
    n: string;
  }>(
    tx,
    sql`WITH up AS (
          INSERT INTO ${o} (${cols}) SELECT ${sql.join(
            STAGE_COLUMNS.slice(1).map((c) => c),
            sql`, `,
          )} FROM ${stage}
          LEFT JOIN ${o} ON ${joinKey}
          WHERE ${o.productNum} IS NULL OR (${storedValues}) IS DISTINCT FROM (${stageValues})
          ON CONFLICT (${keyList}) DO UPDATE SET ${set}
          WHERE (${storedValues}) IS DISTINCT FROM (${excluded})
          RETURNING ${o.productNum} AS p, ${o.marketNum} AS m, ${o.priceType} AS t, ${o.currency} AS c, ${o.flag} AS f, ${o.day} AS day, (xmax = 0) AS ins
        )
        SELECT p, m, t, c, f, to_char(min(day), 'YYYY-MM-DD') AS lo, to_char(max(day), 'YYYY-MM-DD') AS hi,
          count(*) FILTER (WHERE ins) AS ins, count(*) AS n
        FROM up GROUP BY 1, 2, 3, 4, 5`,
  );
  const [total] = await query<{ n: string }>(tx, sql`SELECT count(*) AS n FROM ${stage}`);
  const counts = { inserted: 0, updated: 0, unchanged: 0 };
  const changed: ChangedSeries[] = [];
  for (const r of rows) {
    const ins = Number(r.ins);
    counts.inserted += ins;
    counts.updated += Number(r.n) - ins;
    if (Number(r.f) === ACTUAL)
      changed.push({
        productNum: Number(r.p),
        marketNum: Number(r.m),
        priceType: Number(r.t),
        currency: r.c,
        from: r.lo,
        to: r.hi,
      });
  }
  counts.unchanged = Number(total?.n ?? 0) - counts.inserted - counts.updated;
  const changedCountries = changed.length
    ? (
        await query<{ c: string }>(
          tx,
          sql`SELECT DISTINCT ${regions.countryCode} AS c FROM ${regions} WHERE ${regions.num} = ANY(${sql.param([...new Set(changed.map((c) => c.marketNum))])}::int[])`,
        )
      ).map((r) => r.c)
    : [];
  return { counts, changed, changedCountries };
}

/** Distinct products and markets and the date span of what the file holds. */
async function spanOf(tx: Tx) {
  const [r] = await query<{ p: string; m: string; lo: string | null; hi: string | null }>(
    tx,
    sql`SELECT count(DISTINCT ${stage.productNum}) AS p, count(DISTINCT ${stage.marketNum}) AS m,
          to_char(min(${stage.day}), 'YYYY-MM-DD') AS lo, to_char(max(${stage.day}), 'YYYY-MM-DD') AS hi FROM ${stage}`,
  );
  return { products: Number(r?.p ?? 0), markets: Number(r?.m ?? 0), from: r?.lo ?? null, to: r?.hi ?? null };
}

export type FileImportOptions = ImportOptions &
  ReadOptions & {
    /** Where the rejects file goes: beside the input by default (`prices.csv` → `prices.rejects.csv`); null for none. */
    rejectsPath?: string | null;
    onBytes?: (read: number, total: number) => void;
  };

/** The rejects file of an input: `data/x.csv` → `data/x.rejects.csv`. */
export function rejectsPathOf(file: string): string {
  const ext = path.extname(file);
  return path.join(path.dirname(file), `${path.basename(file, ext)}.rejects.csv`);
}

/** Imports one CSV file (WFP/HDX or the generic format, told apart by the header). */
export async function importCsvFile(db: Db, file: string, options: FileImportOptions = {}): Promise<ImportSummary> {
  const tally = newTally();
  const { stream } = openCounted(file, options.onBytes);
  const country = options.country ?? countryFromFileName(file);
  // Every bad row goes to the rejects file (the summary keeps the first ones).
  const all: Reject[] = [];
  const rejectsPath = options.rejectsPath === undefined ? rejectsPathOf(file) : options.rejectsPath;
  const opts = {
    ...options,
    onReject: (r: Reject) => {
      all.push(r);
      options.onReject?.(r);
    },
  };
  try {
    return await importRows(db, readPriceCsv(stream, tally, { ...options, country }), opts, tally);
  } finally {
    stream.destroy();
    await writeRejects(
      rejectsPath,
      all.sort((a, b) => a.line - b.line),
    );
  }
}

/** A file's bytes, counted on their way to the parser (a progress bar), with the stream's back-pressure kept. */
export function openCounted(file: string, onBytes?: (read: number, total: number) => void) {
  const total = statSync(file).size;
  let read = 0;
  const stream = createReadStream(file, { highWaterMark: 1 << 20 }).pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        onBytes?.((read += chunk.length), total);
        done(null, chunk);
      },
    }),
  );
  return { stream, total };
}

/** Writes the rejects file (line, reason, the record), or removes an earlier run's when there are none. */
export async function writeRejects(file: string | null, rejects: Reject[]) {
  if (!file) return;
  const { rm, writeFile } = await import('node:fs/promises');
  if (!rejects.length) {
    await rm(file, { force: true }); // an earlier run's list would be stale
    return;
  }
  const field = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const lines = [
    'line,reason,record',
    ...rejects.map((r) => [String(r.line), r.reason, (r.raw ?? []).join(',')].map(field).join(',')),
  ];
  await writeFile(file, `${lines.join('\n')}\n`);
}
