import { describe, expect, it } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { render, screen } from '@testing-library/react';
import type { FxDTO } from '@/lib/api/schemas/market';
import { marketEn } from '@/lib/i18n/messages/market.en';
import { marketZhCN } from '@/lib/i18n/messages/market.zh-cn';
import { UsdNote } from '@/components/shared/market/ui/parts';

const fx = (missing: number): FxDTO => ({
  from: 'BDT',
  firstMonth: '2020-01',
  lastMonth: '2020-10',
  missing,
});

describe('the note under prices shown in USD', () => {
  it('counts prices without a rate in words that agree with the number (en)', () => {
    const { rerender } = render(<UsdNote fx={fx(1)} t={marketEn} />);
    expect(screen.getByTestId('usd-note')).toHaveTextContent('1 earlier price has no rate and is not shown in USD.');
    rerender(<UsdNote fx={fx(3)} t={marketEn} />);
    expect(screen.getByTestId('usd-note')).toHaveTextContent('3 earlier prices have no rate and are not shown in USD.');
    expect(screen.getByTestId('usd-note')).not.toHaveTextContent('(s)');
  });

  it('says the same in Chinese, which has one form', () => {
    render(<UsdNote fx={fx(1)} t={marketZhCN} />);
    expect(screen.getByTestId('usd-note')).toHaveTextContent('有 1 个较早的价格没有汇率，未以美元显示。');
  });

  it('says nothing of missing rates when every price has one', () => {
    render(<UsdNote fx={fx(0)} t={marketEn} />);
    expect(screen.getByTestId('usd-note')).not.toHaveTextContent('no rate');
  });
});
