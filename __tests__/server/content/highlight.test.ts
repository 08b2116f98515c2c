import { markTerms, segmentsToHtml, snippet } from '@/lib/server/services/content/highlight';

describe('markTerms', () => {
  it('marks Latin words as prefixes at word starts, case-insensitively, and Chinese anywhere', () => {
    expect(markTerms('Prices rose; surprise at price levels', ['price'])).toEqual([
      { text: 'Price', hit: true },
      { text: 's rose; surprise at ', hit: false },
      { text: 'price', hit: true },
      { text: ' levels', hit: false },
    ]);
    expect(markTerms('大蒜价格上涨', ['价格'])).toEqual([
      { text: '大蒜', hit: false },
      { text: '价格', hit: true },
      { text: '上涨', hit: false },
    ]);
  });
});

describe('snippet', () => {
  it('centres on the first match, with ellipses where text was cut', () => {
    const text = `${'lorem '.repeat(60)}needle ${'ipsum '.repeat(60)}`;
    const segs = snippet(text, ['needle'], 80);
    expect(segs[0]).toEqual({ text: '…', hit: false });
    expect(segs.at(-1)).toEqual({ text: '…', hit: false });
    expect(segs.some((s) => s.hit && s.text === 'needle')).toBe(true);
    expect(segs.map((s) => s.text).join('').length).toBeLessThan(110);
  });

  it('escapes everything but the marks when turned into HTML', () => {
    expect(segmentsToHtml(markTerms('<b>x</b> & x', ['x']))).toBe(
      '&lt;b&gt;<mark>x</mark>&lt;/b&gt; &amp; <mark>x</mark>',
    );
  });
});
