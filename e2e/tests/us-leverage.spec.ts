// US stock leverage as a new user trades it: identity and the US-stock declaration approved by the
// operator, Rupiah moved to USD and on to the intraday (4x) wallet, then on /trade?ticker=AAPL in
// regular hours (the market clock, operator command, development/test only): the leverage selector
// and its modal, bad input refused (letters in the field; leverage 0 and tradingHours by the
// server, nothing opened), the leverage intro before the first leveraged order, a confirmed 4x
// buy shown with its margin ratio and auto-close time; then the clock carried to 15:46 New York
// (past the 15:45 cut-off): the position is closed automatically and the person is notified. The
// clock is global to a server: this journey runs against its own server and clears it at the end.
import type { BrowserContext } from '@playwright/test';
import { acceptTerms, topUp } from './support-crypto';
import { expect, input, signIn, test as base } from './support-fixtures';
import { operatorOn } from './support-operator';
import { startPrivateServer, type PrivateServer } from './support-private-server';
import { approveUsStocks, userCall, verifyIdentity, type ApiAnswer } from './support-wallet';

const PERSON = { fullName: 'Rina Wijaya', birthDate: '1990-03-02' };
const SYMBOL = 'AAPL';
/** Wednesday 2 December 2026, 10:00 New York: regular hours (the 4x cut-off is 15:45). */
const REGULAR_HOURS = '2026-12-02T10:00:00-05:00';
const PAST_THE_CUTOFF = '2026-12-02T15:46:00-05:00';

