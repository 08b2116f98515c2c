import { describe, expect, it } from '@jest/globals';
import { sameDrawing } from '@/components/shared/market/same-drawing';

describe('when a market chart draws again', () => {
  const rows = [{ date: '2026-01-01', level: 100 }];
  const base = { rows, height: 300, label: 'Index 100', format: (v: number) => String(v) };

  it('not when the page renders again with the same answer (a new formatter, new option objects alike)', () => {
    expect(sameDrawing(base, { ...base, format: (v: number) => v.toFixed(1) })).toBe(true);
    const names = { history: 'History', mid: 'Forecast' };
    expect(sameDrawing({ ...base, names }, { ...base, names: { ...names } })).toBe(true);
  });

  it('when the rows, the size, the label or an option changed', () => {
    expect(sameDrawing(base, { ...base, rows: [...rows] })).toBe(false);
    expect(sameDrawing(base, { ...base, height: 220 })).toBe(false);
    expect(sameDrawing(base, { ...base, label: 'Index 101' })).toBe(false);
    expect(sameDrawing({ ...base, names: { mid: 'Forecast' } }, { ...base, names: { mid: '预测' } })).toBe(false);
    expect(sameDrawing(base, { ...base, lockedUntil: '2026-01-01' })).toBe(false);
  });
});
