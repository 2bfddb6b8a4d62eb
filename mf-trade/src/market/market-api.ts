// The market calls of the trade and asset pages (§7), through the page's shared API client.
// Responses are typed by the contract; they are not parsed with its zod schemas, which would
// bring zod into the guest page's first load (decision 0006). The server validates its output.
import { api, MARKET_PATHS, type Language, type SessionMarketValue } from '@pasar/shared';
import type {
  CandlesResponse,
  CorporateActionsResponse,
  Description,
  EpsResponse,
  Instrument,
  InstrumentsResponse,
  MarketStatusResponse,
  NewsListResponse,
  OrderBook,
  ProductInfo,
  Ticker,
  Trade,
  TradingHalt,
} from './types';

type Signal = AbortSignal | undefined;

export const fetchTicker = (symbol: string, signal?: Signal) =>
  api.get<Ticker>(MARKET_PATHS.ticker, { params: { symbol }, signal });

export const fetchOrderBook = (symbol: string, granularity: string | undefined, signal?: Signal) =>
  api.get<OrderBook>(MARKET_PATHS.orderBook, { params: { symbol, granularity }, signal });

export const fetchTrades = (symbol: string, limit: number, signal?: Signal) =>
  api.get<Trade[]>(MARKET_PATHS.trades, { params: { symbol, limit }, signal });

export const fetchCandles = (symbol: string, resolution: string, from: number, to: number, signal?: Signal) =>
  api.get<CandlesResponse>(MARKET_PATHS.candles, { params: { symbol, resolution, from, to }, signal });

export const fetchDescription = (symbol: string, signal?: Signal) =>
  api.get<Description>(MARKET_PATHS.description, { params: { symbol }, signal, language: true });

export const fetchTradingHalt = (symbol: string, signal?: Signal) =>
  api.get<TradingHalt>(MARKET_PATHS.tradingHalt, { params: { symbol }, signal, language: true });

export const fetchProductInfo = (symbol: string, signal?: Signal) =>
  api.get<ProductInfo>(MARKET_PATHS.productInfo, { params: { symbol }, signal, language: true });

export const fetchMarketStatus = (market: SessionMarketValue, signal?: Signal) =>
  api.get<MarketStatusResponse>(MARKET_PATHS.status, { params: { market }, signal });

export const fetchCorporateActions = (symbol: string, signal?: Signal) =>
  api.get<CorporateActionsResponse>(MARKET_PATHS.corporateActions, { params: { symbol }, signal });

export const fetchEps = (symbol: string, signal?: Signal) =>
  api.get<EpsResponse>(MARKET_PATHS.eps, { params: { symbol }, signal });

/** Articles about a symbol in the reader's language (the shipped samples exist in both). */
export const fetchNews = (symbol: string | undefined, language: Language, page: number, size: number, signal?: Signal) =>
  api.get<NewsListResponse>(MARKET_PATHS.news, { params: { symbol, language, page, size }, signal, language: true });

// Instruments change with a release, not during a visit: one request per page load serves the
// header, the search and the asset pages. A failed load is forgotten so a retry asks again.
let instruments: Promise<Instrument[]> | null = null;

export function loadInstruments(): Promise<Instrument[]> {
  instruments ??= api.get<InstrumentsResponse>(MARKET_PATHS.instruments).then(
    (response) => response.items,
    (error: unknown) => {
      instruments = null;
      throw error;
    },
  );
  return instruments;
}

/** Forgets the cached instruments (tests). */
export function resetInstrumentCache(): void {
  instruments = null;
}

export const findInstrument = (list: readonly Instrument[], symbol: string): Instrument | undefined => {
  const wanted = symbol.toUpperCase();
  return list.find((item) => item.symbol.toUpperCase() === wanted);
};
