// `npm run data:import -- <file.csv> [more.csv …] [--source NAME] [--licence LICENCE]`
// Imports price files into the configured database (PostgreSQL with DATABASE_URL, else the
// embedded one): the WFP/HDX format or the generic CSV (lib/server/market/generic-csv.ts),
// told apart by the header. Each file is atomic: a bad row (reported with its line number)
// and nothing of that file is written. Re-importing a file changes nothing. Derived prices and
// indexes are brought up to date. Exit code 1 when a file was refused.
import { statSync } from 'node:fs';
import path from 'node:path';
import { closeDb, getHandle } from '@/lib/server/db/client';
import { migrate } from '@/lib/server/db/migrate';
import { recordJobRun } from '@/lib/server/fleet/job-runs';
import { importCsvFile, ImportRejected, type ImportSummary } from '@/lib/server/services/market/import-file';
import { importCsvFileInWorker, startImportWorker } from '@/lib/server/services/market/import-parallel';
import { describeTarget } from './target';

const WORKER = path.join(__dirname, 'import-worker.mjs');

function parseArgs(argv: string[]) {
  const files: string[] = [];
  const opts: { source?: string; licence?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--source' || a === '--licence') {
      const v = argv[++i];
      if (!v) throw new Error(`${a} needs a value`);
      opts[a === '--source' ? 'source' : 'licence'] = v;
    } else if (a === '--help' || a === '-h') {
      console.log('usage: npm run data:import -- <file.csv> [more.csv …] [--source NAME] [--licence LICENCE]');
      process.exit(0);
    } else files.push(a);
  }
  if (!files.length) throw new Error('no file given (usage: npm run data:import -- <file.csv>)');
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

function summary(file: string, s: ImportSummary) {
  const rate = s.ms.total ? Math.round((s.rows / s.ms.total) * 1000) : s.rows;
  return [
    `${file}: ${fmt(s.rows)} rows (${fmt(s.inserted)} new, ${fmt(s.updated)} changed, ${fmt(s.unchanged)} unchanged)`,
    `  ${s.products} product(s), ${s.markets} market(s), ${s.from ?? '–'} … ${s.to ?? '–'}`,
    `  indexes: ${s.indexes ? `${s.indexes.definitions} refreshed (${fmt(s.indexes.values)} values)` : 'unchanged'}`,
    `  ${(s.ms.total / 1000).toFixed(1)} s (${fmt(rate)} rows/s; read ${s.ms.parse} ms, merge ${s.ms.merge} ms, derived ${s.ms.derived} ms, indexes ${s.ms.indexes} ms)`,
  ].join('\n');
}

async function main() {
  const { files, opts } = parseArgs(process.argv.slice(2));
  for (const f of files) statSync(f); // a missing file stops before anything is opened
  const { db, kind } = await getHandle();
  // On PostgreSQL the file is parsed on a second thread while this one writes; the first one
  // loads its code while the database is migrated.
  let ready = kind === 'postgres' ? startImportWorker(WORKER) : null;
  let refused = 0;
  try {
    await migrate(db, kind);
    console.log(`data:import into ${describeTarget(kind)}`);
    for (const file of files) {
      const bar = progress(file);
      let rows = 0;
      try {
        const o = {
          ...opts,
          onRows: (n: number) => (rows = n),
          onBytes: (read: number, total: number) => bar.bytes(read, total, rows),
        };
        const worker = kind === 'postgres' ? (ready ?? startImportWorker(WORKER)) : null;
        ready = null;
        // Counted in the database, so every instance's /metrics shows the imports run here.
        const s = await recordJobRun(
          db,
          'import',
          () => (worker ? importCsvFileInWorker(db, file, worker, o) : importCsvFile(db, file, o)),
          { items: (r) => r.rows, outcomeOf: (e) => (e instanceof ImportRejected ? 'refused' : 'failed') },
        );
        bar.done();
        console.log(summary(file, s));
      } catch (e) {
        bar.done();
        if (!(e instanceof ImportRejected)) throw e;
        refused++;
        console.error(`${file}: refused, nothing imported — ${fmt(e.errorCount)} bad row(s):`);
        for (const err of e.errors) console.error(`  line ${err.line}: ${err.message}`);
        if (e.errorCount > e.errors.length) console.error(`  … and ${fmt(e.errorCount - e.errors.length)} more`);
      }
    }
  } finally {
    await ready?.worker.terminate();
    await closeDb();
  }
  if (refused) process.exit(1);
}

main().catch((e) => {
  console.error('data:import failed:', e instanceof Error ? e.message : e);
  process.exit(1);
});
