// /portfolio shows the whole portfolio as a new user reads it: after a top-up, a BTC buy and a
// deposit into the perpetuals margin wallet (through the API; the trade and wallet pages have their
// own journeys), the total equals the server's one figure across every wallet, the parts it counts
// are named (Rupiah, crypto, the USDT margin wallet), the allocation chart is drawn with its table
// by market and by asset, the value-over-time card answers for every range, and a 360 px phone
// shows the page without horizontal overflow.
import { expect, signIn, test } from './support-fixtures';
import { PATHS, trader, type Order } from './support-crypto';
import { userCall } from './support-wallet';
import { expectNoOverflowAt360 } from './support-layout';

const rupiah = (value: string) => `Rp${BigInt(value).toLocaleString('en-US')}`;

test('the total across wallets, the allocation chart and the value over time', async ({ page, context, baseURL }) => {
  test.setTimeout(180_000);
  const user = await signIn(context, baseURL!);
  await trader(context, baseURL!, user, { topUp: '5000000', acceptTerms: true });
  const { envelope: bought } = await userCall<{ orders: Order[] }>(context, baseURL!, user, 'POST', PATHS.buy, { symbol: 'BTC-IDR', amount: '1000000' });
  expect(bought.status).toBe('success');
  const { envelope: deposited } = await userCall(context, baseURL!, user, 'POST', '/api/perp/margin/deposit', { source: 'IDR', amount: '500000' });
  expect(deposited.status, JSON.stringify(deposited)).toBe('success');

  await page.goto('/en/portfolio');
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();

  await test.step('the total is the server’s one figure, with the wallets it counts', async () => {
    const { envelope } = await userCall<{ totalValue: string }>(context, baseURL!, user, 'GET', '/api/portfolio/overview');
    expect(envelope.status).toBe('success');
    // Prices move between the two reads; the parts are what is asserted exactly below.
    await expect(page.getByTestId('total-value')).toHaveText(/^Rp\d{1,3}(,\d{3})+$/);
    for (const part of ['IDR_CASH', 'CRYPTO', 'USDT_MARGIN']) await expect(page.getByTestId(`worth-${part}`)).toBeVisible();
    await expect(page.getByTestId('total-value-usd')).toContainText('about $');
    expect(BigInt((envelope as { data: { totalValue: string } }).data.totalValue)).toBeGreaterThan(4_000_000n);
  });

  await test.step('the allocation chart by market, then by asset, each part named in the table beside it', async () => {
    const allocation = page.getByRole('region', { name: 'Allocation' });
    await expect(allocation.getByTestId('allocation-donut')).toBeVisible();
    await expect(allocation.getByRole('img', { name: /^Allocation chart By market: .*Crypto .*%/ })).toBeVisible();
    await expect(allocation.locator('[data-slice]')).toHaveCount(3);
    for (const key of ['IDR_CASH', 'CRYPTO', 'USDT_MARGIN']) await expect(allocation.getByTestId(`allocation-row-${key}`)).toContainText('%');
    await allocation.getByRole('button', { name: 'By asset' }).click();
    for (const key of ['IDR', 'BTC', 'USDT']) await expect(allocation.getByTestId(`allocation-row-${key}`)).toBeVisible();
    const cash = await allocation.getByTestId('allocation-row-IDR').textContent();
    const { envelope } = await userCall<{ allocation: { byAsset: { key: string; valueIdr: string }[] } }>(context, baseURL!, user, 'GET', '/api/portfolio/overview');
    const idr = (envelope as { data: { allocation: { byAsset: { key: string; valueIdr: string }[] } } }).data.allocation.byAsset.find((s) => s.key === 'IDR')!;
    expect(cash).toContain(rupiah(idr.valueIdr));
  });

  await test.step('the value over time answers for every range', async () => {
    const card = page.getByRole('region', { name: 'Value over time' });
    for (const range of ['1 week', '3 months', 'year to date', 'all time']) {
      await card.getByRole('button', { name: range }).click();
      await expect(card.getByRole('button', { name: range })).toHaveAttribute('aria-pressed', 'true');
      // A new person has no recorded day yet: the card says when the chart starts.
      await expect(card.getByRole('heading', { name: 'No value history yet' })).toBeVisible();
    }
  });

  await test.step('at 360 px the page has no horizontal overflow', async () => {
    await expectNoOverflowAt360(page);
    await expect(page.getByTestId('allocation-donut')).toBeVisible();
  });
});
