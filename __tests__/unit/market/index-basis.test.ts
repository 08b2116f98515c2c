import { describe, expect, it } from '@jest/globals';
import { indexBasisText } from '@/components/shared/market/ui/labels';
import { marketEn } from '@/lib/i18n/messages/market.en';
import { marketZhCN } from '@/lib/i18n/messages/market.zh-cn';

// The line that says what a country's indexes are computed from (the country line and the index panel).
const base = { start: '2024-01-01', end: '2024-12-31' };

describe('the index basis', () => {
  it('names the price type once in Chinese (批发价, not 批发价价格)', () => {
    expect(indexBasisText(marketZhCN, 'zh-CN', { priceType: 'retail', currency: 'BDT', ...base })).toBe(
      '指数依据以BDT计的零售价；基期 2024-01-01 至 2024-12-31 = 100。',
    );
    const cny = indexBasisText(marketZhCN, 'zh-CN', { priceType: 'wholesale', currency: 'CNY', ...base });
    expect(cny).toContain('计的批发价；');
    expect(cny).not.toContain('价价格');
  });

  it('reads as a sentence in English: the price type in lower case', () => {
    expect(indexBasisText(marketEn, 'en', { priceType: 'retail', currency: 'BDT', ...base })).toBe(
      'Indexes follow retail prices in BDT; base 2024-01-01 – 2024-12-31 = 100.',
    );
    expect(indexBasisText(marketEn, 'en', { priceType: 'wholesale', currency: 'CNY', ...base })).toBe(
      'Indexes follow wholesale prices in CNY; base 2024-01-01 – 2024-12-31 = 100.',
    );
  });
});
