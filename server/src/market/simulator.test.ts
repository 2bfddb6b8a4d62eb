import Decimal from 'decimal.js';
import { Candle, OrderBook, Ticker } from '@pasar/shared/contract';
import { idxCalendar } from './calendar';
import { addDays } from './calendar/time';
import { idxBand, isOnIdxGrid } from './idx-rules';
import { MarketSimulator } from './simulator';

const NOW = Date.parse('2026-11-20T06:00:00Z'); // a Friday, 13:00 in Jakarta (lunch break), 01:00 in New York
const sim = new MarketSimulator({ seed: 'pasar', now: () => NOW });

describe('catalogue', () => {
  it('lists the four markets with unique symbols', () => {
    const all = sim.instruments();
    const count = (kind: string) => all.filter((i) => i.kind === kind).length;
    expect(count('crypto')).toBeGreaterThanOrEqual(30);
    expect(count('perps')).toBe(10);
    expect(count('usstock')).toBe(50);
    expect(count('usindex')).toBe(3);
    expect(count('idx')).toBe(45);
    expect(new Set(all.map((i) => i.symbol)).size).toBe(all.length);
    for (const s of ['BTC-IDR', 'USDT-IDR', 'BTCUSDT-PERP', 'AAPL', 'SPX', 'BBCA']) expect(sim.instrument(s)).toBeDefined();
  });
});

describe('determinism', () => {
  const window = [NOW - 3 * 86_400_000, NOW] as const;
  it('gives the same candles for the same seed on another instance', () => {
    const other = new MarketSimulator({ seed: 'pasar' });
    for (const [symbol, res] of [['BTC-IDR', '15'], ['AAPL', '5'], ['BBCA', '60'], ['ETHUSDT-PERP', '1D']] as const) {
      expect(other.candles(symbol, res, window[0], window[1], NOW)).toEqual(sim.candles(symbol, res, window[0], window[1], NOW));
    }
    expect(other.ticker('BTC-IDR', NOW)).toEqual(sim.ticker('BTC-IDR', NOW));
  });

  it('gives another market for another seed', () => {
    const other = new MarketSimulator({ seed: 'another' });
    expect(other.candles('BTC-IDR', '60', window[0], window[1], NOW)).not.toEqual(sim.candles('BTC-IDR', '60', window[0], window[1], NOW));
  });

  it('moves the live price between ticks and keeps it inside the minute bar', () => {
    const prices = new Set<string>();
    for (let k = 0; k < 8; k += 1) prices.add(sim.ticker('BTC-IDR', NOW + k * 250).price);
    expect(prices.size).toBeGreaterThan(4);
    const at = NOW + 37_000;
    const [bar] = sim.rawCandles('BTC-IDR', '1', Math.floor(at / 60_000) * 60_000, at + 1, at);
    const full = sim.rawCandles('BTC-IDR', '1', bar!.t, bar!.t + 60_000, bar!.t + 120_000)[0]!;
    expect(bar!.h).toBeLessThanOrEqual(full.h + 1e-6);
    expect(bar!.l).toBeGreaterThanOrEqual(full.l - 1e-6);
    expect(sim.rawPrice('BTC-IDR', at)).toBeCloseTo(bar!.c, 6);
  });
});

