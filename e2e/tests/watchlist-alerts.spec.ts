// Watchlists, price alerts and live notifications as a new user does them: make a
// watchlist with a crypto pair and a US stock and see both prices move (the simulator steered by
// the operator's command); turn on e-mail for price alerts; set an alert from the chart ("alert at
// a price", then the target just above the price), after bad input is refused with nothing
// created (off the tick, equal to the current price); steer the price across the target and see
// the toast and the bell update without a reload; find the notification in the centre with its
// link back to the asset; the e-mail lands in the development inbox.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, latestCode, signIn, test, type TestUser } from './support-fixtures';
import { clearSteer, lastPrice, steer } from './support-crypto';
import { userCall } from './support-wallet';

const CRYPTO = 'BTC-IDR';
const STOCK = 'AAPL';

interface Instrument {
  symbol: string;
  tickSize: string;
}

interface PriceAlert {
  id: string;
  targetPrice: string;
  createFromChart: boolean;
  status: string;
}

interface InboxMessage {
  channel: string;
  subject?: string;
  body?: string;
  createdAt: string;
}

/** Whole numbers as strings, exactly (BigInt). */
const plus = (a: string, b: bigint): string => (BigInt(a) + b).toString();
/** Half a (whole) tick above a whole price: `1000` → +500, `1` → `.5`. */
const offTick = (price: string, tick: string): string => (BigInt(tick) % 2n === 0n ? plus(price, BigInt(tick) / 2n) : `${plus(price, (BigInt(tick) - 1n) / 2n)}.5`);

async function tickOf(context: BrowserContext, baseURL: string, symbol: string): Promise<string> {
  const response = await context.request.get(new URL('/api/market/instruments', baseURL).toString());
  const { data } = (await response.json()) as { data: { items: Instrument[] } };
  return data.items.find((i) => i.symbol === symbol)!.tickSize;
}

async function alertsOf(context: BrowserContext, baseURL: string, user: TestUser): Promise<PriceAlert[]> {
  const { envelope } = await userCall<{ items: PriceAlert[] }>(context, baseURL, user, 'GET', `/api/price-alerts?symbol=${CRYPTO}`);
  return envelope.data.items;
}

/** A verified e-mail on the account (the setup; the profile page's own journey covers the form). */
async function verifyEmail(context: BrowserContext, baseURL: string, user: TestUser, email: string): Promise<void> {
  const pin = await userCall(context, baseURL, user, 'POST', '/api/pin/verify', { pin: user.pin });
  expect(pin.envelope, 'the PIN the change asks for first').toMatchObject({ status: 'success' });
  const since = Date.now();
  const asked = await userCall(context, baseURL, user, 'POST', '/api/email-change/otp', { email });
  expect(asked.envelope, 'asking the e-mail code').toMatchObject({ status: 'success' });
  const otp = await latestCode(context, baseURL, email, since);
  const verified = await userCall(context, baseURL, user, 'POST', '/api/email-change/verify', { otp });
  expect(verified.envelope, 'verifying the e-mail').toMatchObject({ status: 'success' });
}

async function inbox(context: BrowserContext, baseURL: string, to: string): Promise<InboxMessage[]> {
  const response = await context.request.get(new URL(`/api/dev/inbox?to=${encodeURIComponent(to)}`, baseURL).toString());
  const { data } = (await response.json()) as { data: { messages: InboxMessage[] } };
  return data.messages;
}

/** The digits of a price as the page writes it (`Rp1,650,000,000`, `$201.25`). */
const digits = async (page: Page, testId: string, row: ReturnType<Page['getByTestId']>) =>
  ((await row.getByTestId(testId).textContent()) ?? '').replace(/[^\d.]/g, '');

