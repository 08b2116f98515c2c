import { lexemes, parseQuery, tsvectorLiteral } from '@/lib/server/services/content/search-tokens';

describe('lexemes', () => {
  it('splits Chinese into characters and overlapping bigrams, and lower-cases Latin words', () => {
    expect(lexemes('价格指数')).toEqual(['价', '价格', '格', '格指', '指', '指数', '数']);
    expect(lexemes('Price-Index 2025')).toEqual(['price', 'index', '2025']);
    expect(lexemes('大蒜 garlic，上涨')).toEqual(['大', '大蒜', '蒜', 'garlic', '上', '上涨', '涨']);
  });

  it('folds full-width characters (NFKC) so ＡＢＣ１ matches abc1', () => {
    expect(lexemes('ＡＢＣ１')).toEqual(['abc1']);
  });
});

describe('parseQuery', () => {
  it('requires every term: Chinese runs as their bigrams, Latin words as prefixes', () => {
    expect(parseQuery('冷库 cold').tsquery).toBe("'冷库' & 'cold':*");
    expect(parseQuery('价格指数').tsquery).toBe("'价格' & '格指' & '指数'");
    expect(parseQuery('蒜').tsquery).toBe("'蒜'");
    expect(parseQuery('冷库 cold').terms).toEqual(['冷库', 'cold']);
  });

  it('cannot be used to inject tsquery syntax, and has nothing to search in punctuation', () => {
    const q = parseQuery("a' | b & !c:* <-> (d)");
    expect(q.tsquery).toBe("'a':* & 'b':* & 'c':* & 'd':*");
    expect(parseQuery('!!! ...').tsquery).toBeNull();
  });
});

describe('tsvectorLiteral', () => {
  it('writes weighted positions per lexeme and quotes lexemes', () => {
    expect(
      tsvectorLiteral([
        ['cold chain', 'A'],
        ['cold', 'C'],
      ]),
    ).toBe("'cold':1A,3C 'chain':2A");
    expect(tsvectorLiteral([["o'brien", 'B']])).toBe("'o':1B 'brien':2B");
  });

  it('caps positions per lexeme at PostgreSQL’s limit', () => {
    const lit = tsvectorLiteral([['x '.repeat(400), 'C']]);
    expect(lit.split(',').length).toBe(256);
  });
});
