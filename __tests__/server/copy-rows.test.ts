import { describe, expect, it } from '@jest/globals';
import { BinaryRows, binaryColumns } from '@/lib/server/db/binary-rows';

describe('binary COPY rows', () => {
  it('writes the signature, each row as a field count and length-prefixed big-endian values, and the trailer', () => {
    const data = new BinaryRows(1, 40).row(4).int2(7).date(10_958).float8(null).text('cn').finish();
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    expect([...data.subarray(0, 11)]).toEqual([0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00]);
    expect(view.getInt32(11)).toBe(0); // flags
    expect(view.getInt32(15)).toBe(0); // header extension
    expect(view.getInt16(19)).toBe(4);
    expect([view.getInt32(21), view.getInt16(25)]).toEqual([2, 7]);
    expect([view.getInt32(27), view.getInt32(31)]).toEqual([4, 1]); // 2000-01-02 is day 1 of PostgreSQL's dates
    expect(view.getInt32(35)).toBe(-1); // null
    expect([view.getInt32(39), new TextDecoder().decode(data.subarray(43, 45))]).toEqual([2, 'cn']);
    expect(view.getInt16(45)).toBe(-1);
    expect(data.byteLength).toBe(47);
  });

  it('grows past its first guess without losing rows', () => {
    const rows = new BinaryRows(1, 14);
    for (let i = 0; i < 1000; i++) rows.row(1).float8(i / 10_000);
    const data = rows.finish();
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    expect(data.byteLength).toBe(19 + 1000 * 14 + 2);
    expect(view.getFloat64(19 + 999 * 14 + 6)).toBe(0.0999);
  });

  it('sends x / 10⁴ as the same double PostgreSQL reads from the text "x e-4" (so both import paths store equal prices)', () => {
    for (let x = 1; x < 2_000_000; x += 997) expect(x / 10_000).toBe(Number(`${x}e-4`));
  });
});

describe('columns of binary COPY data', () => {
  it('reads what BinaryRows writes, nulls as NaN', () => {
    const data = new BinaryRows(2, 40)
      .row(3)
      .int2(1)
      .int4(-20)
      .float8(0.1234)
      .row(3)
      .int2(4)
      .int4(600_000)
      .float8(null)
      .finish();
    const [a, b, c] = binaryColumns(data, ['int2', 'int4', 'float8']);
    expect([...a!]).toEqual([1, 4]);
    expect([...b!]).toEqual([-20, 600_000]);
    expect([...c!]).toEqual([0.1234, NaN]);
  });

  it('refuses text data and rows of another width', () => {
    expect(() => binaryColumns(new TextEncoder().encode('1\t2\n'), ['int4'])).toThrow('not binary COPY data');
    expect(() => binaryColumns(new BinaryRows(1, 20).row(2).int2(1).int2(2).finish(), ['int2'])).toThrow(
      'COPY row with 2 columns, expected 1',
    );
  });
});
