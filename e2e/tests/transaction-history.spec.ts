// The transaction history as a new user reads it: after a top-up and a crypto buy and sale (made
// through the API, the trade pages have their own journey), each trade is found with the product
// and type filters, a row opens with the ledger entries behind it, top-ups still waiting for
// payment are listed as in progress and push the list onto a second page, the CSV of the filtered
// range downloads, and a 360 px phone shows the page without horizontal overflow.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, input, signIn, test } from './support-fixtures';
import { PATHS, trader, type Order } from './support-crypto';
import { userCall } from './support-wallet';
import { expectNoOverflowAt360 } from './support-layout';

const SYMBOL = 'BTC-IDR';
/** Top-ups created and left unpaid: with the paid top-up, the buy and the sale, one row more than a page (30). */
const WAITING_TOP_UPS = 30;

async function placed(answer: Promise<{ httpStatus: number; envelope: { status: string; data: { orders: Order[] }; error_message?: string } }>): Promise<Order> {
  const { httpStatus, envelope } = await answer;
  if (envelope.status !== 'success') throw new Error(`order refused: ${httpStatus} ${envelope.error_message}`);
  return envelope.data.orders[0]!;
}

/** Chooses the filters by their labels and applies them. */
async function filter(page: Page, choices: Partial<Record<'Product' | 'Type' | 'Status', string>>): Promise<void> {
  const form = page.getByRole('search', { name: 'Transaction filters' });
  await expect(input(page, 'Product').locator('option')).not.toHaveCount(1);
  for (const label of ['Product', 'Type', 'Status'] as const) await input(page, label).selectOption({ label: choices[label] ?? 'All' });
  await form.getByRole('button', { name: 'Apply' }).click();
}

test('a new user finds each trade with the filters, opens its ledger entries, pages on, downloads the CSV, and a phone shows it whole', async ({ page, context, baseURL }) => {
  test.setTimeout(180_000);
  const user = await signIn(context, baseURL!);
  await trader(context, baseURL!, user, { topUp: '5000000', acceptTerms: true });
  const buy = await placed(userCall(context, baseURL!, user, 'POST', PATHS.buy, { symbol: SYMBOL, amount: '1000000' }));
  expect(buy.status).toBe('SUCCESS');
  const sell = await placed(userCall(context, baseURL!, user, 'POST', '/api/crypto/sell', { symbol: SYMBOL, quantity: buy.filledQuantity }));
  expect(sell.status).toBe('SUCCESS');
  for (let i = 0; i < WAITING_TOP_UPS; i += 5) {
    await Promise.all(
      Array.from({ length: 5 }, async () => {
        const { envelope } = await userCall(context, baseURL!, user, 'POST', PATHS.topups, { paymentChannel: 'BCA_VA', amount: '100000' });
        expect(envelope.status).toBe('success');
      }),
    );
  }

  await page.goto('/en/transaction-history');
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction history' })).toBeVisible();
  const rows = page.getByTestId('transaction-row');

  await test.step('each trade with product Crypto and its type', async () => {
    for (const type of ['Buy', 'Sell']) {
      await filter(page, { Product: 'Crypto', Type: type });
      await expect(page).toHaveURL(/product=CRYPTO/);
      await expect(page).toHaveURL(new RegExp(`type=${type.toUpperCase()}`));
      await expect(rows).toHaveCount(1);
      for (const text of ['Crypto', type, SYMBOL, 'Completed']) await expect(rows.first()).toContainText(text);
    }
  });

  await test.step('the sale’s details show its ledger entries', async () => {
    await rows.first().click();
    const legs = page.getByTestId('ledger-leg');
    await expect(legs.filter({ hasText: /^You.*BTC/ })).toHaveCount(1);
    await expect(legs.filter({ hasText: /^You.*IDR/ })).toHaveCount(1);
    await expect(legs.filter({ hasText: /^PasarFees/ })).toHaveCount(1);
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await expect(rows).toHaveCount(1);
  });

  await test.step('the CSV of the filtered range: the header and the sale', async () => {
    await filter(page, { Product: 'Crypto' });
    await expect(rows).toHaveCount(2);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('transactions.csv');
    const lines = fs.readFileSync((await download.path())!, 'utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,time,product,type,status,symbol,amounts,fees,taxes');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,CRYPTO,SELL,COMPLETED,${SYMBOL},`);
    expect(lines[2]).toContain(`,CRYPTO,BUY,COMPLETED,${SYMBOL},`);
  });

  await test.step('top-ups waiting for payment are listed in progress, and the whole list goes on to page 2', async () => {
    await filter(page, { Type: 'Top-up', Status: 'In progress' });
    await expect(rows).toHaveCount(WAITING_TOP_UPS);
    for (const text of ['Wallet', 'Top-up', 'In progress']) await expect(rows.first()).toContainText(text);
    await filter(page, {});
    await expect(rows).toHaveCount(30);
    const pager = page.getByRole('navigation', { name: 'Transaction pages' });
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/cursor=/);
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('Sell');
    await expect(rows.nth(1)).toContainText('Buy');
    for (const text of ['Top-up', 'Completed']) await expect(rows.nth(2)).toContainText(text);
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  await test.step('at 360 px the page has no horizontal overflow', async () => {
    await expectNoOverflowAt360(page);
    await expect(rows).toHaveCount(3);
  });
});
