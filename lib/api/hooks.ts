import { useMutation, useQuery, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query';
import type { CallName, ResponseOf } from './contract';
import { request, type CallInput } from './request';
import type { RequestError } from './request-error';

type Input<N extends CallName> = Omit<CallInput<N>, 'signal'>;

/** Cache key of a call: its name, query and body. */
export function apiQueryKey<N extends CallName>(name: N, input: Input<N> = {}) {
  return [name, input.query ?? null, input.body ?? null] as const;
}

/** A spec call as a React Query query; errors are RequestErrors (docs/api.md). */
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

/** A spec call as a mutation: `mutate({ body })` / `mutate({ query })`. */
export function useApiMutation<N extends CallName>(
  name: N,
  options: Omit<UseMutationOptions<ResponseOf<N>, RequestError, Input<N>>, 'mutationFn'> = {},
) {
  return useMutation<ResponseOf<N>, RequestError, Input<N>>({
    mutationFn: (input) => request(name, input),
    ...options,
  });
}
