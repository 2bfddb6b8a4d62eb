module.exports = require('@pasar/shared/build/jest').createJestConfig(__dirname, {
  // lightweight-charts ships only an `import` export, which jest's resolver skips: a test that
  // mocks it (the chart engine's) needs a file to stand in for.
  // trading-signals is published only as ES modules: swc turns it into CommonJS like our code.
  transformIgnorePatterns: ['/node_modules/.pnpm/(?!(dompurify|@pasar|trading-signals)[^/]*/)'],
  moduleNameMapper: { '^lightweight-charts$': '<rootDir>/node_modules/lightweight-charts/dist/lightweight-charts.production.mjs' },
});
