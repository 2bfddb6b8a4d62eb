// POST /api/admin/market/steer: the operator's way to move a simulated price in development and
// tests (what the order matcher and every market call then see), refused in production.
import Decimal from 'decimal.js';
import { MARKET_PATHS, MarketSteer, OrderBook, successEnvelope, Ticker, TradesResponse } from '@pasar/shared/contract';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { PRODUCTION_TEST_ENV } from '../../testing/auth-fixture';

describe('steering the simulated market', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const steer = (payload: unknown, headers: Record<string, string> = { 'x-admin-token': t.app.adminToken, 'x-operator-reason': 'test' }) =>
    t.app.inject({ method: 'POST', url: MARKET_PATHS.adminSteer, headers, payload: payload as object });
  const ticker = async (symbol: string) => {
    const response = await t.app.inject({ method: 'GET', url: `${MARKET_PATHS.ticker}?symbol=${symbol}` });
    return successEnvelope(Ticker).parse(response.json()).data;
  };

  it('pins the ticker, the book and new trades of the market calls, for a while', async () => {
    const before = await ticker('BTC-IDR');
    const target = new Decimal(before.price).times(1.5).toFixed(0);
    const started = Date.now();
    const response = await steer({ symbol: 'btc-idr', price: target, durationSeconds: 120 });
    expect(response.statusCode).toBe(200);
    const answer = successEnvelope(MarketSteer).parse(response.json()).data;
    expect(answer).toMatchObject({ symbol: 'BTC-IDR', steered: true, price: target });
    expect(Date.parse(answer.until!) - Date.parse(answer.since!)).toBe(120_000);
    expect(Date.parse(answer.since!)).toBeGreaterThanOrEqual(started - 1);

    const now = await ticker('BTC-IDR');
    expect(now.price).toBe(target);
    expect(new Decimal(now.bid).lt(target) && new Decimal(now.ask).gt(target)).toBe(true);

    const bookResponse = await t.app.inject({ method: 'GET', url: `${MARKET_PATHS.orderBook}?symbol=BTC-IDR` });
    const book = successEnvelope(OrderBook).parse(bookResponse.json()).data;
    expect(new Decimal(book.asks[0]!.price).gte(now.ask)).toBe(true);
    expect(new Decimal(book.bids[0]!.price).lte(now.bid)).toBe(true);

    // The tape printed before the steer stays as it was (new prints: the runtime's tests).
    const tradesResponse = await t.app.inject({ method: 'GET', url: `${MARKET_PATHS.trades}?symbol=BTC-IDR&limit=100` });
    const trades = successEnvelope(TradesResponse).parse(tradesResponse.json()).data;
    const older = trades.filter((trade) => trade.t < Date.parse(answer.since!));
    expect(older.length).toBeGreaterThan(0);
    for (const trade of older) expect(new Decimal(trade.price).lt(target)).toBe(true);
    for (const trade of trades.filter((trade) => !older.includes(trade))) expect([now.bid, now.ask]).toContain(trade.price);

    const cleared = await steer({ symbol: 'BTC-IDR', clear: true });
    expect(successEnvelope(MarketSteer).parse(cleared.json()).data).toEqual({ symbol: 'BTC-IDR', steered: false, price: null, since: null, until: null });
    expect((await ticker('BTC-IDR')).price).not.toBe(target);
  });

  it('needs the operator token, a known symbol, and either a price or clear', async () => {
    expect((await steer({ symbol: 'BTC-IDR', price: '1' }, {})).statusCode).toBe(401);
    const unknown = await steer({ symbol: 'NOPE-IDR', price: '1' });
    expect(unknown.json()).toMatchObject({ status: 'error', error_code: '003' });
    for (const payload of [
      { symbol: 'BTC-IDR' },
      { symbol: 'BTC-IDR', price: '1', clear: true },
      { symbol: 'BTC-IDR', price: '-5' },
      { symbol: 'BTC-IDR', price: '0' },
      { symbol: 'BTC-IDR', price: '10', durationSeconds: 0 },
      { symbol: 'BTC-IDR', clear: true, durationSeconds: 5 },
    ]) {
      const response = await steer(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 'error', error_code: '002' });
    }
    // Nothing was steered by the refused calls.
    expect(t.app.market.steering()).toEqual([]);
  });

  it('does not exist in production', async () => {
    const production = await t.sibling({ ...PRODUCTION_TEST_ENV, PASAR_MODE: 'production' });
    const response = await production.inject({
      method: 'POST',
      url: MARKET_PATHS.adminSteer,
      headers: { 'x-admin-token': production.adminToken },
      payload: { symbol: 'BTC-IDR', price: '1000' },
    });
    expect(response.statusCode).toBe(404);
    expect(production.market.steering()).toEqual([]);
  });
});
