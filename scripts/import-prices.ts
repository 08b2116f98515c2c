// `npm run data:import -- <file.csv> [more.csv …] [--country ISO3] [--source NAME] [--licence LICENCE] [--max-bad 0.01] [--strict]`
// Imports price files into the configured database (PostgreSQL with DATABASE_URL, else the
// embedded one): the WFP/HDX format of any country or the generic CSV, told apart by the header
// (lib/server/services/market/import/pipeline.ts). Good rows are imported and bad ones written to a
// rejects file beside the input (`x.csv` → `x.rejects.csv`) with their line and reason; above
// the threshold (1 % of the rows by default) or with --strict nothing of that file is written.
// A file whose rows name their country (HDX's global file) is imported country by country, one
// summary each. A file of monthly exchange rates (H.10 via FRED, or date,currency,rate) is imported
// into the rates USD figures are converted with (docs/market-data.md, "Exchange rates"). Re-importing a file changes nothing. Exit code 1 when a file or a country was refused.
import { statSync } from 'node:fs';
import { closeDb, getHandle } from '@/lib/server/db/client';
import { migrate } from '@/lib/server/db/migrate';
import { recordJobRun, type JobRun } from '@/lib/server/fleet/job-runs';
import { ratesFormatOf } from '@/lib/server/market/fx-csv';
import { csvHeader, importCsvByCountry, rowsNameCountry } from '@/lib/server/services/market/import/by-country';
import { importRatesFile, RatesRejected, type RatesSummary } from '@/lib/server/services/market/import/fx-import';
import {
  importCsvFile,
  ImportRejected,
  rejectsPathOf,
  type FileImportOptions,
  type ImportSummary,
} from '@/lib/server/services/market/import/pipeline';
import { describeTarget } from './target';

const USAGE =
  'usage: npm run data:import -- <file.csv> [more.csv …] [--country ISO3] [--source NAME] [--licence LICENCE] [--max-bad 0.01] [--strict]';

function parseArgs(argv: string[]) {
  const files: string[] = [];
  const opts: FileImportOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (!v) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--source') opts.source = value();
    else if (a === '--licence') opts.licence = value();
    else if (a === '--country') opts.country = value().toUpperCase();
    else if (a === '--strict') opts.strict = true;
    else if (a === '--max-bad') {
      const v = value();
      const share = v.endsWith('%') ? Number(v.slice(0, -1)) / 100 : Number(v);
      if (!(share >= 0 && share <= 1)) throw new Error(`--max-bad is a share of the rows (0.01 or 1%), not "${v}"`);
      opts.maxBad = share;
    } else if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (a.startsWith('--')) throw new Error(`unknown option ${a} (${USAGE})`);
    else files.push(a);
  }
  if (!files.length) throw new Error(`no file given (${USAGE})`);
  return { files, opts };
}

/** A one-line progress bar, redrawn in place; only on a terminal (logs and pipes get the summary only). */
function progress(label: string) {
  const tty = process.stderr.isTTY;
  let last = 0;
  return {
    bytes(read: number, total: number, rows: number) {
      if (!tty) return;
      const now = Date.now();
      if (now - last < 100 && read < total) return;
      last = now;
      const width = 30;
      const share = total ? read / total : 1;
      const bar = '█'.repeat(Math.round(share * width)).padEnd(width, '░');
      process.stderr.write(
        `\r${label} ${bar} ${(share * 100).toFixed(0).padStart(3)}%  ${rows.toLocaleString('en')} rows`,
      );
    },
    done() {
      if (tty) process.stderr.write('\r\x1b[K');
    },
  };
}

const fmt = (n: number) => n.toLocaleString('en');
const flags = (s: ImportSummary) =>
  Object.entries(s.flags)
    .sort((a, b) => b[1] - a[1])
    .map(([f, n]) => `${f} ${fmt(n)}`)
    .join(' · ');

function summary(file: string, s: ImportSummary) {
  const rate = s.ms.total ? Math.round((s.rows / s.ms.total) * 1000) : s.rows;
  const lines = [
    `${file}: ${fmt(s.rows)} rows (${fmt(s.inserted)} new, ${fmt(s.updated)} changed, ${fmt(s.unchanged)} unchanged, ${fmt(s.rejected)} rejected)`,
    `  flags: ${flags(s) || '–'}${s.zeroForecasts ? `; ${fmt(s.zeroForecasts)} forecast(s) of 0 skipped` : ''}`,
    `  ${s.countries.join(', ') || '–'}: ${s.products} product(s), ${s.markets} market(s) (${s.newMarkets} new), ${s.from ?? '–'} … ${s.to ?? '–'}`,
  ];
  if (s.newProducts.length)
    lines.push(
      `  ${s.newProducts.length} new unmapped product(s), for staff to map or merge: ${s.newProducts.map((p) => `${p.name} (${p.category}, per ${p.unit})`).join('; ')}`,
    );
  if (s.rejected)
    lines.push(`  rejects: ${rejectsPathOf(file)} (first: line ${s.rejects[0]?.line}: ${s.rejects[0]?.reason})`);
  lines.push(
    `  indexes: ${s.indexes ? `${s.indexes.definitions} refreshed (${fmt(s.indexes.values)} values)` : 'unchanged'}`,
    `  ${(s.ms.total / 1000).toFixed(1)} s (${fmt(rate)} rows/s; read ${s.ms.read} ms, merge ${s.ms.merge} ms, derived ${s.ms.derived} ms, indexes ${s.ms.indexes} ms, alerts ${s.ms.alerts} ms, forecast record ${s.ms.forecast} ms)`,
  );
  return lines.join('\n');
}