const test = base.extend<object, { levServer: PrivateServer }>({
  levServer: [
    async ({}, use) => {
      const server = await startPrivateServer('us-leverage', { env: { KYC_AUTO_APPROVE_SECONDS: 'off', RATE_LIMIT_IP_FACTOR: '1000' } });
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
  baseURL: async ({ levServer }, use) => use(levServer.url),
});

test.describe.configure({ mode: 'serial' });

interface Position {
  id: string;
  symbol: string;
  leverage: number;
  status: string;
  closeReason: string | null;
}

async function ok<T>(answer: Promise<ApiAnswer<T>>, what: string): Promise<T> {
  const { httpStatus, envelope } = await answer;
  if (envelope.status !== 'success') throw new Error(`${what}: ${httpStatus} ${envelope.error_code} ${envelope.error_message}`);
  return envelope.data;
}

async function aaplId(context: BrowserContext, baseURL: string): Promise<number> {
  const response = await context.request.get(new URL('/api/market/instruments?assetType=USSTOCK', baseURL).toString());
  const envelope = (await response.json()) as { data: { items: Array<{ symbol: string; id: number }> } };
  const aapl = envelope.data.items.find((i) => i.symbol === SYMBOL);
  if (!aapl) throw new Error('AAPL is not in the catalogue');
  return aapl.id;
}

test.describe('US stock leverage', () => {
  test('a 4x AAPL position bought in regular hours is closed automatically when the clock reaches the cut-off before the close', async ({ page, context, baseURL, levServer }) => {
    test.setTimeout(360_000);
    const admin = (...args: string[]) => operatorOn(levServer, ...args);
    const user = await signIn(context, baseURL!);
    const api = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => userCall<T>(context, baseURL!, user, method, path, body);

    await test.step('identity and the US-stock declaration approved; Rupiah moved to USD and to the intraday wallet', async () => {
      await verifyIdentity(context, baseURL!, user, PERSON, admin);
      await approveUsStocks(context, baseURL!, user, PERSON, admin);
      await topUp(context, baseURL!, user, '5000000');
      await acceptTerms(context, baseURL!, user);
      await ok(api('POST', '/api/global-stock/transfer', { wallet: 'paln', direction: 'TO_USD', amount: '3000000' }), 'to USD');
      await ok(api('POST', '/api/leverage-wallet/deposit', { wallet: 'intraday', amount: '100.00' }), 'to the intraday wallet');
    });

    admin('market', 'clock', 'set', REGULAR_HOURS);
    const stockId = await aaplId(context, baseURL!);

    await test.step('the selector: 4x after its modal, the intraday wallet’s buying power; letters are not taken', async () => {
      await page.goto(`/en/trade?ticker=${SYMBOL}`);
      const panel = page.getByTestId('order-panel');
      await expect(panel).toHaveAttribute('data-market', 'USSTOCK', { timeout: 40_000 });
      await expect(panel.getByTestId('market-status')).toHaveText(/Market open/, { timeout: 20_000 });
      await panel.getByRole('radio', { name: 'Intraday wallet (4x)' }).click({ force: true });
      await page.getByRole('alertdialog', { name: 'Leverage 4x' }).getByRole('button', { name: 'Use 4x' }).click();
      await expect(panel.getByTestId('us-leverage-buying-power')).toHaveText('$400.00');
      const shares = input(page, 'Shares');
      await shares.pressSequentially('abc');
      await expect(shares).toHaveValue('');
    });

    await test.step('bad input refused by the server (leverage 0, tradingHours on a leveraged order), nothing opened', async () => {
      const zero = await api('POST', '/api/global-stock/leverage/buy', { stockId, orderType: 'MARKET', leverage: 0, quantity: '1' });
      expect({ status: zero.httpStatus, code: zero.envelope.error_code }).toEqual({ status: 400, code: '002' });
      const hours = await api('POST', '/api/global-stock/leverage/buy', { stockId, orderType: 'MARKET', leverage: 4, isIntradayLeverage: true, quantity: '1', tradingHours: 'REGULAR_HOURS' });
      expect({ status: hours.httpStatus, code: hours.envelope.error_code, message: hours.envelope.error_message }).toEqual({ status: 400, code: '3806', message: expect.any(String) });
      expect((await ok(api<{ items: Position[] }>('GET', '/api/global-stock/leverage/positions'), 'positions')).items).toEqual([]);
    });

    await test.step('a 4x buy: the leverage intro, the confirmation, then the position with its margin ratio and auto-close time', async () => {
      const panel = page.getByTestId('order-panel');
      await input(page, 'Shares').fill('1');
      await expect(panel.getByTestId('us-leverage-margin')).toHaveText(/^\$\d{2,3}\.\d{2}$/);
      await panel.getByTestId('us-leverage-buy').click();
      const intro = page.getByRole('dialog', { name: 'Before you trade with leverage' });
      await intro.getByLabel('I understand the risks of trading with leverage').check();
      await intro.getByTestId('leverage-intro-continue').click();
      await page.getByRole('alertdialog', { name: `Confirm buying ${SYMBOL} 4x` }).getByRole('button', { name: 'Buy now' }).click();
      await expect(panel.getByTestId('us-leverage-result')).toContainText(`${SYMBOL} 4x position opened: 1 shares at $`);
      const position = panel.getByTestId('us-leverage-position');
      await expect(position).toHaveAttribute('data-leverage', '4');
      await expect(panel.getByTestId('us-leverage-ratio-intraday')).toContainText('Intraday wallet (4x) margin ratio:');
      await expect(panel.getByTestId('us-leverage-auto-close')).toBeVisible();
    });

    await test.step('the clock carried past 15:45 New York: the position is closed automatically, and the person is told', async () => {
      admin('market', 'clock', 'set', PAST_THE_CUTOFF);
      await expect
        .poll(async () => (await ok(api<{ items: Position[] }>('GET', '/api/global-stock/leverage/positions?scope=history'), 'history')).items.map((p) => p.closeReason), { timeout: 30_000 })
        .toEqual(['INTRADAY_CLOSE']);
      expect((await ok(api<{ items: Position[] }>('GET', '/api/global-stock/leverage/positions'), 'open')).items).toEqual([]);
      // Written in the person's language (Indonesian, the default); sent once the sweep's pass has recorded the close.
      await expect
        .poll(async () => (await ok(api<{ items: Array<{ type: string; title: string }> }>('GET', '/api/notifications?size=20'), 'notifications')).items.map((n) => n.title), { timeout: 30_000 })
        .toContain('Posisi intraday ditutup');

      await page.reload();
      const panel = page.getByTestId('order-panel');
      await expect(panel).toHaveAttribute('data-market', 'USSTOCK', { timeout: 40_000 });
      await panel.getByRole('radio', { name: 'Intraday wallet (4x)' }).click({ force: true });
      await page.getByRole('alertdialog', { name: 'Leverage 4x' }).getByRole('button', { name: 'Use 4x' }).click();
      await expect(panel.getByText('No leveraged positions yet')).toBeVisible();
      // The whole margin is free again.
      await expect(panel.getByTestId('us-leverage-buying-power')).toHaveText(/^\$\d{3}\.\d{2}$/);
    });
  });
});
