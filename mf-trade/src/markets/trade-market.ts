// Which market a symbol trades in, and which symbol the trade home shows (§2, §5).
import {
  classifySymbol,
  DEFAULT_SYMBOLS,
  QUOTE_CURRENCIES,
  type AssetType,
  type InstrumentKindValue,
  type SymbolEntry,
} from '@pasar/shared';

/** The markets the trade home switches between, in the order they are offered. */
export const TRADE_MARKETS = ['crypto', 'perps', 'usstock'] as const;
export type SwitchableMarket = (typeof TRADE_MARKETS)[number];
/** Indonesian stocks are known to the symbol cache but have no default symbol (§2). */
export type TradeMarket = SwitchableMarket | 'idss';

/** The symbol each market opens with (§2: BTC-IDR, BTCUSDT-PERP, AAPL). */
export const DEFAULT_SYMBOL_OF: Record<SwitchableMarket, string> = {
  crypto: DEFAULT_SYMBOLS.crypto,
  perps: DEFAULT_SYMBOLS.perp,
  usstock: DEFAULT_SYMBOLS.usStock,
};

export const ASSET_TYPE_OF: Record<TradeMarket, AssetType> = {
  crypto: 'CRYPTO',
  perps: 'PERPS',
  usstock: 'USSTOCK',
  idss: 'IDSS',
};

const MARKET_OF_CATEGORY: Record<SymbolEntry['category'], TradeMarket> = {
  CRYPTO: 'crypto',
  CRYPTO_FUTURES: 'perps',
  USSTOCK: 'usstock',
  IDSS: 'idss',
};

// A pair quoted in one of §3's quote currencies (BTCUSDT, ETHBTC) is crypto; a bare ticker is a stock.
const CRYPTO_PAIR = new RegExp(`^[A-Z0-9]+(${QUOTE_CURRENCIES.join('|')})$`);

/**
 * The market of a symbol. The symbol cache knows it when loaded; otherwise §5's rule decides
 * (-IDR spot crypto, -PERP perpetual) and, for what that rule calls plain crypto, a ticker that is
 * not a quoted pair (AAPL) is read as a US stock.
 */
export function marketOfSymbol(symbol: string, entry?: SymbolEntry): TradeMarket {
  if (entry) return MARKET_OF_CATEGORY[entry.category];
  switch (classifySymbol(symbol)) {
    case 'idr':
      return 'crypto';
    case 'perp':
      return 'perps';
    default:
      return CRYPTO_PAIR.test(symbol.toUpperCase()) ? 'crypto' : 'usstock';
  }
}

const MARKET_OF_KIND: Record<InstrumentKindValue, TradeMarket> = {
  crypto: 'crypto',
  perp: 'perps',
  usstock: 'usstock',
  usindex: 'usstock',
  idss: 'idss',
};

/** The market of an instrument (US indices chart like US stocks). */
export const marketOfKind = (kind: InstrumentKindValue): TradeMarket => MARKET_OF_KIND[kind];

const MARKET_OF_ASSET_TYPE: Record<AssetType, TradeMarket> = { CRYPTO: 'crypto', PERPS: 'perps', USSTOCK: 'usstock', IDSS: 'idss' };

/** The market of an asset type (a ticker's `assetType`). */
export const marketOfAssetType = (assetType: AssetType): TradeMarket => MARKET_OF_ASSET_TYPE[assetType];

/** `?ticker=` (trimmed, upper-cased), else the crypto default BTC-IDR. */
export function selectedTicker(search: URLSearchParams): string {
  const ticker = search.get('ticker')?.trim().toUpperCase();
  return ticker ? ticker : DEFAULT_SYMBOL_OF.crypto;
}

/** The trade home for one symbol, as a router location. */
export const tradeHomeFor = (symbol: string) => ({
  pathname: '/trade',
  search: `?${new URLSearchParams({ ticker: symbol })}`,
});
