import { downsample } from '@/lib/server/market/downsample';

type P = [string, number, number | null, number | null];

function daily(n: number, f: (i: number) => number): P[] {
  const start = Date.UTC(2020, 0, 1);
  return Array.from({ length: n }, (_, i) => {
    const date = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    return [date, f(i), f(i) - 1, f(i) + 1];
  });
}

describe('downsample', () => {
  it('leaves a series that fits the chart as it is', () => {
    const s = daily(300, (i) => 10 + Math.sin(i));
    expect(downsample(s, 600)).toBe(s);
  });

  it('cuts a long series to the chart width, keeping first, last and the original points', () => {
    const s = daily(1_826, (i) => 20 + 5 * Math.sin(i / 60) + (i % 7) * 0.1);
    const out = downsample(s, 600);
    expect(out).toHaveLength(600);
    expect(out[0]).toBe(s[0]);
    expect(out[out.length - 1]).toBe(s[s.length - 1]);
    for (const p of out) expect(s).toContain(p);
    const dates = out.map((p) => p[0]);
    expect([...dates].sort()).toEqual(dates);
  });

  it('always ends on the last day, at every length (the library can stop one short)', () => {
    for (const n of [601, 1_000, 1_423, 1_826, 5_000]) {
      const s = daily(n, (i) => 10 + Math.sin(i / 10));
      const out = downsample(s, 300);
      expect(out).toHaveLength(300);
      expect(out[out.length - 1]).toBe(s[n - 1]);
    }
  });

  it('keeps a one-day spike that an average would flatten', () => {
    const s = daily(2_000, () => 25);
    s[1_234] = [s[1_234]![0], 60, 59, 61];
    const out = downsample(s, 400);
    expect(out.some((p) => p[1] === 60)).toBe(true);
  });
});
