// A browser check of the chart tools on the real library (jsdom tests use stand-ins): the real
// engine, all eight studies, all six drawings, every chart type, live bars; prints what it read
// back and any page error, and exits non-zero on an error.
//   node mf-trade/src/chart/bench/chart-tools.smoke.mjs
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../../..');
const requireRoot = createRequire(path.join(repo, 'package.json'));
// esbuild is in the store as a build tool's dependency, not a direct one: take the store's copy.
const store = path.join(repo, 'node_modules', '.pnpm');
const esbuildDir = readdirSync(store).find((name) => name.startsWith('esbuild@'));
if (!esbuildDir) throw new Error('esbuild is not in node_modules/.pnpm (run pnpm install)');
const { build } = requireRoot(path.join(store, esbuildDir, 'node_modules', 'esbuild'));
const { chromium } = createRequire(path.join(repo, 'e2e', 'package.json'))('@playwright/test');

const bundle = await build({
  entryPoints: [path.join(here, 'smoke-page.ts')],
  bundle: true,
  format: 'iife',
  write: false,
  nodePaths: [path.join(repo, 'mf-trade', 'node_modules')],
  loader: { '.tsx': 'tsx' },
  jsx: 'automatic',
  logLevel: 'error',
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const errors = [];
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  // A real origin (the shared store reads cookies, which an about:blank page may not).
  await page.route('http://chart.smoke/', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><html><body style="margin:0"></body></html>' }));
  await page.goto('http://chart.smoke/');
  await page.addScriptTag({ content: bundle.outputFiles[0].text });
  if (errors.length > 0) throw new Error(errors.join("\n"));
  const result = await page.evaluate(() => window.runSmoke());
  // A person draws a trend line with the mouse, then selects it and deletes it with the Delete key.
  await page.evaluate(() => window.tools.setTool('trend'));
  await page.mouse.move(200, 300);
  await page.mouse.down();
  await page.mouse.move(300, 250, { steps: 5 });
  await page.mouse.move(400, 200, { steps: 5 });
  await page.mouse.up();
  result.afterDraw = await page.evaluate(() => window.engine.getState().drawings.map((d) => d.tool));
  result.drawnPoints = await page.evaluate(() => window.engine.getState().drawings.at(-1).points);
  await page.mouse.click(300, 250);
  result.selected = await page.evaluate(() => window.tools.ui().selected?.tool ?? null);
  await page.keyboard.press('Delete');
  result.afterDelete = await page.evaluate(() => window.engine.getState().drawings.length);
  await page.keyboard.press('Control+z');
  result.afterUndo = await page.evaluate(() => window.engine.getState().drawings.length);
  console.log(JSON.stringify(result, null, 2));
  await page.screenshot({ path: path.join(process.env.SMOKE_OUT ?? '/tmp', 'chart-tools-smoke.png') });
} finally {
  await browser.close();
}
if (errors.length > 0) {
  console.error(errors.join('\n'));
  process.exit(1);
}
