// The data API (/api/v1) through its real route handler, as a program would call it over HTTP.
import { GET, POST } from '@/app/api/v1/[...path]/route';
import { ok } from './api-client';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads answers as docs/data-api.md describes them
export type V1Answer = { status: number; headers: Headers; text: string; json: () => any };

export async function v1(
  endpoint: string,
  query: Record<string, string | undefined> = {},
  opts: { key?: string; headers?: Record<string, string>; method?: 'GET' | 'POST' } = {},
): Promise<V1Answer> {
  const url = new URL(`http://localhost/api/v1/${endpoint}`);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
  const headers: Record<string, string> = { 'x-forwarded-for': '127.0.0.1', ...opts.headers };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  const req = new Request(url, { method: opts.method ?? 'GET', headers });
  const params = Promise.resolve({ path: endpoint.split('/').filter(Boolean) });
  const res = await (opts.method === 'POST' ? POST : GET)(req, { params });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
}

/** A new key of the session's user (the account must have API access). */
export async function newKey(token: string, name = 'test'): Promise<string> {
  return (await ok('CreateUserApiKey', { body: { name }, token })).key;
}
