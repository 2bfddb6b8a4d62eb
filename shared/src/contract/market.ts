// Market data (issue 4): instruments, candles, prices, order books, trades, statuses, halts, news — zod schemas and their types.
// Prices, quantities and amounts are decimal strings; instants of market data (t, updatedAt) are
// epoch milliseconds; calendar instants (session times, halts, news) are ISO 8601 strings.
import { z } from './zod';
import { calendarDate, plainLine, plainMultiLine } from './text';
import { AssetType, CryptoVenue, Language } from './enums';
import { DecimalString } from './envelope';
import { ALL_RESOLUTIONS, INSTRUMENT_KINDS, MARKET_STATES, SESSION_MARKETS, MAX_STEER_SECONDS } from './market-paths';

export const MarketState = z.enum(MARKET_STATES);
export type MarketState = z.infer<typeof MarketState>;

export const InstrumentKind = z.enum(INSTRUMENT_KINDS);
export type InstrumentKind = z.infer<typeof InstrumentKind>;

export const Resolution = z.enum(ALL_RESOLUTIONS);
export type Resolution = z.infer<typeof Resolution>;

export const TradeSide = z.enum(['BUY', 'SELL']);
export type TradeSide = z.infer<typeof TradeSide>;

/** Markets with sessions (§3 "Market status"). */
export const SessionMarket = z.enum(SESSION_MARKETS);
export type SessionMarket = z.infer<typeof SessionMarket>;

/** One tradable (or, for indices, chartable) symbol. */
export const Instrument = z.object({
  /** Unique across markets: "BTC-IDR", "BTCUSDT-PERP", "AAPL", "SPX", "BBCA". */
  symbol: z.string().min(1),
  /** Id within its market (the symbol-info ids; asset pages use it as assetId). */
  id: z.number().int(),
  kind: InstrumentKind,
  assetType: AssetType,
  /** Base asset or code: "BTC", "AAPL", "BBCA". */
  shortName: z.string().min(1),
  name: z.string(),
  quoteCurrency: z.enum(['IDR', 'USDT', 'USD']),
  /** Sector (stocks), category (crypto). */
  sector: z.string().nullable(),
  /** Price decimals; prices are on the `tickSize` grid. */
  pricePrecision: z.number().int().min(0),
  tickSize: DecimalString,
  quantityPrecision: z.number().int().min(0),
  /** Quantities are multiples of the step (IDX: one lot, 100 shares). */
  quantityStep: DecimalString,
  minQuantity: DecimalString,
  /** IDX lot size in shares; null elsewhere. */
  lotSize: z.number().int().nullable(),
  /** Order-book price groupings, the first the finest. */
  granularities: z.array(DecimalString).min(1),
  icon: z.string(),
  tradable: z.boolean(),
  enableProMode: z.boolean(),
  /** US stocks: has post-market (ipme). */
  hasPostMarket: z.boolean(),
  liquiditySource: CryptoVenue.nullable(),
  exchangeSymbols: z.partialRecord(CryptoVenue, z.string()),
  /** Perps: the spot pair they track ("BTC-IDR"'s base in USDT); null elsewhere. */
  underlying: z.string().nullable(),
  /** First day with market data (YYYY-MM-DD). */
  listedSince: z.string(),
});
export type Instrument = z.infer<typeof Instrument>;

export const InstrumentsResponse = z.object({ items: z.array(Instrument) });
export type InstrumentsResponse = z.infer<typeof InstrumentsResponse>;

export const InstrumentsQuery = z.object({ assetType: AssetType.optional() });
export type InstrumentsQuery = z.infer<typeof InstrumentsQuery>;

export const SymbolQuery = z.object({ symbol: z.string().min(1).max(32) });
export type SymbolQuery = z.infer<typeof SymbolQuery>;

