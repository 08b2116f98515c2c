// The production server's request path (server/http-server.ts with the application's own hooks:
// /healthz, /readyz, the request log and metrics) on a real socket, with the API route handler
// standing in for Next: what reaches /api/… goes through the one dispatch, anything else is a 404.
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dispatch } from '@/lib/server/http/dispatch';
import { createServerHooks, type ServerHooks } from '@/lib/server/fleet/server-hooks';
import { requestListener } from '@/server/http-server';
import { TagStore } from '@/server/page-cache/tag-store';

/**
 * The request's body as a web stream. Not Readable.toWeb: once its reader is cancelled (a body
 * refused while it arrives) it still enqueues the chunks in flight and throws. The rest of a
 * cancelled body is read and dropped, as Node does for a body its handler left unread.
 */
function webBody(req: IncomingMessage): ReadableStream<Uint8Array> {
  let open = true;
  return new ReadableStream<Uint8Array>({
    start(c) {
      req.on('data', (d: Buffer) => open && c.enqueue(new Uint8Array(d)));
      req.on('end', () => open && ((open = false), c.close()));
      req.on('error', (e) => open && ((open = false), c.error(e)));
    },
    cancel() {
      open = false;
      req.resume();
    },
  });
}

/** Next's request handler as far as the API is concerned: a web Request to the route, its Response back. */
async function apiOnly(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const api = /^\/api\/([^/]+)\/(.+)$/.exec(url.pathname);
  if (!api) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
    return;
  }
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const web = new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? webBody(req) : undefined,
    duplex: 'half',
  } as RequestInit);
  const answer = await dispatch(web, api[1]!, api[2]!.split('/'));
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  res.end(Buffer.from(await answer.arrayBuffer()));
}

export type Sent = { status: number; headers: IncomingMessage['headers']; text: string; ms: number };

/** The server on a free port of 127.0.0.1, with `hooks` (by default the application's own). */
export async function startProdServer(hooks: ServerHooks = createServerHooks()) {
  const app = requestListener(apiOnly, hooks, new TagStore(null));
  const server: Server = createServer(app.listener);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;

  /** One request; its answer and how long it took from the first byte sent to the last received. */
  const send = (
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: string | Buffer; chunks?: Buffer[] } = {},
  ) =>
    new Promise<Sent>((resolve, reject) => {
      const started = performance.now();
      const req = request(
        { host: '127.0.0.1', port, path, method: init.method ?? 'GET', headers: init.headers, agent: false },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (d: Buffer) => parts.push(d));
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              headers: res.headers,
              text: Buffer.concat(parts).toString('utf8'),
              ms: performance.now() - started,
            }),
          );
        },
      );
      // The server may answer (a refused body) before it has read everything sent.
      req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' || e.code === 'ECONNRESET' ? null : reject(e)));
      if (init.chunks) {
        for (const c of init.chunks) req.write(c);
        req.end();
      } else req.end(init.body);
    });

  return {
    port,
    send,
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
