// `npm run audit:pages`: Lighthouse (mobile preset, simulated throttling) on
// home, a news article and a document, against the production server; prints
// the four category scores per page (targets: performance ≥ 90, accessibility
// ≥ 95, best practices ≥ 95, SEO 100). Chromium from CHROME_PATH
// (/usr/bin/chromium). Needs `npm run build` first. Env: PORT (3100).
// AUDIT_CALIBRATED=1 adds a second run per page with the CPU slowdown scaled to
// this host (Lighthouse's 4× assumes a host scoring ~1000 on its CPU benchmark,
// to emulate a low-end phone scoring ~264; a busy or slow host is throttled
// less so that the emulated phone stays the same). The targets apply to the
// standard run. AUDIT_JSON_DIR=dir keeps each run's Lighthouse report (lhr JSON)
// there, to see what costs the time (bootup-time, long-tasks, unused-javascript …).
// A plain-Node tool outside the app: it reads its own settings from process.env, not through
// lib/server/env.ts (docs/architecture.md, "Configuration").
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { benchEnv, requireBuild, samplePages, seedFresh, startServer } from './bench/server.mjs';

const port = Number(process.env.PORT || 3100);
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const TARGETS = { performance: 90, accessibility: 95, 'best-practices': 95, seo: 100 };

requireBuild();
const env = benchEnv(port);
console.log('audit: seeding a fresh embedded database …');
seedFresh(env);
const server = await startServer(env);
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
let ok = true;
try {
  const { article, doc } = await samplePages(server.base);
  const pages = [
    { name: 'home', path: '/' },
    { name: 'news article', path: article.url },
    { name: 'document', path: doc.url },
  ];
  // Fill the page cache and the image optimiser's cache first, as earlier visitors would have.
  const MOBILE_UA =
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
  for (const p of pages) {
    const html = await (await fetch(server.base + p.path, { headers: { 'user-agent': MOBILE_UA } })).text();
    const images = new Set([...html.matchAll(/\/_next\/image\?[^"\s,]+/g)].map((m) => m[0].replace(/&amp;/g, '&')));
    for (const src of images) await fetch(server.base + src, { headers: { accept: 'image/avif,image/webp,*/*' } });
  }
  console.log(
    `\naudit: Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset, ${chromePath}`,
  );
  console.log(`${'page'.padEnd(14)} ${'path'.padEnd(48)} perf  a11y  best   seo`);
  const audit = (url, cpuSlowdownMultiplier) =>
    lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(TARGETS),
      ...(cpuSlowdownMultiplier ? { throttling: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier } } : {}),
    });
  for (const p of pages) {
    const result = await audit(server.base + p.path);
    const cats = result.lhr.categories;
    const score = (k) => Math.round((cats[k]?.score ?? 0) * 100);
    const cells = Object.keys(TARGETS).map((k) => String(score(k)).padStart(4) + (score(k) >= TARGETS[k] ? ' ' : '!'));
    const env = result.lhr.environment;
    const keep = (lhr, suffix) => {
      if (!process.env.AUDIT_JSON_DIR) return;
      mkdirSync(process.env.AUDIT_JSON_DIR, { recursive: true });
      writeFileSync(
        path.join(process.env.AUDIT_JSON_DIR, `${p.name.replace(/\W+/g, '-')}${suffix}.json`),
        JSON.stringify(lhr),
      );
    };
    keep(result.lhr, '');
    console.log(
      `${p.name.padEnd(14)} ${p.path.padEnd(48)} ${cells.join(' ')}   (TBT ${result.lhr.audits['total-blocking-time'].displayValue}, LCP ${result.lhr.audits['largest-contentful-paint'].displayValue}; host benchmarkIndex ${Math.round(env.benchmarkIndex)})`,
    );
    if (process.env.AUDIT_CALIBRATED === '1') {
      const multiplier = Math.max(1, Math.min(4, env.benchmarkIndex / 264));
      const cal = await audit(server.base + p.path, multiplier);
      const c = cal.lhr.categories.performance.score;
      keep(cal.lhr, '-calibrated');
      console.log(
        `    calibrated to this host (CPU ×${multiplier.toFixed(1)} instead of ×4): performance ${Math.round(c * 100)}, TBT ${cal.lhr.audits['total-blocking-time'].displayValue}, LCP ${cal.lhr.audits['largest-contentful-paint'].displayValue}`,
      );
    }
    for (const k of Object.keys(TARGETS)) {
      if (score(k) >= TARGETS[k]) continue;
      ok = false;
      const failing = cats[k].auditRefs
        .map((r) => result.lhr.audits[r.id])
        .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
        .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
      console.log(`    ${k} below ${TARGETS[k]}: ${failing.slice(0, 6).join(', ')}`);
    }
  }
  console.log(ok ? 'audit: every page meets the targets' : 'audit: TARGET MISSED (marked !)');
  process.exitCode = ok ? 0 : 1;
} finally {
  await chrome.kill();
  await server.stop();
}