export const Ticker = z.object({
  symbol: z.string(),
  assetType: AssetType,
  price: DecimalString,
  /** Crypto and perps: 24 h ago. Stocks and indices: the previous session's close. */
  open24h: DecimalString,
  high24h: DecimalString,
  low24h: DecimalString,
  change24h: DecimalString,
  /** Percent, 2 decimals (§9). */
  changePercent24h: DecimalString,
  /** In base units (shares, coins). */
  volume24h: DecimalString,
  bid: DecimalString,
  ask: DecimalString,
  marketState: MarketState,
  /** Epoch ms. */
  updatedAt: z.number().int(),
  /** Perps only (`perps.ts` PerpTickerFields): index price, mark price, funding rate, next funding (epoch ms). */
  indexPrice: DecimalString.optional(),
  markPrice: DecimalString.optional(),
  fundingRate: DecimalString.optional(),
  nextFundingTime: z.number().int().optional(),
});
export type Ticker = z.infer<typeof Ticker>;

export const TickersQuery = z.object({
  /** Comma-separated symbols (at most 100); without it every instrument of `assetType`. */
  symbols: z.string().max(4000).optional(),
  assetType: AssetType.optional(),
});
export type TickersQuery = z.infer<typeof TickersQuery>;
export const TickersResponse = z.object({ items: z.array(Ticker) });
export type TickersResponse = z.infer<typeof TickersResponse>;

/** One bar: t is the bar's open, epoch ms; v in base units. */
export const Candle = z.object({
  t: z.number().int(),
  o: DecimalString,
  h: DecimalString,
  l: DecimalString,
  c: DecimalString,
  v: DecimalString,
});
export type Candle = z.infer<typeof Candle>;

export const CandlesQuery = z.object({
  symbol: z.string().min(1).max(32),
  resolution: Resolution,
  /** Epoch seconds, inclusive (bars opening at or after). */
  from: z.coerce.number().int().min(0),
  /** Epoch seconds, exclusive; bars opening before it. */
  to: z.coerce.number().int().min(0),
});
export type CandlesQuery = z.infer<typeof CandlesQuery>;

export const CandlesResponse = z.object({
  symbol: z.string(),
  resolution: Resolution,
  candles: z.array(Candle),
});
export type CandlesResponse = z.infer<typeof CandlesResponse>;

export const OrderBookLevel = z.object({
  price: DecimalString,
  quantity: DecimalString,
  /** Running share of the side's total quantity, from the best price (the 10th level is 100). */
  cumulativePercent: DecimalString,
});
export type OrderBookLevel = z.infer<typeof OrderBookLevel>;

export const OrderBook = z.object({
  symbol: z.string(),
  /** 0 from the REST call; the stream hub numbers updates after a snapshot. */
  seq: z.number().int().min(0),
  granularity: DecimalString,
  /** Best first: bids descending, asks ascending; at most 10 each (§9). */
  bids: z.array(OrderBookLevel),
  asks: z.array(OrderBookLevel),
  totalBidQuantity: DecimalString,
  totalAskQuantity: DecimalString,
  cryptocurrencySymbol: z.string().optional(),
  cryptoFuturePairSymbol: z.string().optional(),
  updatedAt: z.number().int(),
});
export type OrderBook = z.infer<typeof OrderBook>;

export const OrderBookQuery = z.object({
  symbol: z.string().min(1).max(32),
  granularity: DecimalString.optional(),
});
export type OrderBookQuery = z.infer<typeof OrderBookQuery>;

export const Trade = z.object({
  id: z.string(),
  price: DecimalString,
  quantity: DecimalString,
  /** The taker's side. */
  side: TradeSide,
  t: z.number().int(),
});
export type Trade = z.infer<typeof Trade>;

