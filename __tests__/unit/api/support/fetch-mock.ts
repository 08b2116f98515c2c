// jsdom has no fetch: calls are answered by the last path segment (the call name).
export type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
export type Route = Reply | ((url: URL, init: RequestInit) => Reply | Promise<Reply>);

export type FetchMock = jest.Mock<Promise<Response>, [string, RequestInit]>;

export function mockFetch(routes: Record<string, Route> = {}): FetchMock {
  const fn: FetchMock = jest.fn(async (input: string, init: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const route = routes[callNameOf(url)] ?? { status: 404 };
    const reply = typeof route === 'function' ? await route(url, init) : route;
    return {
      status: reply.status ?? 200,
      headers: new Headers(reply.headers),
      json: async () => {
        if (reply.body === undefined) throw new SyntaxError('Unexpected end of JSON input');
        return reply.body;
      },
    } as Response;
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  return fn;
}

export function callNameOf(url: string | URL): string {
  return new URL(url, 'http://localhost').pathname.split('/').pop() ?? '';
}

/** The call names fetched so far, in order. */
export function calledNames(fn: FetchMock): string[] {
  return fn.mock.calls.map(([u]) => callNameOf(u));
}

export const ok = (data: unknown): Reply => ({ body: { code: 1, data } });
export const unauthorized: Reply = { status: 401, body: { code: 401, msg: 'login required' } };

/** Lets pending promise chains (fetch → json → listeners → dynamic imports) settle. */
export async function flush(times = 10) {
  for (let i = 0; i < times; i++) await new Promise((r) => setTimeout(r, 0));
}
