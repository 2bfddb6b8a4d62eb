// The enumerations of product-spec §3–§4 as plain values: `as const` tuples, code objects and the
// helpers over them. No zod here, so the browser's first load can use them (decision 0006):
// `enums.ts` builds the zod enums from these tuples, and the types come from those schemas.
import type {
  ConditionalOrderKind,
  ExchangeOrderStatus,
  Language,
  LeverageOption,
  OrderStatus,
  OrderType,
  OrderSideText,
  ThemeName,
} from './enums';
import { MARKETS } from '../markets/registry';

// The market vocabularies of the wire (asset types, symbol-info categories) are the market
// registry's, derived from its entries.
export { ASSET_TYPES, SYMBOL_CATEGORIES } from '../markets/registry';

/** True when `value` is one of `values`: the plain-code twin of a zod enum's `safeParse`. */
export const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

/** Order side: Buy = 1, Sell = -1 (§3). */
export const OrderSide = { Buy: 1, Sell: -1 } as const;
export type OrderSide = (typeof OrderSide)[keyof typeof OrderSide];
export const ORDER_SIDE_TEXTS = ['BUY', 'SELL'] as const;
export const orderSideText = (side: OrderSide): OrderSideText => (side === OrderSide.Buy ? 'BUY' : 'SELL');

/** Order type codes (§3): Limit 1, Market 2, Stop 3, StopLimit 4; OCO is an advanced type. */
export const OrderTypeCode = { Limit: 1, Market: 2, Stop: 3, StopLimit: 4 } as const;
export type OrderTypeCode = (typeof OrderTypeCode)[keyof typeof OrderTypeCode];
export const ORDER_TYPES = ['LIMIT', 'MARKET', 'STOP', 'STOP_LIMIT', 'OCO'] as const;
export const orderTypeText: Record<OrderTypeCode, OrderType> = {
  1: 'LIMIT',
  2: 'MARKET',
  3: 'STOP',
  4: 'STOP_LIMIT',
};

export const FILL_MODES = ['FILL_BY_QUANTITY', 'FILL_BY_AMOUNT', 'FILL_BY_BOTH'] as const;
export const TIMES_IN_FORCE = ['GOOD_TILL_CANCEL', 'GOOD_TILL_MARKET_CLOSE'] as const;
export const TRADING_HOURS = ['REGULAR_HOURS', 'INCLUDE_EXTENDED_HOURS', 'INTRADAY', 'PRE_MARKET'] as const;
export const SESSION_KINDS = ['PRE_MARKET', 'PRE_AND_REGULAR', 'REGULAR', 'REGULAR_AND_POST'] as const;
export const CONDITIONAL_ORDER_KINDS = ['STOP_LOSS', 'TAKE_PROFIT'] as const;
export const CHART_RANGES = [
  'ONE_DAY',
  'ONE_WEEK',
  'ONE_MONTH',
  'THREE_MONTH',
  'YEAR_TILL_DATE',
  'ONE_YEAR',
  'ALL',
] as const;
export const CRYPTO_VENUES = ['BINANCE', 'TOKO_CRYPTO', 'ZIPMEX', 'FALCONX', 'OKX', 'BYBIT'] as const;
/** Crypto quote currencies (§3): a pair quoted in one of them is crypto. */
export const QUOTE_CURRENCIES = MARKETS.crypto.pairQuotes;
export const US_STOCK_BROKERS = ['ALPACA'] as const;
export const PRODUCT_KINDS = ['CFD', 'PALN', 'CFD_LEVERAGE'] as const;

/** Leverage options (§3): none, 2x, 4x; 4x means intraday leverage (§9). */
export const LEVERAGES = [1, 2, 4] as const;
export const LEVERAGE_OPTIONS: readonly { value: LeverageOption; label: string; intraday: boolean }[] = [
  { value: 1, label: '-', intraday: false },
  { value: 2, label: '2x', intraday: false },
  { value: 4, label: '4x', intraday: true },
];
export const isIntradayLeverage = (leverage: number): boolean => leverage === 4;

/** Order status (§4). */
export const ORDER_STATUSES = ['PENDING', 'SUCCESS', 'FAILED', 'CANCELLED', 'PARTIALLY_FILLED'] as const;

