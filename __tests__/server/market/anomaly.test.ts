// ALPS (docs/market-data.md, "Anomaly levels"): the hand-worked series give their hand-worked
// figures wherever they start; the one-pass fit equals least squares on the 13-column design
// (intercept, trend, 11 month dummies) solved directly; the eligibility rules hold at their edges.
import { describe, expect, it } from '@jest/globals';
import { alps, type MonthPrice } from '@/lib/server/market/anomaly';
import { isAnomalyStale, levelOf } from '@/lib/shared/anomaly';
import { addMonths } from '@/lib/shared/dates';
import { HAND_CASES, handExpected, handPrices, monthsEnding } from '../../support/anomaly';

const series = (months: string[], prices: number[]): MonthPrice[] =>
  months.map((month, i) => ({ month, price: prices[i]! }));

/** Least squares by the normal equations, solved by Gauss-Jordan elimination with partial pivoting. */
function ols(xs: number[][], y: number[]): number[] {
  const k = xs[0]!.length;
  const a = Array.from({ length: k }, (_, i) =>
    Array.from({ length: k + 1 }, (_, j) => xs.reduce((s, row, r) => s + row[i]! * (j < k ? row[j]! : y[r]!), 0)),
  );
  for (let c = 0; c < k; c++) {
    let p = c;
    for (let r = c + 1; r < k; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
    [a[c], a[p]] = [a[p]!, a[c]!];
    if (Math.abs(a[c]![c]!) < 1e-12) continue; // a month never observed: its dummy is all zeros
    for (let r = 0; r < k; r++) {
      if (r === c) continue;
      const f = a[r]![c]! / a[c]![c]!;
      for (let j = c; j <= k; j++) a[r]![j] = a[r]![j]! - f * a[c]![j]!;
    }
  }
  return a.map((row, i) => (Math.abs(row[i]!) < 1e-12 ? 0 : row[k]! / row[i]!));
}

function directScore(s: MonthPrice[]) {
  const first = Number(s[0]!.month.slice(0, 4)) * 12 + Number(s[0]!.month.slice(5, 7)) - 1;
  const xs = s.map((m) => {
    const t = Number(m.month.slice(0, 4)) * 12 + Number(m.month.slice(5, 7)) - 1 - first;
    const cal = Number(m.month.slice(5, 7));
    return [1, t, ...Array.from({ length: 11 }, (_, d) => (cal === d + 2 ? 1 : 0))];
  });
  const y = s.map((m) => m.price);
  const b = ols(xs, y);
  const fitted = xs.map((row) => row.reduce((acc, x, j) => acc + x * b[j]!, 0));
  const e = y.map((v, i) => v - fitted[i]!);
  const mean = e.reduce((a, x) => a + x, 0) / e.length;
  const sd = Math.sqrt(e.reduce((a, x) => a + (x - mean) ** 2, 0) / (e.length - 1));
  return { score: e.at(-1)! / sd, fitted: fitted.at(-1)!, sd };
}

describe('the hand-worked series', () => {
  // Whatever month the series ends in, the figures are the same.
  for (const last of ['2026-11-01', '2027-01-01', '2028-06-01']) {
    for (const [name, c] of Object.entries(HAND_CASES)) {
      it(`${name} ending ${last.slice(0, 7)}: score ${handExpected(c.delta, c.eta).score.toFixed(2)}`, () => {
        const fit = alps(series(monthsEnding(last, 36), handPrices(c.delta, c.eta)));
        const want = handExpected(c.delta, c.eta);
        expect(fit).toMatchObject({ kind: 'level', months: 36, span: 36, lastMonth: last.slice(0, 7) });
        if (fit?.kind !== 'level') throw new Error('no level');
        expect(fit.score).toBeCloseTo(want.score, 9);
        expect(fit.sd).toBeCloseTo(want.sd, 9);
        expect(fit.fitted).toBeCloseTo(want.fitted, 9);
        expect(fit.latest).toBe(want.latest);
        expect(fit.level).toBe(name === 'low' ? 'normal' : name);
      });
    }
  }

  it('gives the worked example of docs/market-data.md', () => {
    expect(handExpected(24, 0).score).toBeCloseTo(4.677, 3);
    expect(handExpected(24, 20).score).toBeCloseTo(1.689, 3);
    expect(handExpected(24, 60).score).toBeCloseTo(0.599, 3);
    expect(handExpected(24, 200).score).toBeCloseTo(0.181, 3);
    expect(handExpected(-24, 0).score).toBeCloseTo(-4.677, 3);
  });
});

describe('the one-pass fit', () => {
  it('equals least squares on the 13-column design, with gaps, on 200 random series', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let k = 0; k < 200; k++) {
      const n = 36 + Math.floor(rnd() * 60);
      const months = monthsEnding(addMonths('2026-01-01', Math.floor(rnd() * 24)), n);
      const kept = months.filter((_, i) => i === 0 || i === n - 1 || rnd() > 0.25);
      const s = kept.map((month, i) => ({ month, price: 50 + i * rnd() + 10 * Math.sin(i) + 5 * rnd() }));
      const fit = alps(s);
      if (fit?.kind !== 'level') {
        expect(fit?.kind).toBe('gaps'); // a random draw may drop below 70 %
        continue;
      }
      const want = directScore(s);
      expect(fit.score).toBeCloseTo(want.score, 6);
      expect(fit.fitted).toBeCloseTo(want.fitted, 6);
      expect(fit.sd).toBeCloseTo(want.sd, 6);
    }
  });

  it('calls a series the model fits exactly normal, with score 0', () => {
    const months = monthsEnding('2026-11-01', 40);
    const fit = alps(
      series(
        months,
        months.map((_, t) => 20 + 0.25 * t),
      ),
    );
    expect(fit).toMatchObject({ kind: 'level', level: 'normal', score: 0 });
  });
});

