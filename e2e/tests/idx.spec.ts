// Indonesian stocks (IDX) as a new user trades them: identity approved by the operator, Rupiah
// topped up and the terms accepted, then on /trade/BBCA with the market clock (operator command,
// development/test only) in session II on a Monday: bad input refused (1.5 lots typed in the
// panel cut to whole lots with nothing sent, 150 shares, a price off the tick, a price above ARA;
// an order at the lunch break, when the page says the market is on a break, not live, and the book
// stands still) with nothing placed, 2 lots bought at market with the fee and the T+2 settlement
// date in the review, 1 lot sold with the proceeds shown unsettled with their date on the wallet
// page, and the operator's settlement run (on the settlement date) making them withdrawable, as
// the balance page shows. The clock is global to a server: this journey runs against its own
// server and clears it at the end.
import type { BrowserContext, Locator, Page, Request } from '@playwright/test';
import { acceptTerms, rupiah, topUp } from './support-crypto';
import { expect, signIn, test as base, type TestUser } from './support-fixtures';
import { operatorOn } from './support-operator';
import { startPrivateServer, type PrivateServer } from './support-private-server';
import { verifyIdentity } from './support-wallet';

const PERSON = { fullName: 'Rina Kusuma', birthDate: '1990-05-21' };
const SYMBOL = 'BBCA';
/** Monday 30 November 2026, 14:00 Jakarta: session II. */
const SESSION_II = '2026-11-30T14:00:00+07:00';
/** The same Monday, 12:30: the lunch break. */
const LUNCH = '2026-11-30T12:30:00+07:00';
/** Wednesday 2 December 2026 (T+2 of Monday), before the open. */
const SETTLEMENT_DAY = '2026-12-02T08:00:00+07:00';
const TOP_UP = '5000000';

