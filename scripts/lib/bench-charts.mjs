// `npm run bench:charts`: the charts workspace under load, figures printed, not asserted (decision
// 0023, "Measured: four charts"). Publishes the built front end into a throwaway deploy, starts a
// private server (development mode), signs a new person up through the server's own calls, keeps a
// layout of 4 charts in their web chart settings (tvProperties.layout, what the workspace reads at
// load), opens /en/trade/BTC-IDR and adds EMA, Bollinger Bands and RSI to each of the 4 charts
// through each chart's Indicators dialog (a chart's studies are not part of the settings: the
// product keeps them only in a saved chart, which opens on the first chart alone). Then, under the
// live stream, for a fixed window it measures:
//   - main-thread busy %: DevTools Performance.getMetrics TaskDuration delta over the wall time,
//     and the long tasks (PerformanceObserver 'longtask') in it;
//   - frames per second (requestAnimationFrame callbacks) and React commits per frame (a minimal
//     __REACT_DEVTOOLS_GLOBAL_HOOK__ installed before the page's scripts counts onCommitFiberRoot);
// and afterwards, with the server stopped, the time to draw 10,000 bars in one chart (with and
// without three studies: chart-libraries.bench.mjs, run as it is), and the gzip size of the built
// chart chunks. Saves the figures under .bench/.
//   node scripts/lib/bench-charts.mjs [--build] [--seconds N]
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { call, launchChromium, publishBuilt, saveFigures, signUp, startBenchServer } from './bench-browser.mjs';
import { ensureChromium } from './chromium.mjs';
import { ensureInstalled, ensurePnpm } from './pnpm.mjs';
import { REPO_ROOT, ScriptError, runMain, step } from './repo.mjs';

const SYMBOL = 'BTC-IDR';
const PAGE = `/en/trade/${SYMBOL}`;
const CHARTS = 4;
// The other three charts: crypto markets trade around the clock, so each streams whatever the time.
const PANES = ['ETH-IDR', 'SOL-IDR', 'XRP-IDR'];
const RESOLUTION = '1';
// Option values of the Indicators dialog's select (chart-state.ts STUDY_TYPES).
const STUDIES = ['EMA', 'BOLL', 'RSI'];
// The chart chunks the charts workspace's benchmark names first; every other chart-* chunk is listed too.
const NAMED_CHUNKS = ['chart-engine', 'chart-tools', 'chart-workspace', 'chart-layout'];

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? Number(process.argv[index + 1]) : fallback;
}

// Installed before the page's scripts: React (react-dom looks the hook up when it loads) reports
// every commit to it; a frame loop counts animation frames; long tasks are kept. Counting starts
// from zero when the window opens (window.__chartsBench.reset()).
const INIT_SCRIPT = `
  (() => {
    const bench = { commits: 0, frames: 0, longTasks: 0, longTaskMs: 0 };
    bench.reset = () => Object.assign(bench, { commits: 0, frames: 0, longTasks: 0, longTaskMs: 0 });
    window.__chartsBench = bench;
    let renderers = 0;
    window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      isDisabled: false,
      supportsFiber: true,
      renderers: new Map(),
      inject(renderer) { renderers += 1; this.renderers.set(renderers, renderer); return renderers; },
      checkDCE() {},
      onScheduleFiberRoot() {},
      onCommitFiberRoot() { bench.commits += 1; },
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
    };
    const frame = () => { bench.frames += 1; requestAnimationFrame(frame); };
    requestAnimationFrame(frame);
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) { bench.longTasks += 1; bench.longTaskMs += e.duration; }
      }).observe({ type: 'longtask' });
    } catch {}
  })();
`;

// ---- A signed-in person with a 4-chart layout, through the server's own calls ----

/** Sign-up (phone, the development inbox's code, a PIN); the session's cookies are left in `context`. */
const signedUp = (context, baseURL) => signUp(context, baseURL, '+62813');

/** The layout the workspace reads at load (workspace-settings.ts: tvProperties.layout). */
async function keepFourCharts(context, baseURL, person) {
  const panes = [{ symbol: SYMBOL, resolution: RESOLUTION }, ...PANES.map((symbol) => ({ symbol, resolution: RESOLUTION }))];
  await call(context, baseURL, 'POST', '/api/charts/settings', { user: person, body: { tvProperties: { layout: { count: CHARTS, panes } } } });
}