function ratesSummary(file: string, s: RatesSummary) {
  const lines = [
    `${file}: ${fmt(s.rows)} exchange rates (${fmt(s.inserted)} new, ${fmt(s.updated)} changed, ${fmt(s.unchanged)} unchanged, ${fmt(s.rejected)} rejected)`,
    ...s.sources.map(
      (x) =>
        `  ${x.name} (${x.licence}): ${x.currencies.length} currencies (${x.currencies.join(', ')}), ${x.from} … ${x.to}`,
    ),
  ];
  if (s.rejected)
    lines.push(`  rejects: ${rejectsPathOf(file)} (first: line ${s.rejects[0]?.line}: ${s.rejects[0]?.reason})`);
  return lines.join('\n');
}

function printRefusal(label: string, file: string, message: string, s: Pick<ImportSummary, 'rejects' | 'rejected'>) {
  console.error(`${label}: refused, nothing imported — ${message.split(';')[0]}:`);
  for (const r of s.rejects.slice(0, 20)) console.error(`  line ${r.line}: ${r.reason}`);
  if (s.rejected > 20) console.error(`  … and ${fmt(s.rejected - 20)} more`);
  if (s.rejected) console.error(`  rejects: ${rejectsPathOf(file)}`);
}

async function main() {
  const { files, opts } = parseArgs(process.argv.slice(2));
  for (const f of files) statSync(f); // a missing file stops before anything is opened
  const { db, kind } = await getHandle();
  let refused = 0;
  try {
    await migrate(db, kind);
    console.log(`data:import into ${describeTarget(kind)}`);
    for (const file of files) {
      const bar = progress(file);
      let rows = 0;
      try {
        const base: FileImportOptions = {
          ...opts,
          onRows: (n: number) => (rows = n),
          onBytes: (read: number, total: number) => bar.bytes(read, total, rows),
        };
        // The run's record commits with the rows: killed at any point, the history still agrees.
        const o = (run: JobRun): FileImportOptions => ({ ...base, inTransaction: (tx, s) => run.recordOk(tx, s.rows) });
        const header = await csvHeader(file);
        if (ratesFormatOf(header)) {
          // Exchange rates (docs/market-data.md, "Exchange rates"): imported like prices.
          const r = await recordJobRun(db, 'import', () => importRatesFile(db, file, base), {
            items: (x) => x.rows,
            outcomeOf: (e) => (e instanceof RatesRejected ? 'refused' : 'failed'),
          });
          bar.done();
          console.log(ratesSummary(file, r));
          continue;
        }
        if (rowsNameCountry(header)) {
          // Every country in one file (HDX's global file): one transaction and one summary per country.
          // The run spans several transactions, so its record is written after them (as before 8449020).
          const r = await recordJobRun(db, 'import', () => importCsvByCountry(db, file, base), {
            items: (x) => x.rows,
          });
          bar.done();
          // A file of one country reads as any country file; of several, each summary is named.
          const many = r.countries.length > 1;
          for (const c of r.countries) {
            const label = many ? `${file} [${c.country}]` : file;
            if (c.refused) {
              refused++;
              printRefusal(label, file, c.refused, c.summary);
            } else console.log(summary(label, c.summary));
          }
          if (r.unplaced.length)
            console.error(
              `${file}: ${fmt(r.unplaced.length)} row(s) name no country, in ${rejectsPathOf(file)} (first: line ${r.unplaced[0]?.line}: ${r.unplaced[0]?.reason})`,
            );
          if (many)
            console.log(
              `${file}: ${r.countries.length} countries, ${r.countries.filter((c) => !c.refused).length} imported, ${r.countries.filter((c) => c.refused).length} refused`,
            );
          continue;
        }
        // Counted in the database, so every instance's /metrics shows the imports run here.
        const s = await recordJobRun(db, 'import', (run) => importCsvFile(db, file, o(run)), {
          items: (r) => r.rows,
          outcomeOf: (e) => (e instanceof ImportRejected ? 'refused' : 'failed'),
        });
        bar.done();
        console.log(summary(file, s));
      } catch (e) {
        bar.done();
        if (e instanceof RatesRejected) {
          refused++;
          printRefusal(file, file, e.message, e.summary);
          continue;
        }
        if (!(e instanceof ImportRejected)) throw e;
        refused++;
        printRefusal(file, file, e.message, e.summary);
      }
    }
  } finally {
    await closeDb();
  }
  if (refused) process.exit(1);
}

main().catch((e) => {
  console.error('data:import failed:', e instanceof Error ? e.message : e);
  process.exit(1);
});
