// The portfolio's US stocks, from fills the order engine recorded in the USSTOCK market and the
// PALN wallet's ledger accounts: holdings in USD (cents) with IDR equivalents at the rate the answer
// names, the overview adding USD cash and US holdings in IDR, and the US position history; a split
// multiplies the shares and keeps the cost, a dividend is cash and not cost.
import {
  ErrorEnvelope,
  PORTFOLIO_PATHS,
  PortfolioOverview,
  UsStockHoldingsResponse,
  UsStockPositionHistoryResponse,
  successEnvelope,
} from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { signUpTestUser, type TestUser } from '../../testing/auth-fixture';
import { usdIdrQuote } from '../../market/quotes';
import { fundUsd, pinPrice, recordFill, recordUsSplit, type TestFill } from './test-support';

const SETUP_TIMEOUT_MS = 120_000;

// Two buys, then a sale of one share: 2.5 shares cost 381.40; one share takes out 152.56 of it
// and realizes 169.49 − 152.56 = 16.93; 1.5 shares remain at a cost of 228.84.
const U1: TestFill = { symbol: 'AAPL', side: 'BUY', quantity: '2', price: '150', amount: '300', fee: '1', tax: '0', total: '301', executedAt: '2026-11-20T15:00:00.000Z' };
const U2: TestFill = { symbol: 'AAPL', side: 'BUY', quantity: '0.5', price: '160', amount: '80', fee: '0.4', tax: '0', total: '80.4', executedAt: '2026-11-20T16:00:00.000Z' };
const U3: TestFill = { symbol: 'AAPL', side: 'SELL', quantity: '1', price: '170', amount: '170', fee: '0.5', tax: '0.01', total: '169.49', executedAt: '2026-11-23T15:00:00.000Z' };

