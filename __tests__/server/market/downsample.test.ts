import { createLTTB } from 'downsample';
import { dayNumber } from '@/lib/shared/dates';
import { generateDemoSeries } from '@/lib/server/market/demo-series';
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

  // Plain LTTB picks one point per bucket, the one spanning the largest triangle: a shallow low
  // that shares its bucket with a tall spike loses to the spike, so the line never reaches it.
  const plainLttb = (s: P[], max: number) =>
    createLTTB<P>({ x: (p) => dayNumber(p[0]), y: (p) => p[1] })(s, max) as P[];

  it.each([
    ['lowest', 9.9, 100],
    ['highest', 50.1, 1],
  ])('keeps the %s price where plain LTTB drops it', (_, extreme, neighbour) => {
    const s = daily(1_000, () => (extreme > 10 ? 50 : 10));
    s[500] = [s[500]![0], neighbour, neighbour, neighbour];
    s[501] = [s[501]![0], extreme, extreme, extreme];
    // The construction is what the test is about: without the fix this extreme is not drawn.
    expect(plainLttb(s, 300).some((p) => p[1] === extreme)).toBe(false);
    const out = downsample(s, 300);
    expect(out).toHaveLength(300);
    expect(out.some((p) => p[1] === extreme)).toBe(true);
    expect(out.some((p) => p[1] === neighbour)).toBe(true);
    expect(out[0]).toBe(s[0]);
    expect(out.at(-1)).toBe(s.at(-1));
    const dates = out.map((p) => p[0]);
    expect(new Set(dates).size).toBe(300);
    expect([...dates].sort()).toEqual(dates);
  });

  // The API fixture's daily lines (three provinces since 2023), thinned as the trend chart
  // thins them, ending on fixed days rather than whichever day the suite runs: 2026-11-26 is the
  // day plain LTTB dropped Shandong's lowest tomato price (3.30 drawn as 3.38).
  it.each(['2024-02-29', '2025-06-30', '2026-01-01', '2026-11-26', '2027-12-31'])(
    "keeps every fixture line's first, last, lowest and highest price when it ends on %s",
    (to) => {
      const lines = new Map<string, P[]>();
      for (const r of generateDemoSeries({
        from: '2023-01-01',
        to,
        products: ['tomato', 'chinese-cabbage', 'grass-carp'],
        markets: [
          'shandong/shouguang-agricultural-logistics-park',
          'henan/zhengzhou-wanbang-logistics-city',
          'beijing/xinfadi-wholesale-market',
        ],
      })) {
        const key = `${r.commodity}|${r.market}`;
        const line = lines.get(key) ?? [];
        line.push([r.date, r.price, r.min, r.max]);
        lines.set(key, line);
      }
      expect(lines.size).toBe(9);
      for (const line of lines.values()) {
        const prices = line.map((p) => p[1]);
        const out = downsample(line, 300);
        expect(out).toHaveLength(300);
        expect(out[0]).toBe(line[0]);
        expect(out.at(-1)).toBe(line.at(-1));
        const drawn = out.map((p) => p[1]);
        expect(Math.min(...drawn)).toBe(Math.min(...prices));
        expect(Math.max(...drawn)).toBe(Math.max(...prices));
        for (const p of out) expect(line).toContain(p);
      }
    },
  );
});