describe('eligibility', () => {
  const priced = (n: number, keep: (i: number) => boolean = () => true) => {
    const months = monthsEnding('2026-11-01', n);
    return series(months, handPrices(24, 20).concat(handPrices(24, 20)).slice(0, n)).filter((_, i) => keep(i));
  };
  it('needs three years from the first month to the latest', () => {
    expect(alps(priced(35))).toMatchObject({ kind: 'short', months: 35, span: 35 });
    expect(alps(priced(36))).toMatchObject({ kind: 'level', months: 36, span: 36 });
  });
  it('needs 70 % of the months priced', () => {
    // 40 months from first to last: 28 priced is 70 %, 27 is not.
    const keep = (drop: number) => (i: number) => i === 0 || i === 39 || i > drop;
    expect(alps(priced(40, keep(12)))).toMatchObject({ kind: 'level', months: 28, span: 40 });
    expect(alps(priced(40, keep(13)))).toMatchObject({ kind: 'gaps', months: 27, span: 40 });
  });
  it('calls a series stale without a price in the six months before today', () => {
    expect(isAnomalyStale('2026-05-28', '2026-11-28')).toBe(false);
    expect(isAnomalyStale('2026-05-27', '2026-11-28')).toBe(true);
    expect(isAnomalyStale('2026-02-28', '2026-08-31')).toBe(false); // 6 months before Aug 31 is Feb 28
  });
});

describe('levels', () => {
  it('flags only high prices, at 0.25, 1 and 2 standard deviations', () => {
    expect(levelOf(-3)).toBe('normal');
    expect(levelOf(0.2499)).toBe('normal');
    expect(levelOf(0.25)).toBe('stress');
    expect(levelOf(0.9999)).toBe('stress');
    expect(levelOf(1)).toBe('alert');
    expect(levelOf(1.9999)).toBe('alert');
    expect(levelOf(2)).toBe('crisis');
  });
});
