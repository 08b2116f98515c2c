import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { usePurchase } from '@/components/desktop/equities/use-purchase';
import { makeQueryClient } from '@/lib/api/query-client';
import { onRequestFailure } from '@/lib/api/request';
import { I18nProvider } from '@/lib/i18n/client';
import { en } from '@/lib/i18n/messages/core.en';
import { calledNames, mockFetch, ok } from '../api/support/fetch-mock';

// Refreshing the membership after payment is the session module's; not under test here.
jest.mock('@/stores/session', () => ({ refreshMembership: jest.fn().mockResolvedValue(null) }));

const order = { id: 'o1', tradeCode: 'T1', status: 'pending' };
const pay = {
  orderId: 'o1',
  tradeCode: 'T1',
  payUrl: '/pay/sandbox/T1',
  qrContent: 'x',
  amountFen: 100,
  expiresAt: '',
};

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={makeQueryClient()}>
      <I18nProvider locale="en" messages={{ commerce: en.commerce }}>
        {children}
      </I18nProvider>
    </QueryClientProvider>
  );
}

describe('usePurchase: one flow for every order kind (docs/commerce.md)', () => {
  it('buys a membership: order, then its pay info, then the pay modal', async () => {
    const fetchMock = mockFetch({ UserBuyMemberLevel: ok(order), PayMemberOrderPC: ok(pay) });
    const { result } = renderHook(() => usePurchase('member'), { wrapper });
    expect(result.current.payModal).toBeNull();
    let failed: unknown;
    await act(async () => {
      failed = await result.current.buy({ memberId: 'gold', months: 1 });
    });
    expect(failed).toBeNull();
    expect(calledNames(fetchMock)).toEqual(['UserBuyMemberLevel', 'PayMemberOrderPC']);
    expect(fetchMock.mock.calls[1]![0]).toContain('trandeCode=T1');
    expect(result.current.payModal).not.toBeNull();
  });

  it('buys a data product: the order, then its pay model, then the pay modal', async () => {
    const model = { orderId: 'o1', order, pay };
    const fetchMock = mockFetch({ SubmitDataProductBuyOrder: ok(order), QueryDataProductPayModelById: ok(model) });
    const { result } = renderHook(() => usePurchase('data_product', { skipErrorHandler: true }), { wrapper });
    await act(async () => {
      await result.current.buy({ productId: 'DP-GRAINS', regionIds: ['shandong'] });
    });
    expect(calledNames(fetchMock)).toEqual(['SubmitDataProductBuyOrder', 'QueryDataProductPayModelById']);
    expect(result.current.payModal).not.toBeNull();
  });

  it('pays an existing order without creating one', async () => {
    const fetchMock = mockFetch({ PayMemberOrderPC: ok(pay) });
    const { result } = renderHook(() => usePurchase('member'), { wrapper });
    await act(async () => {
      await result.current.payOrder(order as never);
    });
    expect(calledNames(fetchMock)).toEqual(['PayMemberOrderPC']);
    expect(result.current.payModal).not.toBeNull();
  });

  it('resolves to the refusal and shows no modal; a page handling its own errors is not sent a dialog', async () => {
    mockFetch({ SubmitDataProductBuyOrder: { body: { code: 403, msg: 'Gold members only' } } });
    const told: boolean[] = [];
    const off = onRequestFailure((_e, _c, opts) => told.push(opts.skipErrorHandler));
    const { result } = renderHook(() => usePurchase('data_product', { skipErrorHandler: true }), { wrapper });
    let failed: unknown;
    await act(async () => {
      failed = await result.current.buy({ productId: 'DP-GRAINS', regionIds: ['shandong'] });
    });
    off();
    expect(failed).toMatchObject({ code: 403, msg: 'Gold members only' });
    expect(told).toEqual([true]);
    expect(result.current.payModal).toBeNull();
  });

  it('refuses an order that can no longer be paid with the closed-order message', async () => {
    mockFetch({
      QueryDataProductPayModelById: ok({ orderId: 'o1', order: { ...order, status: 'closed' }, pay: null }),
    });
    const { result } = renderHook(() => usePurchase('data_product', { skipErrorHandler: true }), { wrapper });
    let failed: unknown;
    await act(async () => {
      failed = await result.current.payOrder(order as never);
    });
    expect(failed).toMatchObject({ code: 409, msg: en.commerce.closedBody });
    expect(result.current.payModal).toBeNull();
  });
});
