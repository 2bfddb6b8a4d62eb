// The trade pages of all four markets, as a guest: price, chart and book from the real server,
// live updates over the stream, resolution and symbol switches, an operator halt, and the chart
// redrawn across its container in full screen and when a side panel opens or closes.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DATA_DIR, serverUrl } from '../support/helpers';
import { expect, test } from '../support/fixtures';

const MARKETS = [
  { symbol: 'BTC-IDR', market: 'Crypto', currency: 'Rp', live: true },
  { symbol: 'BTCUSDT-PERP', market: 'Crypto futures', currency: '₮', live: true },
  { symbol: 'AAPL', market: 'US stocks', currency: '$', live: false },
  { symbol: 'BBCA', market: 'Indonesian stocks', currency: 'Rp', live: false },
] as const;

const candlesOf = async (page: Page) => Number(await page.getByTestId('price-chart').getAttribute('data-candles'));

async function openTrade(page: Page, symbol: string) {
  await page.goto(`/en/trade?ticker=${encodeURIComponent(symbol)}`);
  await expect(page.getByTestId('selected-symbol')).toHaveText(symbol);
}

for (const { symbol, market, currency, live } of MARKETS) {
  test(`a guest sees ${symbol}'s price, market status, chart and book`, async ({ page, problems }) => {
    await openTrade(page, symbol);
    await expect(page.getByTestId('selected-market')).toHaveText(market);
    await expect(page.getByTestId('last-price')).toContainText(currency);
    // Open, closed, on a break or halted: a status is always shown (sessions differ by test time).
    await expect(page.getByTestId('market-status')).not.toHaveText('');
    await expect.poll(() => candlesOf(page), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect(page.getByTestId('order-book')).toBeVisible();
    await expect(page.getByTestId('book-bid').first().or(page.getByText('The order book is empty'))).toBeVisible();

    if (live) {
      // Crypto trades around the clock: the stream moves the price or the book within seconds.
      const snapshot = async () =>
        `${await page.getByTestId('last-price').textContent()}|${await page.getByTestId('book-bid').first().textContent()}|${await page
          .getByTestId('book-bid')
          .first()
          .getAttribute('aria-label')}`;
      const before = await snapshot();
      await expect.poll(snapshot, { timeout: 15_000, intervals: [250] }).not.toBe(before);
      await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'open');
    }
    expect(problems.pageErrors).toEqual([]);
  });
}

test('switching resolution reloads the chart; the search switches symbol', async ({ page, problems }) => {
  await openTrade(page, 'ETHUSDT-PERP');
  const resolutions = page.getByRole('group', { name: 'Chart resolution' });
  await expect(resolutions.getByRole('button')).toHaveText(['1m', '5m', '15m', '1h', '4h', '1D']);
  await resolutions.getByRole('button', { name: 'Daily' }).click();
  await expect(resolutions.getByRole('button', { name: 'Daily' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('price-chart')).toHaveAttribute('data-resolution', '1D');
  await expect.poll(() => candlesOf(page), { timeout: 20_000 }).toBeGreaterThan(100);

  const search = page.getByRole('combobox', { name: 'Search symbols' });
  await search.fill('bbca');
  await expect(page.getByRole('option').first()).toContainText('BBCA');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/en\/trade\/BBCA$/);
  await expect(page.getByTestId('selected-symbol')).toHaveText('BBCA');
  await expect(page.getByRole('group', { name: 'Chart resolution' }).getByRole('button')).toHaveText(['5m', '1h', '1D', '1W']);
  expect(problems.pageErrors).toEqual([]);
});

test('the guest explore page shows USDT-IDR live', async ({ page, problems }) => {
  // Layout shifts from the first paint on, the server's first view and its swap for the app included.
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) w.shifts += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const response = await page.goto('/trade/USDT-IDR');
  // The server's HTML already shows the page's title and the last price, before any script runs.
  const html = (await response?.text()) ?? '';
  expect(html).toContain('data-first-view');
  expect(html).toContain('<h1>Jelajahi USDT-IDR</h1>');
  expect(html).toMatch(/<strong>Rp[\d.]+<\/strong>/);

  await expect(page.getByRole('heading', { level: 1, name: 'Jelajahi USDT-IDR' })).toBeVisible();
  await expect(page.getByTestId('selected-symbol')).toHaveText('USDT-IDR');
  await expect(page.getByTestId('last-price')).toContainText('Rp');
  // The app took the first view's place: one page, one heading, the header's controls.
  await expect(page.locator('[data-first-view]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('banner').getByRole('link', { name: /Masuk/ })).toBeVisible();
  await expect.poll(() => candlesOf(page), { timeout: 20_000 }).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.05);
  expect(problems.pageErrors).toEqual([]);
});

test('an operator halt shows the red halt status, and a resume clears it', async ({ page, request }) => {
  const token = fs.readFileSync(path.join(DATA_DIR, 'admin-token'), 'utf8').trim();
  const admin = (action: 'halt' | 'resume', data: object) =>
    request.post(serverUrl(`/api/admin/market/${action}`), { headers: { 'x-admin-token': token }, data });
  const symbol = 'DOGE-IDR';
  await openTrade(page, symbol);
  await expect(page.getByTestId('last-price')).toBeVisible();
  await expect(page.getByTestId('halt-status')).toHaveCount(0);
  try {
    const halted = await admin('halt', { symbol });
    expect(halted.ok()).toBe(true);
    const status = page.getByTestId('halt-status');
    await expect(status).toBeVisible({ timeout: 10_000 });
    await expect(status).toContainText('Trading is halted');
    await expect(page.getByTestId('market-status')).toHaveText('Trading halted');
  } finally {
    expect((await admin('resume', { symbol })).ok()).toBe(true);
  }
  await expect(page.getByTestId('halt-status')).toHaveCount(0, { timeout: 10_000 });
});

test('at 360 px the chart comes first, then the book', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openTrade(page, 'BTC-IDR');
  const chart = await page.getByTestId('price-chart').boundingBox();
  await expect(page.getByTestId('order-book')).toBeVisible();
  const book = await page.getByTestId('order-book').boundingBox();
  expect(chart && book && book.y > chart.y + chart.height).toBe(true);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
});

