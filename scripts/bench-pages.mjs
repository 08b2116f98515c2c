// `npm run bench:pages`: requests/s, p99 latency and the server's CPU time per
// request of cached pages — home, a news article and a document — beside a
// static file from public/ served by the same production server in the same run
// (target: every page at least the static file's requests/s), asked for as a
// browser asks (compressed), and of a build asset. Also shows that the measured page views rendered
// nothing (no database query but the cache-tag read, at most two a second), and
// that a content change refreshes the page at once.
// Needs `npm run build` first. Env: PORT (3100), BENCH_SECONDS (10), BENCH_CONNECTIONS (20).
// A plain-Node tool outside the app: it reads its own settings from process.env, not through
// lib/server/env.ts (docs/architecture.md, "Configuration").
import autocannon from 'autocannon';
import { benchEnv, requireBuild, samplePages, seedFresh, startServer } from './bench/server.mjs';

const port = Number(process.env.PORT || 3100);
const seconds = Number(process.env.BENCH_SECONDS || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 20);
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
// As a browser asks: pages and assets come compressed (the caches keep one copy per encoding).
const headers = { 'user-agent': UA, 'accept-language': 'en-US,en;q=0.9', 'accept-encoding': 'gzip, deflate, br' };

requireBuild();
const env = { ...benchEnv(port), DB_LOG_QUERIES: '1' };
console.log('bench: seeding a fresh embedded database …');
seedFresh(env);
const server = await startServer(env);
// The page cache reads the cache tags other instances expired at most twice a second
// (server/page-cache/tag-store.ts): that read is counted apart from the rest.
const dbLines = () => server.lines.filter((l) => l.startsWith('[db] ') && !l.includes('"cache_tags"')).length;
const tagReads = () => server.lines.filter((l) => l.startsWith('[db] select') && l.includes('"cache_tags"')).length;

/** One autocannon run, with the server's CPU time per request (µs; null without /proc). */
function run(path) {
  const cpu0 = server.cpuMs();
  return new Promise((resolve, reject) => {
    autocannon({ url: server.base + path, connections, duration: seconds, headers }, (err, r) => {
      if (err) return reject(err);
      const cpu1 = server.cpuMs();
      r.cpuUs = cpu0 === null || cpu1 === null ? null : ((cpu1 - cpu0) * 1000) / Math.max(1, r.requests.total);
      resolve(r);
    });
  });
}

try {
  const { article, doc } = await samplePages(server.base);
  const pages = [
    { name: 'home', path: '/' },
    { name: 'news article', path: article.url },
    { name: 'document', path: doc.url },
  ];
  const staticFile = { name: 'static file', path: '/favicon.svg' };
  // A build asset the home page asks for: from memory, or Next's handler with STATIC_ASSETS=off.
  const homeHtml = await (await fetch(server.base + '/', { headers })).text();
  const asset = { name: 'build asset', path: /<script src="(\/_next\/static\/chunks\/[^"]+\.js)"/.exec(homeHtml)?.[1] };

  // First visits render and fill the cache; the second must come from it.
  for (const p of pages) {
    await fetch(server.base + p.path, { headers });
    const r = await fetch(server.base + p.path, { headers });
    p.cache = r.headers.get('x-nextjs-cache') ?? '-';
    if (r.status !== 200) throw new Error(`${p.path} answered ${r.status}`);
  }

  const before = dbLines();
  const tagsBefore = tagReads();
  const started = Date.now();
  const results = [];
  const s1 = await run(staticFile.path);
  for (const p of pages) results.push({ ...p, r: await run(p.path) });
  const s2 = await run(staticFile.path);
  const assetRun = asset.path ? await run(asset.path) : null;
  const queries = dbLines() - before;
  const tagQueries = tagReads() - tagsBefore;
  const runSeconds = (Date.now() - started) / 1000;

  const staticRps = (s1.requests.average + s2.requests.average) / 2;
  const staticP99 = Math.max(s1.latency.p99, s2.latency.p99);
  const cpu = (...rs) =>
    rs.some((r) => r.cpuUs === null)
      ? '      -'
      : `${(rs.reduce((a, r) => a + r.cpuUs, 0) / rs.length).toFixed(0).padStart(5)} µs`;
  const row = (name, path, rps, p99, cpuUs, ratio, extra = '') =>
    console.log(
      `${name.padEnd(14)} ${path.padEnd(48)} ${rps.toFixed(0).padStart(8)} req/s  p99 ${String(p99).padStart(5)} ms  CPU ${cpuUs}/req  ${ratio}${extra}`,
    );
  console.log(`\nbench: ${connections} connections, ${seconds} s per target, production server on :${port}`);
  row(staticFile.name, staticFile.path, staticRps, staticP99, cpu(s1, s2), '  (baseline: mean of two runs)');
  let ok = true;
  for (const { name, path, r, cache } of results) {
    const ratio = r.requests.average / staticRps;
    ok &&= ratio >= 1 && r.non2xx === 0 && r.errors === 0;
    row(
      name,
      path,
      r.requests.average,
      r.latency.p99,
      cpu(r),
      `${(ratio * 100).toFixed(0).padStart(4)}% of static`,
      `  cache ${cache}${r.non2xx ? `  NON-2XX ${r.non2xx}` : ''}`,
    );
  }
  if (assetRun)
    row(
      asset.name,
      asset.path.length > 48 ? '…' + asset.path.slice(-47) : asset.path,
      assetRun.requests.average,
      assetRun.latency.p99,
      cpu(assetRun),
      `${((assetRun.requests.average / staticRps) * 100).toFixed(0).padStart(4)}% of static  (STATIC_ASSETS ${process.env.STATIC_ASSETS ?? 'on'})`,
    );
  console.log(
    `database queries during the page runs: ${queries}; cache-tag reads: ${tagQueries} in ${runSeconds.toFixed(0)} s`,
  );

  // A content change (staff, through the service) must show on the next view.
  const login = await (
    await fetch(`${server.base}/api/core/api/Console/ConsoleLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '13800000002', password: 'Staff12345' }),
    })
  ).json();
  const get = async (lang) =>
    (
      await (
        await fetch(`${server.base}/api/core/api/InfoNews/QueryNewsById?id=${article.id}&lang=${lang}`, {
          method: 'POST',
        })
      ).json()
    ).data;
  const [en, zh] = [await get('en'), await get('zh-CN')];
  const title = `${en.title} (updated ${new Date().toISOString().slice(11, 19)})`;
  const save = await (
    await fetch(`${server.base}/api/core/api/InfoNews/SaveNews`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: login.data.token },
      body: JSON.stringify({
        id: article.id,
        categoryId: en.categoryId,
        texts: {
          en: { title, summary: en.summary, body: en.body },
          'zh-CN': { title: zh.title, summary: zh.summary, body: zh.body },
        },
      }),
    })
  ).json();
  const after = await fetch(server.base + article.url, { headers });
  const html = await after.text();
  const fresh = save.code === 1 && html.includes(title.replace(/&/g, '&amp;'));
  console.log(
    `content change → page fresh on the next view: ${fresh ? 'yes' : 'NO'} (x-nextjs-cache ${after.headers.get('x-nextjs-cache')})`,
  );
  ok &&= fresh && queries === 0 && tagQueries <= 2 * runSeconds + 1;
  console.log(ok ? 'bench: every page ≥ the static file, served without rendering' : 'bench: TARGET MISSED');
  process.exitCode = ok ? 0 : 1;
} finally {
  await server.stop();
}
