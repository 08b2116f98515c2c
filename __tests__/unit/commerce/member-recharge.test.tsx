import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemberRecharge } from '@/components/desktop/equities/member-recharge';
import type { MemberLevelDTO } from '@/lib/api/schemas/commerce';
import { makeQueryClient } from '@/lib/api/query-client';
import { I18nProvider } from '@/lib/i18n/client';
import { en } from '@/lib/i18n/messages/core.en';
import { emptyUserInfo, useUserInfo } from '@/stores/user-info';
import { mockFetch, ok } from '../api/support/fetch-mock';

jest.mock('@/stores/session', () => ({ refreshMembership: jest.fn().mockResolvedValue(null) }));

const privileges = {
  historyMonths: 60,
  regionDepth: 'market',
  forecast: true,
  export: true,
  dataProductDiscountPct: 10,
};
const gold = (id: string): MemberLevelDTO => ({
  id,
  code: 'gold',
  nameZh: '黄金会员',
  nameEn: 'Gold',
  rank: 2,
  forSale: true,
  privileges: privileges as MemberLevelDTO['privileges'],
  prices: [{ months: 1, priceFen: 7900 }],
});
const renew = {
  action: 'renew',
  upPriceFen: null,
  remainingDays: null,
  effectiveAt: null,
  endsAt: null,
  refusedReason: null,
  refusedMessage: null,
};

function show(levels: MemberLevelDTO[]) {
  return render(
    <QueryClientProvider client={makeQueryClient()}>
      <I18nProvider locale="en" messages={{ commerce: en.commerce }}>
        <MemberRecharge levels={levels} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => useUserInfo.setState(emptyUserInfo));

describe('MemberRecharge: the server-rendered catalogue, then the session’s offers', () => {
  it('shows the levels and prices before the session is known, with no action yet', () => {
    show([gold('g1')]);
    const card = screen.getByTestId('level-gold');
    expect(card).toHaveTextContent('¥79.00 / 1 month');
    expect(card).toHaveTextContent('60 months of price history');
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('buys with the current levels even when the page was rendered before the catalogue changed', async () => {
    // The cached page carries an old id for Gold; the session's offers name it by its current one.
    mockFetch({ QueryMemberListHasUpPrice: ok([{ ...gold('gold-now'), offer: renew }]) });
    useUserInfo.setState({
      status: 'ready',
      member: {
        levelId: 'gold-now',
        levelCode: 'gold',
        levelName: 'Gold',
        rank: 2,
        startsAt: '2026-01-01T00:00:00Z',
        endsAt: '2027-01-01T00:00:00Z',
        privileges: privileges as MemberLevelDTO['privileges'],
      },
    });
    show([gold('gold-before')]);
    const card = screen.getByTestId('level-gold');
    expect(await within(card).findByRole('button', { name: 'Renew' })).toBeEnabled();
    expect(card).toHaveTextContent('Current level');
  });
});
