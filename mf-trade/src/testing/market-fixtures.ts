// Contract-shaped market data for the component tests, and a helper that answers every market
// call of the trade pages from it through the shared test API client.
import { MARKET_PATHS } from '@pasar/shared';
import type { TestApiClient } from '@pasar/shared/testing';
import type { Candle, Instrument, OrderBook, OrderBookLevel, Ticker, Trade, TradingHalt } from '../market/types';

export function instrument(overrides: Partial<Instrument> = {}): Instrument {
  return {
    symbol: 'BTC-IDR',
    id: 1,
    kind: 'crypto',
    assetType: 'CRYPTO',
    shortName: 'BTC',
    name: 'Bitcoin',
    quoteCurrency: 'IDR',
    sector: 'Layer 1',
    pricePrecision: 0,
    tickSize: '1000',
    quantityPrecision: 8,
    quantityStep: '0.00000001',
    minQuantity: '0.00001',
    lotSize: null,
    granularities: ['1000', '10000', '100000'],
    icon: '',
    tradable: true,
    enableProMode: true,
    hasPostMarket: false,
    liquiditySource: 'BINANCE',
    exchangeSymbols: {},
    underlying: null,
    listedSince: '2020-01-01',
    ...overrides,
  };
}

export const INSTRUMENTS: Instrument[] = [
  instrument(),
  instrument({ symbol: 'ETH-IDR', id: 2, shortName: 'ETH', name: 'Ethereum' }),
  instrument({ symbol: 'USDT-IDR', id: 3, shortName: 'USDT', name: 'Tether', tickSize: '1', granularities: ['1', '10', '100'], enableProMode: false }),
  instrument({ symbol: 'BTCUSDT-PERP', id: 1, kind: 'perps', assetType: 'PERPS', shortName: 'BTC', name: 'Bitcoin Perpetual', quoteCurrency: 'USDT', pricePrecision: 1, tickSize: '0.1', granularities: ['0.1', '1', '10'] }),
  instrument({ symbol: 'AAPL', id: 7, kind: 'usstock', assetType: 'USSTOCK', shortName: 'AAPL', name: 'Apple Inc.', quoteCurrency: 'USD', pricePrecision: 2, tickSize: '0.01', granularities: ['0.01', '0.1'], enableProMode: false }),
  instrument({ symbol: 'AMZN', id: 8, kind: 'usstock', assetType: 'USSTOCK', shortName: 'AMZN', name: 'Amazon.com Inc.', quoteCurrency: 'USD', pricePrecision: 2, tickSize: '0.01', granularities: ['0.01'] }),
  instrument({ symbol: 'SPX', id: 3, kind: 'usindex', assetType: 'USSTOCK', shortName: 'SPX', name: 'S&P 500', quoteCurrency: 'USD', pricePrecision: 2, tickSize: '0.01', tradable: false }),
  instrument({ symbol: 'BBCA', id: 11, kind: 'idx', assetType: 'IDSS', shortName: 'BBCA', name: 'Bank Central Asia', quoteCurrency: 'IDR', pricePrecision: 0, tickSize: '25', granularities: ['25'], lotSize: 100 }),
];

export function ticker(overrides: Partial<Ticker> = {}): Ticker {
  return {
    symbol: 'BTC-IDR',
    assetType: 'CRYPTO',
    price: '1650000000',
    open24h: '1600000000',
    high24h: '1700000000',
    low24h: '1590000000',
    change24h: '50000000',
    changePercent24h: '3.13',
    volume24h: '123.45',
    bid: '1649999000',
    ask: '1650001000',
    marketState: 'OPEN',
    updatedAt: 1_800_000_000_000,
    ...overrides,
  };
}

/** `count` levels a side, 1000 apart around 1,650,000,000, quantity 1 each (cumulative 10 %, 20 % …). */
export function book(count = 12, overrides: Partial<OrderBook> = {}): OrderBook {
  const level = (price: number, index: number): OrderBookLevel => ({
    price: String(price),
    quantity: '1',
    cumulativePercent: String(Math.min(100, (index + 1) * 10)),
  });
  return {
    symbol: 'BTC-IDR',
    seq: 0,
    granularity: '1000',
    bids: Array.from({ length: count }, (_, i) => level(1_649_999_000 - i * 1000, i)),
    asks: Array.from({ length: count }, (_, i) => level(1_650_001_000 + i * 1000, i)),
    totalBidQuantity: String(count),
    totalAskQuantity: String(count),
    updatedAt: 1_800_000_000_000,
    ...overrides,
  };
}

export function trades(count = 3): Trade[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `t${i}`,
    price: String(1_650_000_000 + i * 1000),
    quantity: '0.01',
    side: i % 2 ? 'SELL' : 'BUY',
    t: 1_800_000_000_000 - i * 1000,
  }));
}

export function candles(count = 5): Candle[] {
  return Array.from({ length: count }, (_, i) => ({
    t: 1_800_000_000_000 + i * 3_600_000,
    o: '100',
    h: String(110 + i),
    l: String(90 - i),
    c: '105',
    v: '10',
  }));
}

export const notHalted = (symbol: string): TradingHalt => ({ symbol, halted: false, reason: null, haltedAt: null });

/** Answers the trade page's calls for any symbol the instrument list knows. */
export function mockMarket(api: TestApiClient): TestApiClient {
  return api
    .reply('GET', MARKET_PATHS.instruments, { items: INSTRUMENTS })
    .on('GET', MARKET_PATHS.ticker, (request) => {
      const symbol = String(request.query.symbol);
      const known = INSTRUMENTS.find((item) => item.symbol === symbol);
      if (!known) return { status: 404, body: { status: 'error', error_code: '002', error_message: 'unknown symbol' } };
      return { body: { status: 'success', data: ticker({ symbol, assetType: known.assetType }) } };
    })
    .on('GET', MARKET_PATHS.orderBook, (request) => ({
      body: { status: 'success', data: book(12, { symbol: String(request.query.symbol), granularity: String(request.query.granularity ?? '1000') }) },
    }))
    .reply('GET', MARKET_PATHS.trades, trades())
    .on('GET', MARKET_PATHS.candles, (request) => ({
      body: { status: 'success', data: { symbol: request.query.symbol, resolution: request.query.resolution, candles: candles() } },
    }))
    .on('GET', MARKET_PATHS.tradingHalt, (request) => ({ body: { status: 'success', data: notHalted(String(request.query.symbol)) } }))
    .reply('GET', MARKET_PATHS.news, { items: [], page: 0, size: 8, total: 0 })
    .reply('GET', MARKET_PATHS.status, {
      market: 'USSTOCK',
      state: 'CLOSED',
      now: '2026-11-22T15:00:00.000Z',
      tradingDate: '2026-11-23',
      timeZone: 'America/New_York',
      sessions: [],
      status: {
        marketOpenTime: null,
        marketCloseTime: null,
        preMarketOpenTime: null,
        preMarketCloseTime: null,
        postMarketOpenTime: null,
        postMarketCloseTime: null,
      },
      earlyClose: false,
      holiday: null,
      nextChangeAt: null,
      nextState: null,
    });
}
