// What a load balancer and an operator use: /healthz, /readyz, /metrics (closed without the
// token, Prometheus text with it) and one JSON log line per request under the id its answer carries.
import { expect, test } from '@playwright/test';
import { consoleLogin, ok, page } from './support/api';
import { logLines, METRICS_TOKEN, readState } from './support/fleet';
import { parseExposition } from './support/prometheus';
const { a, b } = readState();

test('both instances are up and ready (database reachable, migrations applied)', async () => {
  for (const inst of [a, b]) {
    const health = await fetch(`${inst.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${inst.url}/readyz`);
    expect(ready.status).toBe(200);
    // Public: ready or not, never the schema version (issue 27, item 6).
    expect(await ready.json()).toEqual({ status: 'ready' });
  }
});

test('/metrics is refused without the token, and parses as Prometheus text with it', async () => {
  const none = await fetch(`${a.url}/metrics`);
  expect(none.status).toBe(401);
  expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
  expect(await none.text()).not.toMatch(/portal_/);
  const wrong = await fetch(`${a.url}/metrics`, { headers: { authorization: 'Bearer not-the-metrics-token-at-all' } });
  expect(wrong.status).toBe(401);

  // Some traffic of every kind first: a cached page twice, an API call.
  await page(b.url, '/regard/journalism');
  await page(b.url, '/regard/journalism');
  // Read to the end: an answer is counted when it is complete, not when its headers arrive.
  await (await fetch(`${b.url}/api/core/api/InfoNews/QueryNewsCategory`, { method: 'POST' })).text();

  const res = await fetch(`${b.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  const families = parseExposition(text);
  const family = (name: string) => {
    const f = families.find((x) => x.name === name);
    expect(f, name).toBeDefined();
    return f!;
  };
  const requests = family('portal_http_requests_total');
  expect(requests.type).toBe('COUNTER');
  const routes = new Set(requests.metrics.map((m) => m.labels?.route));
  expect(routes).toContain('/[locale]/regard/journalism');
  expect(routes).toContain('/api/core/api/InfoNews/QueryNewsCategory');
  // Labels are routes, never raw URLs: no article id appears among them.
  expect([...routes].some((r) => /\/\d+$/.test(r ?? ''))).toBe(false);
  expect(family('portal_http_request_duration_seconds').type).toBe('HISTOGRAM');
  const count =
    /^portal_http_request_duration_seconds_count\{method="GET",route="\/\[locale\]\/regard\/journalism"\} (\d+)$/m.exec(
      text,
    );
  expect(Number(count?.[1])).toBeGreaterThan(0);
  const cache = family('portal_page_cache_requests_total');
  expect(Number(cache.metrics.find((m) => m.labels?.result === 'response')?.value)).toBeGreaterThan(0);
  const pool = family('portal_db_pool_connections');
  expect(pool.metrics.find((m) => m.labels?.state === 'max')?.value).toBe('5');
  // B drops its cached pages when content changes through A, and counts it.
  const invalidations = Number(family('portal_page_cache_invalidations_total').metrics[0]?.value);
  const staff = await consoleLogin(a.url, '13800000002', 'Staff12345');
  await ok(a.url, 'SaveNews', {
    token: staff,
    body: {
      categoryId: 'company',
      texts: { en: { title: 'Metrics check', body: '<p>x</p>' }, 'zh-CN': { title: '指标检查', body: '<p>x</p>' } },
    },
  });
  await expect
    .poll(async () => {
      await page(b.url, '/regard/journalism');
      const again = await fetch(`${b.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      return Number(/^portal_page_cache_invalidations_total (\d+)$/m.exec(await again.text())?.[1]);
    })
    .toBe(invalidations + 1);
  expect(family('portal_job_runs_total').metrics.map((m) => m.labels?.job)).toEqual(
    expect.arrayContaining(['import', 'alert']),
  );
  expect(family('portal_nodejs_eventloop_lag_seconds').type).toBe('GAUGE');
});

test('each request is one JSON log line, under the id its answer carries', async () => {
  const res = await fetch(`${a.url}/regard/journalism?fleet-log-check=1`);
  const id = res.headers.get('x-request-id');
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await res.text();
  await expect
    .poll(() => logLines(a).find((l) => l.id === id), { timeout: 5000 })
    .toMatchObject({
      msg: 'request',
      method: 'GET',
      path: '/regard/journalism',
      route: '/[locale]/regard/journalism',
      status: 200,
      ms: expect.any(Number),
      bytes: expect.any(Number),
    });
  // A refused call: its answer and its log line share the id too.
  const bad = await fetch(`${a.url}/api/core/api/InfoNews/QueryNewsById?id=abc`, { method: 'POST' });
  const badId = bad.headers.get('x-request-id');
  expect((await bad.json()) as { code: number }).toMatchObject({ code: 400 });
  await expect
    .poll(() => logLines(a).find((l) => l.id === badId), { timeout: 5000 })
    .toMatchObject({ route: '/api/core/api/InfoNews/QueryNewsById', status: bad.status });
});
