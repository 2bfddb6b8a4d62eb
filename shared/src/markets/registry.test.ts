import { AssetType, InstrumentKind, SessionMarket, SymbolCategory } from '../contract';
import {
  ASSET_TYPES,
  assetPagePath,
  assetPathOf,
  chartLayoutOf,
  INSTRUMENT_KINDS,
  isWatchedKind,
  kindOfAssetPath,
  markedMarketOf,
  MARKET_IDS,
  MARKET_LIST,
  MARKETS,
  marketOfAssetType,
  marketOfCategory,
  marketOfKind,
  marketOfSymbol,
  SESSION_MARKETS,
  sessionMarketOf,
  SWITCHABLE_MARKETS,
  SYMBOL_CATEGORIES,
  GENERIC_PORTFOLIO_ASSET_TYPES,
  GENERIC_PORTFOLIO_MARKETS,
  GENERIC_PORTFOLIO_QUOTE_CURRENCY,
  TRADABLE_MARKETS,
} from './registry';

const FIELDS = [
  'id',
  'assetType',
  'symbolCategory',
  'quoteCurrency',
  'pricePrecision',
  'chartLayout',
  'proChartLayout',
  'resolutions',
  'assetPath',
  'sessionTimeZone',
  'defaultSymbol',
  'symbolMarker',
  'pairQuotes',
  'tradable',
  'genericPortfolio',
];

describe('the market registry', () => {
  it('has crypto, perps, US stocks and IDX, in that order, each under its own id', () => {
    expect(MARKET_IDS).toEqual(['crypto', 'perps', 'usstock', 'idx']);
    for (const id of MARKET_IDS) expect(MARKETS[id].id).toBe(id);
  });

  it('gives every market every field (null where it has none)', () => {
    for (const market of MARKET_LIST) {
      expect([market.id, Object.keys(market).sort()]).toEqual([market.id, [...FIELDS].sort()]);
      for (const field of FIELDS) expect([market.id, field, (market as Record<string, unknown>)[field]]).not.toContainEqual(undefined);
      expect(market.resolutions.length).toBeGreaterThan(0);
    }
  });

  it('keeps the specification’s words on the wire only: IDX is IDSS there', () => {
    expect(MARKETS.idx.assetType).toBe('IDSS');
    expect(MARKETS.idx.symbolCategory).toBe('IDSS');
    expect(MARKETS.perps.symbolCategory).toBe('CRYPTO_FUTURES');
    expect(MARKET_IDS).not.toContain('idss');
  });

  it('maps wire values to markets and back', () => {
    expect(ASSET_TYPES).toEqual(['CRYPTO', 'PERPS', 'USSTOCK', 'IDSS']);
    expect(SYMBOL_CATEGORIES).toEqual(['CRYPTO', 'CRYPTO_FUTURES', 'USSTOCK', 'IDSS']);
    for (const market of MARKET_LIST) {
      expect(marketOfAssetType(market.assetType)).toBe(market);
      expect(marketOfCategory(market.symbolCategory)).toBe(market);
    }
    expect(marketOfAssetType('IDSS').id).toBe('idx');
  });

  it('derives the contract’s wire enums, which still accept and emit the wire values', () => {
    expect(AssetType.options).toEqual([...ASSET_TYPES]);
    expect(SymbolCategory.options).toEqual([...SYMBOL_CATEGORIES]);
    expect(InstrumentKind.options).toEqual([...INSTRUMENT_KINDS]);
    expect(SessionMarket.options).toEqual([...SESSION_MARKETS]);
    expect(AssetType.parse('IDSS')).toBe('IDSS');
    expect(AssetType.safeParse('idx').success).toBe(false);
    expect(SessionMarket.parse('USSTOCK')).toBe('USSTOCK');
  });

  it('has sessions only where it keeps session time (US in New York, IDX in Jakarta)', () => {
    expect(SESSION_MARKETS).toEqual(['USSTOCK', 'IDSS']);
    expect(MARKET_IDS.map(sessionMarketOf)).toEqual([null, null, 'USSTOCK', 'IDSS']);
    expect(MARKETS.usstock.sessionTimeZone).toBe('America/New_York');
    expect(MARKETS.idx.sessionTimeZone).toBe('Asia/Jakarta');
  });

  it('quotes crypto and IDX in IDR, perps in USDT and US in USD', () => {
    expect(MARKET_LIST.map((market) => market.quoteCurrency)).toEqual(['IDR', 'USDT', 'USD', 'IDR']);
  });

  it('switches between the markets with a default symbol (§2)', () => {
    expect(SWITCHABLE_MARKETS.map((market) => [market.id, market.defaultSymbol])).toEqual([
      ['crypto', 'BTC-IDR'],
      ['perps', 'BTCUSDT-PERP'],
      ['usstock', 'AAPL'],
      ['idx', 'BBCA'],
    ]);
    // IDX codes look like US tickers: only the symbol's category tells them apart.
    for (const market of SWITCHABLE_MARKETS) expect(marketOfSymbol(market.defaultSymbol!, market.id === 'idx' ? 'IDSS' : undefined)).toBe(market.id);
  });

  it('chooses the chart layout of §2', () => {
    expect(chartLayoutOf(null, false)).toBe('Loading');
    expect(chartLayoutOf('crypto', false)).toBe('CryptoInstant');
    expect(chartLayoutOf('crypto', true)).toBe('CryptoAdvanced');
    expect(chartLayoutOf('perps', true)).toBe('Perps');
    expect(chartLayoutOf('usstock', false)).toBe('USStock');
    expect(chartLayoutOf('idx', false)).toBe('USStock');
  });
});

