import {
  useMutation,
  useQuery,
  type UseMutationOptions,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CallName, ResponseOf } from './contract';
import { getQueryClient } from './query-client';
import { request, type CallInput } from './request';
import type { RequestError } from './request-error';

type Input<N extends CallName> = Omit<CallInput<N>, 'signal'>;

/** Cache key of a call: its name, query and body. */
export function apiQueryKey<N extends CallName>(name: N, input: Input<N> = {}) {
  return [name, input.query ?? null, input.body ?? null] as const;
}

/** A call as a React Query query; errors are RequestErrors (docs/api.md). */
export function useApiQuery<N extends CallName>(
  name: N,
  input: Input<N> = {},
  options: Omit<UseQueryOptions<ResponseOf<N>, RequestError>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<ResponseOf<N>, RequestError>({
    queryKey: apiQueryKey(name, input),
    queryFn: ({ signal }) => request(name, { ...input, signal }),
    ...options,
  });
}

/** A call as a mutation: `mutate({ body })` / `mutate({ query })`. */
export function useApiMutation<N extends CallName>(
  name: N,
  options: Omit<UseMutationOptions<ResponseOf<N>, RequestError, Input<N>>, 'mutationFn'> = {},
) {
  return useMutation<ResponseOf<N>, RequestError, Input<N>>({
    mutationKey: [name],
    mutationFn: (input) => request(name, input),
    ...options,
  });
}

/**
 * A call outside React (the session start-up), through the same query cache the pages read:
 * always asked afresh, and the answer is then what `useApiQuery` of the same call shows.
 */
export function fetchApi<N extends CallName>(name: N, input: Input<N> = {}): Promise<ResponseOf<N>> {
  return getQueryClient().fetchQuery<ResponseOf<N>, RequestError>({
    queryKey: apiQueryKey(name, input),
    queryFn: ({ signal }) => request(name, { ...input, signal }),
    staleTime: 0,
    retry: false,
  });
}

/**
 * Mirrors a query into a named client state (docs/screens.md): its answer, or the error it
 * failed with, or null before either. The store is a view of the query cache, never a loader.
 */
export function useStoreView<T>(
  query: Pick<UseQueryResult<T, RequestError>, 'data' | 'error'>,
  write: (value: T | RequestError | null) => void,
) {
  const value = query.error ?? query.data ?? null;
  useEffect(() => write(value), [value, write]);
}
