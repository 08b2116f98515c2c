import 'server-only';

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

  constructor(
    expectedRows: number,
    private readonly rowBytes: number,
  ) {
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

export type BinaryColumn = 'int2' | 'int4' | 'float8';

/** Binary COPY data of columns of these types into one Float64Array each (null → NaN). */
export function binaryColumns(data: Uint8Array, types: readonly BinaryColumn[]): Float64Array[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let i = 0; i < SIGNATURE.length; i++) if (data[i] !== SIGNATURE[i]) throw new Error('not binary COPY data');
  let at = 19 + view.getInt32(15); // signature, flags, header extension
  const rows: number[][] = types.map(() => []);
  for (;;) {
    const fields = view.getInt16(at);
    at += 2;
    if (fields === -1) break;
    if (fields !== types.length) throw new Error(`COPY row with ${fields} columns, expected ${types.length}`);
    for (let c = 0; c < fields; c++) {
      const len = view.getInt32(at);
      at += 4;
      const out = rows[c]!;
      if (len === -1) {
        out.push(NaN);
        continue;
      }
      const type = types[c];
      out.push(type === 'float8' ? view.getFloat64(at) : type === 'int4' ? view.getInt32(at) : view.getInt16(at));
      at += len;
    }
  }
  return rows.map((r) => Float64Array.from(r));
}
