import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

/** @type {import('jest').Config} */
const common = {
  moduleNameMapper: {
    '^server-only$': '<rootDir>/__tests__/support/empty.js',
    '^@/(.*)$': '<rootDir>/$1',
  },
};

// Two projects: browser-side code in jsdom, server code and API integration in node.
const config = {
  projects: [
    await createJestConfig({
      ...common,
      displayName: 'unit',
      testEnvironment: 'jsdom',
      setupFilesAfterEnv: ['<rootDir>/__tests__/support/jsdom-setup.ts'],
      testMatch: ['<rootDir>/__tests__/unit/**/*.test.ts?(x)'],
    })(),
    await createJestConfig({
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/__tests__/server/**/*.test.ts'],
    })(),
    await createJestConfig({
      ...common,
      displayName: 'api',
      testEnvironment: 'node',
      setupFilesAfterEnv: ['<rootDir>/__tests__/support/api-setup.ts'],
      testMatch: ['<rootDir>/__tests__/api/**/*.test.ts'],
    })(),
  ],
};

export default config;
