// Request bodies are read no further than their limit: a larger one, chunked or declared,
// answers 413 with the envelope while most of it is never pulled from the connection.
import { describe, expect, it } from '@jest/globals';
import { createServerHooks, type RequestDone } from '@/lib/server/fleet/server-hooks';
import { resetEnvCache } from '@/lib/server/env';
import { POST as sandboxConfirm } from '@/app/(pay)/pay/sandbox/[tradeCode]/confirm/route';
import { POST as notifyRoute } from '@/app/api/pay/notify/[provider]/route';
import { POST as apiRoute } from '@/app/api/[service]/[...path]/route';
import { startProdServer } from '../support/prod-server';

const CHUNK = 64 * 1024;
const MiB = 1024 * 1024;

/** A chunked body of `total` bytes made on demand; `pulled()` says how much the server read. */
function streamOf(total: number) {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      sent += CHUNK;
      controller.enqueue(new Uint8Array(CHUNK).fill(0x61));
    },
  });
  return { body, pulled: () => sent };
}

const streamed = (url: string, body: ReadableStream<Uint8Array>, type = 'application/json') =>
  new Request(url, { method: 'POST', headers: { 'content-type': type }, body, duplex: 'half' } as RequestInit);

async function answer(res: Response) {
  return { status: res.status, body: await res.json() };
}

describe('body limit', () => {
  it('stops reading a 200 MiB chunked API body after 1 MiB and answers 413 with the envelope', async () => {
    const s = streamOf(200 * MiB);
    const res = await apiRoute(streamed('http://localhost/api/auth/api/UserLogin/UserLoginAPP', s.body), {
      params: Promise.resolve({ service: 'auth', path: ['api', 'UserLogin', 'UserLoginAPP'] }),
    });
    expect(await answer(res)).toMatchObject({ status: 413, body: { code: 413, msg: 'body: must be at most 1 MiB' } });
    expect(s.pulled()).toBeLessThanOrEqual(MiB + 3 * CHUNK);
  });

  it('refuses a declared Content-Length over the limit before reading anything', async () => {
    const s = streamOf(2 * MiB);
    const req = new Request('http://localhost/api/auth/api/UserLogin/UserLoginAPP', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(2 * MiB) },
      body: s.body,
      duplex: 'half',
    } as RequestInit);
    const res = await apiRoute(req, {
      params: Promise.resolve({ service: 'auth', path: ['api', 'UserLogin', 'UserLoginAPP'] }),
    });
    expect((await answer(res)).status).toBe(413);
    expect(s.pulled()).toBeLessThanOrEqual(2 * CHUNK);
  });

  it('takes a body just under the limit', async () => {
    const json = JSON.stringify({ phone: '13800000009', password: 'x'.repeat(MiB - 100) });
    const res = await apiRoute(
      new Request('http://localhost/api/auth/api/UserLogin/UserLoginAPP', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: json,
      }),
      { params: Promise.resolve({ service: 'auth', path: ['api', 'UserLogin', 'UserLoginAPP'] }) },
    );
    expect(await answer(res)).toMatchObject({
      status: 200,
      body: { code: 400, msg: 'password: must be at most 128 characters' },
    });
  });

  it('stops reading a payment notify after 64 KiB', async () => {
    const s = streamOf(200 * MiB);
    const res = await notifyRoute(
      streamed('http://localhost/api/pay/notify/sandbox', s.body, 'application/x-www-form-urlencoded'),
      { params: Promise.resolve({ provider: 'sandbox' }) },
    );
    expect(await answer(res)).toMatchObject({ status: 413, body: { code: 413, msg: 'body: must be at most 64 KiB' } });
    expect(s.pulled()).toBeLessThanOrEqual(64 * 1024 + 2 * CHUNK);
  });

  it('stops reading the sandbox gateway form after 4 KiB', async () => {
    const s = streamOf(200 * MiB);
    const res = await sandboxConfirm(
      streamed('http://localhost/pay/sandbox/ABC123/confirm', s.body, 'application/x-www-form-urlencoded'),
      { params: Promise.resolve({ tradeCode: 'ABC123' }) },
    );
    expect(await answer(res)).toMatchObject({ status: 413, body: { code: 413, msg: 'body: must be at most 4 KiB' } });
    expect(s.pulled()).toBeLessThanOrEqual(4 * 1024 + 2 * CHUNK);
  });

  it('logs and counts a chunked body over the limit that the production server answered before reading it all', async () => {
    const saved = process.env.REQUEST_LOG;
    process.env.REQUEST_LOG = 'off';
    resetEnvCache();
    const done: RequestDone[] = [];
    const hooks = createServerHooks();
    const server = await startProdServer({ ...hooks, requestDone: (d) => (done.push(d), hooks.requestDone(d)) });
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => uncaught.push(e);
    process.on('uncaughtException', onUncaught);
    try {
      const chunks = Array.from({ length: 40 }, () => Buffer.alloc(CHUNK, 0x61));
      const over = await server.send('/api/auth/api/UserLogin/UserLoginAPP', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        chunks,
      });
      expect(over.status).toBe(413);
      await new Promise((r) => setTimeout(r, 50));
      expect(uncaught).toEqual([]);
      expect(done.map((d) => [d.method, d.url, d.status])).toEqual([
        ['POST', '/api/auth/api/UserLogin/UserLoginAPP', 413],
      ]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await server.stop();
      // Assigning undefined would set the string "undefined", which the env schema refuses.
      if (saved === undefined) delete process.env.REQUEST_LOG;
      else process.env.REQUEST_LOG = saved;
      resetEnvCache();
    }
  });

  it('answers 405 unread to a body sent to a page, and lets the API and the sandbox confirm form take theirs', async () => {
    const server = await startProdServer();
    try {
      // 2.5 MiB chunked: Next would buffer up to 10 MB of it for a page that never reads it.
      const chunks = Array.from({ length: 40 }, () => Buffer.alloc(CHUNK, 0x61));
      for (const [method, path] of [
        ['POST', '/'],
        ['POST', '/regard/journalism'],
        ['PUT', '/login'],
        ['DELETE', '/pay/sandbox/ABC123'],
        ['PATCH', '/healthz'],
      ]) {
        const r = await server.send(path!, { method, headers: { 'transfer-encoding': 'chunked' }, chunks });
        expect({ method, path, status: r.status, allow: r.headers.allow, body: r.text }).toEqual({
          method,
          path,
          status: 405,
          allow: 'GET, HEAD',
          body: JSON.stringify({ code: 405, msg: `method: ${method} is not allowed` }),
        });
      }
      // These read a body: past the listener (the test server's stand-in for Next answers 404 to
      // anything not under /api/).
      const api = await server.send('/api/core/api/InfoNews/QueryNewsCategory', { method: 'POST', body: '{}' });
      expect(api.status).toBe(200);
      const form = await server.send('/pay/sandbox/ABC123/confirm', { method: 'POST', body: 'outcome=paid' });
      expect(form.status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});
