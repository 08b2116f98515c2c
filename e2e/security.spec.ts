// What the production server answers at the HTTP level, whatever the route.
import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';

/** A raw request (Playwright's client will not send TRACE). */
function raw(baseURL: string, method: string, path: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = httpRequest(new URL(path, baseURL), { method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('TRACE and TRACK answer 405 with the envelope on every kind of route', async ({ baseURL }) => {
  for (const path of [
    '/',
    '/regard/journalism',
    '/api/core/api/InfoNews/QueryNewsCategory',
    '/robots.txt',
    '/files/x',
  ]) {
    for (const method of ['TRACE', 'TRACK']) {
      const r = await raw(baseURL!, method, path);
      expect(r.status, `${method} ${path}`).toBe(405);
      expect(JSON.parse(r.body)).toEqual({ code: 405, msg: `method: ${method} is not allowed` });
    }
  }
});
