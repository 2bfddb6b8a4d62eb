// USDT perpetual futures as a new user trades them: identity approved by the operator, Rupiah
// topped up and deposited into the margin wallet on the transfer page, then on /trade/BTCUSDT-PERP:
// bad input refused with nothing changed (letters, leverage 0 / above the maximum / letters in
// the leverage dialog and by the server, a reduce-only order that would open a position), the
// leverage set to 10x through its dialog and the leverage modal, a BTC long opened after the
// ShowGssAndCryptoPerps intro and the confirmation with the margin and liquidation price shown
// first; then the price steered down (operator command) until the margin call arrives on the page,
// and past the liquidation price until the position is liquidated, the margin wallet not negative.
// At 360 px the order panel and the account area stay inside the screen. Steering is global to a
// server: the journey runs against its own server.
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { topUp, units } from './support-crypto';
import { expect, input, signIn, test as base, type TestUser } from './support-fixtures';
import { operatorOn } from './support-operator';
import { startPrivateServer, type PrivateServer } from './support-private-server';
import { userCall, verifyIdentity } from './support-wallet';

const PERSON = { fullName: 'Rina Kartika', birthDate: '1990-02-11' };
const SYMBOL = 'BTCUSDT-PERP';
const TOP_UP = '5000000';
const TO_MARGIN = '3000000';
const LEVERAGE = 10;

// The contract's paths (`shared/src/contract/perps-paths.ts`, wallet-paths.ts, account-paths.ts).
const PATHS = {
  orderTypes: `/api/perp/order-types?symbol=${SYMBOL}`,
  positions: '/api/perp/positions',
  balance: '/api/perp/balance',
  buy: '/api/perp/buy',
  leverage: '/api/perp/position/leverage',
  history: `/api/perp/orders?scope=history&symbol=${SYMBOL}`,
  notifications: (type: string) => `/api/notifications?type=${type}`,
} as const;

interface Position {
  symbol: string;
  side: string;
  quantity: string;
  entryPrice: string;
  markPrice: string;
  liquidationPrice: string | null;
  maintenanceMarginRate: string;
  marginRatioPercentage: string;
}

const test = base.extend<object, { perpServer: PrivateServer }>({
  perpServer: [
    async ({}, use) => {
      const server = await startPrivateServer('perps', { env: { KYC_AUTO_APPROVE_SECONDS: 'off', RATE_LIMIT_IP_FACTOR: '1000' } });
      try {
        await use(server);
      } finally {
        try {
          operatorOn(server, 'market', 'steer', SYMBOL, '--clear');
        } finally {
          await server.stop();
        }
      }
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ perpServer }, use) => use(perpServer.url),
});

test.describe.configure({ mode: 'serial' });

async function data<T>(context: BrowserContext, baseURL: string, user: TestUser, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const { httpStatus, envelope } = await userCall<T>(context, baseURL, user, method, path, body);
  if (envelope.status !== 'success') throw new Error(`${method} ${path}: ${httpStatus} ${envelope.error_code} ${envelope.error_message}`);
  return envelope.data;
}

/** A decimal string's value with the price's one decimal, for the steering targets (never for money). */
const priceText = (value: number): string => value.toFixed(1);

async function openPerp(page: Page): Promise<{ panel: Locator; ticket: Locator; account: Locator }> {
  await page.goto(`/en/trade/${SYMBOL}`);
  await expect(page.getByTestId('selected-symbol')).toHaveText(SYMBOL);
  // The funding rate and its countdown, for everyone on a perp's page.
  await expect(page.getByTestId('perps-funding-countdown')).toHaveText(/^\d+:\d{2}:\d{2}$/, { timeout: 40_000 });
  const panel = page.getByTestId('order-panel');
  await expect(panel).toHaveAttribute('data-market', 'PERPS', { timeout: 40_000 });
  const ticket = panel.getByTestId('perps-ticket');
  await expect(ticket).toBeVisible({ timeout: 20_000 });
  await expect(ticket.getByTestId('perps-available')).toContainText('₮');
  return { panel, ticket, account: page.getByTestId('perps-account') };
}

