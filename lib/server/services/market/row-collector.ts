import 'server-only';
import { isParseError } from '../../market/row-mapper';
import type { NormalisedObservation, ParseError } from '../../market/types';
import { BATCH_ROWS } from './import-batch';

/**
 * Gathers parsed rows into batches and keeps the file's tally: rows, distinct products and
 * markets, date span, and its errors (the first `maxErrors` kept, all counted). After the first
 * error no more rows are batched: the file will be refused, and is read on only to report every
 * bad line.
 */
export class RowCollector {
  readonly errors: ParseError[] = [];
  errorCount = 0;
  rows = 0;
  readonly products = new Set<string>();
  readonly markets = new Set<string>();
  from: string | null = null;
  to: string | null = null;
  private batch: NormalisedObservation[] = [];

  constructor(
    private readonly maxErrors = 100,
    private readonly batchRows = BATCH_ROWS,
  ) {}

  /** Takes one parsed item; true when a full batch is ready (`take` it). */
  add(x: NormalisedObservation | ParseError): boolean {
    if (isParseError(x)) {
      this.errorCount++;
      if (this.errors.length < this.maxErrors) this.errors.push(x);
      return false;
    }
    if (this.errorCount) return false;
    this.rows++;
    this.batch.push(x);
    this.products.add(x.productCode);
    this.markets.add(x.marketCode);
    if (this.from === null || x.date < this.from) this.from = x.date;
    if (this.to === null || x.date > this.to) this.to = x.date;
    return this.batch.length >= this.batchRows;
  }

  take(): NormalisedObservation[] {
    const b = this.batch;
    this.batch = [];
    return b;
  }
}
