import 'server-only';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { PoolClient } from 'pg';
import type { Db, Tx } from './client';
import { rawClient } from './raw-client';

/**
 * The rows of a SELECT (no parameters) in COPY's text format, on either driver: PostgreSQL
 * streams COPY … TO STDOUT, PGlite writes it to a blob. Big reads (every price behind the
 * indexes) travel this way several times faster than as query rows.
 */
export async function copyOut(db: Db | Tx, select: string): Promise<Uint8Array> {
  const raw = rawClient(db);
  if (raw.kind === 'pglite') {
    const res = (await raw.client.query(`COPY (${select}) TO '/dev/blob'`)) as { blob?: Blob };
    return res.blob ? new Uint8Array(await res.blob.arrayBuffer()) : new Uint8Array(0);
  }
  const source = (raw.client as unknown as PoolClient).query(copyTo(`COPY (${select}) TO STDOUT`));
  const chunks: Buffer[] = [];
  for await (const c of source as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}

/**
 * Integer columns of COPY text (`\N` → NaN) into one Float64Array per column, read straight from
 * the bytes: no string per value. Every row must have `width` columns.
 */
export function integerColumns(text: Uint8Array, width: number): Float64Array[] {
  let rows = 0;
  for (let i = 0; i < text.length; i++) if (text[i] === 10) rows++;
  const cols = Array.from({ length: width }, () => new Float64Array(rows));
  let row = 0;
  let col = 0;
  let value = 0;
  let negative = false;
  let isNull = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c >= 48 && c <= 57) value = value * 10 + (c - 48);
    else if (c === 9 || c === 10) {
      cols[col]![row] = isNull ? NaN : negative ? -value : value;
      value = 0;
      negative = false;
      isNull = false;
      if (c === 9) col++;
      else {
        if (col !== width - 1) throw new Error(`COPY row ${row + 1} has ${col + 1} columns, expected ${width}`);
        col = 0;
        row++;
      }
    } else if (c === 45) negative = true;
    else if (c === 92) isNull = true; // \N
    else if (c !== 78) throw new Error(`COPY row ${row + 1}: not an integer column`);
  }
  return cols;
}

const ENCODER = new TextEncoder();
const PG_EPOCH_DAY = 10_957; // 2000-01-01, day 0 of PostgreSQL's dates, in days since 1970-01-01
const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00];

/**
 * Rows in COPY's binary format, for fixed-width numeric columns: no number is formatted here or
 * parsed by PostgreSQL, the cheapest way in for big imports. A float8 goes in as the double
 * itself, so x / 10⁴ stores exactly what `x e-4` as text would (both are the double nearest to
 * the decimal). Write a row with `row(n)` then its n fields, in the table's column types.
 */
export class BinaryRows {
  private buf: Uint8Array;
  private view: DataView;
  private at = 0;

  constructor(expectedRows: number, private readonly rowBytes: number) {
    this.buf = new Uint8Array(19 + Math.max(1, expectedRows) * rowBytes + 2);
    this.view = new DataView(this.buf.buffer);
    this.buf.set(SIGNATURE, 0);
    this.at = 19; // signature, flags (0) and header extension length (0)
  }

  /** Starts a row of `fields` columns (room for `rowBytes` is made once here). */
  row(fields: number): this {
    if (this.at + this.rowBytes + 2 > this.buf.length) this.grow();
    this.view.setInt16(this.at, fields);
    this.at += 2;
    return this;
  }

  int2(v: number): this {
    this.view.setInt16(this.field(2), v);
    return this;
  }

  int4(v: number): this {
    this.view.setInt32(this.field(4), v);
    return this;
  }

  /** A date as days since 1970-01-01. */
  date(day: number): this {
    return this.int4(day - PG_EPOCH_DAY);
  }

  float8(v: number | null): this {
    if (v === null) this.field(-1);
    else this.view.setFloat64(this.field(8), v);
    return this;
  }

  /** A single-precision float from a double: the float nearest to it. */
  float4(v: number): this {
    this.view.setFloat32(this.field(4), v);
    return this;
  }

  /** A text value (UTF-8); the room it takes beyond `rowBytes` is made here. */
  text(v: string): this {
    while (this.at + 4 + v.length * 3 + this.rowBytes + 2 > this.buf.length) this.grow();
    const { written } = ENCODER.encodeInto(v, this.buf.subarray(this.at + 4));
    this.view.setInt32(this.at, written);
    this.at += 4 + written;
    return this;
  }

  /** Writes a field's length (-1: null) and returns where its `bytes` of data go. */
  private field(bytes: number): number {
    this.view.setInt32(this.at, bytes);
    const at = this.at + 4;
    this.at = at + Math.max(0, bytes);
    return at;
  }

  /** The whole COPY data, trailer included. */
  finish(): Uint8Array {
    if (this.at + 2 > this.buf.length) this.grow();
    this.view.setInt16(this.at, -1);
    return this.buf.subarray(0, this.at + 2);
  }

  private grow() {
    const next = new Uint8Array(this.buf.length * 2 + this.rowBytes + 2);
    next.set(this.buf.subarray(0, this.at));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }
}

/** COPY … FROM STDIN (FORMAT binary) of BinaryRows' data. */
export async function copyBinary(client: PoolClient, table: string, columns: readonly string[], data: Uint8Array): Promise<void> {
  const sink = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN (FORMAT binary)`));
  await pipeline(Readable.from([Buffer.from(data.buffer, data.byteOffset, data.byteLength)]), sink);
}