test.describe('perpetual futures', () => {
  test('a new user deposits margin, opens a 10x BTC long, gets a margin call as the price falls, and is liquidated without the wallet going negative', async ({ page, context, baseURL, perpServer }) => {
    test.setTimeout(420_000);
    const admin = (...args: string[]) => operatorOn(perpServer, ...args);
    const user = await signIn(context, baseURL!);

    await test.step('identity approved by the operator; Rupiah topped up', async () => {
      await verifyIdentity(context, baseURL!, user, PERSON, admin);
      await topUp(context, baseURL!, user, TOP_UP);
    });

    await test.step('Rupiah deposited into the margin wallet on the transfer page', async () => {
      await page.goto('/en/balance/transfer?tab=perps');
      await input(page, 'Amount (IDR)').fill(TO_MARGIN);
      await page.getByRole('button', { name: 'Review' }).click();
      await page.getByRole('alertdialog', { name: 'Check your transfer' }).getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByTestId('transfer-result')).toContainText('The margin wallet now holds ₮');
    });

    const types = await data<{ maxLeverage: number; minQuantity: string; quantityStep: string; markPrice: string }>(context, baseURL!, user, 'GET', PATHS.orderTypes);
    const { ticket, account } = await openPerp(page);

    await test.step('bad input is refused with its message, and nothing changes', async () => {
      const quantity = input(page, 'Quantity (BTC)');
      // Letters never enter the quantity.
      await quantity.pressSequentially('abc');
      await expect(quantity).toHaveValue('');
      await ticket.getByTestId('perps-review').click();
      await expect(ticket.getByText('Required: enter a number above 0.')).toBeVisible();

      // A reduce-only order with no position would open one: the estimate says so before anything is sent.
      await ticket.getByRole('checkbox', { name: /Reduce-only/ }).check();
      await quantity.fill(types.minQuantity);
      await expect(ticket.getByTestId('perps-refusal')).toHaveText('A reduce-only order may only reduce the position');
      await ticket.getByTestId('perps-review').click();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await ticket.getByRole('checkbox', { name: /Reduce-only/ }).uncheck();
      await quantity.fill('');

      // Leverage 0, above the maximum and letters: the dialog says the range and sends nothing.
      await ticket.getByTestId('leverage-button').click();
      const dialog = page.getByRole('dialog', { name: `Adjust ${SYMBOL} leverage` });
      const field = dialog.getByRole('textbox', { name: /Leverage/ });
      for (const bad of ['0', String(types.maxLeverage + 1), 'ten']) {
        await field.fill(bad);
        await dialog.getByTestId('leverage-apply').click();
        await expect(dialog.getByText(`Leverage must be a whole number from 1 to ${types.maxLeverage}.`)).toBeVisible();
      }
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // The server refuses the same, in the reader's language, whatever the page does.
      for (const [leverage, lang] of [[0, 'en'], [types.maxLeverage + 1, 'id']] as const) {
        const { httpStatus, envelope } = await userCall(context, baseURL!, user, 'POST', PATHS.leverage, { symbol: SYMBOL, leverage }, lang);
        expect.soft({ leverage, httpStatus, code: envelope.error_code }).toEqual({ leverage, httpStatus: 400, code: '4204' });
      }
      const reduce = await userCall(context, baseURL!, user, 'POST', PATHS.buy, { symbol: SYMBOL, orderType: 'MARKET', quantity: types.minQuantity, reduceOnly: true }, 'id');
      expect({ code: reduce.envelope.error_code, message: reduce.envelope.error_message }).toEqual({ code: '4201', message: 'Order reduce-only hanya boleh mengurangi posisi' });
      const letters = await userCall(context, baseURL!, user, 'POST', PATHS.buy, { symbol: SYMBOL, orderType: 'MARKET', quantity: '0.0O1' });
      expect(letters.envelope.error_code).toBe('002');
      expect((await data<{ items: Position[] }>(context, baseURL!, user, 'GET', PATHS.positions)).items).toEqual([]);
    });

    let position: Position | undefined;
    await test.step('leverage set to 10x, a BTC long opened after the intro and the confirmation', async () => {
      await ticket.getByTestId('leverage-button').click();
      const dialog = page.getByRole('dialog', { name: `Adjust ${SYMBOL} leverage` });
      await dialog.getByRole('textbox', { name: /Leverage/ }).fill(String(LEVERAGE));
      await dialog.getByTestId('leverage-apply').click();
      // The leverage modal explains what 10x means (a 10 % move), once.
      const risk = page.getByRole('alertdialog', { name: `Leverage ${LEVERAGE}x` });
      await expect(risk).toContainText('about 10%');
      await risk.getByRole('button', { name: `Use ${LEVERAGE}x` }).click();
      await expect(ticket.getByTestId('leverage-button')).toHaveText(`${LEVERAGE}x`);

      // Half the margin wallet at 10x: quantity = available × 10 / 2 / mark, down to the step.
      const balance = await data<{ availableBalance: string }>(context, baseURL!, user, 'GET', PATHS.balance);
      const step = units(types.quantityStep, 8);
      const raw = (units(balance.availableBalance, 8) * BigInt(LEVERAGE) * 10n ** 8n) / 2n / units(types.markPrice, 8);
      const quantity = (raw / step) * step;
      expect(quantity).toBeGreaterThanOrEqual(units(types.minQuantity, 8));
      const qtyText = (Number(quantity) / 1e8).toFixed(8).replace(/0+$/, '');
      await input(page, 'Quantity (BTC)').fill(qtyText);
      // The margin required and the liquidation price, before anything is sent.
      await expect(ticket.getByTestId('estimate-margin')).toHaveText(/^₮[\d,]+\.\d{2}$/);
      await expect(ticket.getByTestId('estimate-liquidation')).toHaveText(/^₮[\d,]+(\.\d+)?$/);
      await ticket.getByTestId('perps-review').click();

      const intro = page.getByRole('dialog', { name: 'Before you trade with leverage' });
      await expect(intro).toContainText('Crypto perpetual futures (USDT)');
      await intro.getByRole('checkbox', { name: 'I understand the risks of trading with leverage' }).check();
      await intro.getByRole('button', { name: 'Continue' }).click();
      const confirm = page.getByRole('alertdialog', { name: `Confirm buy / long ${SYMBOL}` });
      await expect(confirm.getByTestId('review-leverage')).toHaveText(`${LEVERAGE}x · Cross`);
      await expect(confirm.getByTestId('review-liquidation')).toHaveText(/^₮[\d,]+(\.\d+)?$/);
      await confirm.getByRole('button', { name: 'Place order' }).click();

      const row = account.getByTestId('perp-position');
      await expect(row).toHaveAttribute('data-side', 'LONG', { timeout: 30_000 });
      await expect(row).toContainText(`${SYMBOL} Long ${LEVERAGE}x · Cross`);
      await expect(row.getByTestId('position-pnl')).toHaveText(/₮[\d,]+\.\d{2} \([+-]?[\d.]+%\)$/);
      [position] = (await data<{ items: Position[] }>(context, baseURL!, user, 'GET', PATHS.positions)).items;
      expect(position).toMatchObject({ symbol: SYMBOL, side: 'LONG', quantity: qtyText });
      expect(position!.liquidationPrice).not.toBeNull();
    });

    await test.step('at 360 px the order panel and the account area fit the screen', async () => {
      const wide = page.viewportSize();
      await page.setViewportSize({ width: 360, height: 800 });
      await expect(account.getByTestId('perp-position')).toBeVisible();
      await expect(ticket.getByTestId('perps-review')).toBeVisible();
      // The perps parts stay inside the screen (the tab list scrolls within its card).
      for (const part of [account, page.getByTestId('order-panel')]) {
        const fit = await part.evaluate((el) => ({ right: el.getBoundingClientRect().right <= window.innerWidth, inside: el.scrollWidth <= el.clientWidth }));
        expect(fit).toEqual({ right: true, inside: true });
      }
      if (wide) await page.setViewportSize(wide);
    });

    await test.step('the price steered down between the margin call and the liquidation: the margin call arrives on the page', async () => {
      // Equity above the maintenance margin is q × (mark − liquidation price); at 0.12 × MMR of the
      // price above it the margin ratio is about 1 / 1.12 = 89 %, past the 80 % margin call.
      const liquidation = Number(position!.liquidationPrice);
      const target = liquidation * (1 + 0.12 * Number(position!.maintenanceMarginRate));
      admin('market', 'steer', SYMBOL, '--price', priceText(target), '--for', '600', '--reason', 'e2e liquidation');
      const notice = account.getByTestId('perps-notice');
      await expect(notice).toHaveAttribute('data-type', 'MARGIN_CALL', { timeout: 60_000 });
      const calls = await data<{ items: Array<{ type: string }> }>(context, baseURL!, user, 'GET', PATHS.notifications('MARGIN_CALL'));
      expect(calls.items).toHaveLength(1);
      // Not liquidated yet: the position is still open, its ratio shown past the warning line.
      const [open] = (await data<{ items: Position[] }>(context, baseURL!, user, 'GET', PATHS.positions)).items;
      expect(Number(open!.marginRatioPercentage)).toBeGreaterThanOrEqual(80);
      await expect(account.getByTestId('perp-position')).toHaveCount(1);
    });

    await test.step('past the liquidation price: the position is liquidated and the margin wallet is not negative', async () => {
      admin('market', 'steer', SYMBOL, '--price', priceText(Number(position!.liquidationPrice) * 0.98), '--for', '600', '--reason', 'e2e liquidation');
      await expect(account.getByTestId('perps-notice')).toHaveAttribute('data-type', 'ACCOUNT_LIQUIDATION', { timeout: 60_000 });
      await expect(account.getByTestId('perp-position')).toHaveCount(0);
      await expect(account.getByText('No open positions.')).toBeVisible();
      const balance = await data<{ walletBalance: string; availableBalance: string; marginRatioPercentage: string }>(context, baseURL!, user, 'GET', PATHS.balance);
      expect(units(balance.walletBalance, 8)).toBeGreaterThanOrEqual(0n);
      expect(units(balance.availableBalance, 8)).toBeGreaterThanOrEqual(0n);
      // The forced close: one filled sell of the whole position (the opening buy and it are the history).
      const history = await data<{ items: Array<{ side: string; status: string; filledQuantity: string }> }>(context, baseURL!, user, 'GET', PATHS.history);
      const closes = history.items.filter((order) => order.side === 'SELL' && order.status === 'SUCCESS');
      expect(closes.map((order) => units(order.filledQuantity, 8))).toEqual([units(position!.quantity, 8)]);
      await account.getByRole('tab', { name: 'Order history' }).click();
      await expect(account.getByTestId('perp-order-row')).toHaveCount(2);
      const liquidations = await data<{ items: Array<{ type: string }> }>(context, baseURL!, user, 'GET', PATHS.notifications('ACCOUNT_LIQUIDATION'));
      expect(liquidations.items).toHaveLength(1);
      admin('market', 'steer', SYMBOL, '--clear');
    });
  });
});
