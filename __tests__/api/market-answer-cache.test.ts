// The market's memory of unchanged answers (lib/server/services/market/cache.ts): requests that
// arrive while an answer is being computed share that computation.
import { describe, expect, it } from '@jest/globals';
import { getDb } from '@/lib/server/db/client';
import { VersionedCache } from '@/lib/server/services/market/cache';

/** A load that counts its calls and finishes when told to. */
function gatedLoad<V>(value: V) {
  let calls = 0;
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => (release = r));
  return {
    load: async () => {
      calls++;
      await gate;
      return value;
    },
    release: () => release(),
    calls: () => calls,
  };
}

describe('VersionedCache', () => {
  it('computes an answer once for fifty requests that arrive together, and gives each the same answer', async () => {
    const db = await getDb();
    const cache = new VersionedCache<{ n: number }>();
    const g = gatedLoad({ n: 42 });
    const answers = Promise.all(Array.from({ length: 50 }, () => cache.get(db, 'pork|cn', g.load)));
    await new Promise((r) => setTimeout(r, 20));
    g.release();
    const got = await answers;
    expect(g.calls()).toBe(1);
    expect(new Set(got).size).toBe(1);
    expect(got[0]).toEqual({ n: 42 });
    // Afterwards it is remembered.
    const again = gatedLoad({ n: 0 });
    expect(await cache.get(db, 'pork|cn', again.load)).toEqual({ n: 42 });
    expect(again.calls()).toBe(0);
  });

  it('computes different answers separately', async () => {
    const db = await getDb();
    const cache = new VersionedCache<string>();
    const a = gatedLoad('a');
    const b = gatedLoad('b');
    const both = Promise.all([cache.get(db, 'a', a.load), cache.get(db, 'b', b.load)]);
    a.release();
    b.release();
    expect(await both).toEqual(['a', 'b']);
    expect([a.calls(), b.calls()]).toEqual([1, 1]);
  });

  it('passes a failure to every waiting request and tries again on the next one', async () => {
    const db = await getDb();
    const cache = new VersionedCache<string>();
    let calls = 0;
    const failing = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 10));
      throw new Error('database gone');
    };
    const waits = Array.from({ length: 5 }, () => cache.get(db, 'k', failing).catch((e: Error) => e.message));
    expect(await Promise.all(waits)).toEqual(Array(5).fill('database gone'));
    expect(calls).toBe(1);
    expect(await cache.get(db, 'k', async () => 'recovered')).toBe('recovered');
  });
});
