import { defineConfig } from '@playwright/test';

// The multi-instance test (scripts/fleet-test.sh; part of `npm test`): two production instances of
// the same build on one PostgreSQL, nginx in front (fleet/global-setup.ts starts them). HTTP only,
// no browser: what is checked is what each instance answers. One worker: the tests measure how
// long a change takes to reach the other instance, and later ones restart instances.
export default defineConfig({
  testDir: 'fleet',
  outputDir: 'test-results/fleet/output',
  globalSetup: './fleet/global-setup.ts',
  globalTeardown: './fleet/global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 90_000,
  reporter: [['list'], ['json', { outputFile: process.env.FLEET_JSON || 'test-results/fleet-results.json' }]],
});
