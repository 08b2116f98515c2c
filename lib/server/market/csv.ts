import 'server-only';

/** One CSV record and the 1-based physical line it starts on (a quoted field may span lines). */
export interface CsvRecord {
  fields: string[];
  line: number;
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'CsvSyntaxError';
  }
}

const COMMA = 44;
const QUOTE = 34;
const CR = 13;
const LF = 10;

/**
 * Incremental RFC 4180 parser: feed text chunks of any size with `push`, then call `end`.
 * Records may end with CRLF, LF or a lone CR; a leading BOM is dropped; completely empty lines
 * are skipped (they are not records); `""` inside a quoted field is one quote. A quote inside an
 * unquoted field is kept literally (common in the wild, harmless); text after a closing quote
 * other than a separator is a syntax error naming the line, as is a quote left open at the end.
 */
export class CsvParser {
  private fields: string[] = [];
  private field = '';
  /** Something (even an empty quoted field) has been read for the current field. */
  private fieldStarted = false;
  private inQuotes = false;
  /** Chunk ended right after a quote inside a quoted field: doubled or closing, decided next push. */
  private quoteAtChunkEnd = false;
  private afterClosingQuote = false;
  /** Chunk ended on CR: a leading LF in the next chunk belongs to the same line break. */
  private crAtChunkEnd = false;
  private atStart = true;
  private line = 1;
  private recordLine = 1;
  private quoteLine = 1;
  /** The last record's fields (see the unquoted field case). */
  private previous: readonly string[] = [];

  /** Appends the records completed by `chunk` to `out` (also returned); those before a syntax error stay in `out`. */
  push(chunk: string, out: CsvRecord[] = []): CsvRecord[] {
    let i = 0;
    const n = chunk.length;
    if (n === 0) return out;
    if (this.atStart) {
      this.atStart = false;
      if (chunk.charCodeAt(0) === 0xfeff) i = 1;
    }
    if (this.crAtChunkEnd) {
      this.crAtChunkEnd = false;
      if (chunk.charCodeAt(i) === LF) i++;
    }
    if (this.quoteAtChunkEnd) {
      this.quoteAtChunkEnd = false;
      if (chunk.charCodeAt(i) === QUOTE) {
        this.field += '"';
        i++;
      } else {
        this.inQuotes = false;
        this.afterClosingQuote = true;
      }
    }
    // The hot loop works on locals (several times faster than fields) and stores them back on exit.
    let fields = this.fields;
    let field = this.field;
    let started = this.fieldStarted;
    let inQuotes = this.inQuotes;
    let afterQuote = this.afterClosingQuote;
    let line = this.line;
    let recordLine = this.recordLine;
    try {
      while (i < n) {
        if (inQuotes) {
          const q = chunk.indexOf('"', i);
          const part = chunk.slice(i, q === -1 ? n : q);
          field += part;
          line += countLf(part);
          if (q === -1) return out;
          if (q + 1 === n) {
            this.quoteAtChunkEnd = true;
            return out;
          }
          if (chunk.charCodeAt(q + 1) === QUOTE) {
            field += '"';
            i = q + 2;
          } else {
            inQuotes = false;
            afterQuote = true;
            i = q + 1;
          }
          continue;
        }
        const c = chunk.charCodeAt(i);
        if (c === COMMA) {
          fields.push(field);
          field = '';
          started = false;
          afterQuote = false;
          i++;
        } else if (c === LF || c === CR) {
          if (fields.length > 0 || started) {
            fields.push(field);
            out.push({ fields, line: recordLine });
            this.previous = fields;
            fields = [];
            field = '';
            started = false;
            afterQuote = false;
          }
          line++;
          recordLine = line;
          i++;
          if (c === CR) {
            if (i === n) this.crAtChunkEnd = true;
            else if (chunk.charCodeAt(i) === LF) i++;
          }
        } else if (afterQuote) {
          throw new CsvSyntaxError(
            line,
            'unexpected text after a closing quote (a quote inside a quoted field must be doubled)',
          );
        } else if (c === QUOTE && !started) {
          inQuotes = true;
          started = true;
          this.quoteLine = line;
          i++;
        } else {
          let j = i + 1;
          while (j < n) {
            const d = chunk.charCodeAt(j);
            if (d === COMMA || d === LF || d === CR) break;
            j++;
          }
          if (started) field += chunk.slice(i, j);
          else {
            // Files repeat most fields of the record before (product, market, unit…): the same
            // string is reused, so no copy is made and comparing them later is instant.
            const same = this.previous[fields.length];
            field = same !== undefined && same.length === j - i && chunk.startsWith(same, i) ? same : chunk.slice(i, j);
          }
          started = true;
          i = j;
        }
      }
      return out;
    } finally {
      this.fields = fields;
      this.field = field;
      this.fieldStarted = started;
      this.inQuotes = inQuotes;
      this.afterClosingQuote = afterQuote;
      this.line = line;
      this.recordLine = recordLine;
    }
  }

  /** Flushes the last record (a file need not end with a line break). */
  end(out: CsvRecord[] = []): CsvRecord[] {
    if (this.quoteAtChunkEnd) {
      this.quoteAtChunkEnd = false;
      this.inQuotes = false;
      this.afterClosingQuote = true;
    }
    if (this.inQuotes)
      throw new CsvSyntaxError(this.quoteLine, 'quoted field is not closed before the end of the file');
    if (this.fieldStarted || this.fields.length > 0) this.endRecord(out);
    return out;
  }

  private endField(): void {
    this.fields.push(this.field);
    this.field = '';
    this.fieldStarted = false;
    this.afterClosingQuote = false;
  }

  private endRecord(out: CsvRecord[]): void {
    const blank = this.fields.length === 0 && !this.fieldStarted;
    if (!blank) {
      this.endField();
      out.push({ fields: this.fields, line: this.recordLine });
      this.fields = [];
    }
    this.line++;
    this.recordLine = this.line;
  }
}

function countLf(s: string): number {
  let k = 0;
  let p = s.indexOf('\n');
  while (p !== -1) {
    k++;
    p = s.indexOf('\n', p + 1);
  }
  return k;
}

/** All records of a whole text (throws `CsvSyntaxError`). */
export function parseCsv(text: string): CsvRecord[] {
  const p = new CsvParser();
  const out = p.push(text);
  for (const r of p.end()) out.push(r);
  return out;
}

/** Records from a stream of text or UTF-8 byte chunks (e.g. `fs.createReadStream`), one at a time. */
export async function* parseCsvStream(
  source: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
): AsyncGenerator<CsvRecord> {
  for await (const batch of parseCsvChunks(source)) yield* batch;
}

/**
 * The records each chunk completes, as one array per chunk: a big file costs one await per
 * chunk instead of one per record. Records completed before a syntax error are still
 * delivered, then the error is thrown.
 */
export async function* parseCsvChunks(
  source: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
): AsyncGenerator<CsvRecord[]> {
  const p = new CsvParser();
  const decoder = new TextDecoder('utf-8');
  let out: CsvRecord[] = [];
  let failure: unknown = null;
  const feed = (text: string | null) => {
    try {
      if (text === null) p.end(out);
      else p.push(text, out);
    } catch (e) {
      failure = e;
    }
  };
  const flush = () => {
    const batch = out;
    out = [];
    return batch;
  };
  for await (const chunk of source) {
    feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    if (out.length) yield flush();
    if (failure) throw failure;
  }
  const tail = decoder.decode();
  if (tail) feed(tail);
  if (!failure) feed(null);
  if (out.length) yield flush();
  if (failure) throw failure;
}
