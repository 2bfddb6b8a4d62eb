// Jest configuration shared by every front-end package: swc transpiles, jsdom renders.
const path = require('node:path');

function createJestConfig(dir, overrides = {}) {
  return {
    rootDir: dir,
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/build/**/*.test.cjs'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            target: 'es2020',
            transform: { react: { runtime: 'automatic' } },
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    setupFilesAfterEnv: [path.join(__dirname, 'jest-setup.cjs')],
    // Packages published only as ESM need transforming too.
    transformIgnorePatterns: ['/node_modules/.pnpm/(?!(dompurify|@pasar)[^/]*/)'],
    moduleFileExtensions: ['ts', 'tsx', 'js', 'cjs', 'mjs', 'json'],
    // Page tests render whole pages with their lazy chunks; on a busy 2-core machine one can pass
    // jest's 5 s default. A ceiling against hangs, not a speed check (benchmarks measure speed).
    testTimeout: 20_000,
    ...overrides,
  };
}

module.exports = { createJestConfig };