/** Exchange-order status (§4) and its display mapping. */
export const EXCHANGE_ORDER_STATUSES = [
  'PENDING',
  'WAITING_TO_BE_SENT',
  'SENT_TO_EXCHANGE',
  'ACCEPTED_FROM_EXCHANGE',
  'REJECTED_FROM_EXCHANGE',
  'FAILED',
  'AMEND_REQUESTED',
  'SUCCESS',
] as const;
export type ExchangeStatusDisplay = 'PENDING' | 'ACCEPTED' | 'REJECTED' | 'FAILED' | 'AMEND REQUESTED' | 'SUCCESS';
export const EXCHANGE_STATUS_DISPLAY: Record<ExchangeOrderStatus, ExchangeStatusDisplay> = {
  PENDING: 'PENDING',
  WAITING_TO_BE_SENT: 'PENDING',
  SENT_TO_EXCHANGE: 'PENDING',
  ACCEPTED_FROM_EXCHANGE: 'ACCEPTED',
  REJECTED_FROM_EXCHANGE: 'REJECTED',
  FAILED: 'FAILED',
  AMEND_REQUESTED: 'AMEND REQUESTED',
  SUCCESS: 'SUCCESS',
};
export const exchangeStatusDisplay = (status: ExchangeOrderStatus): ExchangeStatusDisplay =>
  EXCHANGE_STATUS_DISPLAY[status];

/** Broker order states (§4, numeric). */
export const BrokerOrderState = {
  Canceled: 1,
  Filled: 2,
  Inactive: 3,
  Placing: 4,
  Rejected: 5,
  Working: 6,
  Revised: 7,
} as const;
export type BrokerOrderState = (typeof BrokerOrderState)[keyof typeof BrokerOrderState];

/** Chart-order status mapping (§4): order status -> broker state drawn on the chart. */
export const chartOrderState = (status: OrderStatus): BrokerOrderState => {
  switch (status) {
    case 'CANCELLED':
      return BrokerOrderState.Canceled;
    case 'FAILED':
      return BrokerOrderState.Rejected;
    case 'PENDING':
      return BrokerOrderState.Working;
    case 'SUCCESS':
    case 'PARTIALLY_FILLED':
      return BrokerOrderState.Filled;
  }
};

/** Order types as drawn on the chart (§4): instant is market; an OCO leg is stop (SL) or limit (TP). */
export type ChartOrderType = 'market' | 'limit' | 'stop' | 'stop-limit';
export const chartOrderType = (
  type: OrderType | 'INSTANT',
  ocoLeg?: ConditionalOrderKind,
): ChartOrderType => {
  switch (type) {
    case 'MARKET':
    case 'INSTANT':
      return 'market';
    case 'LIMIT':
      return 'limit';
    case 'STOP':
      return 'stop';
    case 'STOP_LIMIT':
      return 'stop-limit';
    case 'OCO':
      return ocoLeg === 'STOP_LOSS' ? 'stop' : 'limit';
  }
};

/** Buy/sell availability (§4). */
export const BUY_SELL_AVAILABILITIES = ['Disabled', 'BuyDisabled', 'SellDisabled', 'None'] as const;

/** Modals (§4). */
export const MODAL_KINDS = ['ShowBappebti', 'ShowGssAndCryptoPerps', 'Close', 'ShowEdd'] as const;

/** Coachmark tour states (§4). */
export const COACHMARK_STATES = ['START', 'SKIP', 'ENDED'] as const;

/** Trading views (§2), chart layout kinds, order panel modes. */
export const TRADING_VIEWS = ['None', 'Watchlist', 'PriceAlert', 'News', 'OrderBook', 'FullScreen', 'OrderWindow'] as const;
export const CHART_LAYOUT_KINDS = ['Loading', 'CryptoAdvanced', 'USStock', 'CryptoInstant', 'Perps'] as const;
export const ORDER_PANEL_MODES = ['None', 'ModifyOrder', 'AdvanceOrder', 'SelectLayout'] as const;

/** Symbol-info cache states (§4). */
export const SYMBOL_CACHE_STATES = ['Loading', 'CacheInvalidated', 'Available', 'Failed'] as const;

/** Device session status (§7). */
export const DEVICE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;

/** KYC status of the user (gssKycStatus for global stocks). */
export const KYC_STATUSES = ['NOT_SUBMITTED', 'PENDING', 'VERIFIED', 'REJECTED'] as const;

/** Device class (§4). */
export const DEVICE_CLASSES = ['none', 'Android', 'iOS'] as const;

/** Languages and themes (§1). */
export const LANGUAGES = ['id', 'en'] as const;
export const DEFAULT_LANGUAGE: Language = 'id';
export const isLanguage = (value: unknown): value is Language => isOneOf(LANGUAGES, value);
export const THEME_NAMES = ['light', 'dark'] as const;
export const isThemeName = (value: unknown): value is ThemeName => isOneOf(THEME_NAMES, value);
