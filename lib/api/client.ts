import type { BodyOf, QueryOf, ResponseOf } from './contract';
import { siteCallNames, type SiteCallName } from './routes';
import { request, type CallInput } from './request';

/** One typed function per call of the site: `api.GetCurrentUser()`, `api.SendValidateCode({ query: { phone } })`. */
export type Api = { [N in SiteCallName]: (input?: CallInput<N>) => Promise<ResponseOf<N>> };

export const api = Object.fromEntries(
  siteCallNames.map((n) => [n, (input?: CallInput<typeof n>) => request(n, input)]),
) as Api;

export type { BodyOf, QueryOf, ResponseOf };
