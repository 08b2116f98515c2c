// The phone's offline copy of the market page (docs/screens.md, "Bad connections"). Registered by
// the mobile market page. Network first, always: a copy is used only when the network fails, and
// the page then says which answers are copies and when they were loaded (x-offline-copy).
// - the market page itself (any query) and the build's files, so the page opens offline;
// - the market calls' last answers, per viewer (a hash of the token) and per view (the request
//   without its dates, so the next day's window still finds yesterday's answer).
const VERSION = 'market-v1';
const PAGES = `${VERSION}-pages`;
const ASSETS = `${VERSION}-assets`;
const ANSWERS = `${VERSION}-answers`;
const MAX_ANSWERS = 80;
const MARKET_PAGE = /^\/(?:(?:en|zh-CN)\/)?(?:mobileFunctionality|functionality)\/?$/;
const MARKET_CALL =
  /\/api\/core\/api\/YoonopData\/(WebPrice|PriceTrend|PriceIndex|PriceAgTrend|ProductsMenu|CountryMenu|GetRegion|IndexMenu|PriceMenu)$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (!name.startsWith(`${VERSION}-`)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.mode === 'navigate' && MARKET_PAGE.test(url.pathname)) event.respondWith(page(req, url));
  else if (req.method === 'GET' && url.pathname.startsWith('/_next/static/')) event.respondWith(asset(req));
  else if (req.method === 'POST' && MARKET_CALL.test(url.pathname)) event.respondWith(answer(req, url));
});

/** The page from the network, kept per path; offline, the kept page of that path. */
async function page(req, url) {
  const key = new Request(url.origin + url.pathname);
  try {
    const res = await fetch(req);
    if (res.ok) await (await caches.open(PAGES)).put(key, res.clone());
    return res;
  } catch (e) {
    const kept = await caches.match(key, { cacheName: PAGES });
    if (kept) return kept;
    throw e;
  }
}

/** Build files never change under their name: the kept copy, else the network. */
async function asset(req) {
  const kept = await caches.match(req, { cacheName: ASSETS });
  if (kept) return kept;
  const res = await fetch(req);
  if (res.ok) await (await caches.open(ASSETS)).put(req, res.clone());
  return res;
}

/** The request without its dates, and whose it is: the key of its kept answer. */
async function answerKey(req, url) {
  const body = await req.clone().text();
  let view = body;
  try {
    view = JSON.stringify(JSON.parse(body || '{}'), (_, v) => (typeof v === 'string' && DAY.test(v) ? undefined : v));
  } catch {
    // not JSON: the body as it is
  }
  const token = req.headers.get('Authorization') || '';
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  const who = [...new Uint8Array(digest).slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return new Request(`${url.origin}${url.pathname}?who=${who}&view=${encodeURIComponent(view)}`);
}

async function answer(req, url) {
  const key = await answerKey(req, url);
  let res;
  try {
    res = await fetch(req);
  } catch (e) {
    const kept = await caches.match(key, { cacheName: ANSWERS });
    if (kept) return kept;
    throw e;
  }
  if (res.ok) {
    const body = await res.clone().arrayBuffer();
    // Only an answer the portal gave (code 1): a refusal or an error is no copy worth keeping.
    if (new TextDecoder().decode(body.slice(0, 12)).startsWith('{"code":1')) {
      const headers = new Headers(res.headers);
      headers.set('x-offline-copy', new Date().toISOString());
      headers.delete('content-encoding');
      headers.delete('content-length');
      const cache = await caches.open(ANSWERS);
      await cache.delete(key);
      await cache.put(key, new Response(body, { status: 200, headers }));
      const keys = await cache.keys();
      for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ANSWERS))) await cache.delete(old);
    }
  }
  return res;
}
