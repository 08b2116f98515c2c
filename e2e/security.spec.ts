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

test('TRACE answers 405 with the envelope on every kind of route', async ({ baseURL }) => {
  for (const path of [
    '/',
    '/regard/journalism',
    '/api/core/api/InfoNews/QueryNewsCategory',
    '/robots.txt',
    '/files/x',
  ]) {
    const r = await raw(baseURL!, 'TRACE', path);
    expect(r.status, `TRACE ${path}`).toBe(405);
    expect(JSON.parse(r.body)).toEqual({ code: 405, msg: 'method: TRACE is not allowed' });
    // Answered before Next, so with the headers next.config.ts gives every answer that is no page.
    expect(r.headers, `TRACE ${path}`).toMatchObject({
      ...COMMON,
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    });
  }
});

const COMMON = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

test('every page and API answer carries the security headers; pages a script policy without unsafe-inline', async ({
  request,
}) => {
  for (const path of [
    '/',
    '/login',
    '/regard/journalism',
    '/documents',
    '/pay/sandbox/NOPE',
    '/dev/sms',
    '/api-docs',
  ]) {
    const res = await request.get(path);
    const h = res.headers();
    expect(h, path).toMatchObject(COMMON);
    expect(h['permissions-policy'], path).toContain('camera=()');
    const csp = h['content-security-policy'] ?? '';
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).toMatch(/script-src 'self' ('nonce-[^']+' 'strict-dynamic'|('sha256-[^']+' ?)+)/);
    expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  }
  for (const path of ['/api/core/api/InfoNews/QueryNewsCategory', '/api/auth/api/UserLogin/UserLoginAPP']) {
    const res = await request.post(path, { data: {} });
    expect(res.headers(), path).toMatchObject({
      ...COMMON,
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    });
  }
});

test('a dynamic page gets a fresh nonce each time; a cached one the hashes of its own inline scripts', async ({
  request,
}) => {
  const nonces = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const csp = (await request.get('/dev/sms')).headers()['content-security-policy'] ?? '';
    nonces.add(/'nonce-([^']+)'/.exec(csp)?.[1] ?? '');
  }
  expect(nonces.size).toBe(3);

  await request.get('/regard/aboutUs');
  const cached = await request.get('/regard/aboutUs');
  expect(cached.headers()['x-nextjs-cache']).toBe('HIT');
  const csp = cached.headers()['content-security-policy'] ?? '';
  expect(csp).not.toContain('nonce-');
  const html = await cached.text();
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  expect(inline.length).toBeGreaterThan(0);
  const { createHash } = await import('node:crypto');
  for (const s of inline) expect(csp).toContain(`'sha256-${createHash('sha256').update(s).digest('base64')}'`);
});

test('pages run under their policy: no violation, and the page works', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  for (const path of ['/', '/regard/journalism', '/login', '/equitiesCentre/member', '/documents']) {
    await page.goto(path);
    await page.goto(path); // the second view comes from the page caches
    await page.waitForLoadState('networkidle');
  }
  // Hydrated and interactive: the language switch is a form, the login screen takes typing.
  await page.goto('/login');
  await page.getByRole('textbox').first().fill('13800000001');
  await expect(page.getByRole('textbox').first()).toHaveValue('13800000001');
  expect(violations).toEqual([]);
});

test('a made-up file name or unknown first segment is a 404 page that is never cached and has the page headers', async ({
  request,
}) => {
  // Scanners ask for these by the thousand: each used to render the home page with 200 and no CSP,
  // kept in the page cache under its own name (issue 27, item 2).
  // The bare tool and file prefixes (/pay, /embed …) have no page: they rendered the home page, 200,
  // kept in the page cache under their name.
  const paths = [
    '/wp-login.php',
    '/xmlrpc.php',
    '/.env',
    '/en/wp-admin/setup-config.php',
    '/zh-CN/x.bak',
    '/nope',
    '/pay',
    '/embed',
    '/dev',
    '/files',
    '/_next',
    // A tool name before a page's path rendered that page with the tool name as its language.
    '/pay/functionality',
    '/console/regard/aboutUs',
    '/embed/equitiesCentre/member',
    '/api-docs/documents',
  ];
  for (const path of paths) {
    for (const round of [1, 2]) {
      const res = await request.get(path, { maxRedirects: 0 });
      const h = res.headers();
      const at = `${path} (${round})`;
      expect(res.status(), at).toBe(404);
      // Rendered for this request and kept nowhere: no page cache, no whole-response cache.
      expect(h['x-nextjs-cache'], at).toBeUndefined();
      expect(h['x-response-cache'], at).toBeUndefined();
      expect(h['cache-control'], at).toMatch(/no-store/);
      expect(h, at).toMatchObject(COMMON);
      expect(h['content-security-policy'], at).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
      expect(h['content-security-policy'], at).toContain("frame-ancestors 'none'");
      expect(await res.text(), at).toMatch(/<title>(Page not found|页面不存在)[^<]*<\/title>/);
    }
  }
  // Bare /api is the 404 page too, under the API's own policy (next.config.ts).
  for (const round of [1, 2]) {
    const res = await request.get('/api', { maxRedirects: 0 });
    const h = res.headers();
    expect(res.status(), `/api (${round})`).toBe(404);
    expect(h['x-nextjs-cache'], `/api (${round})`).toBeUndefined();
    expect(h['cache-control'], `/api (${round})`).toMatch(/no-store/);
    expect(await res.text()).toMatch(/<title>(Page not found|页面不存在)[^<]*<\/title>/);
  }
  // What lives under those prefixes still works.
  expect((await request.get('/pay/sandbox/YN20261128abc')).status()).toBe(200);
  expect((await request.get('/dev/sms')).status()).toBe(200);
  expect((await request.get('/embed/trend?product=wheat')).status()).toBe(200);
});

test('the image optimiser resizes the site’s own pictures and refuses any other url with 400, never 500', async ({
  request,
}) => {
  const image = (url: string) => request.get(`/_next/image?url=${encodeURIComponent(url)}&w=640&q=75`);
  const own = await image('/content/solutions/garbage.png');
  expect(own.status()).toBe(200);
  expect(own.headers()['content-type']).toMatch(/^image\//);
  // A backslash makes a browser read the host "host": Next fetched it, got a 308 and answered 500
  // (issue 27, item 6); images.localPatterns refuses it, and anything not ours, with 400.
  for (const url of ['/\\host/x.png', '/\\\\host/x.png', '/api/core/x.png', '/content/solutions/garbage.png?v=2']) {
    expect({ url, status: (await image(url)).status() }).toEqual({ url, status: 400 });
  }
});
