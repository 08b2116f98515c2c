// The friendly page while the database is away (docs/reliability.md): the page itself, and the
// replacement of an error answer Next writes for a page whose render failed because of it.
import { afterEach, describe, expect, it } from '@jest/globals';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { replaceFailedPage, unavailableHtml } from '@/lib/server/fleet/unavailable-page';

let servers: Server[] = [];
afterEach(async () => {
  const all = servers;
  servers = [];
  for (const s of all) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/**
 * A server whose "Next" answers with `next`, watched by replaceFailedPage; `after` wraps the
 * response once more after it, as Next's compression does.
 */
async function serve(away: boolean, next: (res: ServerResponse) => void, after?: (res: ServerResponse) => void) {
  const server = createServer((_req, res) => {
    res.setHeader('x-request-id', 'req-1');
    replaceFailedPage(
      res,
      () => away,
      () => {
        res.writeHead(503, { 'content-type': 'text/html', 'retry-after': '5' });
        res.end('friendly');
      },
    );
    after?.(res);
    next(res);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  return { status: res.status, body: await res.text(), headers: res.headers };
}

describe('unavailableHtml', () => {
  it('says it in the visitor’s language, retries by itself and links back to the page', () => {
    const en = unavailableHtml('en', '/regard/journalism?x=<1>');
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('Back in a moment');
    expect(en).toContain('<meta http-equiv="refresh" content="5">');
    expect(en).toContain('href="/regard/journalism?x=&lt;1&gt;"');
    expect(en).not.toContain('<script');
    const zh = unavailableHtml('zh-CN', '//evil.example/');
    expect(zh).toContain('<html lang="zh-CN">');
    expect(zh).toContain('稍候即回');
    expect(zh).toContain('href="/"');
  });
});

describe('replaceFailedPage', () => {
  it('replaces a 500 written with end(body) while the database is away', async () => {
    const r = await serve(true, (res) => {
      res.statusCode = 500;
      res.setHeader('content-length', '11');
      res.end('Next error!');
    });
    expect(r).toMatchObject({ status: 503, body: 'friendly' });
    expect(r.headers.get('retry-after')).toBe('5');
    expect(r.headers.get('x-request-id')).toBe('req-1');
  });

  it('replaces a 500 given by writeHead and streamed in chunks', async () => {
    const r = await serve(true, (res) => {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.write('<html>');
      setTimeout(() => res.end('error</html>'), 10);
    });
    expect(r).toMatchObject({ status: 503, body: 'friendly' });
  });

  it('leaves a 500 alone while the database is there, and any other answer always', async () => {
    expect(
      await serve(false, (res) => {
        res.statusCode = 500;
        res.end('a bug');
      }),
    ).toMatchObject({ status: 500, body: 'a bug' });
    expect(
      await serve(true, (res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<p>');
        res.end('cached page</p>');
      }),
    ).toMatchObject({ status: 200, body: '<p>cached page</p>' });
  });

  it('keeps a wrapper Next adds after it working: a page passed through is transformed and ends', async () => {
    // Like compression: takes write and end as they are now, sends its own bytes through them at the end.
    const transform = (res: ServerResponse) => {
      const { write, end } = res;
      const chunks: string[] = [];
      res.write = ((chunk: string) => {
        chunks.push(String(chunk));
        return true;
      }) as ServerResponse['write'];
      res.end = ((chunk?: string) => {
        if (chunk) chunks.push(String(chunk));
        setTimeout(() => {
          write.call(res, chunks.join('').toUpperCase(), 'utf8');
          (end as (this: ServerResponse) => ServerResponse).call(res);
        }, 5);
        return res;
      }) as ServerResponse['end'];
    };
    const page = (res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<p>');
      res.write('streamed ');
      setTimeout(() => res.end('page</p>'), 5);
    };
    expect(await serve(true, page, transform)).toMatchObject({ status: 200, body: '<P>STREAMED PAGE</P>' });
    expect(await serve(false, page, transform)).toMatchObject({ status: 200, body: '<P>STREAMED PAGE</P>' });
    // A failed page is still replaced, whatever the later wrapper sends after it.
    expect(
      await serve(
        true,
        (res) => {
          res.statusCode = 500;
          res.end('Next error!');
        },
        transform,
      ),
    ).toMatchObject({ status: 503, body: 'friendly' });
  });
});
