// `node scripts/screenshots.mjs` (after `pnpm build`): the trade page as a person gets it, at
// 390 px and 1440 px, in the light and the dark theme, into docs/screenshots/. Publishes the built
// remotes to a throwaway deploy folder, starts a private server on a free port with a throwaway
// data folder (the market simulator's seeded prices), drives the system Chromium through
// Playwright from e2e's node_modules, and stops the server. `--url <base>` uses a running server
// instead.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { release } from './lib/build.mjs';
import { ensurePnpm } from './lib/pnpm.mjs';
import { REPO_ROOT, runMain, step, info } from './lib/repo.mjs';
import { freePort, startServer, waitForHealth } from './lib/server.mjs';

const { chromium } = createRequire(path.join(REPO_ROOT, 'e2e', 'package.json'))('@playwright/test');

const OUT = path.join(REPO_ROOT, 'docs', 'screenshots');
const PAGE = '/trade/BTC-IDR';
const VIEWPORTS = [
  { name: '390', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: '1440', viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false },
];
const THEMES = ['light', 'dark'];

async function shoot(base) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    fs.mkdirSync(OUT, { recursive: true });
    for (const { name, viewport, isMobile, hasTouch } of VIEWPORTS) {
      for (const theme of THEMES) {
        const context = await browser.newContext({ viewport, isMobile, hasTouch, colorScheme: theme, locale: 'id-ID' });
        const page = await context.newPage();
        await page.goto(`${base}${PAGE}?theme=${theme}`);
        await page.getByTestId('selected-symbol').waitFor();
        await page.getByTestId('remote-loading').waitFor({ state: 'detached' }).catch(() => undefined);
        await page.locator('canvas').first().waitFor();
        // The live book and chart settle; the screenshot is of the page, not of a loading state.
        await page.waitForLoadState('networkidle').catch(() => undefined);
        await page.waitForTimeout(1500);
        const file = path.join(OUT, `trade-${name}-${theme}.png`);
        await page.screenshot({ path: file });
        info(`${path.relative(REPO_ROOT, file)}`);
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

runMain(async () => {
  const urlAt = process.argv.indexOf('--url');
  if (urlAt > 0) {
    await shoot(process.argv[urlAt + 1].replace(/\/$/, ''));
    return 0;
  }
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-shots-'));
  const deployDir = path.join(scratch, 'deploy');
  const pnpm = await ensurePnpm();
  step('Publishing the built remotes to a throwaway deploy folder');
  await release(pnpm, ['publish', '--all', '--no-build'], { deployDir });
  const port = await freePort();
  step(`Starting a private server on port ${port}`);
  const server = startServer({ port, env: { DEPLOY_DIR: deployDir, DATA_DIR: path.join(scratch, 'data') }, stdio: 'ignore' });
  try {
    await waitForHealth(server, port);
    step('Taking the screenshots');
    await shoot(`http://localhost:${port}`);
  } finally {
    await server.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  return 0;
});
