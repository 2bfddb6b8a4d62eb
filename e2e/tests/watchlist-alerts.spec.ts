// Watchlists, price alerts and live notifications as a new user does them: make a
// watchlist with a crypto pair and a US stock and see both prices move (the simulator steered by
// the operator's command); turn on e-mail for price alerts; set an alert from the chart ("alert at
// a price", then the target just above the price), after bad input is refused with nothing
// created (off the tick, equal to the current price); steer the price across the target and see
// the toast and the bell update without a reload; find the notification in the centre with its
// link back to the asset; the e-mail lands in the development inbox. Then the limits (symbols per
// list, lists, live alerts) and another user's ids refused with nothing changed, and at 360 px the
// Watchlist view as a sheet inside the screen whose row switches the symbol.
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

interface Watchlist {
  id: string;
  name: string;
  items: { symbol: string }[];
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

/** `times` the (whole part of the) price, down to a multiple of the tick. */
const onTickTimes = (price: string, tick: bigint, times: bigint): bigint => {
  const value = BigInt(price.split('.')[0]!) * times;
  return value - (value % tick);
};

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
      const rows = panel.getByTestId('watchlist-rows').getByTestId('watch-row');
      await expect(rows).toHaveCount(1);
      await panel.getByLabel('Symbol (e.g. BTC-IDR, AAPL)').fill('aapl');
      await panel.getByRole('button', { name: 'Add symbol' }).click();
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

