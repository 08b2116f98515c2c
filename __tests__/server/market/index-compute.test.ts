import { describe, expect, it } from '@jest/globals';
import {
  groupSeries,
  IndexPrices,
  packIndexValues,
  roundHalfEven,
  type Value,
} from '@/lib/server/services/market/index-compute';

/** Reads index_values COPY data back: (code, region, day since 1970, level, dod, mom, yoy, coverage) per row. */
function unpack(data: Uint8Array) {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const text = new TextDecoder();
  let at = 19;
  const rows: (string | number | null)[][] = [];
  for (let fields = view.getInt16(at); fields !== -1; fields = view.getInt16(at)) {
    at += 2;
    const row: (string | number | null)[] = [];
    for (let c = 0; c < fields; c++) {
      const len = view.getInt32(at);
      at += 4;
      if (len === -1) row.push(null);
      else if (c < 2) row.push(text.decode(data.subarray(at, at + len)));
      else if (c === 2) row.push(view.getInt32(at) + 10_957);
      else if (c === 7) row.push(view.getFloat32(at));
      else row.push(view.getFloat64(at));
      at += Math.max(0, len);
    }
    rows.push(row);
  }
  return rows;
}

describe('index values for the database', () => {
  it('rounds halves to the even neighbour, as PostgreSQL rounds a double', () => {
    expect([0.5, 1.5, 2.5, 3.5, -2.5, -3.5, 2.4999, 2.5001, 7].map(roundHalfEven)).toEqual([
      0, 2, 2, 4, -2, -4, 2, 3, 7,
    ]);
  });

  it('groups prices kept during an import into the same series as prices read back', () => {
    const rows = [
      [3, 10, 19_000, 52_500, 12.5],
      [3, 11, 19_000, 48_000, null],
      [3, 10, 19_002, 53_000, 13.5],
      [3, 10, 19_001, 52_000, 2],
    ] as const;
    const kept = new IndexPrices();
    for (const [p, m, d, x, v] of rows) kept.add(p, m, d, x, v);
    const col = (k: number, f: (x: number | null) => number = (x) => x ?? NaN) =>
      Float64Array.from(rows.map((r) => f(r[k] ?? null)));
    const read = groupSeries(
      col(0),
      col(1),
      col(2),
      col(3),
      col(4, (v) => (v === null ? NaN : roundHalfEven(v))),
    );
    expect(kept.series()).toEqual(read);
    expect(read[0]).toMatchObject({ product: 3, market: 10 });
    expect(Array.from(read[0]!.days)).toEqual([19_000, 19_001, 19_002]);
    expect(Array.from(read[0]!.prices)).toEqual([5.25, 5.2, 5.3]);
    expect(Array.from(read[0]!.volumes)).toEqual([12, 2, 14]);
  });

  it('packs values as COPY rows in key order (index, region, day), each value as given', () => {
    const v = (code: string, region: string, day: string, level: number): Value => ({
      code,
      region,
      day,
      level,
      dod: null,
      mom: level / 100,
      yoy: null,
      coverage: 0.75,
    });
    const values = [
      v('prod:pork', 'cn', '2024-01-01', 100),
      v('prod:pork', 'cn', '2024-01-02', 101.5),
      v('composite', 'cn', '2024-01-01', 99),
      v('composite', 'beijing', '2024-01-02', 98.25),
      v('cat:meat', 'cn', '2024-01-01', 97),
    ];
    const packed = packIndexValues(values);
    expect(packed.count).toBe(5);
    expect(unpack(packed.copy)).toEqual([
      ['cat:meat', 'cn', 19_723, 97, null, 0.97, null, 0.75],
      ['composite', 'beijing', 19_724, 98.25, null, 0.9825, null, 0.75],
      ['composite', 'cn', 19_723, 99, null, 0.99, null, 0.75],
      ['prod:pork', 'cn', 19_723, 100, null, 1, null, 0.75],
      ['prod:pork', 'cn', 19_724, 101.5, null, 1.015, null, 0.75],
    ]);
  });
});
