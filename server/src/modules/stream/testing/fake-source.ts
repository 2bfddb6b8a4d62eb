// A small deterministic market for stream tests and the benchmark: every call moves the price.
import type { Candle, OrderBook, StreamSpec, Ticker, Trade } from '@pasar/shared/contract';
import type { SpecProblem, StreamSource } from '../source';

export interface FakeSource extends StreamSource {
  /** Symbols it knows. */
  readonly symbols: readonly string[];
  halted: Set<string>;
  /** Every trade it ever produced, newest first, per symbol. */
  tradesOf(symbol: string): Trade[];
}

export function createFakeSource(symbols: readonly string[] = ['BTC-IDR', 'ETH-IDR', 'AAPL']): FakeSource {
  let step = 0;
  const trades = new Map<string, Trade[]>();
  const halted = new Set<string>();
  const price = (symbol: string) => String(1000 + symbol.length * 10 + (step % 500));
  const source: FakeSource = {
    symbols,
    halted,
    tradesOf: (symbol) => trades.get(symbol) ?? [],
    validate(spec: StreamSpec): SpecProblem | null {
      if (!symbols.includes(spec.symbol)) return { code: '003', path: 'symbol', message: 'unknown symbol' };
      if (spec.channel === 'candles' && !['1', '5', '60', '1D'].includes(spec.resolution ?? '')) {
        return { code: '002', path: 'resolution', message: 'one of 1, 5, 60, 1D' };
      }
      if (spec.channel === 'book' && spec.granularity && !['1', '10'].includes(spec.granularity)) {
        return { code: '002', path: 'granularity', message: 'one of 1, 10' };
      }
      return null;
    },
    ticker(symbol): Ticker {
      step++;
      const p = price(symbol);
      return {
        symbol,
        assetType: 'CRYPTO',
        price: p,
        open24h: '1000',
        high24h: '2000',
        low24h: '900',
        change24h: '0',
        changePercent24h: '0.00',
        volume24h: '10',
        bid: p,
        ask: p,
        marketState: halted.has(symbol) ? 'HALTED' : 'OPEN',
        updatedAt: Date.now(),
      };
    },
    book(symbol, granularity): OrderBook {
      step++;
      const p = Number(price(symbol));
      const level = (offset: number, percent: number) => ({
        price: String(p + offset),
        quantity: '1',
        cumulativePercent: String(percent),
      });
      return {
        symbol,
        seq: 0,
        granularity: granularity ?? '1',
        bids: [level(-1, 50), level(-2, 100)],
        asks: [level(1, 50), level(2, 100)],
        totalBidQuantity: '2',
        totalAskQuantity: '2',
        updatedAt: Date.now(),
      };
    },
    recentTrades(symbol, limit): Trade[] {
      step++;
      const list = trades.get(symbol) ?? [];
      const n = list.length;
      const t = Date.now();
      // Two new trades per call.
      list.unshift(
        { id: `${symbol}-${n + 2}`, price: price(symbol), quantity: '1', side: 'SELL', t },
        { id: `${symbol}-${n + 1}`, price: price(symbol), quantity: '1', side: 'BUY', t },
      );
      trades.set(symbol, list);
      return list.slice(0, limit);
    },
    currentCandle(symbol): Candle {
      step++;
      const t = Math.floor(Date.now() / 60_000) * 60_000;
      return { t, o: '1000', h: '2000', l: '900', c: price(symbol), v: String(step) };
    },
  };
  return source;
}
