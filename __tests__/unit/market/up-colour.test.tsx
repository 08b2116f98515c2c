import { afterEach, describe, expect, it } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { act, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RegionLatest } from '@/components/shared/market/ui/region-latest';
import { setUpColour, UP_COLOUR_KEY } from '@/components/shared/market/up-colour';
import type { Market } from '@/components/shared/market/use-market';
import type { PriceMenuDTO } from '@/lib/api/schemas/market';
import { I18nProvider } from '@/lib/i18n/client';
import type { Locale } from '@/lib/shared/locale';
import { marketEn } from '@/lib/i18n/messages/market.en';
import { marketZhCN } from '@/lib/i18n/messages/market.zh-cn';

const TODAY = '2026-11-24';
const product = (code: string, name: string, date: string, changePct: number) => ({
  code,
  name,
  unit: 'kg',
  categoryCode: 'grains',
  categoryName: 'Grains',
  demo: false,
  mapped: true,
  latest: { date, price: 2.5, prevDate: null, change: null, changePct },
});
const MENU: PriceMenuDTO = {
  regionId: 'shandong',
  regionName: 'Shandong',
  currency: 'CNY',
  fx: null,
  asOf: TODAY,
  categories: [
    {
      categoryCode: 'grains',
      categoryName: 'Grains',
      products: [product('rice', 'Rice', '2026-11-23', 1.5), product('wheat', 'Wheat', '2020-10-15', -2)],
    },
  ],
  sources: [],
};
// What RegionLatest reads of the page's state.
const market = (lang: Locale) =>
  ({
    lang,
    today: TODAY,
    nation: 'cn',
    filters: { region: 'shandong' },
    priceMenu: { isLoading: false, error: null, data: MENU },
  }) as unknown as Market;

const show = (locale: Locale) => {
  const t = locale === 'en' ? marketEn : marketZhCN;
  const wrap = (children: ReactNode) => (
    <I18nProvider locale={locale} messages={{ market: t }}>
      {children}
    </I18nProvider>
  );
  return render(wrap(<RegionLatest m={market(locale)} t={t} />));
};
const tones = () =>
  Array.from(screen.getByTestId('region-latest').querySelectorAll('[data-tone]'), (el) =>
    [el.textContent, el.getAttribute('data-tone')].join(':'),
  );

afterEach(() => localStorage.clear());

describe('red and green follow the reader', () => {
  it('draws a rise red on a Chinese page and green on an English one', () => {
    const zh = show('zh-CN');
    expect(tones()).toEqual(['+1.50%:red', '−2.00%:green']);
    zh.unmount();
    show('en');
    expect(tones()).toEqual(['+1.50%:green', '−2.00%:red']);
  });

  it('keeps the reader’s choice in the browser and applies it at once', () => {
    show('en');
    act(() => setUpColour('red'));
    expect(localStorage.getItem(UP_COLOUR_KEY)).toBe('red');
    expect(tones()).toEqual(['+1.50%:red', '−2.00%:green']);
  });
});

describe('a series that stopped more than 60 days ago', () => {
  it('is listed apart from the latest prices, marked with the day it was last updated', () => {
    show('en');
    const table = screen.getByTestId('region-latest');
    const stale = within(table).getByTestId('stale-rows');
    expect(within(stale).getByRole('columnheader')).toHaveTextContent('Not updated in the last 60 days');
    expect(stale).toHaveTextContent('Wheat');
    expect(within(stale).getByTestId('stale')).toHaveTextContent('last updated 2020-10-15');
    // The fresh row is not marked, and the stale one is not among the latest.
    const fresh = table.querySelector('tbody:not([data-testid])')!;
    expect(fresh).toHaveTextContent('Rice');
    expect(fresh).not.toHaveTextContent('Wheat');
    expect(within(fresh as HTMLElement).queryByTestId('stale')).toBeNull();
  });

  it('says so in Chinese on a Chinese page', () => {
    show('zh-CN');
    expect(screen.getByTestId('stale')).toHaveTextContent('最后更新于 2020-10-15');
    expect(screen.getByTestId('stale-rows')).toHaveTextContent('近 60 天未更新');
  });
});