test('at 1440 px the book sits right of the chart', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTrade(page, 'BTC-IDR');
  await expect(page.getByTestId('order-book')).toBeVisible();
  const chart = await page.getByTestId('price-chart').boundingBox();
  const book = await page.getByTestId('order-book').boundingBox();
  expect(chart && book && book.x > chart.x + chart.width).toBe(true);
});

/**
 * The drawn width of the chart (the union of the library's canvases, pane and price axis) and the
 * width of its frame: equal when the chart has refitted to its container.
 */
const chartWidths = (page: Page) =>
  page.getByTestId('price-chart').evaluate((frame) => {
    const boxes = [...frame.querySelectorAll('canvas')].map((c) => c.getBoundingClientRect()).filter((b) => b.width > 0);
    const left = Math.min(...boxes.map((b) => b.left));
    const right = Math.max(...boxes.map((b) => b.right));
    return { canvas: Math.round(boxes.length ? right - left : 0), container: Math.round(frame.getBoundingClientRect().width) };
  });

test('the chart fills its container after full screen and after a side panel opens and closes', async ({ page, problems }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTrade(page, 'BTC-IDR');
  await expect.poll(() => candlesOf(page), { timeout: 20_000 }).toBeGreaterThan(0);
  const fits = async () => {
    const { canvas, container } = await chartWidths(page);
    return Math.abs(canvas - container) <= 1 ? container : `canvas ${canvas}px in a ${container}px container`;
  };
  await expect.poll(fits).toEqual(expect.any(Number));
  const normal = (await chartWidths(page)).container;

  const views = page.getByRole('group', { name: 'Trading views' });
  await views.getByRole('button', { name: 'Full screen' }).click();
  await expect(views.getByRole('button', { name: 'Full screen' })).toHaveAttribute('aria-pressed', 'true');
  // Wider than in the grid, and drawn across all of it.
  await expect.poll(async () => (await chartWidths(page)).container).toBeGreaterThan(normal);
  await expect.poll(fits).toEqual(expect.any(Number));

  // In the browser's own full screen: the chart's area only.
  await expect.poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('data-area') ?? null)).toBe('chart');

  // The browser's way out (Esc, which the browser handles, not the page) leaves the view too.
  await page.evaluate(() => document.exitFullscreen());
  await expect(views.getByRole('button', { name: 'Full screen' })).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(async () => (await chartWidths(page)).container).toBe(normal);
  await expect.poll(fits).toBe(normal);

  // A side panel takes a column of the grid: the chart's width changes, and it redraws at the new width, then back.
  await views.getByRole('button', { name: 'News' }).click();
  await expect(page.getByTestId('side-panel')).toBeVisible();
  await expect.poll(async () => (await chartWidths(page)).container).not.toBe(normal);
  await expect.poll(fits).toEqual(expect.any(Number));
  await views.getByRole('button', { name: 'News' }).click();
  await expect(page.getByTestId('side-panel')).toHaveCount(0);
  await expect.poll(fits).toBe(normal);
  expect(problems.pageErrors).toEqual([]);
});
