import { offlineCopyAt, onRequestFailure, REQUEST_TIMEOUT_MS, request } from '@/lib/api/request';
import { isConnectionError, MSG_NETWORK_FAILED, MSG_TIMED_OUT, RequestError } from '@/lib/api/request-error';
import { mockFetch, ok } from './support/fetch-mock';

beforeEach(() => localStorage.clear());

describe('request() (docs/accounts.md)', () => {
  it('POSTs a JSON body with credentials and the stored token', async () => {
    localStorage.setItem('token', 'tok-123');
    const fetchMock = mockFetch({ PriceTrend: ok({ series: [] }) });
    await expect(request('PriceTrend', { body: { productCode: 'rice' } })).resolves.toEqual({ series: [] });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/core/api/YoonopData/PriceTrend');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe(JSON.stringify({ productCode: 'rice' }));
    expect((init.headers as Record<string, string>).Authorization).toBe('tok-123');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends an empty Authorization header without a token, and {} when there is no body', async () => {
    const fetchMock = mockFetch({ WebPrice: ok([]) });
    await request('WebPrice');
    const [, init] = fetchMock.mock.calls[0]!;
    expect((init.headers as Record<string, string>).Authorization).toBe('');
    expect(init.body).toBe('{}');
  });

  it('uses GET without a body for GetDirListToWebByName, with the query string', async () => {
    const fetchMock = mockFetch({ GetDirListToWebByName: ok({ id: 'd1' }) });
    await request('GetDirListToWebByName', { query: { DirName: 'Market reports & notes' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(init.credentials).toBe('include');
    expect(url).toBe('/api/docs/Api/V1/Eop/PublicAPI/GetDirListToWebByName?DirName=Market+reports+%26+notes');
  });

  it('builds the query string from `query`, leaving out empty values', async () => {
    const fetchMock = mockFetch({ QueryUserBuyDataProductRegion: ok([]), GetDirListToWeb: ok([]) });
    await request('QueryUserBuyDataProductRegion', { query: { OutProductCode: 'grain-1' }, body: { page: 1 } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/core/api/YoonopData/QueryUserBuyDataProductRegion?OutProductCode=grain-1');
    expect(init.body).toBe('{"page":1}');

    await request('GetDirListToWeb', { query: { Id: undefined } });
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/docs/Api/V1/Eop/PublicAPI/GetDirListToWeb');
  });

  it('rejects with the §8 error and tells the failure listeners', async () => {
    mockFetch({ QueryNewsById: { body: { code: 404, msg: 'news not found' } } });
    const seen: unknown[] = [];
    const off = onRequestFailure((err, call, opts) => seen.push([err.code, call, opts.skipErrorHandler]));
    const err = await request('QueryNewsById', { query: { id: 'x' }, skipErrorHandler: true }).catch((e) => e);
    off();
    expect(err).toBeInstanceOf(RequestError);
    expect(err).toMatchObject({ code: 404, msg: 'news not found' });
    expect(seen).toEqual([[404, 'QueryNewsById', true]]);
  });

  it('turns a network failure into code 0 "network request failed"', async () => {
    globalThis.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request('WebPrice')).rejects.toMatchObject({ code: 0, msg: MSG_NETWORK_FAILED });
  });

  it('treats a cancel while the body arrives as an abort, not a network failure', async () => {
    const controller = new AbortController();
    const abort = Object.assign(new Error('aborted'), { name: 'AbortError' });
    globalThis.fetch = jest.fn().mockResolvedValue({
      status: 200,
      headers: new Headers(),
      json: () => {
        controller.abort();
        return Promise.reject(abort);
      },
    });
    const told = jest.fn();
    const off = onRequestFailure(told);
    await expect(request('WebPrice', { signal: controller.signal })).rejects.toBe(abort);
    off();
    expect(told).not.toHaveBeenCalled();
  });

  it('passes an abort through untouched and tells no listener', async () => {
    const abort = Object.assign(new Error('aborted'), { name: 'AbortError' });
    globalThis.fetch = jest.fn().mockRejectedValue(abort);
    const listener = jest.fn();
    const off = onRequestFailure(listener);
    await expect(request('WebPrice')).rejects.toBe(abort);
    off();
    expect(listener).not.toHaveBeenCalled();
  });

  it('still rejects with the RequestError when a listener throws', async () => {
    mockFetch({ WebPrice: { status: 500 } });
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const off = onRequestFailure(() => {
      throw new Error('listener bug');
    });
    const result = request('WebPrice');
    await expect(result.finally(off)).rejects.toMatchObject({ code: 500, msg: 'server busy, please try again later' });
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: 'listener bug' }));
    logged.mockRestore();
  });

  it('gives up after REQUEST_TIMEOUT_MS on a connection that never answers, as a connection error listeners hear of', async () => {
    jest.useFakeTimers();
    try {
      // A link that swallows the request: only an abort ends it.
      globalThis.fetch = jest.fn(
        (_url: unknown, init?: RequestInit) =>
          new Promise<Response>((_, reject) =>
            init?.signal?.addEventListener('abort', () =>
              reject(Object.assign(new Error('aborted'), { name: 'AbortError' })),
            ),
          ),
      ) as unknown as typeof fetch;
      const told = jest.fn();
      const off = onRequestFailure(told);
      const result = request('PriceTrend', { body: { productCode: 'pork' }, skipErrorHandler: true }).catch((e) => e);
      await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      expect(told).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(1);
      const err = await result;
      off();
      expect(err).toBeInstanceOf(RequestError);
      expect(err).toMatchObject({ code: 0, msg: MSG_TIMED_OUT });
      expect(isConnectionError(err)).toBe(true);
      expect(told).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('waits as long as a call asks for with timeoutMs', async () => {
    jest.useFakeTimers();
    try {
      globalThis.fetch = jest.fn(
        (_url: unknown, init?: RequestInit) =>
          new Promise<Response>((_, reject) =>
            init?.signal?.addEventListener('abort', () =>
              reject(Object.assign(new Error('aborted'), { name: 'AbortError' })),
            ),
          ),
      ) as unknown as typeof fetch;
      let settled = false;
      const result = request('PriceTrend', { body: { productCode: 'pork' }, skipErrorHandler: true, timeoutMs: 60_000 })
        .catch((e) => e)
        .finally(() => {
          settled = true;
        });
      await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(60_000 - REQUEST_TIMEOUT_MS);
      expect(await result).toMatchObject({ code: 0, msg: MSG_TIMED_OUT });
    } finally {
      jest.useRealTimers();
    }
  });

  it('an answer in time is no timeout, and the timer is let go', async () => {
    jest.useFakeTimers();
    try {
      mockFetch({ WebPrice: ok([]) });
      await expect(request('WebPrice')).resolves.toEqual([]);
      expect(jest.getTimerCount()).toBe(0);
      expect(isConnectionError(new RequestError(0, MSG_NETWORK_FAILED))).toBe(true);
      expect(isConnectionError(new RequestError(500, 'server busy, please try again later'))).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });

  it('knows an answer that is the offline worker’s copy, and when it was loaded', async () => {
    mockFetch({
      PriceTrend: {
        body: { code: 1, data: { series: [1] } },
        headers: { 'x-offline-copy': '2026-11-27T01:05:00.000Z' },
      },
      WebPrice: ok({ items: [] }),
    });
    const copy = await request('PriceTrend', { body: { productCode: 'pork' } });
    expect(offlineCopyAt(copy)).toBe('2026-11-27T01:05:00.000Z');
    expect(offlineCopyAt(await request('WebPrice'))).toBeNull();
  });
});
