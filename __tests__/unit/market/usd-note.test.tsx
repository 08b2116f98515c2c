import { describe, expect, it } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { render, screen } from '@testing-library/react';
import type { FxDTO } from '@/lib/api/schemas/market';
import { marketEn } from '@/lib/i18n/messages/market.en';
import { marketZhCN } from '@/lib/i18n/messages/market.zh-cn';
import { FxRate, UsdNote } from '@/components/shared/market/ui/parts';

const fx = (missing: number, over: Partial<FxDTO> = {}): FxDTO => ({
  from: 'BDT',
  firstMonth: '2020-01',
  lastMonth: '2020-10',
  missing,
  source: { name: 'WFP VAM via HDX', licence: 'CC BY-IGO', attribution: 'Source: WFP VAM via HDX (CC BY-IGO)' },
  implied: true,
  rate: 84.8,
  rateMonth: '2020-10',
  beyondMonths: 0,
  beyondFrom: null,
  ...over,
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

  it('names whose rates they are: published, or implied by the price source for want of any', () => {
    const { rerender } = render(<UsdNote fx={fx(0)} t={marketEn} />);
    expect(screen.getByTestId('usd-note')).toHaveTextContent(
      'implied by the USD prices of WFP VAM via HDX (CC BY-IGO) (BDT per USD, 2020-01 – 2020-10): no published rates for BDT.',
    );
    const h10 = { name: 'Federal Reserve H.10 via FRED', licence: 'Public domain', attribution: '' };
    rerender(<UsdNote fx={fx(0, { from: 'CNY', source: h10, implied: false })} t={marketEn} />);
    expect(screen.getByTestId('usd-note')).toHaveTextContent(
      'In USD at each month’s rate from Federal Reserve H.10 via FRED (Public domain) (CNY per USD, 2020-01 – 2020-10).',
    );
    // In Chinese the licence is named in Chinese, in full-width brackets.
    rerender(<UsdNote fx={fx(0, { from: 'CNY', source: h10, implied: false })} t={marketZhCN} />);
    expect(screen.getByTestId('usd-note')).toHaveTextContent(
      '按Federal Reserve H.10 via FRED（公有领域）的各月汇率折算为美元（2020-01 至 2020-10，每美元兑 CNY）。',
    );
  });

  it('says how many months lie past the last rate', () => {
    render(<UsdNote fx={fx(0, { beyondMonths: 5, beyondFrom: '2020-11' })} t={marketEn} />);
    expect(screen.getByTestId('usd-note')).toHaveTextContent(
      'The rates end 2020-10: 5 later months are converted at the 2020-10 rate.',
    );
  });

  it('shows the rate of the latest figure and its month, in both languages', () => {
    const { rerender } = render(<FxRate fx={fx(0, { rate: 117.3456 })} t={marketEn} lang="en" />);
    expect(screen.getByTestId('fx-rate')).toHaveTextContent('1 USD = 117.3456 BDT (2020-10)');
    rerender(<FxRate fx={fx(0, { rate: 117.3456 })} t={marketZhCN} lang="zh-CN" />);
    expect(screen.getByTestId('fx-rate')).toHaveTextContent('1 美元 = 117.3456 BDT（2020-10）');
  });
});
