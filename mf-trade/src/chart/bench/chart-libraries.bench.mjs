// Chart library figures for decision 0023, printed, not asserted: the time to draw 10,000 bars
// (with and without three studies) and the script time of one live-bar update, in Chromium, for
// lightweight-charts with our studies layer and, when KLINECHARTS_DIR points at an unpacked
// `klinecharts` package (npm pack klinecharts@10), for KLineChart with its built-in indicators.
//   node mf-trade/src/chart/bench/chart-libraries.bench.mjs
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

const kline = process.env.KLINECHARTS_DIR;
const bundle = await build({
  entryPoints: [path.join(here, 'page.ts')],
  bundle: true,
  minify: true,
  format: 'iife',
  write: false,
  nodePaths: [path.join(repo, 'mf-trade', 'node_modules')],
  logLevel: 'error',
});
const scripts = [bundle.outputFiles[0].text];
if (kline) {
  const umd = path.join(kline, 'dist', 'umd', 'klinecharts.min.js');
  scripts.unshift((await import('node:fs')).readFileSync(umd, 'utf8'));
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('console', (message) => console.error(message.text()));
  // A page of an http origin, not about:blank: the shared store reads document.cookie when it loads.
  await page.route('http://bench.localhost/', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><html><body style="margin:0"></body></html>' }));
  await page.goto('http://bench.localhost/');
  for (const content of scripts) await page.addScriptTag({ content });
  const figures = await page.evaluate(() => window.runBench(), undefined, { timeout: 0 });
  console.log(JSON.stringify(figures, null, 2));
} finally {
  await browser.close();
}
