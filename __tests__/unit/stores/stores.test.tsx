import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useApiQuery } from '@/lib/api/hooks';
import { makeQueryClient } from '@/lib/api/query-client';
import { RequestError } from '@/lib/api/request-error';
import { useFeedbackFrame } from '@/stores/feedback-frame';
import { useLoginFailure } from '@/stores/login-failure';
import { useReloginPrompt } from '@/stores/relogin-prompt';
import { emptyUserInfo, useUserInfo } from '@/stores/user-info';
import { onRequestFailure } from '@/lib/api/request';
import { flush, mockFetch, ok } from '../api/support/fetch-mock';
import { sessionUser } from '../../support/session-user';

const user = sessionUser;

describe('userInfo store (docs/screens.md)', () => {
  it('starts empty and idle, merges updates, and clearing resets to empty', () => {
    expect(useUserInfo.getState()).toMatchObject({
      user: null,
      filePathPrefix: '',
      member: null,
      uploadAuth: null,
      status: 'idle',
    });
    useUserInfo.getState().setUserInfo({ user, filePathPrefix: '/files/', status: 'ready' });
    useUserInfo.getState().setUserInfo({ member: null });
    expect(useUserInfo.getState()).toMatchObject({ user, filePathPrefix: '/files/', status: 'ready' });

    useUserInfo.getState().clearUserInfo();
    expect(useUserInfo.getState()).toMatchObject({ ...emptyUserInfo, status: 'anonymous' });
  });
});

describe('loginFailure store', () => {
  it('defaults to code 1 and counts every raised event', () => {
    expect(useLoginFailure.getState()).toMatchObject({ code: 1, msg: '' });
    useLoginFailure.getState().raise(401, 'expired');
    useLoginFailure.getState().raise(401, 'expired');
    expect(useLoginFailure.getState()).toMatchObject({ code: 401, msg: 'expired', seq: 2 });
    useLoginFailure.getState().reset();
    expect(useLoginFailure.getState()).toMatchObject({ code: 1, msg: '' });
  });
});

describe('reloginPrompt store', () => {
  it('lets only one caller open the prompt until it is closed', () => {
    const s = useReloginPrompt.getState();
    expect(s.tryOpen()).toBe(true);
    expect(s.tryOpen()).toBe(false);
    s.close();
    expect(s.tryOpen()).toBe(true);
    s.close();
  });
});

describe('feedback frame store', () => {
  it('opens and closes the frame', () => {
    expect(useFeedbackFrame.getState().frameState).toBe(false);
    useFeedbackFrame.getState().openFrame();
    expect(useFeedbackFrame.getState().frameState).toBe(true);
    useFeedbackFrame.getState().closeFrame();
    expect(useFeedbackFrame.getState().frameState).toBe(false);
    useFeedbackFrame.getState().setFrameState(true);
    expect(useFeedbackFrame.getState().frameState).toBe(true);
  });
});

// The data states of docs/screens.md (the market's index, trend and forecast answers, the data
// product catalogue and buy model) are the query cache's entries: each holds the answer or the error.
function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={makeQueryClient()}>{children}</QueryClientProvider>;
}
const useTrend = (body: Record<string, unknown>) =>
  useApiQuery('PriceTrend', { body: body as never, skipErrorHandler: true }, { retry: false });

describe('functionality state (docs/screens.md)', () => {
  it('holds the results of PriceIndex, PriceTrend and PriceAgTrend', async () => {
    const fetchMock = mockFetch({
      PriceIndex: ok({ level: 103.2 }),
      PriceTrend: ok({ series: [1, 2] }),
      PriceAgTrend: ok({ model: 'ets' }),
    });
    const { result } = renderHook(
      () => ({
        indexData: useApiQuery('PriceIndex', { body: { indexCode: 'composite' } as never, skipErrorHandler: true }),
        trendData: useApiQuery('PriceTrend', { body: { productCode: 'rice' } as never, skipErrorHandler: true }),
        agriData: useApiQuery('PriceAgTrend', { body: { productCode: 'rice' } as never, skipErrorHandler: true }),
      }),
      { wrapper },
    );
    await waitFor(() =>
      expect({
        indexData: result.current.indexData.data,
        trendData: result.current.trendData.data,
        agriData: result.current.agriData.data,
      }).toMatchObject({
        indexData: { level: 103.2 },
        trendData: { series: [1, 2] },
        agriData: { model: 'ets' },
      }),
    );
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string)).toEqual({ indexCode: 'composite' });
  });

  it('holds the error as the result and keeps it out of the global dialog', async () => {
    mockFetch({
      PriceIndex: { body: { code: 403, msg: 'Gold required', data: { unlock: 'gold' } } },
      PriceTrend: { status: 500 },
    });
    const told: boolean[] = [];
    const off = onRequestFailure((_e, _c, opts) => told.push(opts.skipErrorHandler));
    const { result } = renderHook(
      () => ({
        index: useApiQuery('PriceIndex', { body: {} as never, skipErrorHandler: true }, { retry: false }),
        trend: useTrend({ productCode: 'rice' }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.trend.error).not.toBeNull());
    await waitFor(() => expect(result.current.index.error).not.toBeNull());
    off();

    const indexData = result.current.index.error;
    const trendData = result.current.trend.error;
    expect(indexData).toBeInstanceOf(RequestError);
    expect(indexData).toMatchObject({ code: 403, msg: 'Gold required', data: { unlock: 'gold' } });
    expect(trendData).toMatchObject({ code: 500, msg: 'server busy, please try again later' });
    expect(told).toEqual([true, true]);
  });

  it('keeps the newest load when an older one answers later', async () => {
    let releaseSlow!: () => void;
    mockFetch({
      PriceTrend: (_url, init) =>
        JSON.parse(init.body as string).productCode === 'slow'
          ? new Promise((r) => (releaseSlow = () => r(ok({ from: 'slow' }))))
          : ok({ from: 'fast' }),
    });
    const view = renderHook(({ code }) => useTrend({ productCode: code }), {
      wrapper,
      initialProps: { code: 'slow' },
    });
    await waitFor(() => expect(releaseSlow).toBeDefined());
    view.rerender({ code: 'fast' });
    await waitFor(() => expect(view.result.current.data).toEqual({ from: 'fast' }));
    releaseSlow();
    await flush();
    expect(view.result.current.data).toEqual({ from: 'fast' });
  });
});

describe('data product state (docs/screens.md)', () => {
  it('holds the catalogue and the buy model, answers or errors', async () => {
    mockFetch({
      QueryDataProductList: ok([{ code: 'p1' }]),
      QueryDataProductBuyModelById: { body: { code: 404, msg: 'no such data product' } },
    });
    const { result } = renderHook(
      () => ({
        dataProductList: useApiQuery('QueryDataProductList'),
        dataProductDetail: useApiQuery(
          'QueryDataProductBuyModelById',
          { query: { productId: 'p1' }, skipErrorHandler: true },
          { retry: false },
        ),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.dataProductList.data).toEqual([{ code: 'p1' }]));
    await waitFor(() => expect(result.current.dataProductDetail.error).toMatchObject({ code: 404 }));
  });
});
