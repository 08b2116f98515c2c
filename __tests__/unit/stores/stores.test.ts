import { RequestError } from '@/lib/api/request-error';
import { useDataProduct } from '@/stores/data-product';
import { useFeedbackFrame } from '@/stores/feedback-frame';
import { useFunctionality } from '@/stores/functionality';
import { useLoginFailure } from '@/stores/login-failure';
import { useReloginPrompt } from '@/stores/relogin-prompt';
import { emptyUserInfo, useUserInfo } from '@/stores/user-info';
import { onRequestFailure } from '@/lib/api/request';
import { mockFetch, ok } from '../api/support/fetch-mock';

const user = {
  id: 'u1',
  phone: '13800000000',
  nickname: 'Li',
  sourcePlaformCode: 'farming',
  isStaff: false,
  createdAt: '2024-01-01T00:00:00Z',
};

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

describe('functionality store (docs/screens.md)', () => {
  beforeEach(() => useFunctionality.getState().reset());

  it('stores the results of PriceIndex, PriceTrend and PriceAgTrend', async () => {
    const fetchMock = mockFetch({
      PriceIndex: ok({ level: 103.2 }),
      PriceTrend: ok({ series: [1, 2] }),
      PriceAgTrend: ok({ model: 'ets' }),
    });
    const s = useFunctionality.getState();
    await Promise.all([
      s.loadIndexData({ indexCode: 'composite' }),
      s.loadTrendData({ productCode: 'rice' }),
      s.loadAgriData({ productCode: 'rice' }),
    ]);
    expect(useFunctionality.getState()).toMatchObject({
      indexData: { level: 103.2 },
      trendData: { series: [1, 2] },
      agriData: { model: 'ets' },
      loading: { indexData: false, trendData: false, agriData: false },
    });
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string)).toEqual({ indexCode: 'composite' });
  });

  it('stores the error as the result and keeps it out of the global dialog', async () => {
    mockFetch({
      PriceIndex: { body: { code: 403, msg: 'Gold required', data: { unlock: 'gold' } } },
      PriceTrend: { status: 500 },
    });
    const told: boolean[] = [];
    const off = onRequestFailure((_e, _c, opts) => told.push(opts.skipErrorHandler));
    await useFunctionality.getState().loadIndexData({});
    await useFunctionality.getState().loadTrendData({ productCode: 'rice' });
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
    const first = useFunctionality.getState().loadTrendData({ productCode: 'slow' });
    await useFunctionality.getState().loadTrendData({ productCode: 'fast' });
    releaseSlow();
    await first;
    expect(useFunctionality.getState().trendData).toEqual({ from: 'fast' });
  });
});

describe('data product store (docs/screens.md)', () => {
  it('stores the order data when a pay model is loaded', async () => {
    const fetchMock = mockFetch({ QueryDataProductPayModelById: ok({ orderId: 'o2', status: 'pending' }) });
    await useDataProduct.getState().loadPayModel('o2');
    expect(useDataProduct.getState().orderData).toEqual({ orderId: 'o2', status: 'pending' });
    expect(fetchMock.mock.calls[0]![0]).toContain('QueryDataProductPayModelById?orderId=o2');
  });
});
