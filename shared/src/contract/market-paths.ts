// Paths of the market calls (plain values: the browser index exports them without zod), and the
// market constants of §9 (chart resolutions) and §3 (chart ranges) as plain values.
import type { AssetType, ChartRange } from './enums';

export const MARKET_PATHS = {
  symbolInfo: '/api/symbol-info',
  instruments: '/api/market/instruments',
  ticker: '/api/market/ticker',
  tickers: '/api/market/tickers',
  candles: '/api/market/candles',
  orderBook: '/api/market/orderbook',
  trades: '/api/market/trades',
  priceQuote: '/api/market/price-quote',
  description: '/api/market/description',
  status: '/api/market/status',
  topMovers: '/api/market/top-movers',
  usdPrice: '/api/market/usd-price',
  tradingHalt: '/api/market/trading-halt',
  productInfo: '/api/market/product-info',
  /** `${iconPrefix}BTC-IDR.svg`: a generated mark (initials on a colour), no external host. */
  iconPrefix: '/api/market/icon/',
  corporateActions: '/api/usstock/corporate-actions',
  eps: '/api/usstock/eps',
  idssList: '/api/idss/list',
  idssOhlc: '/api/idss/ohlc',
  idssCalendar: '/api/idss/calendar',
  news: '/api/news',
  adminHalt: '/api/admin/market/halt',
  adminResume: '/api/admin/market/resume',
  adminHalts: '/api/admin/market/halts',
  /** POST AdminSteerBody (development and tests only; refused in production): pin a symbol's price. */
  adminSteer: '/api/admin/market/steer',
  /** GET the market clock; POST AdminClockBody to set or clear it (development and tests only: absent in production). */
  adminClock: '/api/admin/market/clock',
  /** GET CalendarQuery: each US and IDX day's sessions, holidays and early closes over a date range. */
  calendar: '/api/market/calendar',
} as const;

/** How many days after `from` a calendar call's `to` may be. */
export const MAX_CALENDAR_DAYS = 400;

/** Longest steer `durationSeconds` accepted (a day); without one a steer lasts until cleared. */
export const MAX_STEER_SECONDS = 86_400;

/** The icon route of a symbol. */
export const marketIconPath = (symbol: string): string => `${MARKET_PATHS.iconPrefix}${encodeURIComponent(symbol)}.svg`;

/** Ticker market states (a halted symbol is HALTED whatever its session). */
export const MARKET_STATES = ['OPEN', 'PRE_MARKET', 'POST_MARKET', 'BREAK', 'CLOSED', 'HALTED'] as const;
export type MarketStateValue = (typeof MARKET_STATES)[number];

/** Instrument kinds (a market's id, or `usindex`) and session markets come from the market registry. */
export { INSTRUMENT_KINDS, SESSION_MARKETS, type InstrumentKindValue } from '../markets/registry';

/** Chart resolutions (§9): minutes as digits, D/W/M for day, week, month; each market's are in the market registry. */
export const ALL_RESOLUTIONS = ['1', '5', '10', '15', '60', '120', '240', '1D', '1W', '1M'] as const;
export type ResolutionValue = (typeof ALL_RESOLUTIONS)[number];

/** Seconds in one bar of an intraday resolution; null for 1D / 1W / 1M (calendar bars). */
export function resolutionSeconds(resolution: string): number | null {
  if (/^\d+$/.test(resolution)) return Number(resolution) * 60;
  return null;
}

/** Most bars one candles call answers: a longer range keeps its most recent bars. */
export const MAX_CANDLES_PER_CALL = 5000;

/** The first day the market has history for (daily bars from here on). */
export const MARKET_HISTORY_START = '2020-01-01';

const DAY_S = 86_400;

/**
 * What a chart range (§3) asks for in a market: the resolution drawn and the window's length
 * (null = from the start of history, ALL; YEAR_TILL_DATE starts on 1 January, UTC).
 */
export interface ChartRangeSpec {
  readonly resolution: ResolutionValue;
  readonly seconds: number | null;
}

export function chartRangeSpec(range: ChartRange, assetType: AssetType): ChartRangeSpec {
  switch (range) {
    case 'ONE_DAY':
      // Stocks trade part of the day; a 1-day window after a weekend would be empty, so the
      // client may widen it to the last trading session (the candles call returns what exists).
      return { resolution: '5', seconds: DAY_S };
    case 'ONE_WEEK':
      return { resolution: assetType === 'IDSS' ? '60' : assetType === 'USSTOCK' ? '15' : '60', seconds: 7 * DAY_S };
    case 'ONE_MONTH':
      return { resolution: '60', seconds: 31 * DAY_S };
    case 'THREE_MONTH':
      return { resolution: '1D', seconds: 92 * DAY_S };
    case 'YEAR_TILL_DATE':
      return { resolution: '1D', seconds: null };
    case 'ONE_YEAR':
      return { resolution: '1D', seconds: 366 * DAY_S };
    case 'ALL':
      return { resolution: '1W', seconds: null };
  }
}

/** The [from, to] window (epoch seconds) of a chart range ending at `nowMs`. */
export function chartRangeWindow(range: ChartRange, assetType: AssetType, nowMs: number): { resolution: ResolutionValue; from: number; to: number } {
  const spec = chartRangeSpec(range, assetType);
  const to = Math.floor(nowMs / 1000);
  let from: number;
  if (range === 'YEAR_TILL_DATE') from = Date.UTC(new Date(nowMs).getUTCFullYear(), 0, 1) / 1000;
  else if (spec.seconds === null) from = Date.parse(`${MARKET_HISTORY_START}T00:00:00Z`) / 1000;
  else from = to - spec.seconds;
  return { resolution: spec.resolution, from, to };
}
