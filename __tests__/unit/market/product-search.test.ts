import { describe, expect, it } from '@jest/globals';
import { productMatches } from '@/components/shared/market/ui/labels';

// A product as an English page gets it: its name, the Chinese one, the mapping table's other names.
const tomatoesEn = {
  code: 'tomatoes-red',
  name: 'Tomatoes (red)',
  altName: '番茄（红）',
  sourceName: null,
  aliases: [],
};
const tomatoesZh = { ...tomatoesEn, name: '番茄（红）', altName: 'Tomatoes (red)', sourceName: 'Tomatoes (red)' };
const demoTomato = { code: 'tomato', name: '西红柿', altName: 'Tomato', sourceName: null, aliases: ['番茄'] };

describe('the product search', () => {
  it('finds a product by its name in either language', () => {
    expect(productMatches(tomatoesEn, '番茄')).toBe(true);
    expect(productMatches(tomatoesEn, 'tomatoes')).toBe(true);
    expect(productMatches(tomatoesZh, 'Tomato')).toBe(true);
    expect(productMatches(tomatoesZh, '番茄')).toBe(true);
  });

  it("finds a product by the mapping table's other names", () => {
    // 西红柿 is known to the mapping table as 番茄 too.
    expect(productMatches(demoTomato, '番茄')).toBe(true);
    expect(productMatches(demoTomato, '土豆')).toBe(false);
  });

  it('reads punctuation and case loosely, and finds nothing it should not', () => {
    expect(productMatches(tomatoesEn, 'TOMATOES RED')).toBe(true);
    expect(productMatches(tomatoesEn, 'tomatoes-red')).toBe(true);
    expect(productMatches(tomatoesEn, 'onion')).toBe(false);
    expect(productMatches(tomatoesEn, '  ')).toBe(true);
  });
});
