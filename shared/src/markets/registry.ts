// The markets Pasar knows, once (style 14): crypto spot, perpetuals, US stocks and IDX. Everything
// that differs by market and is not an order rule lives in its entry: the wire's words for it, its
// quote currency, charts, asset pages, sessions, default symbol and how its symbols are told apart.
// The product's word is the id (`idx`); the specification's words (`IDSS`, `USSTOCK`, …) appear
// only as the wire values of an entry, and the contract's wire enums are derived from here.
//
// Plain data and tiny functions, no zod: the browser's first load uses this (decision 0006).
import type { ChartLayoutKind } from '../contract/enums';
import type { ResolutionValue } from '../contract/market-paths';

/** One market. Every entry has every field; `null` says the market has none of it. */
export interface Market {
  /** The product's word, used in code, routes and translation keys. */
  readonly id: string;
  /** The wire's asset type (§3): `assetType` of tickers, instruments, orders and holdings. */
  readonly assetType: string;
  /** The symbol-info category, the prefix of its cache keys (`CRYPTO:12`). */
  readonly symbolCategory: string;
  /** The currency prices are quoted in (§3, §9). */
  readonly quoteCurrency: 'IDR' | 'USDT' | 'USD';
  /** Price decimals until the instrument says. */
  readonly pricePrecision: number;
  /** §2 chart layout kind; `proChartLayout` in pro mode (crypto pairs with pro mode). */
  readonly chartLayout: ChartLayoutKind;
  readonly proChartLayout: ChartLayoutKind;
  /** Chart resolutions offered, in the order of §9. */
  readonly resolutions: readonly ResolutionValue[];
  /** `/asset/{assetPath}/{symbol}/{assetId}`; null: the market has no asset page. */
  readonly assetPath: string | null;
  /** Markets with trading sessions keep them in this time zone (§9); null: trades around the clock. */
  readonly sessionTimeZone: 'America/New_York' | 'Asia/Jakarta' | null;
  /** The symbol the trade home opens the market with (§2); null: not offered in the market switch. */
  readonly defaultSymbol: string | null;
  /** §5: a symbol containing this marker is of this market ("-IDR", "-PERP"). */
  readonly symbolMarker: string | null;
  /** A pair quoted in one of these (BTCUSDT, ETHBTC) is of this market (§3 quote currencies). */
  readonly pairQuotes: readonly string[];
  /** Orders can be placed in this market. */
  readonly tradable: boolean;
  /**
   * The generic portfolio calls (asset holdings, position history, the overview's market totals)
   * answer for this market. Perps (positions with margin) and IDX (lots, unsettled T+2 proceeds)
   * answer through their own calls, each with a portfolio section of its own, so they are not
   * listed twice.
   */
  readonly genericPortfolio: boolean;
}

