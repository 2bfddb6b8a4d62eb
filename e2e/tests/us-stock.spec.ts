// US stocks as a new user trades them: identity and the US-stock declaration approved
// by the operator, Rupiah topped up and moved to the USD wallet on the transfer page, then on
// /trade?ticker=AAPL with the market clock (operator command, development/test only) in regular
// hours: bad sizes refused with their messages and nothing placed, a fractional buy by USD amount
// (review in USD and IDR), a GOOD_TILL_MARKET_CLOSE limit that rests and expires at the early
// close (the clock moved past it) with its hold released, an extended-hours limit not offered and
// refused by the server on a stock without post-market, and the holding on /portfolio in USD and
// IDR. The clock is global to a server: this journey runs against its own server, so no other
// spec sees it move, and clears it at the end.
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { acceptTerms, topUp, units } from './support-crypto';
import { expect, input, signIn, test as base, type TestUser } from './support-fixtures';
import { operatorOn } from './support-operator';
import { startPrivateServer, type PrivateServer } from './support-private-server';
import { approveUsStocks, verifyIdentity } from './support-wallet';

const PERSON = { fullName: 'Dewi Lestari', birthDate: '1991-07-14' };
const SYMBOL = 'AAPL';
/** Friday 27 November 2026 closes early (13:00 New York, post-market to 17:00). */
const REGULAR_HOURS = '2026-11-27T12:40:00-05:00';
const AFTER_THE_EARLY_CLOSE = '2026-11-27T13:01:00-05:00';
/** Rupiah topped up, and moved to the USD wallet. */
const TOP_UP = '5000000';
const TO_USD = '2000000';
const BUY_USD = '25';

const test = base.extend<object, { usServer: PrivateServer }>({
  usServer: [
    async ({}, use) => {
      const server = await startPrivateServer('us-stock', {
        // As the main server: the operator approves identity checks, never a timer.
        env: { KYC_AUTO_APPROVE_SECONDS: 'off', RATE_LIMIT_IP_FACTOR: '1000' },
      });
      try {
        await use(server);
      } finally {
        try {
          operatorOn(server, 'market', 'clock', 'clear');
        } finally {
          await server.stop();
        }
      }
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ usServer }, use) => use(usServer.url),
});

test.describe.configure({ mode: 'serial' });

interface UsOrder {
  id: string;
  symbol: string;
  side: 'BUY' | 'SELL';
  orderType: string;
  status: string;
  reason: string | null;
  timeInForce: string;
  amount: string | null;
  quantity: string | null;
  filledQuantity: string;
  total: string;
}

interface Envelope<T> {
  status: string;
  data: T;
  error_code?: string;
  error_message?: string;
}

