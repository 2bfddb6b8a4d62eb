// The portfolio's US stocks, from fills the order engine recorded in the USSTOCK market and the
// PALN wallet's ledger accounts: holdings in USD (cents) with IDR equivalents at the rate the answer
// names, the overview adding USD cash and US holdings in IDR, and the US position history.
import {
  PORTFOLIO_PATHS,
  PortfolioOverview,
  UsStockHoldingsResponse,
  UsStockPositionHistoryResponse,
  successEnvelope,
} from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { signUpTestUser, type TestUser } from '../../testing/auth-fixture';
import { fundUsd, pinPrice, recordFill, type TestFill } from './test-support';

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

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { ...investor.headers, 'x-language-code': 'en' } });
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
});
