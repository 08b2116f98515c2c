import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/**
 * The layers of docs/architecture.md#layers, and what each may import. A folder not named here
 * (app/, the tests, the root's config files) may import anything. The lint fails on any other
 * import, static or dynamic, whether written with `@/` or a relative path.
 */
const LAYERS = {
  'lib/shared': { files: ['lib/shared/**'], mayImport: [] },
  lib: { files: ['lib/!(server|shared)/**'], mayImport: ['lib/shared'] },
  'lib/server': { files: ['lib/server/**'], mayImport: ['lib', 'lib/shared', 'content'] },
  content: { files: ['content/**'], mayImport: ['lib', 'lib/shared'] },
  stores: { files: ['stores/**'], mayImport: ['lib', 'lib/shared'] },
  'components/shared': { files: ['components/shared/**'], mayImport: ['lib', 'lib/shared', 'stores'] },
  'components/desktop': {
    files: ['components/desktop/**'],
    mayImport: ['components/shared', 'lib', 'lib/shared', 'stores'],
  },
  'components/mobile': {
    files: ['components/mobile/**'],
    mayImport: ['components/shared', 'lib', 'lib/shared', 'stores'],
  },
  'components/content': {
    files: ['components/content/**'],
    mayImport: ['components/shared', 'content', 'lib', 'lib/shared'],
  },
  // The operator console (app/console/…): desktop only, so antd parts may be shared with desktop pages.
  'components/console': {
    files: ['components/console/**'],
    mayImport: ['components/shared', 'components/desktop', 'lib', 'lib/shared', 'stores'],
  },
  server: { files: ['server/**'], mayImport: ['lib/server', 'lib', 'lib/shared'] },
  scripts: { files: ['scripts/**'], mayImport: ['lib/server', 'lib', 'lib/shared', 'content', 'server'] },
  app: { files: ['app/**', '{proxy,instrumentation}.ts'], mayImport: '*' },
};

const layerZones = Object.entries(LAYERS)
  .filter(([, layer]) => layer.mayImport !== '*')
  .map(([name, layer]) => ({
    target: layer.files,
    from: Object.entries(LAYERS)
      .filter(([other]) => other !== name && !layer.mayImport.includes(other))
      .flatMap(([, o]) => o.files),
    message: `${name} may import only itself, ${[...layer.mayImport, 'packages'].join(', ')} (docs/architecture.md#layers).`,
  }));

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      '.next*/**',
      'node_modules/**',
      '.data/**',
      'drizzle/**',
      'next-env.d.ts',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layerZones }],
    },
  },
  {
    // Public pages' code takes types from the contract, never its value: the contract holds every
    // call with its schemas, the console's too, and would load them all on the page
    // (e2e/console-isolation.spec.ts). Import a call's schema from lib/api/schemas/ instead.
    files: ['components/!(console)/**', 'stores/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/lib/api/contract', '**/lib/api/contract'],
              allowTypeImports: true,
              message: 'Public code may import only types from the contract: import the schema from lib/api/schemas/.',
            },
          ],
        },
      ],
    },
  },
];

export default config;
