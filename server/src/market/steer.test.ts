// Steering the simulated market (MarketRuntime.steer / clearSteer): what every reader of
// `app.market` sees while a steer is in force, and after it.
import Decimal from 'decimal.js';
import { OrderBook, Ticker } from '@pasar/shared/contract';
import type { HaltRow, HaltsRepo } from './halts';
import { HaltRegistry } from './halts';
import { roundToTick } from './idx-rules';
import { MarketRuntime, type SteerChange } from './runtime';
import { MarketSimulator, UnknownSymbolError } from './simulator';

const START = Date.parse('2026-11-18T03:00:00Z'); // a Wednesday, 10:00 in Jakarta (IDX session 1)
const SECOND = 1000;

function memoryHalts(): HaltsRepo {
  const rows = new Map<string, HaltRow>();
  return {
    openHalts: async () => [...rows.values()],
    halt: async (symbol, title, description) => {
      const row = { symbol, title, description, haltedAt: new Date(clock.now) } as HaltRow;
      rows.set(symbol, row);
      return row;
    },
    resume: async (symbol) => rows.delete(symbol),
  };
}

const clock = { now: START };
const sim = new MarketSimulator({ seed: 'pasar', now: () => clock.now });
let market: MarketRuntime;

beforeEach(async () => {
  clock.now = START;
  const halts = new HaltRegistry(memoryHalts(), 60_000, () => clock.now);
  await halts.refresh();
  market = new MarketRuntime(sim, halts, () => clock.now);
});

/** A price far from the natural one: twice it, on the grid. */
const doubled = (symbol: string): string => new Decimal(sim.ticker(symbol, clock.now).price).times(2).toFixed(0);

