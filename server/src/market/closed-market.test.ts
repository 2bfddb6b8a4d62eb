// A closed market looks closed: outside its sessions a stock's price, book and tape stand still
// and its ticker says so; US extended hours are thinner than regular hours. Every instant is
// reached with the market clock (set, frozen), never by waiting.
import Decimal from 'decimal.js';
import type { OrderBook } from '@pasar/shared/contract';
import { MarketClock } from './clock';
import { HaltRegistry, type HaltsRepo } from './halts';
import { MarketRuntime } from './runtime';
import { MarketSimulator } from './simulator';

const WALL = Date.parse('2026-11-25T10:00:00Z');
const noHalts: HaltsRepo = { openHalts: async () => [], halt: async () => { throw new Error('no halts here'); }, resume: async () => false };

const clock = new MarketClock({ wall: () => WALL, adjustable: true });
const sim = new MarketSimulator({ seed: 'pasar', now: () => clock.now() });
let market: MarketRuntime;

beforeAll(async () => {
  const halts = new HaltRegistry(noHalts, 60_000, () => clock.now());
  await halts.refresh();
  market = new MarketRuntime(sim, halts, clock);
});

/** Puts the market at a (frozen) instant. */
const at = async (instant: string) => {
  await clock.set(Date.parse(instant), { frozen: true });
};
const withoutTime = ({ updatedAt: _u, ...book }: OrderBook) => book;
const size = (book: OrderBook) => new Decimal(book.totalBidQuantity).plus(book.totalAskQuantity);

describe('a US stock outside its sessions', () => {
  it.each([
    ['Thanksgiving (a holiday)', '2026-11-26T10:00:00-05:00', '2026-11-26T15:00:00-05:00', 'CLOSED'],
    ['after the early close\'s post-market (17:00)', '2026-11-27T17:05:00-05:00', '2026-11-27T19:30:00-05:00', 'CLOSED'],
    ['a weekend', '2026-11-28T11:00:00-05:00', '2026-11-29T18:00:00-05:00', 'CLOSED'],
    ['the night before pre-market', '2026-11-30T00:30:00-05:00', '2026-11-30T03:59:00-05:00', 'CLOSED'],
  ])('%s: the state is CLOSED and price, book and tape stand still', async (_name, first, later, state) => {
    await at(first);
    const ticker = market.ticker('AAPL');
    const book = market.orderBook('AAPL');
    const tape = market.recentTrades('AAPL', 50);
    expect(ticker.marketState).toBe(state);

    await at(later);
    const after = market.ticker('AAPL');
    expect(after.marketState).toBe(state);
    expect(after.price).toBe(ticker.price);
    expect([after.bid, after.ask]).toEqual([ticker.bid, ticker.ask]);
    expect(withoutTime(market.orderBook('AAPL'))).toEqual(withoutTime(book));
    expect(market.recentTrades('AAPL', 50, clock.now(), Date.parse(first))).toEqual([]);
    expect(market.recentTrades('AAPL', 50)).toEqual(tape);
  });

  it('moves during regular hours (so standing still above means something)', async () => {
    await at('2026-11-30T10:00:00-05:00');
    const book = market.orderBook('AAPL');
    expect(market.ticker('AAPL').marketState).toBe('OPEN');
    await at('2026-11-30T10:20:00-05:00');
    expect(withoutTime(market.orderBook('AAPL'))).not.toEqual(withoutTime(book));
    expect(market.recentTrades('AAPL', 50, clock.now(), Date.parse('2026-11-30T10:00:00-05:00')).length).toBeGreaterThan(0);
  });

  it('says PRE_MARKET and POST_MARKET in extended hours, with fewer levels and less size than regular hours', async () => {
    await at('2026-11-30T11:00:00-05:00');
    const regular = market.orderBook('AAPL');
    expect(market.ticker('AAPL').marketState).toBe('OPEN');
    expect(regular.bids).toHaveLength(10);
    for (const [instant, state] of [
      ['2026-11-30T08:00:00-05:00', 'PRE_MARKET'],
      ['2026-11-30T17:00:00-05:00', 'POST_MARKET'],
      ['2026-11-27T13:30:00-05:00', 'POST_MARKET'],
    ] as const) {
      await at(instant);
      expect(market.ticker('AAPL').marketState).toBe(state);
      const thin = market.orderBook('AAPL');
      expect(thin.bids).toHaveLength(5);
      expect(thin.asks).toHaveLength(5);
      expect(size(thin).lt(size(regular).div(2))).toBe(true);
    }
  });

  it('reaches the 13:00 early close from 12:59 on a running clock', async () => {
    // A running clock moves on with its wall clock: here, one the test moves.
    let wallNow = WALL;
    const running = new MarketClock({ wall: () => wallNow, adjustable: true });
    await running.set(Date.parse('2026-11-27T12:59:00-05:00'));
    const steered = new MarketRuntime(sim, market.halts, running);
    expect(steered.ticker('AAPL').marketState).toBe('OPEN');
    wallNow += 60_000;
    expect(steered.ticker('AAPL').marketState).toBe('POST_MARKET');
    expect(steered.orderBook('AAPL').bids).toHaveLength(5);
  });
});

describe('an IDX stock outside continuous trading', () => {
  it.each([
    ['the lunch break', '2026-11-30T12:05:00+07:00', '2026-11-30T13:25:00+07:00', 'BREAK'],
    ['after the close', '2026-11-30T16:05:00+07:00', '2026-11-30T22:00:00+07:00', 'CLOSED'],
    ['a holiday', '2026-12-25T10:00:00+07:00', '2026-12-25T14:00:00+07:00', 'CLOSED'],
  ])('%s: the state says so and price, book and tape stand still', async (_name, first, later, state) => {
    await at(first);
    const ticker = market.ticker('BBCA');
    const book = market.orderBook('BBCA');
    expect(ticker.marketState).toBe(state);
    await at(later);
    expect(market.ticker('BBCA').marketState).toBe(state);
    expect(market.ticker('BBCA').price).toBe(ticker.price);
    expect(withoutTime(market.orderBook('BBCA'))).toEqual(withoutTime(book));
    expect(market.recentTrades('BBCA', 50, clock.now(), Date.parse(first))).toEqual([]);
  });

  it('says PRE_MARKET in the pre-opening and POST_MARKET in the pre-closing call auctions, without trades', async () => {
    await at('2026-11-30T08:50:00+07:00');
    expect(market.ticker('BBCA').marketState).toBe('PRE_MARKET');
    expect(market.recentTrades('BBCA', 50, clock.now(), Date.parse('2026-11-30T08:45:00+07:00'))).toEqual([]);
    await at('2026-11-30T15:55:00+07:00');
    expect(market.ticker('BBCA').marketState).toBe('POST_MARKET');
    expect(market.recentTrades('BBCA', 50, clock.now(), Date.parse('2026-11-30T15:50:00+07:00'))).toEqual([]);
  });
});

describe('crypto trades around the clock', () => {
  it('is OPEN on a US holiday, its book moving', async () => {
    await at('2026-11-26T10:00:00-05:00');
    const book = market.orderBook('BTC-IDR');
    expect(market.ticker('BTC-IDR').marketState).toBe('OPEN');
    await at('2026-11-26T10:10:00-05:00');
    expect(withoutTime(market.orderBook('BTC-IDR'))).not.toEqual(withoutTime(book));
  });
});
