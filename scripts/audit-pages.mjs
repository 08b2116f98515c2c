// `npm run audit:pages`: Lighthouse (mobile preset, simulated throttling) against the
// production server on the landing pages (home, a news article, a document), the market
// data pages (/functionality, /mobileFunctionality) and the account pages
// (/equitiesCentre/member, /equitiesCentre/purchaseRecord, /feedback) as the logged-in
// Gold member; prints the category scores, TBT, LCP and CLS per page (targets:
// performance ≥ 90, accessibility ≥ 95, best practices ≥ 95, CLS < 0.1, SEO 100 on
// indexed pages; account pages are not indexed, so SEO is not judged). AUDIT_ONLY=a,b
// audits the pages whose name contains one of those words. Chromium from CHROME_PATH
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
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { benchEnv, memberToken, requireBuild, samplePages, seedFresh, startServer } from './bench/server.mjs';

const port = Number(process.env.PORT || 3100);
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const TARGETS = { performance: 90, accessibility: 95, 'best-practices': 95, seo: 100 };
const CLS_TARGET = 0.1;

requireBuild();
const env = benchEnv(port);
console.log('audit: seeding a fresh embedded database …');
seedFresh(env);
const server = await startServer(env);
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
// The same Chrome, driven over CDP to put the member's token in localStorage (where the
// portal keeps it) before an account page is audited.
const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);

/** Logged in (token stored) or not; the HTTP cache is emptied either way, as for a first visit. */
async function prepareBrowser(token) {
  const context = cdp.contexts()[0];
  const page = await context.newPage();
  await page.goto(server.base + '/robots.txt');
  await page.evaluate((t) => (t ? localStorage.setItem('token', t) : localStorage.clear()), token);
  const session = await context.newCDPSession(page);
  await session.send('Network.clearBrowserCache');
  await page.close();
}

let ok = true;
try {
  const { article, doc } = await samplePages(server.base);
  // Each page at its canonical URL, the one search results link (docs/screens.md "Search
  // engines"): the unprefixed URL negotiates the language and names the prefixed one as canonical,
  // which Lighthouse's SEO check counts against a page it audits there.
  const en = (p) => `/en${p === '/' ? '' : p}`;
  const all = [
    { name: 'home', path: en('/') },
    { name: 'news article', path: en(article.url) },
    { name: 'document', path: en(doc.url) },
    { name: 'functionality', path: en('/functionality') },
    { name: 'mobileFunctionality', path: en('/mobileFunctionality') },
    { name: 'member', path: en('/equitiesCentre/member'), account: true },
    { name: 'purchaseRecord', path: en('/equitiesCentre/purchaseRecord'), account: true },
    { name: 'feedback', path: en('/feedback'), account: true },
  ];
  const only = process.env.AUDIT_ONLY?.split(',').filter(Boolean);
  const pages = only ? all.filter((p) => only.some((w) => p.name.includes(w))) : all;
  const token = pages.some((p) => p.account) ? await memberToken(server.base) : null;
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
  console.log(`${'page'.padEnd(20)} ${'path'.padEnd(44)} perf  a11y  best   seo    CLS`);
  const audit = (p, cpuSlowdownMultiplier) =>
    lighthouse(server.base + p.path, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(TARGETS).filter((k) => !(p.account && k === 'seo')),
      // Account pages keep the token put in localStorage above (the cache was emptied there).
      disableStorageReset: !!p.account,
      ...(cpuSlowdownMultiplier ? { throttling: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier } } : {}),
    });
  for (const p of pages) {
    await prepareBrowser(p.account ? token : null);
    const result = await audit(p);
    const cats = result.lhr.categories;
    const judged = Object.keys(TARGETS).filter((k) => cats[k]);
    const score = (k) => Math.round((cats[k]?.score ?? 0) * 100);
    const cells = Object.keys(TARGETS).map((k) =>
      cats[k] ? String(score(k)).padStart(4) + (score(k) >= TARGETS[k] ? ' ' : '!') : '   – ',
    );
    const cls = result.lhr.audits['cumulative-layout-shift'].numericValue;
    const lhEnv = result.lhr.environment;
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
      `${p.name.padEnd(20)} ${p.path.padEnd(44)} ${cells.join(' ')} ${cls.toFixed(3).padStart(6)}${cls < CLS_TARGET ? ' ' : '!'}  (TBT ${result.lhr.audits['total-blocking-time'].displayValue}, LCP ${result.lhr.audits['largest-contentful-paint'].displayValue}; host benchmarkIndex ${Math.round(lhEnv.benchmarkIndex)})`,
    );
    if (process.env.AUDIT_CALIBRATED === '1') {
      const multiplier = Math.max(1, Math.min(4, lhEnv.benchmarkIndex / 264));
      await prepareBrowser(p.account ? token : null);
      const cal = await audit(p, multiplier);
      const c = cal.lhr.categories.performance.score;
      keep(cal.lhr, '-calibrated');
      console.log(
        `    calibrated to this host (CPU ×${multiplier.toFixed(1)} instead of ×4): performance ${Math.round(c * 100)}, TBT ${cal.lhr.audits['total-blocking-time'].displayValue}, LCP ${cal.lhr.audits['largest-contentful-paint'].displayValue}`,
      );
    }
    if (cls >= CLS_TARGET) ok = false;
    for (const k of judged) {
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
  await cdp.close();
  await chrome.kill();
  await server.stop();
}
