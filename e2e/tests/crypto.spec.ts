// Crypto spot trading as a new user does it (issue 6): sign up (identity approved by the
// operator), top up with the simulated payment, buy BTC by amount with a market order in the
// order panel (review, then the Bappebti terms asked for and accepted, then done), see the IDR
// balance and the portfolio change, place a limit sell above the market and cancel it, place an
// OCO and steer the simulator (operator command) so the take-profit fills and the stop-loss is
// cancelled with it. Plus the order panel's input rules and a buy above the balance refused with
// the catalogue's message.
import type { Locator, Page } from '@playwright/test';
import { expect, input, signIn, test } from './support-fixtures';
import {
  PATHS,
  acceptTerms,
  clearSteer,
  cryptoOf,
  fromUnits,
  idrOf,
  lastPrice,
  ordersOf,
  rupiah,
  scaled,
  steer,
  topUp,
  trader,
  units,
  wholeOf,
  PERSON,
  type Order,
} from './support-crypto';
import { blockingViolations } from './support-a11y';
import { SHELL_TEXT } from './support-routes';
import { userCall, verifyIdentity } from './support-wallet';

const SYMBOL = 'BTC-IDR';
const TOP_UP = 5_000_000n;
const BUY_AMOUNT = 1_000_000n;
/** BTC's quantity step is 0.00000001: quantities compare at 8 decimals. */
const QTY_SCALE = 8;

/** A number as a page writes it (`0.00066 BTC`, `Rp1,234`) back to units at a scale. */
const unitsOnPage = (text: string | null, scale = QTY_SCALE): bigint => units((text ?? '').replace(/[^\d.]/g, ''), scale);

/**
 * The toast with this title appears (in the polite `status` region, or the `alert` region for
 * errors); it is dismissed (unless its few seconds are already over) so the same title can show
 * again later: the viewport shows a title only once at a time.
 */
async function seeToast(page: Page, title: string, kind: 'status' | 'alert' = 'status'): Promise<void> {
  const toast = page.getByRole(kind).locator(':scope > *').filter({ hasText: title });
  await expect(toast).toBeVisible();
  await toast
    .getByRole('button', { name: 'Dismiss notification' })
    .click({ timeout: 2_000 })
    .catch(() => undefined);
  await expect(toast).toHaveCount(0);
}

async function openTrade(page: Page): Promise<{ panel: Locator; ticket: Locator; orders: Locator }> {
  await page.goto(`/en/trade?ticker=${SYMBOL}`);
  await expect(page.getByTestId('selected-symbol')).toHaveText(SYMBOL);
  const panel = page.getByTestId('order-panel');
  await expect(panel.getByTestId('order-ticket')).toBeVisible({ timeout: 20_000 });
  return { panel, ticket: panel.getByTestId('order-ticket'), orders: page.getByTestId('orders-panel') };
}

/** Pro mode (CryptoAdvanced) through the panel's layout picker. */
async function usePro(panel: Locator): Promise<void> {
  if ((await panel.getByTestId('order-ticket').getAttribute('data-mode')) === 'pro') return;
  await panel.getByRole('button', { name: 'Simple mode' }).click();
  await panel.getByTestId('layout-picker').getByRole('radio', { name: /^Pro\b/ }).click();
  await expect(panel.getByTestId('order-ticket')).toHaveAttribute('data-mode', 'pro');
}

/** The ticket's side buttons. */
const side = (ticket: Locator, name: 'Buy' | 'Sell') => ticket.getByRole('group', { name: 'Order side' }).getByRole('button', { name, exact: true });

/** Review, then confirm in the review dialog; answers the dialog (closed once the call is answered). */
async function reviewAndConfirm(page: Page, ticket: Locator, what: 'buy' | 'sell'): Promise<Locator> {
  await ticket.getByTestId('order-review-button').click();
  const review = page.getByRole('alertdialog', { name: `Review BTC ${what} order` });
  await expect(review.getByTestId('order-review')).toBeVisible();
  await review.getByRole('button', { name: what === 'buy' ? 'Buy now' : 'Sell now' }).click();
  return review;
}

