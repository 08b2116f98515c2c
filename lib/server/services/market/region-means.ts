import 'server-only';
import { BinaryRows } from '../../db/binary-rows';
import { NATION_NUM } from './refresh';

/** A batch's actual prices as the worker sends them: one entry per row, prices ×10⁴ as stored. */
export type ActualPrices = {
  product: Int32Array;
  province: Int32Array;
  type: Int32Array;
  day: Int32Array;
  x: Float64Array;
};

/**
 * Region prices (nation and province geometric means, min, max, market count per product, price
 * type and day) summed up from the prices as they are imported, for an import whose products
 * had no actual prices before (a first load): then the file's prices are all there is, and the
 * means need no second pass over the table in the database. The same arithmetic as
 * refresh.ts's SQL: exp of the mean natural log, rounded to 4 decimals.
 */
export class RegionMeans {
  private readonly slot = new Map<number, number>();
  private keys = new Float64Array(1024);
  private sumLn = new Float64Array(1024);
  private count = new Int32Array(1024);
  private min = new Float64Array(1024);
  private max = new Float64Array(1024);
  private size = 0;

  add(p: ActualPrices): void {
    // Keys in the order of region_prices' primary key (product, region, price type, day).
    for (let i = 0; i < p.x.length; i++) {
      const product = p.product[i]! * 4096;
      const typeDay = p.type[i]! * 65_536 + p.day[i]!;
      const x = p.x[i]!;
      const ln = Math.log(x / 10_000);
      this.put((product + NATION_NUM) * 131_072 + typeDay, x, ln);
      this.put((product + p.province[i]!) * 131_072 + typeDay, x, ln);
    }
  }

  private put(key: number, x: number, ln: number) {
    let s = this.slot.get(key);
    if (s === undefined) {
      if (this.size === this.keys.length) this.grow();
      s = this.size++;
      this.slot.set(key, s);
      this.keys[s] = key;
      this.min[s] = x;
      this.max[s] = x;
    } else {
      if (x < this.min[s]!) this.min[s] = x;
      if (x > this.max[s]!) this.max[s] = x;
    }
    this.sumLn[s] = this.sumLn[s]! + ln;
    this.count[s] = this.count[s]! + 1;
  }

  private grow() {
    const n = this.keys.length * 2;
    const to = <T extends Float64Array | Int32Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(n);
      b.set(a);
      return b;
    };
    this.keys = to(this.keys);
    this.sumLn = to(this.sumLn);
    this.count = to(this.count);
    this.min = to(this.min);
    this.max = to(this.max);
  }

  /** The rows for region_prices as binary COPY data (product_num, region_num, price_type, day, price, min_price, max_price, markets). */
  copyRows(): Uint8Array {
    const out = new BinaryRows(this.size, 2 + 3 * 6 + 2 * 8 + 3 * 12);
    // In key order: the primary key's index is then filled left to right, several times faster.
    const keys = this.keys.slice(0, this.size).sort();
    for (const key of keys) {
      const s = this.slot.get(key)!;
      const day = key % 65_536;
      const type = Math.floor(key / 65_536) % 2;
      const productRegion = Math.floor(key / 131_072);
      const region = productRegion % 4096;
      out
        .row(8)
        .int2((productRegion - region) / 4096)
        .int4(region)
        .int2(type)
        .date(day)
        .float8(Math.round(Math.exp(this.sumLn[s]! / this.count[s]!) * 10_000) / 10_000)
        .float8(this.min[s]! / 10_000)
        .float8(this.max[s]! / 10_000)
        .int2(this.count[s]!);
    }
    return out.finish();
  }
}
