// Jest for @pasar/server: node environment, TypeScript through swc as CommonJS. PGlite needs
// Node's VM modules (it loads its WASM through dynamic import), so `pnpm test` starts jest with
// --experimental-vm-modules (see package.json).
// ESM-only dependencies that Node 20 loads through require(esm) but Jest (before Node 24.9)
// cannot: swc compiles them to CommonJS like our own files.
const ESM_ONLY = ['content-disposition', 'cookie', 'jose'];
const esmOnly = ESM_ONLY.map((name) => `\\.pnpm/${name}@|${name}/`).join('|');

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts'],
  // The Redis restart test runs a redis-server of its own; it is collected with the Redis pass
  // (REDIS_URL set, as in CI) and left out of the PGlite pass, which runs without Redis.
  testPathIgnorePatterns: ['/node_modules/', ...(process.env.REDIS_URL?.trim() ? [] : ['/src/pubsub/redis-restart\\.test\\.ts$'])],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!${esmOnly})`],
  // A PGlite instance takes seconds to start, more on a busy machine.
  testTimeout: 60_000,
  // The machines have two cores; each test file starts its own database.
  maxWorkers: 2,
};
