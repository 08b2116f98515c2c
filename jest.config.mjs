import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

/** @type {import('jest').Config} */
const common = {
  moduleNameMapper: {
    '^server-only$': '<rootDir>/__tests__/support/empty.js',
    '^@/(.*)$': '<rootDir>/$1',
  },
};

// sanitize-html's HTML parser ships ES modules only, which Jest's CommonJS runtime
// cannot require on Node 20 (Node itself can): let next/jest compile them.
const ESM_ONLY = [
  'htmlparser2',
  'domhandler',
  'domutils',
  'dom-serializer',
  'domelementtype',
  'entities',
  'd3-geo',
  'd3-array',
  'internmap',
];
const compileEsmOnly = (c) => ({
  ...c,
  transformIgnorePatterns: c.transformIgnorePatterns.map((p) =>
    p.startsWith('/node_modules/(?!.pnpm)(?!(') ? p.replace('(?!(', `(?!(${ESM_ONLY.join('|')}|`) : p,
  ),
});

// Two projects: browser-side code in jsdom, server code and API integration in node.
const config = {
  // Logins hash with scrypt and API tests run on an embedded database: on a busy 2-core CI host a
  // sound test can take over Jest's default 5 s. A hang still fails, after 30 s. Jest reads this
  // from the top level only: inside a project it is silently ignored.
  testTimeout: 30_000,
  // Every core: Jest's default leaves one for its own process, which only waits, so a 2-core CI
  // host ran one file at a time. Each file has its own database, so files run side by side.
  maxWorkers: '100%',
  projects: [
    compileEsmOnly(
      await createJestConfig({
        ...common,
        displayName: 'unit',
        testEnvironment: 'jsdom',
        setupFilesAfterEnv: ['<rootDir>/__tests__/support/jsdom-setup.ts'],
        testMatch: ['<rootDir>/__tests__/unit/**/*.test.ts?(x)'],
      })(),
    ),
    compileEsmOnly(
      await createJestConfig({
        ...common,
        displayName: 'server',
        testEnvironment: 'node',
        testMatch: ['<rootDir>/__tests__/server/**/*.test.ts'],
      })(),
    ),
    compileEsmOnly(
      await createJestConfig({
        ...common,
        displayName: 'api',
        testEnvironment: 'node',
        setupFilesAfterEnv: ['<rootDir>/__tests__/support/api-setup.ts'],
        testMatch: ['<rootDir>/__tests__/api/**/*.test.ts'],
      })(),
    ),
  ],
};

export default config;
