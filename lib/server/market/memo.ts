import 'server-only';

/**
 * Remembers a pure function of one string. Price files repeat the same few hundred product,
 * province, market, unit and date strings on every row, and looking each up afresh was most
 * of the parse time. Bounded, so a file of all-distinct junk cannot grow it without limit.
 */
export function memo<T>(fn: (raw: string) => T, max = 20_000): (raw: string) => T {
  const cache = new Map<string, T>();
  return (raw: string) => {
    const hit = cache.get(raw);
    if (hit !== undefined || cache.has(raw)) return hit as T;
    const v = fn(raw);
    if (cache.size >= max) cache.clear();
    cache.set(raw, v);
    return v;
  };
}
