// `pnpm bench:trade`: the trade page under a firehose of live updates, figures not a test.
// Publishes the built front end into a throwaway deploy, starts the server twice — once as
// configured by default (market tick 250 ms, stream conflation 100 ms) and once as a firehose
// (the fastest market tick the server accepts, conflation off) — opens /trade/BTC-IDR in Chromium
// and records, over a 10 s window: WebSocket frames received, main-thread busy time (Chromium's
// TaskDuration through the DevTools protocol), script and layout time, long tasks per second
// (PerformanceObserver 'longtask') and animation frames per second.
//   node scripts/lib/bench-trade-firehose.mjs [--build] [--seconds N] [--tick MS]
import fs from 'node:fs';
import { launchChromium, publishBuilt, saveFigures, startBenchServer } from './bench-browser.mjs';
import { ensureChromium } from './chromium.mjs';
import { ensureInstalled, ensurePnpm } from './pnpm.mjs';
import { ScriptError, runMain } from './repo.mjs';

const PAGE = '/en/trade?ticker=BTC-IDR';

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? Number(process.argv[index + 1]) : fallback;
}

// Installed before the page's scripts: long tasks and animation frames, counted from `start`.
const INIT_SCRIPT = `
  window.__bench = { longTasks: [], frames: 0, counting: false };
  try {
    new PerformanceObserver((list) => {
      if (!window.__bench.counting) return;
      for (const entry of list.getEntries()) window.__bench.longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: false });
  } catch {}
  const tick = () => { if (window.__bench.counting) window.__bench.frames += 1; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
`;

async function measure(browser, url, seconds) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(INIT_SCRIPT);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Network.enable');
  let frames = 0;
  let counting = false;
  cdp.on('Network.webSocketFrameReceived', () => {
    if (counting) frames += 1;
  });
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    // Live: the chart has bars and the stream is open.
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="price-chart"]')?.getAttribute('data-candles')) > 0, null, { timeout: 60_000 });
    await page.waitForSelector('[data-testid="live-indicator"][data-state="open"]', { timeout: 30_000 });
    await page.waitForTimeout(2000);

    const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    const before = await metrics();
    counting = true;
    await page.evaluate(() => {
      window.__bench.counting = true;
    });
    const started = Date.now();
    await page.waitForTimeout(seconds * 1000);
    const result = await page.evaluate(() => {
      window.__bench.counting = false;
      return { longTasks: window.__bench.longTasks, frames: window.__bench.frames };
    });
    counting = false;
    const elapsed = (Date.now() - started) / 1000;
    const after = await metrics();
    const delta = (name) => (after[name] ?? 0) - (before[name] ?? 0);
    return {
      seconds: elapsed,
      wsFramesPerSecond: frames / elapsed,
      busyPercent: (delta('TaskDuration') / elapsed) * 100,
      scriptMsPerSecond: (delta('ScriptDuration') * 1000) / elapsed,
      layoutMsPerSecond: ((delta('LayoutDuration') + delta('RecalcStyleDuration')) * 1000) / elapsed,
      longTasksPerSecond: result.longTasks.length / elapsed,
      longestLongTaskMs: result.longTasks.length ? Math.max(...result.longTasks) : 0,
      animationFramesPerSecond: result.frames / elapsed,
    };
  } finally {
    await context.close();
  }
}

async function runScenario({ label, env, deployDir, work, browser, seconds }) {
  const { server, baseURL } = await startBenchServer({ work, deployDir, env, label: `${label}: server` });
  try {
    return await measure(browser, `${baseURL}${PAGE}`, seconds);
  } finally {
    await server.stop();
  }
}

async function main() {
  const seconds = option('seconds', 10);
  // The server's configuration accepts a market tick of 50 ms at the fastest.
  const tick = option('tick', 50);
  if (!Number.isFinite(tick) || !Number.isFinite(seconds)) throw new ScriptError('--tick and --seconds take a number');
  await ensureChromium();
  const pnpm = await ensurePnpm();
  await ensureInstalled(pnpm);
  const { work, deployDir } = await publishBuilt(pnpm, { name: 'bench-trade', build: process.argv.includes('--build') });
  const browser = await launchChromium();
  try {
    const scenarios = [
      { label: 'default', env: { MARKET_TICK_MS: '250', STREAM_CONFLATE_MS: '100' } },
      { label: 'firehose', env: { MARKET_TICK_MS: String(tick), STREAM_CONFLATE_MS: '0' } },
    ];
    const results = [];
    for (const scenario of scenarios) results.push({ ...scenario, ...(await runScenario({ ...scenario, deployDir, work, browser, seconds })) });

    const rows = [
      ['WebSocket frames received /s', (r) => r.wsFramesPerSecond.toFixed(1)],
      ['main-thread busy', (r) => `${r.busyPercent.toFixed(1)} %`],
      ['  script', (r) => `${r.scriptMsPerSecond.toFixed(1)} ms/s`],
      ['  style + layout', (r) => `${r.layoutMsPerSecond.toFixed(1)} ms/s`],
      ['long tasks /s', (r) => r.longTasksPerSecond.toFixed(2)],
      ['longest long task', (r) => `${r.longestLongTaskMs.toFixed(0)} ms`],
      ['animation frames /s', (r) => r.animationFramesPerSecond.toFixed(1)],
    ];
    console.log(`\nbench-trade: ${PAGE}, ${seconds} s window, Chromium headless, 1440×900\n`);
    const w0 = Math.max(...rows.map(([name]) => name.length));
    console.log(`  ${''.padEnd(w0)}  ${results.map((r) => r.label.padStart(12)).join('  ')}`);
    console.log(`  ${''.padEnd(w0)}  ${results.map((r) => `tick ${r.env.MARKET_TICK_MS}/${r.env.STREAM_CONFLATE_MS}`.padStart(12)).join('  ')}`);
    for (const [name, value] of rows) console.log(`  ${name.padEnd(w0)}  ${results.map((r) => value(r).padStart(12)).join('  ')}`);

    const out = saveFigures('trade-firehose', { page: PAGE, at: new Date().toISOString(), seconds, results });
    console.log(`\n  figures saved to ${out}`);
  } finally {
    await browser.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
  return 0;
}

runMain(main);
