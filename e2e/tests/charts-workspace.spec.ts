// The charts workspace as a new user uses it: add RSI and a trend line on the BTC-IDR chart, save
// the chart, open the product in a second browser context signed in as the same person and find
// the same chart with the same indicator parameters and drawing coordinates, switch to 4 charts,
// set the price scale and crosshair (kept in the person's chart settings), then drag a resting limit order's line on the chart to a new price, confirm, and find the
// order's new price on the server.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, signIn, test, type TestUser } from './support-fixtures';
import { lastPrice, ordersOf, trader } from './support-crypto';
import { userCall } from './support-wallet';

const SYMBOL = 'BTC-IDR';

interface ChartSummary {
  studies: { type: string; params: Record<string, number> }[];
  drawings: { tool: string; points: { time: number; price: string }[] }[];
}

interface SavedChart {
  id: string;
  name: string;
  symbol: string;
  content: string;
}

/** What the first chart holds (the trade chart's `data-chart-state`). */
async function chartState(page: Page): Promise<ChartSummary> {
  const text = await page.locator('[data-chart-state]').first().getAttribute('data-chart-state');
  return JSON.parse(text || '{"studies":[],"drawings":[]}') as ChartSummary;
}

async function savedCharts(context: BrowserContext, baseURL: string, user: TestUser): Promise<SavedChart[]> {
  const { envelope } = await userCall<SavedChart[]>(context, baseURL, user, 'GET', '/api/charts');
  return envelope.data;
}

async function tickOf(context: BrowserContext, baseURL: string, symbol: string): Promise<string> {
  const response = await context.request.get(new URL('/api/market/instruments', baseURL).toString());
  const { data } = (await response.json()) as { data: { items: { symbol: string; tickSize: string }[] } };
  return data.items.find((i) => i.symbol === symbol)!.tickSize;
}

async function openTrade(page: Page): Promise<void> {
  await page.goto(`/en/trade/${SYMBOL}`);
  await expect(page.getByTestId('price-chart').first()).toHaveAttribute('data-candles', /[1-9]/, { timeout: 20_000 });
}

