import { describe, expect, it } from '@jest/globals';
import { copyEscape, integerColumns } from '@/lib/server/db/copy-rows';

describe('COPY text escaping', () => {
  it('leaves plain values alone and escapes what would end a field or a row', () => {
    expect(copyEscape('prod:chinese-cabbage')).toBe('prod:chinese-cabbage');
    expect(copyEscape('a\tb')).toBe('a\\tb');
    expect(copyEscape('line\nnext\r')).toBe('line\\nnext\\r');
    // A backslash is doubled first, so "\N" stays text and never reads as null.
    expect(copyEscape('\\N')).toBe('\\\\N');
  });
});

describe('integer columns of COPY text', () => {
  it('reads each column into numbers, \\N as NaN, negatives kept', () => {
    const text = new TextEncoder().encode('1\t20\t-3\n4\t\\N\t600000000000\n');
    const [a, b, c] = integerColumns(text, 3);
    expect([...a!]).toEqual([1, 4]);
    expect([...b!]).toEqual([20, NaN]);
    expect([...c!]).toEqual([-3, 600_000_000_000]);
  });

  it('refuses rows of another width and values that are not integers', () => {
    expect(() => integerColumns(new TextEncoder().encode('1\t2\n'), 3)).toThrow('COPY row 1 has 2 columns, expected 3');
    expect(() => integerColumns(new TextEncoder().encode('1.5\t2\n'), 2)).toThrow('not an integer column');
  });
});
