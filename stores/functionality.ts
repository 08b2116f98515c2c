import { create } from 'zustand';
import type { ResponseOf } from '@/lib/api/contract';
import type { RequestError } from '@/lib/api/request-error';

/** Either the call's result or the error it failed with (docs/screens.md): the page shows the error in place. */
export type ResultOrError<T> = T | RequestError | null;

/**
 * The functionality state (docs/screens.md): the current index, trend and forecast answers. A view
 * of the market page's queries (useMarket mirrors them here with useStoreView); it loads nothing.
 */
export type FunctionalityState = {
  indexData: ResultOrError<ResponseOf<'PriceIndex'>>;
  trendData: ResultOrError<ResponseOf<'PriceTrend'>>;
  agriData: ResultOrError<ResponseOf<'PriceAgTrend'>>;
};

export const emptyFunctionality: FunctionalityState = { indexData: null, trendData: null, agriData: null };

export const useFunctionality = create<FunctionalityState>()(() => emptyFunctionality);

/** Writers for useStoreView, one per field (stable, so the mirror effect runs only on a new value). */
export const setFunctionality = {
  indexData: (indexData: FunctionalityState['indexData']) => useFunctionality.setState({ indexData }),
  trendData: (trendData: FunctionalityState['trendData']) => useFunctionality.setState({ trendData }),
  agriData: (agriData: FunctionalityState['agriData']) => useFunctionality.setState({ agriData }),
};