export const MARKETS = {
  crypto: {
    id: 'crypto',
    assetType: 'CRYPTO',
    symbolCategory: 'CRYPTO',
    quoteCurrency: 'IDR',
    pricePrecision: 0,
    chartLayout: 'CryptoInstant',
    proChartLayout: 'CryptoAdvanced',
    resolutions: ['1', '5', '15', '60', '120', '240', '1D', '1W', '1M'],
    assetPath: 'crypto',
    sessionTimeZone: null,
    defaultSymbol: 'BTC-IDR',
    symbolMarker: '-IDR',
    pairQuotes: ['IDR', 'USDT', 'BUSD', 'BTC'],
    tradable: true,
    genericPortfolio: true,
  },
  perps: {
    id: 'perps',
    assetType: 'PERPS',
    symbolCategory: 'CRYPTO_FUTURES',
    quoteCurrency: 'USDT',
    pricePrecision: 2,
    chartLayout: 'Perps',
    proChartLayout: 'Perps',
    resolutions: ['1', '5', '15', '60', '240', '1D'],
    assetPath: null,
    sessionTimeZone: null,
    defaultSymbol: 'BTCUSDT-PERP',
    symbolMarker: '-PERP',
    pairQuotes: [],
    tradable: true,
    genericPortfolio: false,
  },
  usstock: {
    id: 'usstock',
    assetType: 'USSTOCK',
    symbolCategory: 'USSTOCK',
    quoteCurrency: 'USD',
    pricePrecision: 2,
    chartLayout: 'USStock',
    proChartLayout: 'USStock',
    resolutions: ['5', '10', '15', '60', '1D', '1W'],
    assetPath: 'usstock',
    sessionTimeZone: 'America/New_York',
    defaultSymbol: 'AAPL',
    symbolMarker: null,
    pairQuotes: [],
    tradable: true,
    genericPortfolio: true,
  },
  idx: {
    id: 'idx',
    assetType: 'IDSS',
    symbolCategory: 'IDSS',
    quoteCurrency: 'IDR',
    pricePrecision: 0,
    chartLayout: 'USStock',
    proChartLayout: 'USStock',
    resolutions: ['5', '60', '1D', '1W'],
    assetPath: 'idx',
    sessionTimeZone: 'Asia/Jakarta',
    defaultSymbol: 'BBCA',
    symbolMarker: null,
    pairQuotes: [],
    tradable: true,
    genericPortfolio: false,
  },
} as const satisfies Record<string, Market>;

export type MarketId = keyof typeof MARKETS;
type Entry = (typeof MARKETS)[MarketId];

/** The markets in the order they are offered and listed: crypto, perps, US, IDX. */
export const MARKET_IDS = Object.keys(MARKETS) as MarketId[];
export const MARKET_LIST: readonly Entry[] = MARKET_IDS.map((id) => MARKETS[id]);

/** The markets orders can be placed in, in registry order (all of them in this build). */
export const TRADABLE_MARKETS: readonly Entry[] = MARKET_LIST.filter((market) => market.tradable);

type GenericPortfolio = Extract<Entry, { genericPortfolio: true }>;
/** The markets the generic portfolio calls answer for, in registry order. */
export const GENERIC_PORTFOLIO_MARKETS: readonly GenericPortfolio[] = MARKET_LIST.filter((market): market is GenericPortfolio => market.genericPortfolio);
export type GenericPortfolioAssetType = GenericPortfolio['assetType'];
export const GENERIC_PORTFOLIO_ASSET_TYPES: readonly GenericPortfolioAssetType[] = GENERIC_PORTFOLIO_MARKETS.map((market) => market.assetType);
/** The quote currency of each of those markets, by its wire asset type ({ CRYPTO: 'IDR', USSTOCK: 'USD' }). */
export const GENERIC_PORTFOLIO_QUOTE_CURRENCY = Object.fromEntries(GENERIC_PORTFOLIO_MARKETS.map((market) => [market.assetType, market.quoteCurrency])) as {
  readonly [M in GenericPortfolio as M['assetType']]: M['quoteCurrency'];
};

/** The markets the trade home switches between (those with a default symbol). */
export const SWITCHABLE_MARKETS = MARKET_LIST.filter((market) => market.defaultSymbol !== null);

/**
 * US indices are watched, never traded: instruments of the US market (its session, quote
 * currency and charts) with an asset page of their own. An instrument's kind is its market's id,
 * or one of these.
 */
export const WATCHED_KINDS = { usindex: { market: 'usstock', assetPath: 'usindex' } } as const satisfies Record<
  string,
  { market: MarketId; assetPath: string }
>;
type WatchedKind = keyof typeof WATCHED_KINDS;

// The wire's enumerations, derived from the entries (the contract builds its zod enums from these).
export const ASSET_TYPES = MARKET_LIST.map((market) => market.assetType);
export type AssetTypeValue = Entry['assetType'];
export const SYMBOL_CATEGORIES = MARKET_LIST.map((market) => market.symbolCategory);
export type SymbolCategoryValue = Entry['symbolCategory'];
/** Instrument kinds: a market's id, or a watched kind (US indices). */
export const INSTRUMENT_KINDS: readonly (MarketId | WatchedKind)[] = [...MARKET_IDS, ...(Object.keys(WATCHED_KINDS) as WatchedKind[])];
export type InstrumentKindValue = MarketId | WatchedKind;
/** Markets with sessions, by their wire asset type (the market status and calendar calls). */
export const SESSION_MARKETS = MARKET_LIST.flatMap((market) => (market.sessionTimeZone ? [market.assetType] : []));
export type SessionMarketValue = Extract<Entry, { sessionTimeZone: string }>['assetType'];

