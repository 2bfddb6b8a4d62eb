// Jest for @pasar/server: node environment, TypeScript through swc as CommonJS. PGlite needs
// Node's VM modules (it loads its WASM through dynamic import), so `pnpm test` starts jest with
// --experimental-vm-modules (see package.json).
// ESM-only dependencies that Node 20 loads through require(esm) but Jest (before Node 24.9)
// cannot: swc compiles them to CommonJS like our own files.
const ESM_ONLY = ['content-disposition', 'cookie', 'jose'];
const esmOnly = ESM_ONLY.map((name) => `\\.pnpm/${name}@|${name}/`).join('|');

/*
 * Where PostgreSQL runs (CI, `DATABASE_URL` set), `npm test` runs the whole suite on PostgreSQL and
 * Redis, and on PGlite only this embedded set (PASAR_SERVER_TESTS=embedded): the storage layer, the
 * ledger, idempotency, the trading engine, and a money journey of each market and account area
 * through PGlite's driver. Races, crashes, property runs, the fuzz run and the files that use no
 * database run once, on PostgreSQL (decision 0028). Without PostgreSQL the whole suite runs on PGlite.
 */
const EMBEDDED_SET = [
  'db/database',
  'db/migrate',
  'ledger/ledger',
  'ledger/ledger.concurrency',
  'plugins/idempotency',
  'trading/engine',
  'trading/orders-migration',
  'trading/margin/market-options',
  'admin/admin',
  'modules/identity/signup-login',
  'modules/account/kyc',
  'modules/wallet/topup',
  'modules/crypto/market-orders',
  'modules/perps/orders',
  'modules/perps/liquidation',
  'modules/us-stock/orders',
  'modules/idx/orders',
  'modules/portfolio/whole-portfolio',
  'modules/price-alerts/price-alerts',
  'modules/charts/charts',
  'modules/reports/tax-reports',
  'modules/stream/private',
  'modules/health/health',
];
const embeddedOnly = process.env.PASAR_SERVER_TESTS === 'embedded';

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: embeddedOnly ? EMBEDDED_SET.map((file) => `<rootDir>/src/${file}.test.ts`) : ['**/*.test.ts'],
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
  // The machines have two cores; each test file starts its own database. A third worker on
  // PostgreSQL (its workers also wait on the server, Redis and spawned test servers) measured
  // 361 s against 404 s once, but 451 s in the next full run, with a stream test's 5 s wait
  // missed under the load: two (decision 0032).
  maxWorkers: 2,
};
