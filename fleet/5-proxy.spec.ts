// nginx in front of both instances with deploy/nginx/portal.conf as shipped (only the instances'
// addresses and the port changed): device and language handling, compression, request ids, and
// /metrics kept from the public.
import { expect, test } from '@playwright/test';
import { DESKTOP_UA, page, PHONE_UA } from './support/api';
import { logLines, readState } from './support/fleet';

const state = readState();
const { a, b } = state;
const proxyUrl = () => {
  if (!state.proxy) throw new Error(state.nginxMissing ?? 'nginx did not start');
  return state.proxy.url;
};

test('phones get the mobile page and desktops the desktop page from the same URL, with the Vary a cache needs', async () => {
  const desktop = await page(proxyUrl(), '/regard/journalism', DESKTOP_UA);
  const phone = await page(proxyUrl(), '/regard/journalism', PHONE_UA);
  expect(desktop.status).toBe(200);
  expect(phone.status).toBe(200);
  // Each layout marks its chrome.
  expect(phone.html.includes('data-chrome="mobile"'), 'the phone got the mobile page').toBe(true);
  expect(desktop.html.includes('data-chrome="mobile"'), 'the desktop got the desktop page').toBe(false);
  expect(desktop.html.includes('href="/mobileRegard/journalism"'), 'the desktop page links desktop pages').toBe(false);
  for (const r of [desktop, phone]) {
    const vary = (r.headers.get('vary') ?? '').toLowerCase();
    for (const h of ['user-agent', 'sec-ch-ua-mobile', 'accept-language', 'cookie']) expect(vary).toContain(h);
  }
  const zh = await page(proxyUrl(), '/regard/journalism', DESKTOP_UA, { 'accept-language': 'zh-CN,zh;q=0.9' });
  expect(zh.headers.get('content-language')).toBe('zh-CN');
});

test('answers are compressed: pages by the app, API answers by nginx', async () => {
  const html = await fetch(`${proxyUrl()}/regard/journalism`, {
    headers: { 'user-agent': DESKTOP_UA, 'accept-encoding': 'gzip' },
  });
  expect(html.headers.get('content-encoding')).toBe('gzip');
  await html.arrayBuffer();
  const api = await fetch(`${proxyUrl()}/api/core/api/InfoNews/QueryNewsForPage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
    body: JSON.stringify({ pageIndex: 1, pageSize: 20, lang: 'en' }),
  });
  expect(api.headers.get('content-encoding')).toBe('gzip');
  expect(((await api.json()) as { code: number }).code).toBe(1);
});

test('requests are spread over both instances and logged there under the id nginx gave them', async () => {
  const ids: string[] = [];
  for (let i = 0; i < 8; i++) {
    const r = await fetch(`${proxyUrl()}/robots.txt`);
    await r.text();
    ids.push(r.headers.get('x-request-id') ?? '');
  }
  // nginx's $request_id: 32 hex digits, trusted because TRUST_PROXY says one proxy is in front.
  for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  await expect
    .poll(() => {
      const onA = new Set(logLines(a).map((l) => l.id));
      const onB = new Set(logLines(b).map((l) => l.id));
      return {
        all: ids.every((id) => onA.has(id) || onB.has(id)),
        a: ids.some((id) => onA.has(id)),
        b: ids.some((id) => onB.has(id)),
      };
    })
    .toEqual({ all: true, a: true, b: true });
});

test('/metrics is not served to the public through the proxy, even with the token', async () => {
  const r = await fetch(`${proxyUrl()}/metrics`, {
    headers: { authorization: 'Bearer fleet-only-metrics-token-0123456789' },
  });
  expect(r.status).toBe(404);
  expect(await r.text()).not.toMatch(/portal_/);
});
