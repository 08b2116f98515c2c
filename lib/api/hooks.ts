import { hashKey, useMutation, useQuery, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query';
import type { CallName, ResponseOf } from './contract';
import { getQueryClient } from './query-client';
import { request, type CallInput } from './request';
import type { RequestError } from './request-error';

type Input<N extends CallName> = Omit<CallInput<N>, 'signal'>;

/** Cache key of a call: its name, query and body. */
export function apiQueryKey<N extends CallName>(name: N, input: Input<N> = {}) {
  return [name, input.query ?? null, input.body ?? null] as const;
}

// Answers asked before the page hydrated (startEarly), by query key. They never enter the query
// cache before the page's own query asks (so hydration renders what the server rendered); that
// query takes the answer instead of asking again (docs/decisions/market-early-calls.md).
const early = new Map<string, { at: number; answer: Promise<unknown> }>();
// An early answer the page did not take within this long is not used (it asks afresh).
const EARLY_FOR_MS = 30_000;

/**
 * Asks a call now, before the component that shows it has hydrated; the first `useApiQuery` of the
 * same call and input takes the answer. No error dialog: the page shows the failure, or asks again.
 */
export function startEarly<N extends CallName>(name: N, input: Input<N>): Promise<ResponseOf<N>> {
  const key = hashKey(apiQueryKey(name, input));
  const had = early.get(key);
  if (had) return had.answer as Promise<ResponseOf<N>>;
  const answer = request(name, { ...input, skipErrorHandler: true });
  answer.catch(() => undefined); // taken (or not) later; never an unhandled rejection
  early.set(key, { at: Date.now(), answer });
  return answer;
}

function takeEarly<N extends CallName>(name: N, input: Input<N>, signal: AbortSignal) {
  const key = hashKey(apiQueryKey(name, input));
  const e = early.get(key);
  if (!e) return undefined;
  early.delete(key);
  if (Date.now() - e.at > EARLY_FOR_MS) return undefined;
  const answer = e.answer as Promise<ResponseOf<N>>;
  // A call that shows its own errors takes a refusal as it is (it is not asked twice); one whose
  // errors go to the dialog asks again, so a failure reaches the dialog as it would have.
  return input.skipErrorHandler ? answer : answer.catch(() => request(name, { ...input, signal }));
}

/** A call as a React Query query; errors are RequestErrors (docs/api.md). */
export function useApiQuery<N extends CallName>(
  name: N,
  input: Input<N> = {},
  options: Omit<UseQueryOptions<ResponseOf<N>, RequestError>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<ResponseOf<N>, RequestError>({
    queryKey: apiQueryKey(name, input),
    queryFn: ({ signal }) => takeEarly(name, input, signal) ?? request(name, { ...input, signal }),
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
