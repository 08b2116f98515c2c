import { makePdf } from '@/lib/server/seed/pdf';

describe('makePdf', () => {
  it('writes a PDF whose cross-reference table points at every object', () => {
    const bytes = Buffer.from(
      makePdf('Index methodology', [
        { text: '价格指数', cjk: true, heading: true },
        { text: 'A Laspeyres-type index (base = 100). '.repeat(200) },
      ]),
    );
    const text = bytes.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const startxref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const [, first, count] = /xref\n(\d+) (\d+)/.exec(text.slice(startxref))!.map(Number);
    const rows = text
      .slice(startxref)
      .split('\n')
      .slice(2, 2 + count!);
    rows.slice(1).forEach((row, i) => {
      const offset = Number(row.slice(0, 10));
      expect(text.slice(offset, offset + 12)).toMatch(new RegExp(`^${first! + i + 1} 0 obj`));
    });
    // Long text flows onto more than one page; Chinese is written as UCS-2 for STSong-Light.
    expect(Number(/\/Count (\d+)/.exec(text)![1])).toBeGreaterThan(1);
    expect(text).toContain('<4ef7683c63076570>');
  });
});
