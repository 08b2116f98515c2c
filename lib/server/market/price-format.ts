import 'server-only';
import type { Reject, SourceRow } from './types';

/** What a price file format makes of one data record. */
export type Mapped = SourceRow | Reject | { skip: 'metadata' | 'zero-forecast' };

/** Reads the records of one file once its header is known. */
export type RowMapper = (fields: readonly string[], line: number) => Mapped;

/** What every format is told about the file it reads. */
export interface FormatContext {
  /** The country when the rows do not say (the file name, or --country). */
  country: string | null;
  /** Provenance for rows that do not name their own (the generic CSV). */
  source: string;
  licence: string;
  /** Counts each data row by its flag as written ("actual", "actual,aggregate"). */
  countFlag: (label: string) => void;
}

export interface PriceFormat {
  name: 'wfp' | 'generic';
  /** Whether a header row is this format's. */
  matches: (header: ReadonlyMap<string, number>) => boolean;
  /** A mapper for the file, or why its header cannot be read. */
  mapper: (header: ReadonlyMap<string, number>, width: number, ctx: FormatContext) => RowMapper | string;
}

export const isReject = (m: Mapped): m is Reject => 'reason' in m;
export const isSkip = (m: Mapped): m is { skip: 'metadata' | 'zero-forecast' } => 'skip' in m;

/** Field access by column name, '' when the column is absent. */
export function fieldReader(header: ReadonlyMap<string, number>) {
  return (f: readonly string[], name: string) => {
    const i = header.get(name);
    return i === undefined ? '' : (f[i] ?? '').trim();
  };
}
