import { describe, expect, it } from '@jest/globals';
import { copyEscape } from '@/lib/server/db/copy-rows';

describe('COPY text escaping', () => {
  it('leaves plain values alone and escapes what would end a field or a row', () => {
    expect(copyEscape('prod:chinese-cabbage')).toBe('prod:chinese-cabbage');
    expect(copyEscape('a\tb')).toBe('a\\tb');
    expect(copyEscape('line\nnext\r')).toBe('line\\nnext\\r');
    // A backslash is doubled first, so "\N" stays text and never reads as null.
    expect(copyEscape('\\N')).toBe('\\\\N');
  });
});