/** EMA, Bollinger Bands and RSI on chart `index`, through its Indicators dialog. */
async function addStudies(page, index) {
  await page.getByTestId('chart-studies').nth(index).click();
  const dialog = page.getByRole('dialog', { name: 'Indicators' });
  for (const type of STUDIES) {
    await dialog.getByLabel('Choose an indicator').selectOption(type);
    await dialog.getByRole('button', { name: 'Add indicator' }).click();
    await dialog.locator(`[data-study="${type}"]`).waitFor({ timeout: 10_000 });
  }
  const count = await dialog.locator('[data-study]').count();
  if (count !== STUDIES.length) throw new ScriptError(`chart ${index + 1} holds ${count} studies, not ${STUDIES.length}`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
}

// ---- Figures ----

/** The window: busy %, long tasks, frames and commits, from zero at its start. */
async function measureWindow(page, cdp, seconds) {
  const taskSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
  await page.evaluate(() => window.__chartsBench.reset());
  const task0 = await taskSeconds();
  const wall0 = Date.now();
  await page.waitForTimeout(seconds * 1000);
  const task1 = await taskSeconds();
  const wallMs = Date.now() - wall0;
  const counted = await page.evaluate(() => ({ ...window.__chartsBench }));
  return {
    wallMs,
    busyPercent: ((task1 - task0) * 1000 * 100) / wallMs,
    longTasks: counted.longTasks,
    longTaskMs: counted.longTaskMs,
    frames: counted.frames,
    fps: (counted.frames * 1000) / wallMs,
    commits: counted.commits,
    commitsPerFrame: counted.frames ? counted.commits / counted.frames : null,
  };
}

/** 10,000 bars in one chart, from chart-libraries.bench.mjs (its figures are the last JSON it prints). */
async function tenThousandBars() {
  const bench = path.join(REPO_ROOT, 'mf-trade', 'src', 'chart', 'bench', 'chart-libraries.bench.mjs');
  const { stdout } = await promisify(execFile)(process.execPath, [bench], { cwd: REPO_ROOT, maxBuffer: 16 << 20 });
  const figures = JSON.parse(stdout.slice(stdout.indexOf('{')));
  return { drawMs: figures.lightweight.drawMs, drawWithStudiesMs: figures.lightweightStudies.drawMs, tickWithStudiesMs: figures.lightweightStudies.tickMs };
}

/**
 * The built mf-trade chart chunks, raw and gzip KB (the .gz the build wrote, else gzip -9 here),
 * each on its own and with the chunks webpack loads alongside it (its `Promise.all([r.e(…), …])`
 * in the built code: the chart library for chart-engine, the studies' maths for chart-tools).
 */
function chartChunks() {
  const dist = path.join(REPO_ROOT, 'mf-trade', 'dist');
  const scripts = fs.readdirSync(dist).filter((f) => f.endsWith('.js'));
  const runtime = fs.readFileSync(path.join(dist, 'remoteEntry.js'), 'utf8');
  const names = new Map([...runtime.matchAll(/(\d+):"(chart-[a-z-]+)"/g)].map(([, id, name]) => [id, name]));
  const fileOf = (id) => scripts.find((f) => f.startsWith(`${names.get(id) ?? id}.`));
  const size = (id) => {
    const file = fileOf(id);
    if (!file) return { kb: 0, gzipKb: 0 };
    const raw = fs.readFileSync(path.join(dist, file));
    const gz = fs.existsSync(path.join(dist, `${file}.gz`)) ? fs.statSync(path.join(dist, `${file}.gz`)).size : zlib.gzipSync(raw, { level: 9 }).length;
    return { kb: raw.length / 1024, gzipKb: gz / 1024 };
  };
  const code = scripts.map((f) => fs.readFileSync(path.join(dist, f), 'utf8')).join('\n');
  const groups = [...code.matchAll(/Promise\.all\(\[((?:[a-z]\.e\(\d+\),?)+)\]\)/g)].map(([, list]) => [...list.matchAll(/\((\d+)\)/g)].map(([, id]) => id));
  const chunks = [...names].map(([id, name]) => {
    const alongside = [...new Set(groups.filter((g) => g.includes(id)).flat())].filter((other) => other !== id);
    const own = size(id);
    const all = [own, ...alongside.map(size)];
    return { name, ...own, alongside, groupKb: all.reduce((a, s) => a + s.kb, 0), groupGzipKb: all.reduce((a, s) => a + s.gzipKb, 0) };
  });
  const rank = (name) => (NAMED_CHUNKS.includes(name) ? NAMED_CHUNKS.indexOf(name) : NAMED_CHUNKS.length);
  return chunks.sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
}

async function main() {
  const seconds = option('seconds', 15);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new ScriptError('--seconds takes a positive number');
  await ensureChromium();
  const pnpm = await ensurePnpm();
  await ensureInstalled(pnpm);
  const { work, deployDir } = await publishBuilt(pnpm, { name: 'bench-charts', build: process.argv.includes('--build') });
  const { server, baseURL } = await startBenchServer({ work, deployDir, env: { PASAR_MODE: 'development' } });
  let live;
  try {
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      step('A new person with a layout of 4 charts (sign-up, web chart settings)');
      const person = await signedUp(context, baseURL);
      await keepFourCharts(context, baseURL, person);
      const page = await context.newPage();
      await page.addInitScript(INIT_SCRIPT);
      await page.goto(`${baseURL}${PAGE}`, { waitUntil: 'load', timeout: 120_000 });
      step(`Waiting for ${CHARTS} charts with candles and the live stream`);
      await page.waitForFunction(
        (n) => [...document.querySelectorAll('[data-testid="price-chart"]')].filter((c) => Number(c.getAttribute('data-candles')) > 0).length >= n,
        CHARTS,
        { timeout: 90_000 },
      );
      await page.getByTestId('chart-studies').nth(CHARTS - 1).waitFor({ timeout: 60_000 });
      await page.waitForSelector('[data-testid="live-indicator"][data-state="open"]', { timeout: 30_000 });
      for (let index = 0; index < CHARTS; index++) {
        step(`Chart ${index + 1} of ${CHARTS}: ${STUDIES.join(', ')} through its Indicators dialog`);
        await addStudies(page, index);
      }
      await page.waitForTimeout(2000);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
      step(`Measuring for ${seconds} s under the live stream`);
      live = await measureWindow(page, cdp, seconds);
      live.charts = await page.getByTestId('price-chart').count();
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }

  step('10,000 bars in one chart (chart-libraries.bench.mjs, server stopped)');
  const bars = await tenThousandBars();
  const chunks = chartChunks();

  const fmt = (v, digits = 1) => (v === null ? '–' : v.toFixed(digits));
  const rows = [
    ['charts on the page', String(live.charts)],
    ['main-thread busy (TaskDuration / wall)', `${fmt(live.busyPercent)} %`],
    ['long tasks (count, total)', `${live.longTasks}, ${Math.round(live.longTaskMs)} ms`],
    ['frames per second', fmt(live.fps)],
    ['React commits per frame', `${fmt(live.commitsPerFrame, 3)} (${live.commits} commits / ${live.frames} frames)`],
    ['10,000 bars drawn, no studies', `${Math.round(bars.drawMs)} ms`],
    ['10,000 bars drawn, 3 studies (MA, RSI, MACD)', `${Math.round(bars.drawWithStudiesMs)} ms`],
    ['one live update, 3 studies', `${fmt(bars.tickWithStudiesMs, 3)} ms`],
    ...chunks.map((c) => [
      `chunk ${c.name}${NAMED_CHUNKS.includes(c.name) ? '' : ' (other)'}`,
      `${fmt(c.gzipKb)} KB gzip (${fmt(c.kb)} KB)` + (c.alongside.length ? `; with ${c.alongside.join(', ')} loaded alongside: ${fmt(c.groupGzipKb)} KB gzip` : ''),
    ]),
  ];
  const w0 = Math.max(...rows.map(([name]) => name.length));
  console.log(`\nbench-charts: ${PAGE} signed in, ${CHARTS} charts × ${STUDIES.join(' + ')}, ${(live.wallMs / 1000).toFixed(1)} s window, Chromium headless 1440×900, no CPU slowdown\n`);
  for (const [name, value] of rows) console.log(`  ${name.padEnd(w0)}  ${value}`);
  const out = saveFigures('charts', { page: PAGE, at: new Date().toISOString(), charts: CHARTS, studies: STUDIES, live, tenThousandBars: bars, chunks });
  console.log(`\n  figures saved to ${out}`);
  return 0;
}

runMain(main);
