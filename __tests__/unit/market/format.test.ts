import { describe, expect, it } from '@jest/globals';
import { price, priceDigits, signed } from '@/components/shared/market/format';

describe('one number format per currency', () => {
  it('gives every price of a currency its minor unit of decimals, whatever its size', () => {
    expect(priceDigits('CNY')).toBe(2);
    expect(priceDigits('BDT')).toBe(2);
    expect(priceDigits('USD')).toBe(2);
    expect(priceDigits('JPY')).toBe(0);
    // A cheap item and a dear one of the same unit read alike: "0.91" beside "25.30", not "0.911".
    expect(price('en', 0.911, 'CNY')).toBe('0.91');
    expect(price('en', 25.3, 'CNY')).toBe('25.30');
    expect(price('en', 1234.5, 'BDT')).toBe('1,234.50');
    expect(price('en', 0.0004, 'USD')).toBe('0.00');
    expect(price('zh-CN', null, 'CNY')).toBe('–');
  });

  it('signs a change with the same decimals as the price it changes', () => {
    expect(signed('en', -0.911, 'CNY')).toBe('−0.91');
    expect(signed('en', 0.5, 'CNY')).toBe('+0.50');
    expect(signed('en', 0, 'CNY')).toBe('0.00');
  });
});