export const TradesQuery = z.object({
  symbol: z.string().min(1).max(32),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TradesQuery = z.infer<typeof TradesQuery>;
export const TradesResponse = z.array(Trade);
export type TradesResponse = z.infer<typeof TradesResponse>;

export const PriceQuoteQuery = z
  .object({
    symbol: z.string().min(1).max(32),
    side: TradeSide,
    quantity: DecimalString.optional(),
    amount: DecimalString.optional(),
  })
  .refine((q) => (q.quantity === undefined) !== (q.amount === undefined), {
    message: 'give either quantity or amount',
    path: ['quantity'],
  });
export type PriceQuoteQuery = z.infer<typeof PriceQuoteQuery>;

/** What a market order of this size would cost (buy) or return (sell) against the current book. */
export const PriceQuote = z.object({
  symbol: z.string(),
  side: TradeSide,
  /** Volume-weighted average fill price. */
  price: DecimalString,
  /** Best price on the side the order takes. */
  bestPrice: DecimalString,
  /** Last level the order reaches. */
  worstPrice: DecimalString,
  quantity: DecimalString,
  amount: DecimalString,
  quoteCurrency: z.enum(['IDR', 'USDT', 'USD']),
  /** Difference between the average and the best price, percent. */
  slippagePercent: DecimalString,
  /** False when the visible book cannot fill the whole size. */
  fullyFillable: z.boolean(),
  updatedAt: z.number().int(),
});
export type PriceQuote = z.infer<typeof PriceQuote>;

export const KeyFigure = z.object({
  /** Stable key ("marketCap", "peRatio", …); the UI translates it. */
  key: z.string(),
  value: DecimalString,
  /** "IDR", "USD", "USDT", "%", "x" or null (a count). */
  unit: z.string().nullable(),
});
export type KeyFigure = z.infer<typeof KeyFigure>;

/** Asset page text and key figures; `description` is in the request's language (x-language-code). */
export const Description = z.object({
  symbol: z.string(),
  name: z.string(),
  kind: InstrumentKind,
  assetType: AssetType,
  description: z.string(),
  language: Language,
  sector: z.string().nullable(),
  website: z.string().nullable(),
  icon: z.string(),
  keyFigures: z.array(KeyFigure),
});
export type Description = z.infer<typeof Description>;

export const MarketStatusQuery = z.object({ market: SessionMarket });
export type MarketStatusQuery = z.infer<typeof MarketStatusQuery>;

export const SessionKindName = z.enum(['PRE_MARKET', 'REGULAR', 'POST_MARKET', 'SESSION_1', 'SESSION_2']);
export type SessionKindName = z.infer<typeof SessionKindName>;

export const SessionWindow = z.object({
  kind: SessionKindName,
  open: z.string(),
  close: z.string(),
});
export type SessionWindow = z.infer<typeof SessionWindow>;

/** A market's state now, today's (or the next trading day's) sessions, and when the state next changes. */
export const MarketStatusResponse = z.object({
  market: SessionMarket,
  state: MarketState,
  /** ISO instant the answer was computed for. */
  now: z.string(),
  /** The trading day the sessions belong to (today, or the next trading day once today's are over). */
  tradingDate: z.string(),
  timeZone: z.string(),
  sessions: z.array(SessionWindow),
  /** The same times in §3's field names. */
  status: z.object({
    marketOpenTime: z.string().nullable(),
    marketCloseTime: z.string().nullable(),
    preMarketOpenTime: z.string().nullable(),
    preMarketCloseTime: z.string().nullable(),
    postMarketOpenTime: z.string().nullable(),
    postMarketCloseTime: z.string().nullable(),
  }),
  earlyClose: z.boolean(),
  /** Today's holiday name when the market is closed for one. */
  holiday: z.string().nullable(),
  nextChangeAt: z.string().nullable(),
  nextState: MarketState.nullable(),
});
export type MarketStatusResponse = z.infer<typeof MarketStatusResponse>;

export const HaltReason = z.object({
  title: plainLine().min(1).max(200),
  description: plainMultiLine().max(2000),
});
export type HaltReason = z.infer<typeof HaltReason>;

export const TradingHalt = z.object({
  symbol: z.string(),
  halted: z.boolean(),
  /** The operator's reason, or §8's default message when none was given. */
  reason: HaltReason.nullable(),
  haltedAt: z.string().nullable(),
});
export type TradingHalt = z.infer<typeof TradingHalt>;

export const BannerMessage = z.object({ title: z.string(), message: z.string() });
export type BannerMessage = z.infer<typeof BannerMessage>;

/** §3 "Product info". */
export const ProductInfo = z.object({
  symbol: z.string(),
  tradingHaltReason: HaltReason.nullable(),
  bottomBannerMessage: BannerMessage.nullable(),
  enableBuy: z.boolean(),
  enableSell: z.boolean(),
  enableBuyForProMode: z.boolean(),
  enableSellForProMode: z.boolean(),
});
export type ProductInfo = z.infer<typeof ProductInfo>;

export const AdminHaltBody = z.object({
  symbol: plainLine().min(1).max(32),
  reason: HaltReason.optional(),
});
export type AdminHaltBody = z.infer<typeof AdminHaltBody>;
export const AdminResumeBody = z.object({ symbol: plainLine().min(1).max(32) });
export type AdminResumeBody = z.infer<typeof AdminResumeBody>;
export const HaltsResponse = z.object({ items: z.array(TradingHalt) });
export type HaltsResponse = z.infer<typeof HaltsResponse>;

/**
 * Steering the simulated market (development and tests): `{symbol, price, durationSeconds?}`
 * pins the symbol's price (put on its tick grid) for that long, or until cleared;
 * `{symbol, clear: true}` ends it.
 */
export const AdminSteerBody = z
  .object({
    symbol: plainLine().min(1).max(32),
    price: z
      .string()
      .regex(/^\d{1,20}(\.\d{1,18})?$/, 'must be a positive decimal number written as a string')
      .refine((v) => /[1-9]/.test(v), 'must be above 0')
      .optional(),
    durationSeconds: z.number().int().min(1).max(MAX_STEER_SECONDS).optional(),
    clear: z.literal(true).optional(),
  })
  .strict()
  .refine((b) => (b.clear === true) !== (b.price !== undefined), { message: 'either price or clear: true', path: ['price'] })
  .refine((b) => !(b.clear && b.durationSeconds !== undefined), { message: 'not with clear', path: ['durationSeconds'] });
export type AdminSteerBody = z.infer<typeof AdminSteerBody>;
/** A symbol's steer: `steered` false after a clear (or when none was set). Instants are ISO 8601. */
export const MarketSteer = z.object({
  symbol: z.string(),
  steered: z.boolean(),
  price: DecimalString.nullable(),
  since: z.string().nullable(),
  until: z.string().nullable(),
});
export type MarketSteer = z.infer<typeof MarketSteer>;

/** An ISO 8601 instant with its offset (`2026-11-27T12:59:00-05:00`, or `…Z`). */
const IsoInstant = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, 'must be an ISO 8601 instant with an offset, e.g. 2026-11-27T12:59:00-05:00')
  .refine((v) => Number.isFinite(Date.parse(v)), 'must be a real instant');

/**
 * Setting the market clock (development and tests): `{at, frozen?}` puts the market at instant
 * `at`, from where it runs on at the wall clock's pace (or stays there when frozen);
 * `{clear: true}` goes back to the wall clock.
 */
export const AdminClockBody = z.union([
  z.object({ at: IsoInstant, frozen: z.boolean().optional() }).strict(),
  z.object({ clear: z.literal(true) }).strict(),
]);
export type AdminClockBody = z.infer<typeof AdminClockBody>;
/** The market clock: `now` is the market's instant; `set` false when it is the wall clock. Instants ISO 8601 (UTC). */
export const MarketClockView = z.object({
  now: z.string(),
  set: z.boolean(),
  /** The instant it was set to, and the wall time when it was (null when not set). */
  at: z.string().nullable(),
  setAt: z.string().nullable(),
  frozen: z.boolean(),
});
export type MarketClockView = z.infer<typeof MarketClockView>;

export const MoverEntry = z.object({
  symbol: z.string(),
  name: z.string(),
  icon: z.string(),
  price: DecimalString,
  changePercent24h: DecimalString,
  volume24h: DecimalString,
});
export type MoverEntry = z.infer<typeof MoverEntry>;

export const TopMoversQuery = z.object({ assetType: AssetType.default('CRYPTO'), limit: z.coerce.number().int().min(1).max(20).default(5) });
export type TopMoversQuery = z.infer<typeof TopMoversQuery>;

export const TopMovers = z.object({
  assetType: AssetType,
  gainers: z.array(MoverEntry),
  losers: z.array(MoverEntry),
  mostActive: z.array(MoverEntry),
  updatedAt: z.number().int(),
});
export type TopMovers = z.infer<typeof TopMovers>;

/** USD/IDR: the customer buys USD at `buy` and sells at `sell`; `usdIdrPrice` = mid (§3 wallet field). */
export const UsdPrice = z.object({
  pair: z.literal('USD/IDR'),
  usdIdrPrice: DecimalString,
  buy: DecimalString,
  sell: DecimalString,
  spreadPercent: DecimalString,
  updatedAt: z.number().int(),
});
export type UsdPrice = z.infer<typeof UsdPrice>;

export const CorporateAction = z.object({
  id: z.string(),
  symbol: z.string(),
  type: z.enum(['DIVIDEND', 'SPLIT']),
  exDate: z.string(),
  recordDate: z.string().nullable(),
  payDate: z.string().nullable(),
  /** Cash per share (USD) for a dividend. */
  amount: DecimalString.nullable(),
  /** "4:1" for a split. */
  ratio: z.string().nullable(),
  status: z.enum(['ANNOUNCED', 'COMPLETED']),
});
export type CorporateAction = z.infer<typeof CorporateAction>;
export const CorporateActionsResponse = z.object({ symbol: z.string(), items: z.array(CorporateAction) });
export type CorporateActionsResponse = z.infer<typeof CorporateActionsResponse>;

export const Eps = z.object({
  fiscalYear: z.number().int(),
  fiscalQuarter: z.number().int().min(1).max(4),
  reportDate: z.string(),
  estimate: DecimalString,
  /** Null for an upcoming report. */
  actual: DecimalString.nullable(),
  surprisePercent: DecimalString.nullable(),
});
export type Eps = z.infer<typeof Eps>;
export const EpsResponse = z.object({ symbol: z.string(), currency: z.literal('USD'), items: z.array(Eps) });
export type EpsResponse = z.infer<typeof EpsResponse>;

export const PageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const IdssListItem = z.object({
  symbol: z.string(),
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  sector: z.string().nullable(),
  icon: z.string(),
  price: DecimalString,
  previousClose: DecimalString,
  change: DecimalString,
  changePercent: DecimalString,
  volume: DecimalString,
  lotSize: z.number().int(),
  marketState: MarketState,
});
export type IdssListItem = z.infer<typeof IdssListItem>;
export const IdssListResponse = z.object({
  items: z.array(IdssListItem),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type IdssListResponse = z.infer<typeof IdssListResponse>;

/** The day's OHLC of an IDX stock with its auto-rejection band (from the previous close). */
export const IdssOhlc = z.object({
  symbol: z.string(),
  date: z.string(),
  open: DecimalString,
  high: DecimalString,
  low: DecimalString,
  close: DecimalString,
  previousClose: DecimalString,
  volume: DecimalString,
  /** Turnover in IDR. */
  value: DecimalString,
  araPrice: DecimalString,
  arbPrice: DecimalString,
  tickSize: DecimalString,
  marketState: MarketState,
});
export type IdssOhlc = z.infer<typeof IdssOhlc>;

export const IdssCalendarQuery = z.object({
  /** YYYY-MM-DD, default today (Jakarta). */
  from: calendarDate().optional(),
  /** YYYY-MM-DD inclusive, default from + 30 days; at most 400 days. */
  to: calendarDate().optional(),
});
export type IdssCalendarQuery = z.infer<typeof IdssCalendarQuery>;

export const IdssHoliday = z.object({ date: z.string(), name: z.string() });
export type IdssHoliday = z.infer<typeof IdssHoliday>;
export const IdssCalendarResponse = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      firstOpenTime: z.string(),
      firstCloseTime: z.string(),
      secondOpenTime: z.string(),
      secondCloseTime: z.string(),
    }),
  ),
  holidays: z.array(IdssHoliday),
});
export type IdssCalendarResponse = z.infer<typeof IdssCalendarResponse>;

