// Calls the real route handler with a real Request, as a browser would over HTTP.
import { contract, type BodyOf, type CallName, type QueryOf, type ResponseOf } from '@/lib/api/contract';
import { GET, POST } from '@/app/api/[service]/[...path]/route';

export type CallOptions = {
  token?: string;
  ip?: string;
  rawBody?: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
};
/** An HTTP answer and its envelope; `data` is typed by the call's response schema when the call is named. */
export type Answer<T = unknown> = { status: number; body: { code: number; msg?: string; data?: T } };

export async function callRaw(
  service: string,
  path: string,
  init: { query?: Record<string, string>; body?: unknown } & CallOptions = {},
): Promise<Answer> {
  const url = new URL(`http://localhost/api/${service}${path}`);
  for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
  const method = init.method ?? 'POST';
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-forwarded-for': init.ip ?? '127.0.0.1',
    ...init.headers,
  };
  if (init.token !== undefined) headers.authorization = init.token;
  const req = new Request(url, {
    method,
    headers,
    body: method === 'POST' ? (init.rawBody ?? JSON.stringify(init.body ?? {})) : undefined,
  });
  const params = Promise.resolve({ service, path: path.split('/').filter(Boolean) });
  const res = await (method === 'GET' ? GET : POST)(req, { params });
  return { status: res.status, body: await res.json() };
}

export function call<N extends CallName>(
  name: N,
  input: { query?: QueryOf<N>; body?: BodyOf<N> } & CallOptions = {},
): Promise<Answer<ResponseOf<N>>> {
  const def = contract[name];
  return callRaw(def.service, def.path, {
    method: def.method,
    ...input,
    query: input.query as Record<string, string> | undefined,
  }) as Promise<Answer<ResponseOf<N>>>;
}

/** The data of a successful call, typed by the contract; fails the test with the server's message otherwise. */
export async function ok<N extends CallName>(
  name: N,
  input: { query?: QueryOf<N>; body?: BodyOf<N> } & CallOptions = {},
): Promise<ResponseOf<N>> {
  const r = await call(name, input);
  if (r.body.code !== 1) throw new Error(`${name} answered ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data as ResponseOf<N>;
}
