import 'server-only';
import type { GenericCsvOptions } from '../../market/generic-csv';
import type { NormalisedObservation, ParseError } from '../../market/types';
import type { ChangedSeries } from './import-batch';
import type { ComputedIndexes, IndexInput } from './index-compute';
import type { ActualPrices } from './region-means';
import type { SourceSpan } from './refresh';

/** What the import worker is started with. */
export type WorkerJob = {
  path: string;
  options: Pick<GenericCsvOptions, 'source' | 'licence' | 'detectDuplicates'>;
  maxErrors: number;
};

export type FromWorker =
  /** Rows naming products, markets or sources the worker has no numbers for (one row each). */
  | { t: 'references'; rows: NormalisedObservation[] }
  /** A batch as binary COPY data, with its series spans (every flag; actual prices only), its product/source spans and its actual prices. */
  | {
      t: 'batch';
      copy: Uint8Array;
      count: number;
      all: ChangedSeries[];
      actual: ChangedSeries[];
      sources: SourceSpan[];
      prices: ActualPrices;
      rows: number;
      bytes: number;
    }
  | {
      t: 'done';
      rows: number;
      products: number;
      markets: number;
      from: string | null;
      to: string | null;
      errors: ParseError[];
      errorCount: number;
    }
  | { t: 'fail'; message: string }
  | { t: 'indexes'; computed: ComputedIndexes };

export type ToWorker =
  /** What to read (the first message: the worker may be started before its file is known). */
  | { t: 'job'; job: WorkerJob }
  | { t: 'numbers'; product: [string, number][]; market: [string, [number, number]][]; source: [string, number][] }
  /** A batch was written: the worker may run one further ahead. */
  | { t: 'ack' }
  /**
   * After the file: compute the indexes from this (the main thread meanwhile writes the derived
   * prices); with `ownPrices`, the input lacks the file's products and the worker adds the actual
   * wholesale prices it read.
   */
  | { t: 'indexes'; input: IndexInput; ownPrices: boolean };
