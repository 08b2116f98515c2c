import { create } from 'zustand';
import { api } from '@/lib/api/client';
import type { BodyOf, ResponseOf } from '@/lib/api/contract';
import { RequestError, MSG_NETWORK_FAILED, localise } from '@/lib/api/request-error';

/** Either the call's result or the error it failed with (docs/screens.md): the page shows the error in place. */
export type ResultOrError<T> = T | RequestError | null;

type Loadable = 'indexData' | 'trendData' | 'agriData';

export type FunctionalityState = {
  indexData: ResultOrError<ResponseOf<'PriceIndex'>>;
  trendData: ResultOrError<ResponseOf<'PriceTrend'>>;
  agriData: ResultOrError<ResponseOf<'PriceAgTrend'>>;
  loading: Record<Loadable, boolean>;
  loadIndexData: (body: BodyOf<'PriceIndex'>) => Promise<void>;
  loadTrendData: (body: BodyOf<'PriceTrend'>) => Promise<void>;
  loadAgriData: (body: BodyOf<'PriceAgTrend'>) => Promise<void>;
  reset: () => void;
};

const initial = {
  indexData: null,
  trendData: null,
  agriData: null,
  loading: { indexData: false, trendData: false, agriData: false },
} satisfies Partial<FunctionalityState>;

// A newer load of the same series wins over a slower older one.
const latest: Record<Loadable, number> = { indexData: 0, trendData: 0, agriData: 0 };

export const useFunctionality = create<FunctionalityState>()((set) => {
  async function load<K extends Loadable>(key: K, call: () => Promise<unknown>) {
    const ticket = ++latest[key];
    set((s) => ({ loading: { ...s.loading, [key]: true } }));
    let value: unknown;
    try {
      value = await call();
    } catch (e) {
      value = e instanceof RequestError ? e : await localise(new RequestError(0, MSG_NETWORK_FAILED));
    }
    if (ticket !== latest[key]) return;
    set((s) => ({ [key]: value ?? null, loading: { ...s.loading, [key]: false } }) as Partial<FunctionalityState>);
  }

  return {
    ...initial,
    // These three calls show their errors on the page, not in the global dialog (docs/api.md).
    loadIndexData: (body) => load('indexData', () => api.PriceIndex({ body, skipErrorHandler: true })),
    loadTrendData: (body) => load('trendData', () => api.PriceTrend({ body, skipErrorHandler: true })),
    loadAgriData: (body) => load('agriData', () => api.PriceAgTrend({ body, skipErrorHandler: true })),
    reset: () => {
      for (const k of Object.keys(latest) as Loadable[]) latest[k]++;
      set(initial);
    },
  };
});