const CalendarDate = calendarDate();

/** GET /api/market/calendar: `from` (default today) to `to` (inclusive, default from + 30 days; at most MAX_CALENDAR_DAYS days after from). */
export const CalendarQuery = z
  .object({
    from: CalendarDate.optional(),
    to: CalendarDate.optional(),
    /** One market, or both when absent. */
    market: SessionMarket.optional(),
  })
  .strict();
export type CalendarQuery = z.infer<typeof CalendarQuery>;

/**
 * A part of a market's day. US (New York time): PRE_MARKET, REGULAR, POST_MARKET. IDX (Jakarta
 * time): PRE_OPENING (call auction), SESSION_1, LUNCH_BREAK, SESSION_2, PRE_CLOSING (call auction).
 */
export const CalendarSessionKind = z.enum(['PRE_MARKET', 'REGULAR', 'POST_MARKET', 'PRE_OPENING', 'SESSION_1', 'LUNCH_BREAK', 'SESSION_2', 'PRE_CLOSING']);
export type CalendarSessionKind = z.infer<typeof CalendarSessionKind>;

export const CalendarSession = z.object({
  kind: CalendarSessionKind,
  /** Instants, ISO 8601 with the exchange's offset (`2026-11-27T09:30:00-05:00`). */
  open: z.string(),
  close: z.string(),
  /** The same as the exchange's wall times, HH:MM. */
  openLocal: z.string(),
  closeLocal: z.string(),
  /** Continuous trading happens in it (not in call auctions or the lunch break). */
  trading: z.boolean(),
});
export type CalendarSession = z.infer<typeof CalendarSession>;

