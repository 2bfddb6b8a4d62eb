// Playwright: the real server (tsx ../server/src/main.ts) on its own port, with a throwaway
// deploy and data folder, driven through the system Chromium.
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { DATA_DIR, DEPLOY_DIR, E2E_ROOT, OUTPUT_DIR, PORT, REPO_ROOT, REPORT_FILE, RUN_DIR, SERVER_URL, SHELL_DIST } from './support/paths';

const CI = Boolean(process.env.CI);
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

// The server serves `<deploy>/remotes/` from start; global setup fills it.
fs.mkdirSync(path.join(DEPLOY_DIR, 'remotes'), { recursive: true });
fs.mkdirSync(DATA_DIR, { recursive: true });

export default defineConfig({
  testDir: './tests',
  // Per run: Playwright empties its output folder at start, which would hit a parallel run.
  outputDir: OUTPUT_DIR,
  globalSetup: './support/global-setup.ts',
  timeout: 45_000,
  // A hung run must not eat CI's 90 minutes; this bound only stops a hang. `npm test` prints the
  // time by spec file and the slowest tests. Measured on a 2-core machine shared with other work
  // (load 25-40): 28.5 min before axe's legacy mode and traces on retry only, 16.1 min after
  // (660 s of CPU, three quarters of it Chromium's).
  globalTimeout: 40 * 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  // Two cores run the server and the browsers too.
  workers: 2,
  reporter: [['list'], ['json', { outputFile: REPORT_FILE }]],
  use: {
    baseURL: SERVER_URL,
    // A trace records every action's DOM snapshot and a screencast: a fifth of the suite's CPU
    // (trade and pwa specs: 76 s of CPU with it on every test, 60 s without). CI retries a failed
    // test once, with a trace; a run here keeps the trace of each failed test.
    trace: CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Chromium's headless shell when `npm test` found or installed it (scripts/lib/chromium.mjs),
      // the full Chromium otherwise.
      executablePath: process.env.PASAR_E2E_CHROMIUM ?? process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
      // Without the background-networking flags Chromium floods the closed network.
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `"${path.join(REPO_ROOT, 'server', 'node_modules', '.bin', 'tsx')}" ../server/src/main.ts`,
    cwd: E2E_ROOT,
    url: `${SERVER_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DEPLOY_DIR,
      DATA_DIR,
      SHELL_DIST,
      LOG_LEVEL: 'warn',
      // The suite runs on the embedded defaults (PGlite, in-process pub/sub) in its own folder.
      DATABASE_URL: '',
      REDIS_URL: '',
      PASAR_E2E_RUN_DIR: RUN_DIR,
      // Every journey signs a user up from 127.0.0.1: the per-IP limits must not stop the suite.
      RATE_LIMIT_IP_FACTOR: '1000',
      // Identity verification is approved by the operator command in the journeys, never by a timer.
      KYC_AUTO_APPROVE_SECONDS: 'off',
      // scrypt at 2^10 instead of production's 2^15: every journey signs up and checks PINs.
      PIN_HASH_COST: '10',
    },
  },
});