describe('candle aggregation', () => {
  const check = (symbol: string, res: '5' | '15' | '60' | '240', from: number, to: number) => {
    const minutes = sim.rawCandles(symbol, '1', from, to, NOW);
    const bars = sim.rawCandles(symbol, res, from, to, NOW);
    const size = Number(res) * 60_000;
    expect(bars.length).toBeGreaterThan(0);
    for (const bar of bars) {
      const inside = minutes.filter((m) => m.t >= bar.t && m.t < bar.t + size);
      expect(inside.length).toBeGreaterThan(0);
      expect(bar.o).toBe(inside[0]!.o);
      expect(bar.c).toBe(inside.at(-1)!.c);
      expect(bar.h).toBe(Math.max(...inside.map((m) => m.h)));
      expect(bar.l).toBe(Math.min(...inside.map((m) => m.l)));
      expect(bar.v).toBeCloseTo(inside.reduce((a, m) => a + m.v, 0), 6);
    }
  };

  it('agrees with the minute bars for intraday resolutions (crypto, US, IDX)', () => {
    const from = Date.parse('2026-11-18T00:00:00Z');
    check('BTC-IDR', '15', from, NOW);
    check('ETH-IDR', '240', from, NOW);
    check('AAPL', '5', from, NOW);
    check('BBCA', '60', from, NOW);
  });

  it('builds daily bars from the minutes (US: regular session) and weekly bars from the days', () => {
    const date = '2026-11-18';
    const days = sim.rawCandles('AAPL', '1D', Date.parse(`${date}T00:00:00Z`), Date.parse(`${date}T00:00:01Z`), NOW);
    expect(days).toHaveLength(1);
    const regular = sim.minuteBars('AAPL', date)!;
    const idx = [...regular.sess.keys()].filter((i) => regular.sess[i] === 0);
    expect(days[0]!.o).toBe(regular.o[idx[0]!]);
    expect(days[0]!.c).toBe(regular.c[idx.at(-1)!]);
    expect(days[0]!.h).toBe(Math.max(...idx.map((i) => regular.h[i]!)));

    const weekStart = Date.parse('2026-11-09T00:00:00Z');
    const [week] = sim.rawCandles('BTC-IDR', '1W', weekStart, weekStart + 1, NOW);
    const daily = sim.rawCandles('BTC-IDR', '1D', weekStart, weekStart + 7 * 86_400_000, NOW);
    expect(daily).toHaveLength(7);
    expect(week!.o).toBe(daily[0]!.o);
    expect(week!.c).toBe(daily[6]!.c);
    expect(week!.h).toBe(Math.max(...daily.map((d) => d.h)));
    expect(week!.l).toBe(Math.min(...daily.map((d) => d.l)));
  });

  it('formats candles as the contract says and has years of daily history', () => {
    const early = sim.candles('BTC-IDR', '1D', Date.parse('2020-01-01T00:00:00Z'), Date.parse('2020-01-11T00:00:00Z'), NOW);
    expect(early).toHaveLength(10);
    expect(early[0]!.t).toBe(Date.parse('2020-01-01T00:00:00Z'));
    for (const c of early) Candle.parse(c);
    const aapl = sim.candles('AAPL', '1D', Date.parse('2023-06-01T00:00:00Z'), Date.parse('2023-06-15T00:00:00Z'), NOW);
    expect(aapl).toHaveLength(10); // ten NYSE trading days
    const sol = sim.candles('SOL-IDR', '1D', Date.parse('2020-07-25T00:00:00Z'), Date.parse('2020-08-05T00:00:00Z'), NOW);
    expect(sol[0]!.t).toBe(Date.parse('2020-08-01T00:00:00Z')); // nothing before its listing
  });
});

describe('US stocks and IDX follow their calendars', () => {
  it('has no US bars on a NYSE holiday and no IDX bars in the lunch break', () => {
    const thanksgiving = Date.parse('2025-11-27T06:00:00Z');
    expect(sim.rawCandles('AAPL', '5', thanksgiving, thanksgiving + 86_400_000, NOW)).toEqual([]);
    const lunch = sim.rawCandles('BBCA', '5', Date.parse('2026-11-19T05:00:00Z'), Date.parse('2026-11-19T06:30:00Z'), NOW);
    expect(lunch).toEqual([]);
    expect(sim.ticker('BBCA', NOW).marketState).toBe('BREAK');
    expect(sim.ticker('AAPL', NOW).marketState).toBe('CLOSED');
    expect(sim.ticker('BBCA', NOW).price).toBe(sim.ticker('BBCA', NOW + 40 * 60_000).price); // flat over lunch
  });

  it('keeps IDX prices on the tick grid and every day inside the auto-rejection band', () => {
    const problems: string[] = [];
    for (const symbol of ['BBCA', 'GOTO', 'UNTR']) {
      let date = '2026-06-01';
      let previous: number | null = null;
      for (let i = 0; i < 30; i += 1, date = addDays(date, 1)) {
        if (!idxCalendar.isTradingDay(date)) continue;
        const bars = sim.minuteBars(symbol, date)!;
        const prevClose = bars.bar.o;
        if (previous !== null) expect(prevClose).toBe(previous);
        const band = idxBand(prevClose);
        for (let k = 0; k < bars.t.length; k += 1) {
          for (const p of [bars.o[k]!, bars.h[k]!, bars.l[k]!, bars.c[k]!]) {
            if (!isOnIdxGrid(p) || p < band.low || p > band.high) problems.push(`${symbol} ${date} ${p} [${band.low}, ${band.high}]`);
          }
        }
        previous = bars.bar.c;
      }
      const live = Number(sim.ticker(symbol, NOW - 3 * 3_600_000).price);
      expect(isOnIdxGrid(live)).toBe(true);
    }
    expect(problems).toEqual([]);
  });
});