describe('the portfolio of US stocks', () => {
  let t: TestApp;
  let investor: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    investor = await signUpTestUser(t.app);
    await fundUsd(t.app, investor.userId, '1000');
    for (const [name, fill] of Object.entries({ U1, U2, U3 })) ids[name] = await recordFill(t.app, investor.userId, fill, 'USSTOCK');
    await pinPrice(t.app, 'AAPL', '180');
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const get = (url: string, user: TestUser = investor) => t.app.inject({ method: 'GET', url, headers: { ...user.headers, 'x-language-code': 'en' } });
  const usHoldingsOf = async (user: TestUser) =>
    successEnvelope(UsStockHoldingsResponse).parse((await get(`${PORTFOLIO_PATHS.assetHoldings}?assetType=USSTOCK`, user)).json()).data;
  const usHistoryOf = async (user: TestUser) =>
    successEnvelope(UsStockPositionHistoryResponse).parse((await get(`${PORTFOLIO_PATHS.positionHistory}?assetType=USSTOCK`, user)).json()).data;
  const overviewOf = async (user: TestUser) => successEnvelope(PortfolioOverview).parse((await get(PORTFOLIO_PATHS.overview, user)).json()).data;
  const idr = (usd: string, rate: string, rounding: Decimal.Rounding = Decimal.ROUND_HALF_UP) => new Decimal(usd).times(rate).toDecimalPlaces(0, rounding).toFixed();

  it('values the holding in USD and in IDR at the rate it names', async () => {
    const data = successEnvelope(UsStockHoldingsResponse).parse((await get(`${PORTFOLIO_PATHS.assetHoldings}?assetType=USSTOCK`)).json()).data;
    const rate = data.usdIdr.rate;
    expect(new Decimal(rate).gt(1000)).toBe(true);
    expect(data.items).toEqual([
      {
        assetType: 'USSTOCK',
        symbol: 'AAPL',
        currency: 'USD',
        quantity: '1.5',
        available: '1.5',
        averageCost: '152.56',
        costBasis: '228.84',
        marketPrice: '180',
        marketValue: '270',
        unrealizedPnl: '41.16',
        unrealizedPnlPercent: '17.99',
        realizedPnl: '16.93',
        idr: {
          averageCost: idr('152.56', rate),
          costBasis: idr('228.84', rate),
          marketPrice: idr('180', rate),
          marketValue: idr('270', rate, Decimal.ROUND_DOWN),
          unrealizedPnl: new Decimal(idr('270', rate, Decimal.ROUND_DOWN)).minus(idr('228.84', rate)).toFixed(),
          realizedPnl: idr('16.93', rate),
        },
      },
    ]);
    // One ticker, in any case; a crypto pair is not a US stock (003).
    const one = successEnvelope(UsStockHoldingsResponse).parse((await get(`${PORTFOLIO_PATHS.assetHoldings}?assetType=USSTOCK&symbol=aapl`)).json()).data;
    expect(one.items.map((h) => h.symbol)).toEqual(['AAPL']);
    expect((await get(`${PORTFOLIO_PATHS.assetHoldings}?assetType=USSTOCK&symbol=BTC-IDR`)).statusCode).toBe(404);
  });

  it('adds USD cash and the US holdings to the overview in IDR, and totals the US market in USD', async () => {
    const data = successEnvelope(PortfolioOverview).parse((await get(PORTFOLIO_PATHS.overview)).json()).data;
    const rate = data.usdIdr.rate;
    // 1000 − 301 − 80.40 + 169.49.
    expect([data.usdCash, data.usdCashIdr]).toEqual(['788.09', idr('788.09', rate, Decimal.ROUND_DOWN)]);
    const valueIdr = idr('270', rate, Decimal.ROUND_DOWN);
    const costIdr = idr('228.84', rate);
    expect(data).toMatchObject({
      cash: '0',
      investedValue: valueIdr,
      costBasis: costIdr,
      unrealizedPnl: new Decimal(valueIdr).minus(costIdr).toFixed(),
      realizedPnl: idr('16.93', rate),
      totalValue: new Decimal(data.usdCashIdr).plus(valueIdr).toFixed(),
    });
    expect(data.markets.find((m) => m.assetType === 'USSTOCK')).toEqual({
      assetType: 'USSTOCK',
      currency: 'USD',
      investedValue: '270',
      costBasis: '228.84',
      unrealizedPnl: '41.16',
      unrealizedPnlPercent: '17.99',
      realizedPnl: '16.93',
      idr: { investedValue: valueIdr, costBasis: costIdr, unrealizedPnl: new Decimal(valueIdr).minus(costIdr).toFixed(), realizedPnl: idr('16.93', rate) },
    });
  });

  it('lists the US fills newest first in USD, the sale with what it realized', async () => {
    const data = successEnvelope(UsStockPositionHistoryResponse).parse((await get(`${PORTFOLIO_PATHS.positionHistory}?assetType=USSTOCK`)).json()).data;
    expect(data.items.map((f) => [f.id, f.side, f.total, f.realizedPnl, f.assetType, f.currency])).toEqual([
      [ids.U3, 'SELL', '169.49', '16.93', 'USSTOCK', 'USD'],
      [ids.U2, 'BUY', '80.4', null, 'USSTOCK', 'USD'],
      [ids.U1, 'BUY', '301', null, 'USSTOCK', 'USD'],
    ]);
    // The crypto history does not show them.
    const crypto = (await get(PORTFOLIO_PATHS.positionHistory)).json() as { data: { items: unknown[] } };
    expect(crypto.data.items).toEqual([]);
  });

  it('converts at the house USD/IDR mid of the instant it names', async () => {
    const { usdIdr } = await usHoldingsOf(investor);
    expect(usdIdr.rate).toBe(usdIdrQuote(t.app.market.simulator, t.app.config.market.usdSpreadPercent, usdIdr.at).mid.toFixed(2));
  });

  it('multiplies the shares by a split and keeps the cost: the average cost divides, a later sale takes out the new average', async () => {
    const holder = await signUpTestUser(t.app);
    await fundUsd(t.app, holder.userId, '300');
    await recordFill(t.app, holder.userId, { symbol: 'NVDA', side: 'BUY', quantity: '2', price: '100', amount: '200', fee: '0.5', tax: '0', total: '200.5', executedAt: '2026-11-06T15:00:00.000Z' }, 'USSTOCK');
    // 4-for-1: the 2 shares held get 6 more.
    await recordUsSplit(t.app, holder.userId, 'NVDA', '4:1', '6');
    await pinPrice(t.app, 'NVDA', '27');
    let [nvda] = (await usHoldingsOf(holder)).items;
    // 200.50 / 8 = 25.0625; 8 × 27 = 216.
    expect(nvda).toMatchObject({ quantity: '8', costBasis: '200.5', averageCost: '25.0625', marketValue: '216', unrealizedPnl: '15.5', realizedPnl: '0' });
    // Sold after the split: 2 of 8 shares take out 50.13 (50.125, half up); 59.49 − 50.13 = 9.36.
    const sellId = await recordFill(
      t.app,
      holder.userId,
      { symbol: 'NVDA', side: 'SELL', quantity: '2', price: '30', amount: '60', fee: '0.5', tax: '0.01', total: '59.49', executedAt: new Date(Date.now() + 60_000).toISOString() },
      'USSTOCK',
    );
    [nvda] = (await usHoldingsOf(holder)).items;
    expect(nvda).toMatchObject({ quantity: '6', costBasis: '150.37', averageCost: '25.0617', marketValue: '162', unrealizedPnl: '11.63', realizedPnl: '9.36' });
    expect((await usHistoryOf(holder)).items.map((f) => [f.id, f.side, f.realizedPnl])).toEqual([
      [sellId, 'SELL', '9.36'],
      [expect.any(String), 'BUY', null],
    ]);
    const us = (await overviewOf(holder)).markets.find((m) => m.assetType === 'USSTOCK');
    expect(us).toMatchObject({ investedValue: '162', costBasis: '150.37', realizedPnl: '9.36' });
  });

  it('counts a dividend as cash in the USD wallet, not as cost', async () => {
    const holder = await signUpTestUser(t.app);
    await fundUsd(t.app, holder.userId, '100');
    await recordFill(t.app, holder.userId, { symbol: 'TSLA', side: 'BUY', quantity: '0.125', price: '250', amount: '31.25', fee: '0.5', tax: '0', total: '31.75', executedAt: '2026-11-07T15:00:00.000Z' }, 'USSTOCK');
    const before = await overviewOf(holder);
    // Net of withholding, into the PALN wallet's USD, as the corporate actions pay it.
    await t.app.ledger.transfer({
      key: `test-dividend:${holder.userId}`,
      kind: 'DIVIDEND',
      legs: [{ from: { house: 'INVENTORY', currency: 'USD' }, to: { userId: holder.userId, currency: 'USD', purpose: 'USD_PALN' }, amount: '0.11' }],
      memo: { symbol: 'TSLA' },
    });
    const after = await overviewOf(holder);
    // 100 − 31.75 = 68.25, then the dividend.
    expect([before.usdCash, after.usdCash]).toEqual(['68.25', '68.36']);
    expect(after.markets.find((m) => m.assetType === 'USSTOCK')).toMatchObject({ costBasis: '31.75', realizedPnl: '0' });
    expect((await usHoldingsOf(holder)).items).toEqual([expect.objectContaining({ symbol: 'TSLA', quantity: '0.125', costBasis: '31.75', averageCost: '254' })]);
  });

  it('shows a new user no US holding, no US fill and zero US totals', async () => {
    const newcomer = await signUpTestUser(t.app);
    expect((await usHoldingsOf(newcomer)).items).toEqual([]);
    // An empty US answer still names its market (the US shape is tried first).
    const holdingsBody = (await get(`${PORTFOLIO_PATHS.assetHoldings}?assetType=USSTOCK`, newcomer)).json() as { data: Record<string, unknown> };
    expect(holdingsBody.data).toMatchObject({ assetType: 'USSTOCK', items: [], usdIdr: expect.any(Object) });
    expect(await usHistoryOf(newcomer)).toEqual({ assetType: 'USSTOCK', items: [], page: 1, hasMore: false });
    const data = await overviewOf(newcomer);
    expect(data).toMatchObject({ usdCash: '0', usdCashIdr: '0', totalValue: '0' });
  });

  it.each([
    ['a US index, not a stock', `${PORTFOLIO_PATHS.positionHistory}?assetType=USSTOCK&symbol=SPX`, 404, '003'],
    ['a US stock as a crypto pair', `${PORTFOLIO_PATHS.assetHoldings}?symbol=AAPL`, 404, '003'],
    ['an unknown ticker', `${PORTFOLIO_PATHS.assetHoldings}?assetType=USSTOCK&symbol=NOPE`, 404, '003'],
  ])('refuses %s', async (_what, url, status, code) => {
    const response = await get(url);
    expect(response.statusCode).toBe(status);
    expect(ErrorEnvelope.parse(response.json()).error_code).toBe(code);
  });

  it('leaves the ledger balanced', async () => {
    const audit = await t.app.ledger.audit();
    expect(Object.values(audit.sums).every((sum) => new Decimal(sum).isZero())).toBe(true);
    expect(audit.negativeUserAccounts).toBe(0);
  });
});