/** TRADING: a full day; EARLY_CLOSE: regular hours end early; HOLIDAY: closed for `holiday`; WEEKEND: closed. */
export const CalendarDayStatus = z.enum(['TRADING', 'EARLY_CLOSE', 'HOLIDAY', 'WEEKEND']);
export type CalendarDayStatus = z.infer<typeof CalendarDayStatus>;

export const CalendarDay = z.object({
  /** The exchange's local date. */
  date: z.string(),
  status: CalendarDayStatus,
  /** The holiday's name (HOLIDAY), else null. */
  holiday: z.string().nullable(),
  /** In time order; empty when the market does not trade. */
  sessions: z.array(CalendarSession),
});
export type CalendarDay = z.infer<typeof CalendarDay>;

export const MarketCalendarView = z.object({
  market: SessionMarket,
  timeZone: z.string(),
  /** Every date of the range, trading or not. */
  days: z.array(CalendarDay),
});
export type MarketCalendarView = z.infer<typeof MarketCalendarView>;

export const CalendarResponse = z.object({
  from: z.string(),
  to: z.string(),
  markets: z.array(MarketCalendarView),
});
export type CalendarResponse = z.infer<typeof CalendarResponse>;

export const NewsArticle = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  /** Link to the full article; null for the shipped samples. */
  url: z.string().nullable(),
  source: z.string(),
  language: Language,
  symbols: z.array(z.string()),
  publishedAt: z.string(),
});
export type NewsArticle = z.infer<typeof NewsArticle>;

export const NewsQuery = z.object({
  symbol: z.string().min(1).max(32).optional(),
  language: Language.optional(),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(50).default(10),
});
export type NewsQuery = z.infer<typeof NewsQuery>;
export const NewsListResponse = z.object({
  items: z.array(NewsArticle),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type NewsListResponse = z.infer<typeof NewsListResponse>;