/** The rows of the orders panel's open tab or history tab. */
async function ordersTab(orders: Locator, tab: 'open' | 'history'): Promise<Locator> {
  await orders.getByRole('tab', { name: tab === 'open' ? /^Open orders/ : 'Order history' }).click();
  return orders.getByRole('tabpanel').getByTestId('order-row');
}

test.describe('crypto spot', () => {
  test('a new user tops up, accepts the terms, buys BTC by amount, sees balance and portfolio, cancels a limit sell, and an OCO leg fills', async ({ page, context, baseURL }) => {
    test.setTimeout(300_000);
    const user = await signIn(context, baseURL!);
    await verifyIdentity(context, baseURL!, user, PERSON);

    await test.step('top up with the simulated payment', async () => {
      await page.goto('/en/balance/topup');
      await page.getByRole('radio', { name: /BCA Virtual Account/ }).check();
      await input(page, 'Top-up amount').fill(TOP_UP.toString());
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('region', { name: 'Check your top-up' }).getByRole('button', { name: 'Get payment instructions' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Payment instructions' })).toBeVisible();
      await page.getByTestId('simulate-card').getByRole('button', { name: 'Simulate payment' }).click();
      await expect(page.getByTestId('paid-amount')).toHaveText(rupiah(TOP_UP));
    });

    let bought!: Order;
    await test.step('buy BTC by amount with a market order: review, the terms, done', async () => {
      const { ticket } = await openTrade(page);
      await expect(ticket).toHaveAttribute('data-mode', 'simple');
      await expect(side(ticket, 'Buy')).toHaveAttribute('aria-pressed', 'true');
      await expect(ticket.getByTestId('order-available')).toContainText(rupiah(TOP_UP));
      await input(page, 'Amount to spend (IDR)').fill(BUY_AMOUNT.toString());
      // The fee math at once: what is paid never exceeds the amount.
      await expect(ticket.getByTestId('numbers-total')).toHaveText(/^Rp[\d,]+$/);
      expect(wholeOf((await ticket.getByTestId('numbers-total').textContent())!.replace(/[^\d]/g, ''))).toBeLessThanOrEqual(BUY_AMOUNT);

      const review = await reviewAndConfirm(page, ticket, 'buy');
      // A new user has not accepted the Bappebti terms: the order asks for them.
      const prompt = page.getByRole('dialog', { name: 'Accept the terms' });
      await expect(prompt, 'the first order of a user without the Bappebti terms (018) opens the accept-terms prompt').toBeVisible();
      await expect(review, 'one dialog at a time: the review waits hidden under the prompt').toBeHidden();
      // The terms are readable before accepting.
      await prompt.getByRole('button', { name: 'terms and conditions' }).click();
      await expect(prompt.getByRole('region', { name: 'Crypto asset trading terms and conditions' })).toContainText('Bappebti');
      await prompt.getByRole('checkbox').check();
      await prompt.getByRole('button', { name: 'Accept and continue' }).click();
      await expect(prompt).toBeHidden();
      // The order goes on once the terms are accepted: sent again by the client, or (when the
      // review closed with no order) confirmed again by the user.
      const placed = page.getByRole('status').filter({ hasText: 'BTC buy order sent' }).first();
      await expect.poll(async () => (await placed.isVisible()) || !(await review.isVisible())).toBe(true);
      if (!(await placed.isVisible()) && (await ordersOf(context, baseURL!, user, 'history')).length === 0) await reviewAndConfirm(page, ticket, 'buy');
      await seeToast(page, 'BTC buy order sent');

      const history = await ordersOf(context, baseURL!, user, 'history');
      expect(history).toHaveLength(1);
      bought = history[0]!;
      expect(bought).toMatchObject({ side: 'BUY', orderType: 'MARKET', status: 'SUCCESS', amount: BUY_AMOUNT.toString() });
      expect(wholeOf(bought.total)).toBeLessThanOrEqual(BUY_AMOUNT);
      expect(wholeOf(bought.total)).toBeGreaterThan((BUY_AMOUNT * 99n) / 100n);
      expect(units(bought.filledQuantity, QTY_SCALE)).toBeGreaterThan(0n);
      // The panel's balance follows without a reload.
      await expect(ticket.getByTestId('order-available')).toContainText(rupiah(TOP_UP - wholeOf(bought.total)));
    });

    const held = (): bigint => units(bought.filledQuantity, QTY_SCALE);

    await test.step('the IDR balance and the portfolio show the buy', async () => {
      await page.goto('/en/balance');
      await expect(page.getByTestId('idr-available')).toHaveText(rupiah(TOP_UP - wholeOf(bought.total)));

      await page.goto('/en/portfolio');
      const row = page.getByTestId(`holding-${SYMBOL}`);
      await expect(row).toBeVisible();
      await expect(row).toContainText('BTC');
      await expect.poll(async () => unitsOnPage(await row.getByTestId('holding-quantity').textContent())).toBe(held());
      await expect(row.getByTestId('holding-market-value')).toHaveText(/^Rp[1-9][\d,]*$/);
      await expect(row.getByTestId('holding-average-cost')).toHaveText(/^Rp[1-9][\d,.]*$/);
      await expect(page.getByTestId('overview-cash')).toHaveText(rupiah(TOP_UP - wholeOf(bought.total)));
    });

    await test.step('a limit sell above the market rests, holds the BTC, and is cancelled', async () => {
      const { panel, ticket, orders } = await openTrade(page);
      await usePro(panel);
      await side(ticket, 'Sell').click();
      await ticket.getByLabel('Order type').selectOption('LIMIT');
      const price = scaled(await lastPrice(context, baseURL!, SYMBOL), 110);
      await input(page, 'Limit price').fill(price);
      await ticket.getByRole('group', { name: 'Order by' }).getByRole('button', { name: 'Quantity' }).click();
      await expect(ticket.getByTestId('order-available')).toContainText(fromUnits(held(), QTY_SCALE));
      const half = held() / 2n;
      await input(page, 'BTC quantity').fill(fromUnits(half, QTY_SCALE));
      await reviewAndConfirm(page, ticket, 'sell');
      await seeToast(page, 'BTC sell order sent');

      const open = await ordersTab(orders, 'open');
      await expect(open).toHaveCount(1);
      await expect(open.first()).toHaveAttribute('data-status', 'PENDING');
      await expect(open.first()).toContainText('Sell Limit');
      await expect(open.first().getByTestId('order-status')).toHaveText('Open');
      const [limit] = await ordersOf(context, baseURL!, user, 'open');
      expect(limit).toMatchObject({ side: 'SELL', orderType: 'LIMIT', status: 'PENDING', limitPrice: price });
      // The ledger holds what the order may sell.
      expect(units((await cryptoOf(context, baseURL!, user, SYMBOL)).available, QTY_SCALE)).toBe(held() - half);
      await expect.poll(async () => unitsOnPage(await ticket.getByTestId('order-available').textContent())).toBe(held() - half);

      await open.first().getByRole('button', { name: /^Cancel order/ }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Cancel this order?' });
      await confirm.getByRole('button', { name: 'Cancel order' }).click();
      await seeToast(page, 'Order cancelled');
      await expect(orders.getByText(`No open ${SYMBOL} orders`)).toBeVisible();

      const history = await ordersTab(orders, 'history');
      const cancelled = history.and(page.locator(`[data-order-id="${limit!.id}"]`));
      await expect(cancelled).toHaveAttribute('data-status', 'CANCELLED');
      await expect(cancelled.getByTestId('order-status')).toHaveText('Cancelled');
      // The held BTC is available again.
      await expect.poll(async () => unitsOnPage(await ticket.getByTestId('order-available').textContent())).toBe(held());
      const balance = await cryptoOf(context, baseURL!, user, SYMBOL);
      expect(units(balance.available, QTY_SCALE)).toBe(held());
      expect(units(balance.balance, QTY_SCALE)).toBe(held());
    });

    await test.step('an OCO sell: the take-profit fills when the price is steered up, the stop-loss is cancelled', async () => {
      const { panel, ticket, orders } = await openTrade(page);
      await usePro(panel);
      await side(ticket, 'Sell').click();
      await ticket.getByLabel('Order type').selectOption('OCO');
      const last = await lastPrice(context, baseURL!, SYMBOL);
      // Above the market and above what the BTC cost, so the sale is a gain whatever the price did since.
      const reference = wholeOf(last) > wholeOf(bought.averagePrice!) ? last : bought.averagePrice!;
      const takeProfit = scaled(reference, 103);
      const stopLoss = scaled(last, 90);
      await input(page, 'Take profit').fill(takeProfit);
      await input(page, 'Stop loss').fill(stopLoss);
      await ticket.getByRole('group', { name: 'Order by' }).getByRole('button', { name: 'Quantity' }).click();
      await input(page, 'BTC quantity').fill(fromUnits(held(), QTY_SCALE));
      await reviewAndConfirm(page, ticket, 'sell');
      await seeToast(page, 'BTC sell order sent');

      const open = await ordersTab(orders, 'open');
      await expect(open).toHaveCount(2);
      await expect(open.filter({ hasText: 'Take-profit leg' })).toHaveAttribute('data-status', 'PENDING');
      await expect(open.filter({ hasText: 'Stop-loss leg' })).toHaveAttribute('data-status', 'PENDING');
      const legs = await ordersOf(context, baseURL!, user, 'open');
      const tp = legs.find((o) => o.ocoLeg === 'TAKE_PROFIT')!;
      const sl = legs.find((o) => o.ocoLeg === 'STOP_LOSS')!;
      expect(tp.ocoGroupId).not.toBeNull();
      expect(sl.ocoGroupId).toBe(tp.ocoGroupId);
      const idrBefore = wholeOf((await idrOf(context, baseURL!, user)).available);

      // The operator pushes the price above the take-profit; the matcher's next ticks fill it.
      steer(SYMBOL, scaled(takeProfit, 105), 120);
      try {
        // Live, without a reload: the open orders empty, the history shows one leg filled and the other cancelled.
        await expect(orders.getByRole('tab', { name: /^Open orders/ })).toHaveText('Open orders (0)', { timeout: 30_000 });
        const history = await ordersTab(orders, 'history');
        await expect(history.and(page.locator(`[data-order-id="${tp.id}"]`))).toHaveAttribute('data-status', 'SUCCESS');
        await expect(history.and(page.locator(`[data-order-id="${sl.id}"]`))).toHaveAttribute('data-status', 'CANCELLED');
        await expect(history.and(page.locator(`[data-order-id="${tp.id}"]`)).getByTestId('order-status')).toHaveText('Filled');
        await expect(history.and(page.locator(`[data-order-id="${sl.id}"]`)).getByTestId('order-status')).toHaveText('Cancelled');
      } finally {
        clearSteer(SYMBOL);
      }

      const after = await ordersOf(context, baseURL!, user, 'history');
      const filled = after.find((o) => o.id === tp.id)!;
      const cancelled = after.find((o) => o.id === sl.id)!;
      expect(filled).toMatchObject({ status: 'SUCCESS', filledQuantity: expect.any(String) });
      expect(units(filled.filledQuantity, QTY_SCALE)).toBe(held());
      expect(cancelled).toMatchObject({ status: 'CANCELLED' });
      expect(units(cancelled.filledQuantity, QTY_SCALE)).toBe(0n);
      // The proceeds (fee and tax taken) reach the IDR balance; no BTC is left or held.
      const idrAfter = wholeOf((await idrOf(context, baseURL!, user)).available);
      expect(idrAfter - idrBefore).toBe(wholeOf(filled.total));
      expect(wholeOf(filled.total)).toBeGreaterThan(wholeOf(bought.total));
      const btc = await cryptoOf(context, baseURL!, user, SYMBOL);
      expect(units(btc.balance, QTY_SCALE)).toBe(0n);

      await page.goto('/en/portfolio');
      await expect(page.getByTestId('overview-cash')).toHaveText(rupiah(idrAfter));
      await expect(page.getByTestId('overview-realized')).toHaveAttribute('data-sign', '1');
      const trades = page.getByTestId('position-history').getByTestId('history-row');
      await expect(trades.first()).toContainText('Sell');
      await expect(trades.filter({ hasText: 'Buy' }).first()).toBeVisible();
    });
  });

  test('the order panel keeps to numbers and precisions, and a buy above the balance is refused with the catalogue message', async ({ page, context, baseURL }) => {
    test.setTimeout(120_000);
    const user = await signIn(context, baseURL!);
    await trader(context, baseURL!, user, { topUp: '200000', acceptTerms: true });
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/crypto/') && !request.url().endsWith('/estimate')) posts.push(request.url());
    });

    const { panel, ticket } = await openTrade(page);
    await expect(ticket.getByTestId('order-available')).toContainText('Rp200,000');

    // Letters never enter; IDR amounts are whole Rupiah (decimals are cut, not rounded).
    const amount = input(page, 'Amount to spend (IDR)');
    await amount.pressSequentially('abc');
    await expect(amount).toHaveValue('');
    await amount.pressSequentially('5x0y0z0');
    await expect(amount).toHaveValue('5,000');
    await amount.fill('');
    await amount.pressSequentially('12500.99');
    // Whole Rupiah: the typed fraction is cut, visibly, and said by the field (never 1,250,099).
    await expect(amount).toHaveValue('12,500.');
    await expect(amount).toHaveAccessibleDescription(/Whole numbers only/);
    await amount.blur();
    await expect(amount).toHaveValue('12,500');

    // A quantity keeps BTC's 8 decimals, truncated.
    await usePro(panel);
    await side(ticket, 'Sell').click();
    await ticket.getByRole('group', { name: 'Order by' }).getByRole('button', { name: 'Quantity' }).click();
    const quantity = input(page, 'BTC quantity');
    await quantity.pressSequentially('0.123456789');
    await expect(quantity).toHaveValue('0.12345678');
    await quantity.fill('');
    await quantity.pressSequentially('0.0a1');
    await expect(quantity).toHaveValue('0.01');

    // More than the balance: the panel says so before anything is sent.
    await side(ticket, 'Buy').click();
    await ticket.getByLabel('Order type').selectOption('MARKET');
    await ticket.getByRole('group', { name: 'Order by' }).getByRole('button', { name: 'Amount (IDR)' }).click();
    await input(page, 'Amount to spend (IDR)').fill('5000000');
    await ticket.getByTestId('order-review-button').click();
    await expect(ticket.getByText('Not enough balance')).toBeVisible();
    await expect(ticket.getByText('Your available IDR is Rp200,000.')).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(posts).toEqual([]);

    // The balance shrinks after the review (another device spends it): the server refuses with 1115
    // and the panel shows the catalogue's message.
    await input(page, 'Amount to spend (IDR)').fill('150000');
    await ticket.getByTestId('order-review-button').click();
    const review = page.getByRole('alertdialog', { name: 'Review BTC buy order' });
    await expect(review.getByTestId('order-review')).toBeVisible();
    const elsewhere = await userCall(context, baseURL!, user, 'POST', PATHS.buy, { symbol: SYMBOL, amount: '100000' });
    expect(elsewhere.envelope.status).toBe('success');
    await review.getByRole('button', { name: 'Buy now' }).click();
    await seeToast(page, 'Insufficient wallet balance', 'alert');
    await expect(review).toBeHidden();
    expect(posts.filter((url) => url.endsWith('/api/crypto/advanced/buy'))).toHaveLength(1);
    const history = await ordersOf(context, baseURL!, user, 'history');
    expect(history).toHaveLength(1);

    // The server on its own: letters (002), too many decimals for Rupiah, more than the balance (1115).
    const letters = await userCall(context, baseURL!, user, 'POST', PATHS.buy, { symbol: SYMBOL, amount: '5O000' });
    expect(letters.envelope.error_code).toBe('002');
    const decimals = await userCall(context, baseURL!, user, 'POST', PATHS.buy, { symbol: SYMBOL, amount: '50000.5' });
    expect(decimals.envelope.error_code).toBe('002');
    const tooMuch = await userCall(context, baseURL!, user, 'POST', PATHS.buy, { symbol: SYMBOL, amount: '5000000' });
    expect(tooMuch.envelope).toMatchObject({ error_code: '1115', error_message: 'Insufficient wallet balance' });
    expect(await ordersOf(context, baseURL!, user, 'history')).toHaveLength(1);
  });

  test.describe('accessibility', () => {
    test.use({ colorScheme: 'light', reducedMotion: 'reduce' });

    test('the signed-in order panel, an open order and the review pass axe in light and dark', async ({ page, context, baseURL }) => {
      test.setTimeout(120_000);
      const user = await signIn(context, baseURL!);
      await trader(context, baseURL!, user, { topUp: '2000000', acceptTerms: true });
      // Some BTC and a limit sell resting far above the market, so the open orders have a row.
      const bought = await userCall<{ orders: Order[] }>(context, baseURL!, user, 'POST', PATHS.buy, { symbol: SYMBOL, amount: '500000' });
      expect(bought.envelope.status).toBe('success');
      const quantity = fromUnits(units(bought.envelope.data.orders[0]!.filledQuantity, QTY_SCALE) / 2n, QTY_SCALE);
      const limitPrice = scaled(await lastPrice(context, baseURL!, SYMBOL), 130);
      const sell = await userCall(context, baseURL!, user, 'POST', PATHS.advancedSell, { symbol: SYMBOL, orderType: 'LIMIT', inputType: 'quantity', quantity, limitPrice });
      expect(sell.envelope.status).toBe('success');

      const { panel, ticket, orders } = await openTrade(page);
      await usePro(panel);
      await expect(await ordersTab(orders, 'open')).toHaveCount(1);
      await ticket.getByLabel('Order type').selectOption('OCO');
      const html = page.locator('html');
      const found: string[] = [];
      for (const theme of ['light', 'dark'] as const) {
        if (theme === 'dark') await page.getByRole('button', { name: SHELL_TEXT.toDark.en }).click();
        await expect(html).toHaveAttribute('data-theme', theme);
        found.push(await blockingViolations(page, `/en/trade?ticker=${SYMBOL}, pro order panel (${theme})`));
      }
      await side(ticket, 'Buy').click();
      await ticket.getByLabel('Order type').selectOption('MARKET');
      await input(page, 'Amount to spend (IDR)').fill('100000');
      await ticket.getByTestId('order-review-button').click();
      await expect(page.getByRole('alertdialog', { name: 'Review BTC buy order' }).getByTestId('order-review')).toBeVisible();
      found.push(await blockingViolations(page, 'the review dialog (dark)', { include: '[role="alertdialog"]' }));
      expect(found.filter(Boolean), 'serious/critical axe violations').toEqual([]);
    });
  });

  test('a verified user who has not accepted the terms is refused until they do', async ({ context, baseURL }) => {
    const user = await signIn(context, baseURL!);
    await verifyIdentity(context, baseURL!, user, PERSON);
    await topUp(context, baseURL!, user, '100000');
    const before = await userCall(context, baseURL!, user, 'POST', PATHS.buy, { symbol: SYMBOL, amount: '50000' });
    expect(before.envelope.error_code).toBe('018');
    expect((await idrOf(context, baseURL!, user)).available).toBe('100000');
    await acceptTerms(context, baseURL!, user);
    const after = await userCall(context, baseURL!, user, 'POST', PATHS.buy, { symbol: SYMBOL, amount: '50000' });
    expect(after.envelope.status).toBe('success');
  });
});
