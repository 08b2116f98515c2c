import type { BodyOf, CallName, QueryOf, ResponseOf } from './contract';
import { callNames } from './routes';
import { request, type CallInput } from './request';

/** One typed function per spec call: `api.GetCurrentUser()`, `api.SendValidateCode({ query: { phone } })`. */
export type Api = { [N in CallName]: (input?: CallInput<N>) => Promise<ResponseOf<N>> };

export const api = Object.fromEntries(
  callNames.map((n) => [n, (input?: CallInput<typeof n>) => request(n, input)]),
) as Api;

export type { BodyOf, QueryOf, ResponseOf };
