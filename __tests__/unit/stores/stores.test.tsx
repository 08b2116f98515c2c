import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useApiQuery, useStoreView } from '@/lib/api/hooks';
import { makeQueryClient } from '@/lib/api/query-client';
import { RequestError } from '@/lib/api/request-error';
import { setDataProduct, useDataProduct } from '@/stores/data-product';
import { useFeedbackFrame } from '@/stores/feedback-frame';
import { emptyFunctionality, setFunctionality, useFunctionality } from '@/stores/functionality';
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

// The two stores below are views of the query cache: a page's queries are mirrored into them.
function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={makeQueryClient()}>{children}</QueryClientProvider>;
}
function useMirroredTrend(body: Record<string, unknown>) {
  const q = useApiQuery('PriceTrend', { body: body as never, skipErrorHandler: true }, { retry: false });
  useStoreView(q, setFunctionality.trendData);
  return q;
}

describe('functionality store (docs/screens.md)', () => {
  beforeEach(() => useFunctionality.setState(emptyFunctionality));

  it('stores the results of PriceIndex, PriceTrend and PriceAgTrend', async () => {
    const fetchMock = mockFetch({
      PriceIndex: ok({ level: 103.2 }),
      PriceTrend: ok({ series: [1, 2] }),
      PriceAgTrend: ok({ model: 'ets' }),
    });
    renderHook(
      () => {
        useStoreView(
          useApiQuery('PriceIndex', { body: { indexCode: 'composite' } as never, skipErrorHandler: true }),
          setFunctionality.indexData,
        );
        useStoreView(
          useApiQuery('PriceTrend', { body: { productCode: 'rice' } as never, skipErrorHandler: true }),
          setFunctionality.trendData,
        );
        useStoreView(
          useApiQuery('PriceAgTrend', { body: { productCode: 'rice' } as never, skipErrorHandler: true }),
          setFunctionality.agriData,
        );
      },
      { wrapper },
    );
    await waitFor(() =>
      expect(useFunctionality.getState()).toMatchObject({
        indexData: { level: 103.2 },
        trendData: { series: [1, 2] },
        agriData: { model: 'ets' },
      }),
    );
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string)).toEqual({ indexCode: 'composite' });
  });

  it('stores the error as the result and keeps it out of the global dialog', async () => {
    mockFetch({
      PriceIndex: { body: { code: 403, msg: 'Gold required', data: { unlock: 'gold' } } },
      PriceTrend: { status: 500 },
    });
    const told: boolean[] = [];
    const off = onRequestFailure((_e, _c, opts) => told.push(opts.skipErrorHandler));
    renderHook(
      () => {
        useStoreView(
          useApiQuery('PriceIndex', { body: {} as never, skipErrorHandler: true }, { retry: false }),
          setFunctionality.indexData,
        );
        useMirroredTrend({ productCode: 'rice' });
      },
      { wrapper },
    );
    await waitFor(() => expect(useFunctionality.getState().trendData).not.toBeNull());
    await waitFor(() => expect(useFunctionality.getState().indexData).not.toBeNull());
    off();

    const { indexData, trendData } = useFunctionality.getState();
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
    const view = renderHook(({ code }) => useMirroredTrend({ productCode: code }), {
      wrapper,
      initialProps: { code: 'slow' },
    });
    await waitFor(() => expect(releaseSlow).toBeDefined());
    view.rerender({ code: 'fast' });
    await waitFor(() => expect(useFunctionality.getState().trendData).toEqual({ from: 'fast' }));
    releaseSlow();
    await flush();
    expect(useFunctionality.getState().trendData).toEqual({ from: 'fast' });
  });
});

describe('data product store (docs/screens.md)', () => {
  it('mirrors the catalogue and the buy model, answers or errors', async () => {
    mockFetch({
      QueryDataProductList: ok([{ code: 'p1' }]),
      QueryDataProductBuyModelById: { body: { code: 404, msg: 'no such data product' } },
    });
    renderHook(
      () => {
        useStoreView(useApiQuery('QueryDataProductList'), setDataProduct.dataProductList);
        useStoreView(
          useApiQuery('QueryDataProductBuyModelById', { query: { productId: 'p1' }, skipErrorHandler: true }),
          setDataProduct.dataProductDetail,
        );
      },
      { wrapper },
    );
    await waitFor(() => expect(useDataProduct.getState().dataProductList).toEqual([{ code: 'p1' }]));
    await waitFor(() => expect(useDataProduct.getState().dataProductDetail).toMatchObject({ code: 404 }));
  });
});
