// The one IDX tick function: every published instrument's tick (and order-book granularity)
// agrees with the price band of its current price, at several instants of the market clock; the
// simulator's prices, book levels and the order book's granularity sit on that grid; the day's OHLC
// (`/api/idss/ohlc`) publishes the same tick.
import { IdssOhlc, InstrumentsResponse, MARKET_PATHS, OrderBook, Ticker } from '@pasar/shared/contract';
import { idxTickSize, isOnIdxGrid } from '../../market/idx-rules';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { dataOf } from '../fx-wallet/test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { KYC_AUTO_APPROVE_SECONDS: 'off', CRYPTO_MATCH_INTERVAL_MS: '0' } });
}, 60_000);
afterAll(async () => t.close());

const INSTANTS = ['2026-12-02T03:00:00Z', '2026-06-15T07:00:00Z', '2025-03-10T04:00:00Z', '2027-02-03T08:30:00Z'];

describe('IDX ticks', () => {
  it.each(INSTANTS)('every published IDX tick matches its band at %s', async (at) => {
    await t.app.market.clock.set(Date.parse(at), { frozen: true });
    const list = dataOf(InstrumentsResponse, await t.app.inject({ url: `${MARKET_PATHS.instruments}?assetType=IDSS` })).items;
    expect(list.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const inst of list) {
      const ticker = dataOf(Ticker, await t.app.inject({ url: `${MARKET_PATHS.ticker}?symbol=${inst.symbol}` }));
      const price = Number(ticker.price);
      const expected = String(idxTickSize(price));
      if (inst.tickSize !== expected || inst.granularities[0] !== expected) wrong.push(`${inst.symbol} @${price}: tick ${inst.tickSize}, granularities ${inst.granularities.join('/')}, band ${expected}`);
      if (!isOnIdxGrid(price)) wrong.push(`${inst.symbol}: last price ${price} off the grid`);
      const ohlc = dataOf(IdssOhlc, await t.app.inject({ url: `${MARKET_PATHS.idssOhlc}?symbol=${inst.symbol}` }));
      if (ohlc.close !== ticker.price || ohlc.tickSize !== expected) wrong.push(`${inst.symbol}: ohlc tick ${ohlc.tickSize} at close ${ohlc.close}, band ${expected}`);
      const book = dataOf(OrderBook, await t.app.inject({ url: `${MARKET_PATHS.orderBook}?symbol=${inst.symbol}` }));
      for (const level of [...book.bids, ...book.asks]) if (!isOnIdxGrid(Number(level.price))) wrong.push(`${inst.symbol}: book level ${level.price} off the grid`);
      const bid = book.bids[0];
      if (bid && book.granularity !== String(idxTickSize(Number(bid.price)))) wrong.push(`${inst.symbol}: book granularity ${book.granularity} at bid ${bid.price}`);
    }
    expect(wrong).toEqual([]);
  });
});