describe('order book', () => {
  const assertBook = (book: OrderBook) => {
    OrderBook.parse(book);
    expect(book.bids).toHaveLength(10);
    expect(book.asks).toHaveLength(10);
    const bids = book.bids.map((l) => new Decimal(l.price));
    const asks = book.asks.map((l) => new Decimal(l.price));
    for (let i = 1; i < 10; i += 1) {
      expect(bids[i]!.lt(bids[i - 1]!)).toBe(true);
      expect(asks[i]!.gt(asks[i - 1]!)).toBe(true);
    }
    expect(bids[0]!.lt(asks[0]!)).toBe(true);
    for (const side of [book.bids, book.asks]) {
      const pct = side.map((l) => Number(l.cumulativePercent));
      for (let i = 1; i < pct.length; i += 1) expect(pct[i]!).toBeGreaterThanOrEqual(pct[i - 1]!);
      expect(pct.at(-1)).toBe(100);
      expect(side.every((l) => new Decimal(l.quantity).gt(0))).toBe(true);
    }
    expect(new Decimal(book.totalBidQuantity).eq(book.bids.reduce((a, l) => a.plus(l.quantity), new Decimal(0)))).toBe(true);
  };

  it('is sorted, bids below asks, cumulative percent rising to 100, for every market', () => {
    // US stocks in regular hours (closed at NOW, their book rests as the last post-market left it: thinner).
    const usRegular = Date.parse('2026-11-19T11:00:00-05:00');
    for (const symbol of ['BTC-IDR', 'SHIB-IDR', 'BTCUSDT-PERP', 'BBCA', 'GOTO']) assertBook(sim.orderBook(symbol, { at: NOW }));
    assertBook(sim.orderBook('AAPL', { at: usRegular }));
  });

  it('groups prices by granularity', () => {
    const inst = sim.instrument('BTC-IDR')!;
    const g = inst.granularities[2]!;
    const book = sim.orderBook('BTC-IDR', { granularity: g, at: NOW });
    assertBook(book);
    expect(book.granularity).toBe(g);
    for (const l of [...book.bids, ...book.asks]) expect(new Decimal(l.price).mod(g).isZero()).toBe(true);
    expect(book.cryptocurrencySymbol).toBe('BTC');
    expect(sim.orderBook('BTCUSDT-PERP', { at: NOW }).cryptoFuturePairSymbol).toBe('BTCUSDT');
  });

  it('prints recent trades newest first near the price', () => {
    const trades = sim.recentTrades('BTC-IDR', 20, NOW);
    expect(trades.length).toBe(20);
    for (let i = 1; i < trades.length; i += 1) expect(trades[i]!.t).toBeLessThanOrEqual(trades[i - 1]!.t);
    const price = Number(sim.ticker('BTC-IDR', NOW).price);
    for (const t of trades) expect(Math.abs(Number(t.price) - price) / price).toBeLessThan(0.02);
    expect(sim.recentTrades('BBCA', 5, Date.parse('2026-11-21T03:00:00Z')).every((t) => t.t < Date.parse('2026-11-20T09:00:00Z'))).toBe(true);
  });

  it('has no resting orders or trades for an index, which is not tradable', () => {
    const book = sim.orderBook('SPX', { at: NOW });
    expect([book.bids, book.asks, book.totalBidQuantity]).toEqual([[], [], '0']);
    expect(sim.recentTrades('SPX', 10, NOW)).toEqual([]);
  });

  it('answers tickers in the contract shape', () => {
    for (const s of ['BTC-IDR', 'BTCUSDT-PERP', 'AAPL', 'SPX', 'BBCA']) {
      const t = Ticker.parse(sim.ticker(s, NOW));
      expect(new Decimal(t.bid).lt(t.ask)).toBe(true);
      expect(new Decimal(t.low24h).lte(t.price) && new Decimal(t.high24h).gte(t.price)).toBe(true);
    }
  });
});