/** The market of a wire asset type ('IDSS' → IDX). */
export const marketOfAssetType = (assetType: AssetTypeValue): Entry => MARKET_LIST.find((market) => market.assetType === assetType)!;

/** The market of a symbol-info category ('CRYPTO_FUTURES' → perps). */
export const marketOfCategory = (category: SymbolCategoryValue): Entry => MARKET_LIST.find((market) => market.symbolCategory === category)!;

/** Watched kinds are charted, never traded. */
export const isWatchedKind = (kind: InstrumentKindValue): kind is WatchedKind => Object.prototype.hasOwnProperty.call(WATCHED_KINDS, kind);

/** The market an instrument kind belongs to (a US index: the US market). */
export const marketOfKind = (kind: InstrumentKindValue): MarketId => (isWatchedKind(kind) ? WATCHED_KINDS[kind].market : kind);

/** The session market of a market (its wire asset type), or null when it trades around the clock. */
export const sessionMarketOf = (id: MarketId): SessionMarketValue | null => {
  const market: Entry = MARKETS[id];
  return market.sessionTimeZone ? (market.assetType as SessionMarketValue) : null;
};

/** The asset page path segment of an instrument kind; null when it has no asset page. */
export const assetPathOf = (kind: InstrumentKindValue): string | null =>
  isWatchedKind(kind) ? WATCHED_KINDS[kind].assetPath : MARKETS[kind].assetPath;

/** The instrument kind of an asset page path segment ('usindex' → usindex); undefined when none. */
export const kindOfAssetPath = (segment: string): InstrumentKindValue | undefined =>
  INSTRUMENT_KINDS.find((kind) => assetPathOf(kind) === segment);

/** The `/asset/…` location of an instrument; null when its kind has no asset page. */
export function assetPagePath(kind: InstrumentKindValue, symbol: string, assetId: number | string): string | null {
  const segment = assetPathOf(kind);
  return segment === null ? null : `/asset/${segment}/${encodeURIComponent(symbol)}/${assetId}`;
}


/** §5: the market a symbol's marker names ("-IDR" crypto, "-PERP" perps, -IDR first), case-insensitive; null without one. */
export function markedMarketOf(symbol: string): MarketId | null {
  const upper = symbol.toUpperCase();
  return MARKET_LIST.find((market) => market.symbolMarker !== null && upper.includes(market.symbolMarker))?.id ?? null;
}

/**
 * The market of a symbol. The symbol cache's category decides when known; otherwise §5's markers
 * (-IDR, -PERP), then a pair in a crypto quote currency (ETHUSDT), and anything else is a US
 * ticker (AAPL). IDX codes look like US tickers, so only the category tells them apart.
 */
export function marketOfSymbol(symbol: string, category?: SymbolCategoryValue): MarketId {
  if (category) return marketOfCategory(category).id;
  const marked = markedMarketOf(symbol);
  if (marked) return marked;
  const upper = symbol.toUpperCase();
  const pair = MARKET_LIST.find((market) => market.pairQuotes.some((quote) => upper.length > quote.length && upper.endsWith(quote) && /^[A-Z0-9]+$/.test(upper)));
  return pair?.id ?? MARKETS.usstock.id;
}

/** §2 chart layout of a market (null while unknown: Loading); pro mode applies to pairs that have it. */
export function chartLayoutOf(id: MarketId | null, proMode: boolean): ChartLayoutKind {
  if (id === null) return 'Loading';
  return proMode ? MARKETS[id].proChartLayout : MARKETS[id].chartLayout;
}