const test = base.extend<object, { idxServer: PrivateServer }>({
  idxServer: [
    async ({}, use) => {
      const server = await startPrivateServer('idx', { env: { KYC_AUTO_APPROVE_SECONDS: 'off', RATE_LIMIT_IP_FACTOR: '1000' } });
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
  baseURL: async ({ idxServer }, use) => use(idxServer.url),
});

test.describe.configure({ mode: 'serial' });

interface Envelope<T> {
  status: string;
  data: T;
  error_code?: string;
  error_message?: string;
}

async function call<T>(context: BrowserContext, baseURL: string, user: TestUser, method: 'GET' | 'POST', path: string, body?: unknown, lang: 'id' | 'en' = 'en') {
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

interface Wallet {
  cash: string;
  unsettled: string;
  unsettledByDate: { settlementDate: string; amount: string }[];
  withdrawable: string;
}
interface Order {
  id: string;
  side: string;
  status: string;
  filledQuantity: string;
  fee: string;
  tax: string;
  total: string;
}

async function openTrade(page: Page): Promise<{ panel: Locator; ticket: Locator }> {
  await page.goto(`/en/trade/${SYMBOL}`);
  await expect(page.getByTestId('selected-symbol')).toHaveText(SYMBOL);
  const panel = page.getByTestId('order-panel');
  // The panel comes in its own chunk (slow on a busy machine).
  await expect(panel).toHaveAttribute('data-market', 'IDSS', { timeout: 40_000 });
  const ticket = panel.getByTestId('order-ticket');
  await expect(ticket).toBeVisible({ timeout: 20_000 });
  return { panel, ticket };
}

test.describe('IDX stocks', () => {
  test('a new user buys 2 lots of BBCA in session II, sells 1 lot, sees the proceeds unsettled until T+2, and the settlement run makes them withdrawable; bad input and the lunch break are refused', async ({
    page,
    context,
    baseURL,
    idxServer,
  }) => {
    test.setTimeout(360_000);
    const admin = (...args: string[]) => operatorOn(idxServer, ...args);
    const user = await signIn(context, baseURL!);
    const history = async () => (await data(call<{ items: Order[] }>(context, baseURL!, user, 'GET', '/api/idss/orders?scope=history&size=100'), 'history')).items;

    await test.step('identity approved by the operator, Rupiah topped up, terms accepted', async () => {
      await verifyIdentity(context, baseURL!, user, PERSON, admin);
      await topUp(context, baseURL!, user, TOP_UP);
      await acceptTerms(context, baseURL!, user);
    });

    admin('market', 'clock', 'set', SESSION_II);
    const stockId = (await data(call<{ items: { symbol: string; id: number }[] }>(context, baseURL!, user, 'GET', '/api/market/instruments?assetType=IDSS'), 'instruments')).items.find(
      (i) => i.symbol === SYMBOL,
    )!.id;

    await test.step('bad input is refused and nothing is placed: 150 shares, a price off the tick, a price above ARA', async () => {
      const { panel, ticket } = await openTrade(page);
      await expect(panel.getByTestId('idx-session')).toContainText('Session II');
      const ara = Number((await panel.getByTestId('idx-ara').textContent())!.replace(/[^\d]/g, ''));
      const tick = Number((await panel.getByTestId('idx-tick').textContent())!.replace(/[^\d]/g, ''));
      const price = ticket.getByRole('textbox', { name: /Price/ });
      const lots = ticket.getByRole('textbox', { name: /Quantity \(lots\)/ });
      const sent: string[] = [];
      const onRequest = (request: Request) => {
        if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/idss/')) sent.push(request.url());
      };
      page.on('request', onRequest);

      // 150 shares is a lot and a half: the panel counts whole lots, so the half is cut, and said so.
      await lots.pressSequentially('1.5');
      await expect(ticket.getByText('Whole numbers only: the decimals were cut')).toBeVisible();
      await expect(lots).toHaveValue(/^1\.?$/);
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await lots.fill('1');

      // Off the tick: the field says the multiple, no review opens.
      await price.fill(String(ara - tick + 1));
      await ticket.getByTestId('order-review-button').click();
      await expect(ticket.getByText(`The price must be a multiple of Rp${tick}`)).toBeVisible();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);

      // Above ARA.
      await price.fill(String(ara + tick));
      await ticket.getByTestId('order-review-button').click();
      await expect(ticket.getByText(/^The price must be between ARB Rp\d+ and ARA Rp\d+$/)).toBeVisible();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);

      // The server refuses the same, in the reader's language: 150 shares, off tick, above ARA.
      const refusals: Array<[Record<string, unknown>, string, string]> = [
        [{ stockId, quantity: '150', unitPrice: String(ara) }, '3901', 'Jumlah saham harus kelipatan 1 lot (100 lembar)'],
        [{ stockId, quantity: '100', unitPrice: String(ara - tick + 1) }, '3902', 'Harga tidak sesuai fraksi harga (tick) saham ini'],
        [{ stockId, quantity: '100', unitPrice: String(ara + tick) }, '3903', 'Harga di luar batas auto rejection (ARA/ARB) hari ini'],
      ];
      for (const [body, code, message] of refusals) {
        const { httpStatus, envelope } = await call(context, baseURL!, user, 'POST', '/api/idss/buy', body, 'id');
        expect.soft({ body, httpStatus, code: envelope.error_code, message: envelope.error_message }).toEqual({ body, httpStatus: 400, code, message });
      }
      page.off('request', onRequest);
      expect(sent, 'calls the panel made for the refused input').toEqual([]);
      expect(await history()).toEqual([]);
    });

    await test.step('at the lunch break the panel says closed and the server refuses an order', async () => {
      admin('market', 'clock', 'set', LUNCH);
      const { panel, ticket } = await openTrade(page);
      await expect(panel.getByTestId('idx-session')).toContainText('Lunch break — closed');
      await expect(ticket.getByTestId('order-review-button')).toBeDisabled();
      // The page says the market is not trading, never "Live", and the book stands still.
      await expect(page.getByTestId('market-status')).toHaveAttribute('data-state', /^(BREAK|CLOSED)$/);
      await expect(page.getByTestId('market-status').locator('strong')).toHaveText(/^(Break|Market closed)$/);
      await expect(page.getByTestId('live-indicator')).not.toHaveAttribute('data-state', 'open');
      await expect(page.getByTestId('live-indicator')).not.toHaveText('Live');
      const book = page.getByTestId('order-book');
      await expect(book.getByTestId('book-bid').first()).toBeVisible();
      const snapshot = async () => `${await page.getByTestId('last-price').textContent()}|${(await book.getByTestId('book-bid').allTextContents()).join(',')}|${(await book.getByTestId('book-ask').allTextContents()).join(',')}`;
      const first = await snapshot();
      const samples: string[] = [];
      // Eight samples half a second apart (a live book changes within a second or two).
      await expect.poll(async () => samples.push(await snapshot()), { intervals: [500], timeout: 15_000 }).toBeGreaterThanOrEqual(8);
      expect(new Set(samples)).toEqual(new Set([first]));
      const { envelope } = await call(context, baseURL!, user, 'POST', '/api/idss/buy', { stockId, quantity: '100', orderType: 'MARKET' });
      expect(envelope.error_code).toBe('3904');
      expect(await history()).toEqual([]);
      admin('market', 'clock', 'set', SESSION_II);
    });

    let bought!: Order;
    await test.step('2 lots bought at market: the review shows the fee and the settlement date', async () => {
      const { ticket } = await openTrade(page);
      await ticket.getByRole('combobox', { name: 'Order type' }).selectOption('MARKET');
      await ticket.getByRole('textbox', { name: /Quantity \(lots\)/ }).fill('2');
      await ticket.getByTestId('order-review-button').click();
      const review = page.getByRole('alertdialog', { name: `Confirm buying ${SYMBOL}` });
      await expect(review.getByTestId('review-quantity')).toHaveText('2 lot (200 shares)');
      await expect(review.getByTestId('review-fee')).toHaveText(/^Rp[1-9][\d,]*$/);
      await expect(review.getByTestId('review-settlement-date')).toHaveAttribute('data-date', '2026-12-02');
      await expect(review.getByTestId('review-settlement-date')).toContainText('2 December 2026');
      await review.getByRole('button', { name: 'Buy now' }).click();
      await expect(ticket.getByTestId('idx-placed')).toHaveText('Order sent.');
      const orders = await history();
      expect(orders).toHaveLength(1);
      bought = orders[0]!;
      expect(bought).toMatchObject({ side: 'BUY', status: 'SUCCESS', filledQuantity: '200' });
      expect(Number(bought.fee)).toBeGreaterThan(0);
      await expect(ticket.getByTestId('idx-available')).not.toContainText('5,000,000');
    });

    let sold!: Order;
    let before!: Wallet;
    await test.step('1 lot sold at market: the proceeds are unsettled, with their date, on the wallet page', async () => {
      before = await data(call<Wallet>(context, baseURL!, user, 'GET', '/api/idss/wallet'), 'wallet');
      const { ticket } = await openTrade(page);
      await ticket.getByRole('button', { name: 'Sell' }).click();
      await expect(ticket.getByTestId('idx-available')).toContainText('2 lot (200 shares)');
      await ticket.getByRole('combobox', { name: 'Order type' }).selectOption('MARKET');
      await ticket.getByRole('textbox', { name: /Quantity \(lots\)/ }).fill('1');
      await ticket.getByTestId('order-review-button').click();
      const review = page.getByRole('alertdialog', { name: `Confirm selling ${SYMBOL}` });
      await expect(review.getByTestId('review-tax')).toHaveText(/^Rp[1-9][\d,]*$/);
      await expect(review.getByTestId('review-settlement-date')).toHaveAttribute('data-date', '2026-12-02');
      await expect(review.getByText('Sale proceeds can buy other stocks at once, and be withdrawn after the settlement date.')).toBeVisible();
      await review.getByRole('button', { name: 'Sell now' }).click();
      await expect(ticket.getByTestId('idx-placed')).toHaveText('Order sent.');
      sold = (await history()).find((o) => o.side === 'SELL')!;
      expect(sold).toMatchObject({ status: 'SUCCESS', filledQuantity: '100' });

      const wallet = await data(call<Wallet>(context, baseURL!, user, 'GET', '/api/idss/wallet'), 'wallet');
      expect(wallet).toEqual({ cash: before.cash, unsettled: sold.total, unsettledByDate: [{ settlementDate: '2026-12-02', amount: sold.total }], withdrawable: before.withdrawable });

      await page.goto('/en/balance');
      const card = page.getByTestId('idx-settlement');
      await expect(card).toBeVisible({ timeout: 20_000 });
      await expect(card.getByTestId('idx-unsettled')).toHaveText(rupiah(sold.total));
      await expect(card.getByText('Settles Wed, 2 Dec 2026')).toBeVisible();
      // Not yet withdrawable: what may be withdrawn is the cash before the sale.
      await expect(card.getByTestId('idx-withdrawable')).toHaveText(rupiah(before.withdrawable));
    });

    await test.step('the settlement run on the settlement date makes the proceeds withdrawable, once', async () => {
      admin('market', 'clock', 'set', SETTLEMENT_DAY);
      expect(admin('idx', 'settle')).toContain('1 sale(s) settled');
      expect(admin('idx', 'settle')).toContain('0 sale(s) settled');
      const after = await data(call<Wallet>(context, baseURL!, user, 'GET', '/api/idss/wallet'), 'wallet');
      expect(after.unsettled).toBe('0');
      expect(BigInt(after.withdrawable)).toBe(BigInt(before.withdrawable) + BigInt(sold.total));
      await page.goto('/en/balance');
      // The balance page shows the proceeds in the Rupiah that may be withdrawn.
      await expect(page.getByTestId('idr-available')).toHaveText(rupiah(BigInt(before.withdrawable) + BigInt(sold.total)), { timeout: 20_000 });
      await expect(page.getByTestId('idx-settlement')).toHaveCount(0);
    });
  });
});