  test("limits and another user's ids are refused with the catalogue's message and nothing changed; at 360 px the Watchlist view is a sheet inside the screen whose rows switch the symbol", async ({
    page,
    context,
    baseURL,
    browser,
  }) => {
    test.setTimeout(180_000);
    const user = await signIn(context, baseURL!);
    const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, lang: 'id' | 'en' = 'en') =>
      userCall<T>(context, baseURL!, user, method, path, body, lang);
    const lists = async () => (await call<{ items: Watchlist[]; limits: { maxWatchlists: number; maxSymbolsPerWatchlist: number } }>('GET', '/api/watchlists')).envelope.data;
    const refused = (answer: { httpStatus: number; envelope: { error_code?: string; error_message?: string } }) => ({
      httpStatus: answer.httpStatus,
      code: answer.envelope.error_code,
      message: answer.envelope.error_message,
    });
    const LIST_LIMIT = { httpStatus: 400, code: '1158', message: 'Batas jumlah watchlist tercapai' };

    await test.step('watchlists: a full list takes no more symbols, a list over the limit is not made, and the list count stops at the limit', async () => {
      const { limits } = await lists();
      const response = await context.request.get(new URL('/api/market/instruments', baseURL!).toString());
      const symbols = ((await response.json()) as { data: { items: Instrument[] } }).data.items.map((i) => i.symbol).filter((symbol) => symbol !== CRYPTO && symbol !== STOCK);
      expect(symbols.length).toBeGreaterThan(limits.maxSymbolsPerWatchlist);

      // The list the phone opens first: two symbols. Then one full list.
      expect((await call('POST', '/api/watchlists', { name: 'Phone', symbols: [CRYPTO, STOCK] })).envelope.status).toBe('success');
      const full = (await call<Watchlist>('POST', '/api/watchlists', { name: 'Full', symbols: symbols.slice(0, limits.maxSymbolsPerWatchlist) })).envelope.data;
      expect(full.items).toHaveLength(limits.maxSymbolsPerWatchlist);
      expect(refused(await call('POST', `/api/watchlists/${full.id}/symbols`, { symbol: symbols[limits.maxSymbolsPerWatchlist] }, 'id'))).toEqual(LIST_LIMIT);
      expect(refused(await call('POST', '/api/watchlists', { name: 'Too many', symbols: symbols.slice(0, limits.maxSymbolsPerWatchlist + 1) }, 'id'))).toEqual(LIST_LIMIT);
      const after = await lists();
      expect(after.items.map((l) => [l.name, l.items.length])).toEqual([
        ['Phone', 2],
        ['Full', limits.maxSymbolsPerWatchlist],
      ]);

      for (let n = after.items.length; n < limits.maxWatchlists; n++) {
        expect((await call('POST', '/api/watchlists', { name: `List ${n + 1}` })).envelope.status).toBe('success');
      }
      expect(refused(await call('POST', '/api/watchlists', { name: 'One more' }, 'id'))).toEqual(LIST_LIMIT);
      expect((await lists()).items).toHaveLength(limits.maxWatchlists);
    });

    await test.step('price alerts: past the limit of live alerts the next is refused (4103) and none is added', async () => {
      const listAlerts = async () => (await call<{ items: PriceAlert[]; limits: { maxActive: number } }>('GET', `/api/price-alerts?symbol=${CRYPTO}`)).envelope.data;
      const { limits } = await listAlerts();
      const tick = BigInt(await tickOf(context, baseURL!, CRYPTO));
      // Far above the price (twice it, and more), so none fires while the test runs.
      const start = onTickTimes(await lastPrice(context, baseURL!, CRYPTO), tick, 2n);
      const far = (n: number) => (start + BigInt(n) * tick).toString();
      for (let from = 0; from < limits.maxActive; from += 10) {
        const batch = Array.from({ length: Math.min(10, limits.maxActive - from) }, (_, i) => call('POST', '/api/price-alerts', { symbol: CRYPTO, targetPrice: far(from + i + 1), direction: 'UP' }));
        for (const answer of await Promise.all(batch)) expect(answer.envelope.status).toBe('success');
      }
      expect(refused(await call('POST', '/api/price-alerts', { symbol: CRYPTO, targetPrice: far(limits.maxActive + 1), direction: 'UP' }, 'id'))).toEqual({
        httpStatus: 400,
        code: '4103',
        message: 'Batas jumlah peringatan harga tercapai',
      });
      const alerts = await listAlerts();
      expect(alerts.items).toHaveLength(limits.maxActive);
      expect(alerts.items.every((a) => a.status === 'ACTIVE')).toBe(true);
    });

    await test.step("another user's alert and watchlist answer 404 on every call, and are not changed", async () => {
      const otherContext = await browser.newContext();
      try {
        const other = await signIn(otherContext, baseURL!);
        const theirs = (path: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE' = 'GET', body?: unknown) => userCall(otherContext, baseURL!, other, method, path, body);
        const target = onTickTimes(await lastPrice(context, baseURL!, CRYPTO), BigInt(await tickOf(context, baseURL!, CRYPTO)), 3n).toString();
        const alert = (await theirs('/api/price-alerts', 'POST', { symbol: CRYPTO, targetPrice: target, direction: 'UP', note: 'mine' })).envelope.data as PriceAlert;
        const list = (await theirs('/api/watchlists', 'POST', { name: 'Theirs', symbols: [CRYPTO] })).envelope.data as Watchlist;
        const NOT_FOUND = { httpStatus: 404, code: '003', message: 'Not found' };
        const attempts: Array<[Parameters<typeof call>[0], string, unknown?]> = [
          ['GET', `/api/price-alerts/${alert.id}`],
          ['PATCH', `/api/price-alerts/${alert.id}`, { note: 'changed' }],
          ['DELETE', `/api/price-alerts/${alert.id}`],
          ['GET', `/api/watchlists/${list.id}`],
          ['PATCH', `/api/watchlists/${list.id}`, { name: 'Renamed' }],
          ['POST', `/api/watchlists/${list.id}/symbols`, { symbol: STOCK }],
          ['DELETE', `/api/watchlists/${list.id}/symbols/${CRYPTO}`],
          ['DELETE', `/api/watchlists/${list.id}`],
        ];
        for (const [method, path, body] of attempts) {
          expect.soft({ method, path, ...refused(await call(method, path, body)) }).toEqual({ method, path, ...NOT_FOUND });
        }
        expect((await theirs(`/api/price-alerts/${alert.id}`)).envelope.data).toEqual(alert);
        expect((await theirs(`/api/watchlists/${list.id}`)).envelope.data).toEqual(list);
      } finally {
        await otherContext.close();
      }
    });

    await test.step('at 360 px: the Watchlist view is a sheet inside the screen, the limit is said by the page, and a row switches the symbol', async () => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(`/en/trade/${CRYPTO}`);
      await expect(page.getByTestId('selected-symbol')).toHaveText(CRYPTO);
      await page.getByRole('group', { name: 'Trading views' }).getByRole('button', { name: 'Watchlist' }).click();
      const sheet = page.getByTestId('side-panel');
      const panel = sheet.getByTestId('watchlist-panel');
      const rows = panel.getByTestId('watchlist-rows').getByTestId('watch-row');
      await expect(rows).toHaveCount(2);
      // A sheet: fixed over the bottom of the screen, as wide as the screen and no wider.
      expect(await sheet.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
      const box = (await sheet.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      expect(Math.round(box.y + box.height)).toBe(740);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(await sheet.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

      // Past the list limit the page says the server's message by the field, and no list is added.
      await panel.getByLabel('Watchlist name').fill('One more');
      await panel.getByRole('button', { name: 'Create watchlist' }).click();
      await expect(panel.getByText('Watchlist limit reached')).toBeVisible();
      const { items, limits } = await lists();
      expect(items).toHaveLength(limits.maxWatchlists);

      await rows.filter({ has: page.getByText(STOCK, { exact: true }) }).getByRole('button').first().click();
      await expect(page).toHaveURL(new RegExp(`/en/trade/${STOCK}$`));
      await expect(page.getByTestId('selected-symbol')).toHaveText(STOCK);
    });
  });
});