async function openWorkspace(page: Page) {
  await page.getByTestId('chart-workspace-open').click();
  const dialog = page.getByRole('dialog', { name: 'Chart workspace' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('charts workspace', () => {
  test('a new user saves a chart with RSI and a trend line, finds it in another browser, switches to 4 charts and moves a limit order by its line', async ({ page, context, baseURL, browser }) => {
    test.setTimeout(120_000);
    const user = await signIn(context, baseURL!);
    await trader(context, baseURL!, user, { topUp: '5000000', acceptTerms: true });
    await openTrade(page);

    await test.step('add RSI and a trend line', async () => {
      await page.getByTestId('chart-studies').first().click();
      const studies = page.getByRole('dialog', { name: 'Indicators' });
      await studies.getByLabel('Choose an indicator').selectOption('RSI');
      await studies.getByRole('button', { name: 'Add indicator' }).click();
      await expect(studies.locator('[data-study="RSI"]')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(studies).toBeHidden();

      await page.getByTestId('chart-drawings').first().click();
      await page.getByTestId('drawing-toolbar').getByRole('button', { name: 'Trend line' }).click();
      const canvas = page.getByTestId('chart-canvas').first();
      await canvas.click({ position: { x: 140, y: 90 } });
      await canvas.click({ position: { x: 300, y: 150 } });
      await expect.poll(async () => (await chartState(page)).drawings.map((d) => d.tool)).toEqual(['trend']);
      expect((await chartState(page)).studies).toEqual([{ type: 'RSI', params: { period: 14 } }]);
    });

    const before = await chartState(page);
    await test.step('save the chart', async () => {
      const dialog = await openWorkspace(page);
      await dialog.getByLabel('Name').fill('RSI breakout');
      await dialog.getByRole('button', { name: 'Save chart' }).click();
      await expect(page.getByText('Chart “RSI breakout” saved')).toBeVisible();
      await expect(dialog.getByTestId('saved-chart-list').locator('[data-name="RSI breakout"]')).toBeVisible();
      await page.keyboard.press('Escape');
      const [saved] = await savedCharts(context, baseURL!, user);
      expect(saved).toMatchObject({ name: 'RSI breakout', symbol: SYMBOL });
      const content = JSON.parse(saved!.content) as ChartSummary;
      expect(content.studies.map((s) => [s.type, s.params])).toEqual([['RSI', { period: 14 }]]);
      expect(content.drawings.map((d) => d.points)).toEqual(before.drawings.map((d) => d.points));
    });

    await test.step('a second browser, signed in as the same person, finds the same chart', async () => {
      const second = await browser.newContext({ baseURL: baseURL! });
      await second.addCookies(await context.cookies());
      const other = await second.newPage();
      await openTrade(other);
      expect((await chartState(other)).studies).toEqual([]);
      const dialog = await openWorkspace(other);
      await dialog.getByRole('button', { name: 'Open RSI breakout' }).click();
      await expect(other.getByText('Chart “RSI breakout” opened')).toBeVisible();
      await expect.poll(async () => chartState(other)).toEqual(before);
      await second.close();
    });

    await test.step('switch to 4 charts', async () => {
      const dialog = await openWorkspace(page);
      await dialog.getByRole('tab', { name: 'View and layout' }).click();
      await dialog.getByRole('button', { name: '4 charts' }).click();
      await page.keyboard.press('Escape');
      await expect(page.locator('[data-layout-count]')).toHaveAttribute('data-layout-count', '4');
      await expect(page.getByTestId('price-chart')).toHaveCount(4);
      await expect(page.getByTestId('chart-pane')).toHaveCount(3);
      // Kept for the person: the layout is in their web chart settings.
      await expect
        .poll(async () => (await userCall<{ tvProperties: { layout?: { count: number } } | null }>(context, baseURL!, user, 'GET', '/api/charts/settings')).envelope.data.tvProperties?.layout?.count)
        .toBe(4);
    });

    await test.step('set a logarithmic price scale on the left and a magnet crosshair: kept in the market’s chart settings', async () => {
      const dialog = await openWorkspace(page);
      await dialog.getByRole('tab', { name: 'View and layout' }).click();
      await dialog.getByTestId('chart-scale-modes').getByRole('button', { name: 'Logarithmic' }).click();
      await dialog.getByTestId('chart-scale-sides').getByRole('button', { name: 'Left' }).click();
      await dialog.getByTestId('chart-crosshairs').getByRole('button', { name: 'Magnet' }).click();
      await expect(dialog.getByTestId('chart-scale-modes').getByRole('button', { name: 'Logarithmic' })).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.press('Escape');
      await expect
        .poll(async () => (await userCall<{ cryptoProperties: Record<string, unknown> | null }>(context, baseURL!, user, 'GET', '/api/charts/settings')).envelope.data.cryptoProperties)
        .toMatchObject({ scale: 'log', scaleSide: 'left', crosshair: 'magnet' });
    });

    await test.step('drag a limit order’s line to a new price and confirm: the order’s price changes on the server', async () => {
      const price = await lastPrice(context, baseURL!, SYMBOL);
      const tick = BigInt(await tickOf(context, baseURL!, SYMBOL));
      // A buy resting 3 % under the market, on the tick.
      const limitPrice = (((BigInt(price.split('.')[0]!) * 97n) / 100n / tick) * tick).toString();
      const placed = await userCall(context, baseURL!, user, 'POST', '/api/crypto/advanced/buy', { symbol: SYMBOL, orderType: 'LIMIT', inputType: 'quantity', quantity: '0.0001', limitPrice });
      expect(placed.envelope.status).toBe('success');
      const [order] = await ordersOf(context, baseURL!, user, 'open');
      expect(order).toMatchObject({ orderType: 'LIMIT', limitPrice });

      const chart = page.getByTestId('price-chart').first();
      await expect(chart).toHaveAttribute('data-order-lines', '1');
      const canvas = page.getByTestId('chart-canvas').first();
      const box = (await canvas.boundingBox())!;
      const x = box.x + box.width / 3;
      // Find the line: the pointer shows the resize cursor over a line that can be dragged.
      let lineY: number | null = null;
      for (let y = box.y + 8; y < box.y + box.height - 30 && lineY === null; y += 2) {
        await page.mouse.move(x, y);
        if ((await canvas.evaluate((element) => (element as HTMLElement).style.cursor)) === 'ns-resize') lineY = y;
      }
      expect(lineY, 'the limit order line is on the chart').not.toBeNull();
      await page.mouse.down();
      await page.mouse.move(x, lineY! + 20, { steps: 4 });
      await page.mouse.move(x, lineY! + 40, { steps: 4 });
      await page.mouse.up();

      const confirm = page.getByRole('alertdialog', { name: 'Move the limit order?' });
      await expect(confirm).toBeVisible();
      await confirm.getByRole('button', { name: 'Move order' }).click();
      await expect(page.getByText(/^Order moved to /)).toBeVisible();
      await expect
        .poll(async () => (await ordersOf(context, baseURL!, user, 'open')).find((o) => o.id === order!.id)?.limitPrice)
        .not.toBe(limitPrice);
      const moved = (await ordersOf(context, baseURL!, user, 'open')).find((o) => o.id === order!.id)!;
      // Dragged down: a lower price, on the tick.
      expect(BigInt(moved.limitPrice!)).toBeLessThan(BigInt(limitPrice));
      expect(BigInt(moved.limitPrice!) % tick).toBe(0n);
    });
  });
});
