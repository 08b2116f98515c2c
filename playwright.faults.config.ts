import { defineConfig } from '@playwright/test';

// The fault suite (scripts/fault-test.sh; part of `npm test`; docs/reliability.md): production
// instances of the build on a throwaway PostgreSQL, each test injecting its fault itself (the
// database stopped, a process killed, a provider slow or failing, the upload disk full, slow
// clients), on loopback only. HTTP only, no browser. One worker: the faults must not overlap.
export default defineConfig({
  testDir: 'faults',
  outputDir: 'test-results/faults/output',
  globalSetup: './faults/global-setup.ts',
  globalTeardown: './faults/global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 180_000,
  reporter: [['list'], ['json', { outputFile: process.env.FAULTS_JSON || 'test-results/faults-results.json' }]],
});
