// One true total: the balance page's total (`GET /api/wallet/balance`) and the portfolio's
// (`GET /api/portfolio/overview`) are the same figure, `app.netWorth`, across every wallet and
// holding — IDR cash (held included), voucher, USD in two stock wallets, USDT in the perpetuals
// margin wallet, crypto and a US stock — and each part is valued as the pages value it.
import { randomUUID } from 'node:crypto';
import { PortfolioOverview, successEnvelope, WALLET_PATHS, PORTFOLIO_PATHS, WalletBalanceResponse } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { signUpTestUser, type TestUser } from '../../testing/auth-fixture';
import type { AccountRef } from '../../ledger/api';
import { createNetWorth } from '../../plugins/net-worth';
import { fundCash, fundUsd, pinPrice, recordFill } from './test-support';

const SETUP_TIMEOUT_MS = 120_000;

const BTC_BUY = { symbol: 'BTC-IDR', side: 'BUY', quantity: '0.003', price: '1500000000', amount: '4500000', fee: '4500', tax: '0', total: '4504500', executedAt: '2026-11-01T01:00:00.000Z' } as const;
const AAPL_BUY = { symbol: 'AAPL', side: 'BUY', quantity: '2.5', price: '200', amount: '500', fee: '0', tax: '0', total: '500', executedAt: '2026-11-01T15:00:00.000Z' } as const;

describe('one true total', () => {
  let t: TestApp;
  let person: TestUser;

  const give = (to: AccountRef, currency: string, amount: string, house: 'FX' | 'PROMOTIONS' = 'FX') =>
    t.app.ledger.transfer({ key: `test-give:${randomUUID()}`, kind: 'FX', legs: [{ from: { house, currency }, to, amount }] });

  beforeAll(async () => {
    t = await createTestApp();
    // One market instant for both calls: USD/IDR and USDT/IDR hold still between them.
    await t.app.market.clock.set(Date.parse('2026-11-20T06:00:00Z'), { frozen: true });
    person = await signUpTestUser(t.app);
    await fundCash(t.app, person.userId, '10000000');
    await recordFill(t.app, person.userId, BTC_BUY);
    await fundUsd(t.app, person.userId, '1000.55');
    await recordFill(t.app, person.userId, AAPL_BUY, 'USSTOCK');
    await give({ userId: person.userId, currency: 'USD', purpose: 'USD_LEVERAGE' }, 'USD', '20.10');
    await give({ userId: person.userId, currency: 'USDT', purpose: 'PERP_MARGIN' }, 'USDT', '150.123456');
    await give({ userId: person.userId, currency: 'IDR', purpose: 'VOUCHER' }, 'IDR', '25000', 'PROMOTIONS');
    // Cash an open order holds is still the person's.
    await t.app.ledger.hold({ key: 'test-hold:idr', account: { userId: person.userId, currency: 'IDR', purpose: 'CASH' }, amount: '100000', reason: 'ORDER' });
    await pinPrice(t.app, 'BTC-IDR', '1650000000');
    await pinPrice(t.app, 'AAPL', '210.37');
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { ...person.headers, 'x-language-code': 'en' } })).json();

  it('the balance page and the portfolio show the same total, every wallet and holding counted', async () => {
    const wallet = successEnvelope(WalletBalanceResponse).parse(await get(WALLET_PATHS.walletBalance)).data;
    const portfolio = successEnvelope(PortfolioOverview).parse(await get(PORTFOLIO_PATHS.overview)).data;

    expect(wallet.totalIdr).toBe(portfolio.totalValue);
    expect(wallet.netWorth.totalIdr).toBe(wallet.totalIdr);
    expect(portfolio.netWorth.totalIdr).toBe(portfolio.totalValue);

    // Each part as the pages value it, at the mids the answer names.
    const { usdIdr, usdtIdr } = wallet.netWorth;
    const floor = (value: Decimal.Value) => new Decimal(value).toDecimalPlaces(0, Decimal.ROUND_DOWN).toFixed(0);
    const aaplUsd = new Decimal('2.5').times('210.37').toDecimalPlaces(2, Decimal.ROUND_DOWN);
    const expected = {
      // 10,000,000 − 4,504,500 (the BTC buy, held cash included) + 25,000 voucher
      IDR_CASH: '5520500',
      // 1,000.55 − 500 for AAPL in PALN, 20.10 in the leverage wallet
      USD_WALLETS: floor(new Decimal('520.65').times(usdIdr)),
      USDT_MARGIN: floor(new Decimal('150.123456').times(usdtIdr)),
      CRYPTO: '4950000',
      USSTOCK: floor(aaplUsd.times(usdIdr)),
      // No IDX shares or unsettled sale proceeds (the IDX module's part; idx/orders.test values one).
      IDX: '0',
      // No open US CFD position: no unrealized P&L beyond the wallets' USD.
      US_CFD: '0',
    };
    expect(Object.fromEntries(wallet.netWorth.parts.map((p) => [p.key, p.valueIdr]))).toEqual(expected);
    const sum = Object.values(expected).reduce((acc, v) => acc.plus(v), new Decimal(0));
    expect(wallet.totalIdr).toBe(sum.toFixed(0));
    // The portfolio's US holding is the same figure as the total's US part.
    const us = portfolio.markets.find((m) => m.assetType === 'USSTOCK');
    expect(us?.idr.investedValue).toBe(floor(aaplUsd.times(portfolio.usdIdr.rate)));
  });

  it('a newcomer owns zero on both calls', async () => {
    const newcomer = await signUpTestUser(t.app);
    const headers = { ...newcomer.headers, 'x-language-code': 'en' };
    const wallet = successEnvelope(WalletBalanceResponse).parse((await t.app.inject({ method: 'GET', url: WALLET_PATHS.walletBalance, headers })).json()).data;
    const portfolio = successEnvelope(PortfolioOverview).parse((await t.app.inject({ method: 'GET', url: PORTFOLIO_PATHS.overview, headers })).json()).data;
    expect([wallet.totalIdr, portfolio.totalValue]).toEqual(['0', '0']);
  });
});

describe('the net worth registry', () => {
  const rates = { usdIdr: () => '16000.00', usdtIdr: () => '16100.50' };

  it('adds each registered part rounded down to whole Rupiah, in registration order', async () => {
    const worth = createNetWorth({ balances: async () => [], rates, now: () => 42 });
    worth.register({ key: 'A', valueIdr: () => '10.9' });
    worth.register({ key: 'B', valueIdr: async ({ usdtIdr }) => new Decimal(usdtIdr).times('0.5') });
    expect(await worth.of('u')).toEqual({
      totalIdr: '8060',
      parts: [
        { key: 'A', valueIdr: '10' },
        { key: 'B', valueIdr: '8050' },
      ],
      usdIdr: '16000.00',
      usdtIdr: '16100.50',
      at: 42,
    });
  });

  it('refuses a part registered twice (one hook per market)', () => {
    const worth = createNetWorth({ balances: async () => [], rates, now: () => 0 });
    worth.register({ key: 'A', valueIdr: () => 0 });
    expect(() => worth.register({ key: 'A', valueIdr: () => 1 })).toThrow(/registered twice/);
  });
});