describe('steering a symbol', () => {
  it('pins last, bid, ask, book and new trades around the steered price', () => {
    const target = doubled('BTC-IDR');
    const steer = market.steer('BTC-IDR', { price: target, until: START + 60 * SECOND });
    expect(steer).toEqual({ symbol: 'BTC-IDR', price: target, since: START, until: START + 60 * SECOND });

    clock.now = START + 5 * SECOND;
    const ticker = Ticker.parse(market.ticker('BTC-IDR'));
    expect(ticker.price).toBe(target);
    const bid = new Decimal(ticker.bid);
    const ask = new Decimal(ticker.ask);
    expect(bid.lt(target) && ask.gt(target)).toBe(true);
    // The instrument's own spread around the new price (BTC: a few basis points).
    expect(ask.minus(bid).div(target).toNumber()).toBeLessThan(0.01);
    expect(ticker.high24h).toBe(target);
    expect(ticker.open24h).toBe(sim.ticker('BTC-IDR', clock.now).open24h);
    expect(new Decimal(ticker.change24h).eq(new Decimal(target).minus(ticker.open24h))).toBe(true);
    expect(Number(ticker.changePercent24h)).toBeGreaterThan(50);

    const book = OrderBook.parse(market.orderBook('BTC-IDR', { depth: 10 }));
    expect(book.bids).toHaveLength(10);
    expect(new Decimal(book.bids[0]!.price).lte(ticker.bid)).toBe(true);
    expect(new Decimal(book.asks[0]!.price).gte(ticker.ask)).toBe(true);
    // Every level within 1 % of the steered price.
    for (const level of [...book.bids, ...book.asks]) {
      expect(new Decimal(level.price).minus(target).abs().div(target).toNumber()).toBeLessThan(0.01);
    }

    const trades = market.recentTrades('BTC-IDR', 500);
    const since = trades.filter((t) => t.t >= START);
    const before = trades.filter((t) => t.t < START);
    expect(since.length).toBeGreaterThan(0);
    expect(before.length).toBeGreaterThan(0);
    for (const t of since) expect(t.price).toBe(t.side === 'BUY' ? ticker.ask : ticker.bid);
    // The tape before the steer is what the market printed.
    for (const t of before) expect(new Decimal(t.price).div(target).toNumber()).toBeLessThan(0.6);
  });

  it('keeps tick and precision rules: a crypto price is rounded to its precision, an IDX price to its tick', () => {
    const btc = market.steer('BTC-IDR', { price: '1500000000.7' });
    expect(btc.price).toBe('1500000001');
    const bbca = market.steer('BBCA', { price: '9013' });
    expect(bbca.price).toBe(String(roundToTick(9013)));
    const ticker = market.ticker('BBCA');
    expect(ticker.price).toBe(bbca.price);
    // IDX: bid at the price, ask one tick above.
    expect(Number(ticker.ask)).toBeGreaterThan(Number(ticker.bid));
    const usdtInstrument = market.instrument('USDT-IDR')!;
    const usdt = market.steer('USDT-IDR', { price: '17000.123456789' });
    expect(usdt.price.split('.')[1]?.length ?? 0).toBeLessThanOrEqual(usdtInstrument.pricePrecision);
  });

  it('answers natural data for instants before the steer, and again once it ends', () => {
    const natural = market.ticker('ETH-IDR', START).price;
    market.steer('ETH-IDR', { price: doubled('ETH-IDR'), until: START + 10 * SECOND });
    expect(market.ticker('ETH-IDR', START - SECOND).price).toBe(sim.ticker('ETH-IDR', START - SECOND).price);
    expect(market.ticker('ETH-IDR').price).not.toBe(natural);
    clock.now = START + 10 * SECOND;
    expect(market.ticker('ETH-IDR').price).toBe(sim.ticker('ETH-IDR', clock.now).price);
    expect(market.steering()).toEqual([]);
  });

  it('clears on demand, and tells its listeners about both changes', () => {
    const heard: SteerChange[] = [];
    const stop = market.onSteerChange((change) => heard.push(change));
    market.steer('SOL-IDR', { price: '1000000' });
    expect(market.steering().map((s) => s.symbol)).toEqual(['SOL-IDR']);
    expect(market.ticker('SOL-IDR').price).toBe('1000000');
    expect(market.clearSteer('sol-idr')).toBe(true);
    expect(market.clearSteer('SOL-IDR')).toBe(false);
    expect(market.ticker('SOL-IDR').price).toBe(sim.ticker('SOL-IDR', clock.now).price);
    expect(heard.map((c) => [c.symbol, c.steer?.price ?? null])).toEqual([
      ['SOL-IDR', '1000000'],
      ['SOL-IDR', null],
    ]);
    stop();
  });

  it('moves the current candle to the steered price and flattens bars opened since', () => {
    const target = doubled('BTC-IDR');
    market.steer('BTC-IDR', { price: target });
    clock.now = START + 150 * SECOND;
    const bars = market.candles('BTC-IDR', '1', START - 10 * 60 * SECOND, clock.now + 1);
    const last = bars[bars.length - 1]!;
    expect(last.c).toBe(target);
    const opened = bars.filter((b) => b.t >= START);
    expect(opened.length).toBeGreaterThanOrEqual(2);
    for (const b of opened) expect([b.o, b.h, b.l, b.c]).toEqual([target, target, target, target]);
    const earlier = bars.filter((b) => b.t < START - 60 * SECOND);
    for (const b of earlier) expect(b.c).not.toBe(target);
  });

  it('leaves a symbol halted before the steer frozen as it was', async () => {
    clock.now = START - 30 * SECOND;
    await market.halts.halt('XRP-IDR', 'Maintenance', '');
    const frozen = market.ticker('XRP-IDR').price;
    clock.now = START;
    market.steer('XRP-IDR', { price: doubled('XRP-IDR') });
    expect(market.ticker('XRP-IDR')).toMatchObject({ price: frozen, marketState: 'HALTED' });
  });

  it('refuses an unknown symbol and a price that is not positive', () => {
    expect(() => market.steer('NOPE-IDR', { price: '1' })).toThrow(UnknownSymbolError);
    expect(() => market.steer('BTC-IDR', { price: '0' })).toThrow(RangeError);
    expect(() => market.steer('BTC-IDR', { price: 'abc' })).toThrow(RangeError);
  });
});