test.describe('watchlists and price alerts', () => {
  test.afterEach(() => {
    clearSteer(CRYPTO);
    clearSteer(STOCK);
  });

  test('a new user follows a crypto pair and a US stock live, sets an alert from the chart, and is told when it fires', async ({ page, context, baseURL }) => {
    test.setTimeout(240_000);
    const user = await signIn(context, baseURL!);
    const email = `alerts-${Date.now()}@pasar.test`;
    await verifyEmail(context, baseURL!, user, email);

    await test.step('turn on e-mail for price alerts on the settings page', async () => {
      await page.goto('/en/account/notification');
      const toggle = page.getByRole('switch', { name: 'Price alert by Email' });
      await expect(toggle).not.toBeChecked();
      await toggle.click();
      await expect(toggle).toBeChecked();
      await expect(toggle).toBeEnabled();
    });

    await test.step('make a watchlist with BTC-IDR and AAPL and see both prices move', async () => {
      await page.goto(`/en/trade/${CRYPTO}`);
      await expect(page.getByTestId('selected-symbol')).toHaveText(CRYPTO);
      await page.getByRole('group', { name: 'Trading views' }).getByRole('button', { name: 'Watchlist' }).click();
      const panel = page.getByTestId('watchlist-panel');
      await expect(panel.getByText('No watchlist yet. Make one to follow asset prices.')).toBeVisible();
      await panel.getByLabel('Watchlist name').fill('Mixed');
      await panel.getByRole('button', { name: 'Create watchlist' }).click();
      await panel.getByRole('button', { name: `Add ${CRYPTO}` }).click();
      await panel.getByLabel('Symbol (e.g. BTC-IDR, AAPL)').fill('aapl');
      await panel.getByRole('button', { name: 'Add symbol' }).click();
      const rows = panel.getByTestId('watchlist-rows').getByTestId('watch-row');
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toHaveAttribute('data-symbol', CRYPTO);
      await expect(rows.nth(1)).toHaveAttribute('data-symbol', STOCK);
      // The star on the header says the symbol is followed now.
      await expect(page.getByTestId('watch-star')).toHaveAttribute('aria-pressed', 'true');

      const btc = rows.nth(0);
      const aapl = rows.nth(1);
      await expect(btc.getByTestId('watch-price')).toHaveText(/^Rp[\d,]+$/);
      await expect(aapl.getByTestId('watch-price')).toHaveText(/^\$[\d,]+\.\d\d$/);
      const btcBefore = await digits(page, 'watch-price', btc);
      const aaplBefore = await digits(page, 'watch-price', aapl);
      const btcTick = await tickOf(context, baseURL!, CRYPTO);
      const btcTo = plus(btcBefore.split('.')[0]!, 200n * BigInt(btcTick));
      const aaplTo = (Number(aaplBefore) + 7.5).toFixed(2);
      steer(CRYPTO, btcTo);
      steer(STOCK, aaplTo);
      await expect(btc.getByTestId('watch-price')).toHaveText(`Rp${BigInt(btcTo).toLocaleString('en-US')}`, { timeout: 20_000 });
      await expect(aapl.getByTestId('watch-price')).toHaveText(`$${Number(aaplTo).toLocaleString('en-US', { minimumFractionDigits: 2 })}`, { timeout: 20_000 });
    });

    const tick = await tickOf(context, baseURL!, CRYPTO);
    const price = await lastPrice(context, baseURL!, CRYPTO);
    const target = plus(price, 10n * BigInt(tick));

    await test.step('from the chart: bad input is refused with nothing created, then an alert just above the price', async () => {
      const chart = page.getByTestId('price-chart');
      await expect(chart).toHaveAttribute('data-candles', /[1-9]/);
      await page.getByRole('button', { name: 'Alert at a price' }).click();
      await expect(page.getByText('Click the chart at the price for the alert (Esc cancels).')).toBeVisible();
      await chart.click({ position: { x: 120, y: 120 } });
      const form = page.getByTestId('alert-form');
      await expect(form).toBeVisible();
      await expect(form.getByText('From the chart')).toBeVisible();
      const field = form.getByRole('textbox', { name: /Target price/ });
      await expect(field).toHaveValue(/^\d+$/);

      // Off the tick (half a tick above the price): refused by the field.
      await field.fill(offTick(price, tick));
      await form.getByRole('button', { name: 'Set alert' }).click();
      await expect(form.getByText(`The target price must be a multiple of ${tick}`)).toBeVisible();
      // Equal to the current price (held still by the steer): refused.
      await field.fill(price);
      await form.getByRole('button', { name: 'Set alert' }).click();
      await expect(form.getByText('The target price equals the current price')).toBeVisible();
      expect(await alertsOf(context, baseURL!, user)).toEqual([]);

      await field.fill(target);
      await form.getByRole('combobox', { name: 'Direction' }).selectOption('UP');
      await form.getByRole('button', { name: 'Set alert' }).click();
      await expect(page.getByRole('status').getByText(`Alert for ${CRYPTO} at Rp${BigInt(target).toLocaleString('en-US')} set`)).toBeVisible();
      // The moment that says why (asked only while the browser has not been asked): not now.
      const ask = page.getByRole('region', { name: 'Want to know even when Pasar is in the background?' });
      if (await page.evaluate(() => Notification.permission === 'default')) await ask.getByRole('button', { name: 'Not now' }).click();
      await expect(ask).toHaveCount(0);
      await expect(page.getByTestId('alert-row')).toHaveCount(1);
      await expect(chart).toHaveAttribute('data-alert-lines', '1');
      const alerts = await alertsOf(context, baseURL!, user);
      expect(alerts.map((a) => [a.targetPrice, a.createFromChart, a.status])).toEqual([[target, true, 'ACTIVE']]);
    });

    await test.step('the price crosses the target: a toast and the bell, without a reload', async () => {
      const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
      // (The e-mail change of the setup left a security notice unread.)
      const before = Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? '0');
      let reloaded = false;
      page.once('load', () => {
        reloaded = true;
      });
      steer(CRYPTO, plus(target, 5n * BigInt(tick)));
      await expect(page.getByRole('status').getByText(/^(Price alert|Peringatan harga) BTC-IDR$/)).toBeVisible({ timeout: 30_000 });
      await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} unread`);
      expect(reloaded).toBe(false);
    });

    await test.step('the notification in the centre links back to the asset', async () => {
      await page.getByRole('banner').getByRole('link', { name: /^Notifications, \d+ unread$/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: /^Notifications/ })).toBeVisible();
      await page.getByRole('combobox', { name: 'Type' }).selectOption('PRICE_ALERT');
      const item = page.getByTestId('notification').filter({ hasText: /(Price alert|Peringatan harga) BTC-IDR/ });
      await expect(item).toHaveCount(1);
      const link = item.getByRole('link', { name: `Open ${CRYPTO}` });
      await expect(link).toHaveAttribute('href', `/en/trade/${CRYPTO}`);
      await link.click();
      await expect(page.getByTestId('selected-symbol')).toHaveText(CRYPTO);
    });

    await test.step('the e-mail lands in the development inbox', async () => {
      await expect
        .poll(async () => (await inbox(context, baseURL!, email)).filter((m) => m.channel === 'email' && /BTC-IDR/.test(m.subject ?? '')).length, { timeout: 15_000 })
        .toBe(1);
    });
  });
});
