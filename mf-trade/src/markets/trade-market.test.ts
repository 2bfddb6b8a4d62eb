import { MARKETS, marketOfSymbol, SWITCHABLE_MARKETS, type SymbolEntry } from '@pasar/shared';
import { pairSymbolOf, selectedTicker, tradeHomeFor } from './trade-market';

describe('selectedTicker', () => {
  it('takes the ?ticker= symbol, trimmed and upper-cased', () => {
    expect(selectedTicker(new URLSearchParams('ticker=USDT-IDR'))).toBe('USDT-IDR');
    expect(selectedTicker(new URLSearchParams('ticker=%20ethusdt-perp%20'))).toBe('ETHUSDT-PERP');
  });

  it('defaults to BTC-IDR without a ticker or with an empty one', () => {
    expect(selectedTicker(new URLSearchParams(''))).toBe('BTC-IDR');
    expect(selectedTicker(new URLSearchParams('ticker='))).toBe('BTC-IDR');
  });
});

describe('marketOfSymbol', () => {
  it('follows §5: -IDR is spot crypto, -PERP is perpetual', () => {
    expect(marketOfSymbol('BTC-IDR')).toBe('crypto');
    expect(marketOfSymbol('btcusdt-perp')).toBe('perps');
  });

  it('reads a quoted pair as crypto and a bare ticker as a US stock', () => {
    expect(marketOfSymbol('ETHUSDT')).toBe('crypto');
    expect(marketOfSymbol('AAPL')).toBe('usstock');
    expect(marketOfSymbol('BRK.B')).toBe('usstock');
  });

  it('trusts the symbol cache when it knows the symbol', () => {
    const entry = { category: 'IDSS', ticker: 'BBCA' } as SymbolEntry;
    expect(marketOfSymbol('BBCA', entry.category)).toBe('idx');
  });

  it('puts every default symbol in its own market (a bare IDX code by its category: BBCA could be a US ticker)', () => {
    for (const market of SWITCHABLE_MARKETS) {
      const symbol = MARKETS[market.id].defaultSymbol!;
      expect(marketOfSymbol(symbol, MARKETS[market.id].symbolCategory)).toBe(market.id);
      if (market.id !== 'idx') expect(marketOfSymbol(symbol)).toBe(market.id);
    }
  });
});

it('tradeHomeFor builds the shareable pair URL of a symbol', () => {
  expect(tradeHomeFor('BTCUSDT-PERP')).toEqual({ pathname: '/trade/BTCUSDT-PERP', search: '' });
  expect(tradeHomeFor('AAPL')).toEqual({ pathname: '/trade/AAPL', search: '' });
  expect(tradeHomeFor('BRK.B')).toEqual({ pathname: '/trade/BRK.B', search: '' });
});

it('pairSymbolOf reads the pair URL segment, decoded and upper-cased', () => {
  expect(pairSymbolOf('eth-idr')).toBe('ETH-IDR');
  expect(pairSymbolOf('BRK%2EB')).toBe('BRK.B');
  expect(pairSymbolOf(undefined)).toBe('BTC-IDR');
});