/** A call as the user in a language, answering the envelope whatever its status. */
async function call<T>(
  context: BrowserContext,
  baseURL: string,
  user: TestUser,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  lang: 'id' | 'en' = 'en',
): Promise<{ httpStatus: number; envelope: Envelope<T> }> {
  const response = await context.request.fetch(new URL(path, baseURL).toString(), {
    method,
    headers: {
      authorization: `Bearer ${user.accessToken}`,
      'x-device-id': `web-${user.deviceId}`,
      'x-language-code': lang,
      'x-request-id': crypto.randomUUID(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
  });
  return { httpStatus: response.status(), envelope: (await response.json()) as Envelope<T> };
}

async function data<T>(answer: Promise<{ httpStatus: number; envelope: Envelope<T> }>, what: string): Promise<T> {
  const { httpStatus, envelope } = await answer;
  if (envelope.status !== 'success') throw new Error(`${what}: ${httpStatus} ${envelope.error_code} ${envelope.error_message}`);
  return envelope.data;
}

async function usOrders(context: BrowserContext, baseURL: string, user: TestUser, scope: 'open' | 'history'): Promise<UsOrder[]> {
  const list = await data(call<{ items: UsOrder[] }>(context, baseURL, user, 'GET', `/api/global-stock/orders?scope=${scope}&size=100`), `US orders ${scope}`);
  return list.items;
}

/** The USD (PALN) wallet's available cash, as the page's panel reads it: `$1,234.56` → units at 2 decimals. */
const usdOnPage = (text: string | null): bigint => units((text ?? '').replace(/^[^$]*\$/, '').replace(/[^\d.]/g, ''), 2);

async function openTrade(page: Page, ticker: string): Promise<{ panel: Locator; ticket: Locator; orders: Locator }> {
  await page.goto(`/en/trade?ticker=${ticker}`);
  await expect(page.getByTestId('selected-symbol')).toHaveText(ticker);
  const panel = page.getByTestId('order-panel');
  // The panel comes in its own chunk (slow on a busy machine).
  await expect(panel).toHaveAttribute('data-market', 'USSTOCK', { timeout: 40_000 });
  const ticket = panel.getByTestId('order-ticket');
  await expect(ticket).toBeVisible({ timeout: 20_000 });
  // The USD wallet's buying power has arrived.
  await expect(ticket.getByTestId('order-available')).toContainText('$');
  return { panel, ticket, orders: page.getByTestId('orders-panel') };
}

async function ordersTab(orders: Locator, tab: 'open' | 'history'): Promise<Locator> {
  await orders.getByRole('tab', { name: tab === 'open' ? /^Open orders/ : 'Order history' }).click();
  return orders.getByRole('tabpanel').getByTestId('order-row');
}

/** The toast with this title appears, and is dismissed so it can show again. */
async function seeToast(page: Page, title: string): Promise<void> {
  const toast = page.getByRole('status').locator(':scope > *').filter({ hasText: title });
  await expect(toast).toBeVisible();
  await toast
    .getByRole('button', { name: 'Dismiss notification' })
    .click({ timeout: 2_000 })
    .catch(() => undefined);
  await expect(toast).toHaveCount(0);
}

test.describe('US stocks', () => {
  test('a new user moves Rupiah to USD, buys AAPL by amount, a good-till-close limit expires at the early close, extended hours are refused without post-market, and the holding shows in USD and IDR', async ({
    page,
    context,
    baseURL,
    usServer,
  }) => {
    test.setTimeout(360_000);
    const admin = (...args: string[]) => operatorOn(usServer, ...args);
    const user = await signIn(context, baseURL!);

    await test.step('identity and the US-stock declaration approved by the operator; Rupiah topped up', async () => {
      await verifyIdentity(context, baseURL!, user, PERSON, admin);
      await approveUsStocks(context, baseURL!, user, PERSON, admin);
      await topUp(context, baseURL!, user, TOP_UP);
      await acceptTerms(context, baseURL!, user);
    });

    await test.step('Rupiah moved to the USD wallet on the transfer page', async () => {
      await page.goto('/en/balance/transfer');
      await expect(page.getByRole('tab', { name: 'USD wallets' })).toHaveAttribute('aria-selected', 'true');
      await input(page, 'Amount (IDR)').fill(TO_USD);
      await expect(page.getByTestId('estimate-receive')).toHaveText(/^\$\d{1,3}\.\d{2}$/);
      await page.getByRole('button', { name: 'Review' }).click();
      await page.getByRole('alertdialog', { name: 'Check your transfer' }).getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByTestId('transfer-result')).toContainText('Done: Rp2,000,000 ↔ $');
    });

    admin('market', 'clock', 'set', REGULAR_HOURS);

    let usdBefore = 0n;
    await test.step('bad sizes are refused with their messages, and nothing is placed', async () => {
      const { panel, ticket } = await openTrade(page, SYMBOL);
      await expect(panel.getByTestId('market-status')).toHaveText(/Market open/);
      usdBefore = usdOnPage(await ticket.getByTestId('order-available').textContent());
      expect(usdBefore).toBeGreaterThan(100n * 100n);
      const amount = input(page, 'Amount to spend (USD)');

      // Letters: typed ones are not taken; a pasted number with a letter in it is refused by the
      // field, which says how to write it.
      await amount.pressSequentially('abc');
      await expect(amount).toHaveValue('');
      await amount.fill('1o0');
      await expect(amount).toHaveValue('');
      await expect(ticket.getByText(/This number could not be read for certain/)).toBeVisible();

      // Too many decimals: USD has cents; the rest is cut, and the field says so.
      await amount.fill('');
      await amount.pressSequentially('1.239');
      await expect(amount).toHaveValue('1.23');
      await expect(ticket.getByText('At most 2 decimals: the rest was cut')).toBeVisible();

      // Below the minimum notional ($1).
      await amount.fill('0.5');
      await ticket.getByTestId('order-review-button').click();
      await expect(ticket.getByText('Amount too small')).toBeVisible();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);

      // Above the USD balance.
      await amount.fill('100000');
      await ticket.getByTestId('order-review-button').click();
      await expect(ticket.getByText('Not enough balance')).toBeVisible();
      await expect(ticket.getByText(/^Your available USD is \$[\d,]+\.\d{2}\.$/)).toBeVisible();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);

      // The server refuses the same sizes in the reader's language, whatever the page does.
      const stockId = await aaplId(context, baseURL!);
      const refusals: Array<[string, string, string]> = [
        ['abc', '002', 'Data yang dikirim tidak valid'],
        ['1.239', '002', 'Data yang dikirim tidak valid'],
        ['0.5', '3704', 'Nilai order di bawah minimum'],
        ['100000', '1117', 'Saldo valas tidak cukup'],
      ];
      for (const [size, code, message] of refusals) {
        const body = { stockId, orderType: 'MARKET', amount: size };
        const { httpStatus, envelope } = await call(context, baseURL!, user, 'POST', '/api/global-stock/buy', body, 'id');
        expect.soft({ size, httpStatus, code: envelope.error_code, message: envelope.error_message }).toEqual({ size, httpStatus: 400, code, message });
      }
      expect(await usOrders(context, baseURL!, user, 'history')).toEqual([]);
      expect(await usOrders(context, baseURL!, user, 'open')).toEqual([]);
    });

    let bought!: UsOrder;
    await test.step('a fractional AAPL buy by USD amount in regular hours: review in USD and IDR, done, in the history', async () => {
      const { ticket, orders } = await openTrade(page, SYMBOL);
      await input(page, 'Amount to spend (USD)').fill(BUY_USD);
      await ticket.getByTestId('order-review-button').click();
      const review = page.getByRole('alertdialog', { name: `Review ${SYMBOL} buy order` });
      await expect(review.getByTestId('review-total')).toHaveText(/^\$2[45]\.\d{2}$/);
      await expect(review.getByTestId('review-total-idr')).toHaveText(/^Rp[1-9][\d,]*$/);
      await expect(review.getByTestId('review-quantity')).toHaveText(/^0\.\d+ AAPL$/);
      await review.getByRole('button', { name: 'Buy now' }).click();
      await seeToast(page, `${SYMBOL} buy order sent`);

      const history = await usOrders(context, baseURL!, user, 'history');
      expect(history).toHaveLength(1);
      bought = history[0]!;
      expect(bought).toMatchObject({ symbol: SYMBOL, side: 'BUY', orderType: 'MARKET', status: 'SUCCESS', amount: BUY_USD });
      // Fractional: less than one share for $25.
      expect(units(bought.filledQuantity, 4)).toBeGreaterThan(0n);
      expect(units(bought.filledQuantity, 4)).toBeLessThan(10_000n);
      expect(units(bought.total, 2)).toBeLessThanOrEqual(units(BUY_USD, 2));

      const rows = await ordersTab(orders, 'history');
      const row = rows.and(page.locator(`[data-order-id="${bought.id}"]`));
      await expect(row).toHaveAttribute('data-status', 'SUCCESS');
      await expect(row.getByTestId('order-status')).toHaveText('Filled');
      await expect.poll(async () => usdOnPage(await ticket.getByTestId('order-available').textContent())).toBe(usdBefore - units(bought.total, 2));
    });

    await test.step('a good-till-market-close limit rests, holds USD, and expires at the early close with its hold released', async () => {
      const { ticket, orders } = await openTrade(page, SYMBOL);
      const usdAvailable = usdOnPage(await ticket.getByTestId('order-available').textContent());
      await ticket.getByRole('combobox', { name: 'Order type' }).selectOption('LIMIT');
      await ticket.getByRole('combobox', { name: /Time in force/ }).selectOption('GOOD_TILL_MARKET_CLOSE');
      await expect(ticket.getByText(/Cancelled at today’s market close if it has not filled/)).toBeVisible();
      await ticket.getByRole('button', { name: 'Quantity', exact: true }).click();
      // Far below the market (about $10 against ~$190): it rests.
      await ticket.getByRole('textbox', { name: /Limit price/ }).fill('10');
      await ticket.getByRole('textbox', { name: /AAPL quantity/ }).fill('0.5');
      await ticket.getByTestId('order-review-button').click();
      const review = page.getByRole('alertdialog', { name: `Review ${SYMBOL} buy order` });
      await expect(review.getByTestId('review-time-in-force')).toHaveText(/Good till market close/);
      await review.getByRole('button', { name: 'Buy now' }).click();
      await seeToast(page, `${SYMBOL} buy order sent`);

      const [resting] = await usOrders(context, baseURL!, user, 'open');
      expect(resting).toMatchObject({ orderType: 'LIMIT', status: 'PENDING', timeInForce: 'GOOD_TILL_MARKET_CLOSE', quantity: '0.5' });
      const open = await ordersTab(orders, 'open');
      await expect(open).toHaveCount(1);
      await expect(open.first().getByTestId('order-terms')).toHaveText('Good till market close');
      // $5.00 held: less available.
      await expect.poll(async () => usdOnPage(await ticket.getByTestId('order-available').textContent())).toBe(usdAvailable - 500n);

      // The clock past the early close (13:00): the order expires, the USD comes back.
      admin('market', 'clock', 'set', AFTER_THE_EARLY_CLOSE);
      await expect
        .poll(async () => (await usOrders(context, baseURL!, user, 'history')).find((o) => o.id === resting!.id), { timeout: 30_000 })
        .toMatchObject({ status: 'CANCELLED', reason: 'EXPIRED' });
      await expect(orders.getByRole('tabpanel').getByTestId('order-row')).toHaveCount(0);
      const history = await ordersTab(orders, 'history');
      const expired = history.and(page.locator(`[data-order-id="${resting!.id}"]`));
      await expect(expired).toHaveAttribute('data-status', 'CANCELLED');
      await expect(expired.getByTestId('order-status')).toHaveText('Expired');
      await expect.poll(async () => usdOnPage(await ticket.getByTestId('order-available').textContent())).toBe(usdAvailable);
    });

    await test.step('extended hours on a stock without post-market: not offered, and refused by the server', async () => {
      const instruments = await data(
        call<{ items: Array<{ symbol: string; id: number; hasPostMarket: boolean }> }>(context, baseURL!, user, 'GET', '/api/market/instruments?assetType=USSTOCK'),
        'instruments',
      );
      const plain = instruments.items.find((i) => !i.hasPostMarket);
      expect(plain, 'a US stock without post-market (ipme)').toBeDefined();
      const { panel, ticket } = await openTrade(page, plain!.symbol);
      // After the early close: post-market, where only ipme stocks trade.
      await expect(panel.getByTestId('market-status')).toHaveText(/Post-market/);
      await expect(ticket.getByTestId('extended-hours')).toHaveCount(0);
      await expect(ticket.getByRole('switch', { name: /Extended hours/ })).toHaveCount(0);

      const body = { stockId: plain!.id, orderType: 'LIMIT', unitPrice: '1', quantity: '1', tradingHours: 'INCLUDE_EXTENDED_HOURS' };
      for (const [lang, message] of [
        ['en', 'This stock cannot be traded outside regular hours'],
        ['id', 'Saham ini tidak dapat diperdagangkan di luar jam reguler'],
      ] as const) {
        const { httpStatus, envelope } = await call(context, baseURL!, user, 'POST', '/api/global-stock/buy', body, lang);
        expect({ httpStatus, code: envelope.error_code, message: envelope.error_message }).toEqual({ httpStatus: 400, code: '3802', message });
      }
      expect(await usOrders(context, baseURL!, user, 'open')).toEqual([]);
    });

    await test.step('the holding and its value in USD and IDR on /portfolio', async () => {
      await page.goto('/en/portfolio');
      const row = page.getByTestId(`us-holding-${SYMBOL}`);
      await expect(row).toBeVisible({ timeout: 20_000 });
      await expect.poll(async () => units(((await row.getByTestId('holding-quantity').textContent()) ?? '').replace(/[^\d.]/g, ''), 4)).toBe(units(bought.filledQuantity, 4));
      await expect(row.getByTestId('holding-market-value')).toHaveText(/^\$[1-9][\d,]*\.\d{2}$/);
      await expect(row.getByTestId('holding-market-value-idr')).toHaveText(/^≈ Rp[1-9][\d,]*$/);
      await expect(row.getByTestId('holding-average-cost')).toHaveText(/^\$[1-9][\d,.]*$/);
      await expect(page.getByTestId('us-rate-note')).toBeVisible();
    });
  });
});

async function aaplId(context: BrowserContext, baseURL: string): Promise<number> {
  const response = await context.request.get(new URL('/api/market/instruments?assetType=USSTOCK', baseURL).toString());
  const envelope = (await response.json()) as Envelope<{ items: Array<{ symbol: string; id: number }> }>;
  const aapl = envelope.data.items.find((i) => i.symbol === SYMBOL);
  if (!aapl) throw new Error('AAPL is not in the catalogue');
  return aapl.id;
}
