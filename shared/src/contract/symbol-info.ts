// The symbol-info call (§7, own trade host) and its per-market shapes (§3 "Symbol info"), as zod
// schemas: the server answers with them and the client parses with them. The page's symbol cache
// loads this file (and zod) only when it first loads symbol info, never in the first load.
import { z } from './zod';
import { CryptoVenue, SYMBOL_CATEGORIES } from './enums';
import { SESSION_MARKETS } from './market-paths';

/** Ids are unique per market only, hence the category prefixes of the cache. */
export const SymbolId = z.union([z.string().min(1), z.number().int()]);
export type SymbolId = z.infer<typeof SymbolId>;

/** Crypto spot, quoted in IDR: `symbol` is the pair as the app writes it ("BTC-IDR"), shortName "BTC". */
export const CryptoSymbolInfo = z.object({
  id: SymbolId,
  symbol: z.string().min(1),
  shortName: z.string().min(1),
  name: z.string(),
  icon: z.string(),
  enableProMode: z.boolean(),
  liquiditySource: CryptoVenue,
  /** The pair's symbol at each venue ("BINANCE" → "BTCUSDT"). */
  exchangeSymbols: z.partialRecord(CryptoVenue, z.string()),
  pricePrecision: z.number().int().min(0),
});
export type CryptoSymbolInfo = z.infer<typeof CryptoSymbolInfo>;

/** US stock (short keys as on the wire): cc code, na name, ai logo, ipme has post-market. */
export const UsStockSymbolInfo = z.object({
  id: SymbolId,
  cc: z.string().min(1),
  na: z.string(),
  ai: z.string(),
  ipme: z.boolean(),
});
export type UsStockSymbolInfo = z.infer<typeof UsStockSymbolInfo>;

/** Perpetual: fps pair symbol ("BTCUSDT"), n name, i icon, pp price precision. */
export const PerpSymbolInfo = z.object({
  id: SymbolId,
  fps: z.string().min(1),
  n: z.string(),
  i: z.string(),
  pp: z.number().int().min(0),
});
export type PerpSymbolInfo = z.infer<typeof PerpSymbolInfo>;

/** Indonesian (IDX) stock. */
export const IdssSymbolInfo = z.object({
  id: SymbolId,
  code: z.string().min(1),
  name: z.string(),
  icon: z.string(),
});
export type IdssSymbolInfo = z.infer<typeof IdssSymbolInfo>;

/** Session times of a market for one day (ISO 8601 instants; §3 "Market status"). */
export const MarketStatusInfo = z.object({
  market: z.enum(SESSION_MARKETS),
  date: z.string(),
  marketOpenTime: z.string().nullable(),
  marketCloseTime: z.string().nullable(),
  preMarketOpenTime: z.string().nullable(),
  preMarketCloseTime: z.string().nullable(),
  postMarketOpenTime: z.string().nullable(),
  postMarketCloseTime: z.string().nullable(),
});
export type MarketStatusInfo = z.infer<typeof MarketStatusInfo>;

/** An IDX trading day: two sessions, each with an open and a close time (ISO 8601). */
export const IdssCalendarDay = z.object({
  date: z.string(),
  firstOpenTime: z.string(),
  firstCloseTime: z.string(),
  secondOpenTime: z.string(),
  secondCloseTime: z.string(),
});
export type IdssCalendarDay = z.infer<typeof IdssCalendarDay>;

/** `data` of the symbol-info call. */
export const SymbolInfoResponse = z.object({
  success: z.boolean(),
  crypto: z.array(CryptoSymbolInfo),
  palnStock: z.array(UsStockSymbolInfo),
  marketStatus: z.array(MarketStatusInfo),
  perp: z.array(PerpSymbolInfo),
  idssStock: z.array(IdssSymbolInfo),
  calendar: z.array(IdssCalendarDay),
});
export type SymbolInfoResponse = z.infer<typeof SymbolInfoResponse>;

/** Category prefixes of cache ids ("CRYPTO:12"). */
export const SymbolCategory = z.enum(SYMBOL_CATEGORIES);
export type SymbolCategory = z.infer<typeof SymbolCategory>;
