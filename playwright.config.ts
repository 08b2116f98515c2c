import { defineConfig } from '@playwright/test';
import { E2E_PLATFORM_SECRETS } from './e2e/support/platforms';

// End-to-end tests against the production build (`npm run build` first;
// scripts/e2e.sh does both) in Debian's Chromium: Playwright cannot download
// its own browsers here.
const PORT = Number(process.env.E2E_PORT || 3210);
const baseURL = `http://localhost:${PORT}`;
const CI = !!process.env.CI;

const CHROMIUM_ARGS = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium's sandbox refuses to start as root (CI runs as root).
  ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
];

const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const MOBILE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  forbidOnly: CI,
  // A retry would turn a real failure into a pass; the summary counts what happened.
  retries: 0,
  workers: CI ? 2 : undefined,
  // Generous: two workers, a browser each and the server share two cores in CI. On the embedded
  // database an import (a console upload, a scheduled source's refresh) holds its one connection,
  // and the server answers nothing else until it ends: 8–12 s here for 12 rows, most of it the
  // country's index refresh. Two imports queued back to back outlasted a 30 s wait in the other
  // worker's test on a CI host (docs/testing.md). A passing test never waits the whole time.
  timeout: 150_000,
  expect: { timeout: 60_000 },
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON || 'test-results/e2e-results.json' }]],
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'en-US',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: 'layout/**',
      // A test for one device only carries its tag (`{ tag: '@phone' }`): it runs there, not skipped here.
      grepInvert: /@phone/,
      use: { viewport: { width: 1280, height: 800 }, userAgent: DESKTOP_UA, isMobile: false, hasTouch: false },
    },
    {
      name: 'mobile',
      testIgnore: 'layout/**',
      grepInvert: /@desktop/,
      use: {
        viewport: { width: 375, height: 812 },
        deviceScaleFactor: 3,
        userAgent: MOBILE_UA,
        isMobile: true,
        hasTouch: true,
      },
    },
    // Every route × width × language × login in one browser (e2e/layout/layout.spec.ts); it makes
    // its own contexts per device and language.
    { name: 'layout', testMatch: 'layout/**/*.spec.ts' },
  ],
  webServer: {
    // Wipes and seeds its own embedded database, then `npm start` on PORT.
    command: 'bash scripts/e2e-server.sh',
    port: PORT,
    reuseExistingServer: !CI,
    timeout: 180_000,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      PORT: String(PORT),
      PGLITE_DIR: '.data/e2e-pglite',
      // Always the embedded database, even if the shell points at a PostgreSQL.
      DATABASE_URL: '',
      SITE_URL: baseURL,
      // `next start` is production, which requires a secret; this one signs only test sessions.
      APP_SECRET: 'e2e-only-secret-never-used-in-production-0123456789',
      // Cheaper password hashing: the e2e server is not a production box.
      SCRYPT_LOG_N: '14',
      // Every test logs in from 127.0.0.1: one address, far more logins than a person makes.
      LOGIN_ATTEMPTS_PER_ADDRESS: '1000',
      // The demo switch: SMS codes in the outbox (read by the tests), the sandbox gateway, the demo accounts.
      DEMO_MODE: '1',
      // Scheduled sources (e2e/console-sources.spec.ts): fetched from the test's own loopback server,
      // looked for every 2 s.
      SOURCE_FETCH_TEST_LOOPBACK: '1',
      SOURCE_WORKER_MS: '2000',
      // Production requires the platform hand-off secrets; the tests sign with the same ones.
      ...E2E_PLATFORM_SECRETS,
    },
  },
});