describe('symbols (§5)', () => {
  it('reads -IDR as crypto spot and -PERP as perpetual, ignoring case', () => {
    expect(markedMarketOf('BTC-IDR')).toBe('crypto');
    expect(markedMarketOf('BTCUSDT-PERP')).toBe('perps');
    expect(markedMarketOf('eth-idr')).toBe('crypto');
    expect(markedMarketOf('ethusdt-perp')).toBe('perps');
    expect(markedMarketOf('BTCUSDT')).toBeNull();
  });

  it('treats -IDR before -PERP when both appear', () => {
    expect(markedMarketOf('X-IDR-PERP')).toBe('crypto');
  });

  it('reads a quoted pair as crypto and a bare ticker as a US stock', () => {
    expect(marketOfSymbol('ETHUSDT')).toBe('crypto');
    expect(marketOfSymbol('ethbtc')).toBe('crypto');
    expect(marketOfSymbol('AAPL')).toBe('usstock');
    expect(marketOfSymbol('BRK.B')).toBe('usstock');
  });

  it('trusts the symbol-info category when it is known (an IDX code looks like a US ticker)', () => {
    expect(marketOfSymbol('BBCA')).toBe('usstock');
    expect(marketOfSymbol('BBCA', 'IDSS')).toBe('idx');
    expect(marketOfSymbol('BTCUSDT', 'CRYPTO_FUTURES')).toBe('perps');
  });
});

describe('instrument kinds and asset pages', () => {
  it('are the market ids, and US indices within the US market', () => {
    expect(INSTRUMENT_KINDS).toEqual(['crypto', 'perps', 'usstock', 'idx', 'usindex']);
    expect(INSTRUMENT_KINDS.map(marketOfKind)).toEqual(['crypto', 'perps', 'usstock', 'idx', 'usstock']);
    expect(INSTRUMENT_KINDS.filter(isWatchedKind)).toEqual(['usindex']);
  });

  it('have the asset page paths of the shell routes, and round-trip through them', () => {
    expect(INSTRUMENT_KINDS.map(assetPathOf)).toEqual(['crypto', null, 'usstock', 'idx', 'usindex']);
    for (const kind of INSTRUMENT_KINDS) {
      const segment = assetPathOf(kind);
      if (segment !== null) expect(kindOfAssetPath(segment)).toBe(kind);
    }
    expect(kindOfAssetPath('idss')).toBeUndefined();
  });

  it('build an asset page location, or none for a kind without a page', () => {
    expect(assetPagePath('usindex', 'SPX', 3)).toBe('/asset/usindex/SPX/3');
    expect(assetPagePath('crypto', 'BTC', 12)).toBe('/asset/crypto/BTC/12');
    expect(assetPagePath('perps', 'BTCUSDT-PERP', 1)).toBeNull();
  });
});

describe('tradable markets', () => {
  it('are every market: crypto spot, perps, US stocks and IDX all take orders', () => {
    expect(TRADABLE_MARKETS.map((market) => market.id)).toEqual(['crypto', 'perps', 'usstock', 'idx']);
  });

  it('leave perps and IDX out of the generic portfolio calls (they have their own), each listed once', () => {
    expect(GENERIC_PORTFOLIO_MARKETS.map((market) => market.id)).toEqual(['crypto', 'usstock']);
    expect(GENERIC_PORTFOLIO_ASSET_TYPES).toEqual(['CRYPTO', 'USSTOCK']);
    expect(GENERIC_PORTFOLIO_QUOTE_CURRENCY).toEqual({ CRYPTO: 'IDR', USSTOCK: 'USD' });
  });
});
