// The platform hand-off secrets of the end-to-end server (playwright.config.ts passes them to
// it) and of `npm run platform:token` in the tests, which must sign with the same ones.
// Test-only values: production reads its own from the environment.
export const E2E_PLATFORM_SECRETS = {
  PLATFORM_SECRET_FARMING: 'e2e-only-farming-platform-secret-0123456789',
  PLATFORM_SECRET_ELECTRONIC_LEDGER: 'e2e-only-ledger-platform-secret-0123456789',
  PLATFORM_SECRET_DISTRIBUTION_SYSTEM: 'e2e-only-distribution-platform-secret-012345',
  PLATFORM_SECRET_ENFORCE_SYSTEM: 'e2e-only-enforce-platform-secret-0123456789',
} as const;
