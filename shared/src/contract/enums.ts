// The enumerations of product-spec §3–§4, as const objects (for code) and zod enums (for the wire).
import { z } from 'zod';

/** Order side: Buy = 1, Sell = -1 (§3). */
export const OrderSide = { Buy: 1, Sell: -1 } as const;
export type OrderSide = (typeof OrderSide)[keyof typeof OrderSide];
export const OrderSideText = z.enum(['BUY', 'SELL']);
export type OrderSideText = z.infer<typeof OrderSideText>;
export const orderSideText = (side: OrderSide): OrderSideText => (side === OrderSide.Buy ? 'BUY' : 'SELL');

/** Order type codes (§3): Limit 1, Market 2, Stop 3, StopLimit 4; OCO is an advanced type. */
export const OrderTypeCode = { Limit: 1, Market: 2, Stop: 3, StopLimit: 4 } as const;
export type OrderTypeCode = (typeof OrderTypeCode)[keyof typeof OrderTypeCode];
export const OrderType = z.enum(['LIMIT', 'MARKET', 'STOP', 'STOP_LIMIT', 'OCO']);
export type OrderType = z.infer<typeof OrderType>;
export const orderTypeText: Record<OrderTypeCode, OrderType> = {
  1: 'LIMIT',
  2: 'MARKET',
  3: 'STOP',
  4: 'STOP_LIMIT',
};

export const FillMode = z.enum(['FILL_BY_QUANTITY', 'FILL_BY_AMOUNT', 'FILL_BY_BOTH']);
export type FillMode = z.infer<typeof FillMode>;

export const AssetType = z.enum(['USSTOCK', 'CRYPTO', 'PERPS', 'IDSS']);
export type AssetType = z.infer<typeof AssetType>;

export const TimeInForce = z.enum(['GOOD_TILL_CANCEL', 'GOOD_TILL_MARKET_CLOSE']);
export type TimeInForce = z.infer<typeof TimeInForce>;

export const TradingHours = z.enum(['REGULAR_HOURS', 'INCLUDE_EXTENDED_HOURS', 'INTRADAY', 'PRE_MARKET']);
export type TradingHours = z.infer<typeof TradingHours>;

export const SessionKind = z.enum(['PRE_MARKET', 'PRE_AND_REGULAR', 'REGULAR', 'REGULAR_AND_POST']);
export type SessionKind = z.infer<typeof SessionKind>;

export const ConditionalOrderKind = z.enum(['STOP_LOSS', 'TAKE_PROFIT']);
export type ConditionalOrderKind = z.infer<typeof ConditionalOrderKind>;

export const ChartRange = z.enum([
  'ONE_DAY',
  'ONE_WEEK',
  'ONE_MONTH',
  'THREE_MONTH',
  'YEAR_TILL_DATE',
  'ONE_YEAR',
  'ALL',
]);
export type ChartRange = z.infer<typeof ChartRange>;

export const CryptoVenue = z.enum(['BINANCE', 'TOKO_CRYPTO', 'ZIPMEX', 'FALCONX', 'OKX', 'BYBIT']);
export type CryptoVenue = z.infer<typeof CryptoVenue>;

export const QuoteCurrency = z.enum(['IDR', 'USDT', 'BUSD', 'BTC']);
export type QuoteCurrency = z.infer<typeof QuoteCurrency>;

export const UsStockBroker = z.enum(['ALPACA']);
export type UsStockBroker = z.infer<typeof UsStockBroker>;

export const ProductKind = z.enum(['CFD', 'PALN', 'CFD_LEVERAGE']);
export type ProductKind = z.infer<typeof ProductKind>;

/** Leverage options (§3): none, 2x, 4x; 4x means intraday leverage (§9). */
export const LeverageOption = z.union([z.literal(1), z.literal(2), z.literal(4)]);
export type LeverageOption = z.infer<typeof LeverageOption>;
export const LEVERAGE_OPTIONS: readonly { value: LeverageOption; label: string; intraday: boolean }[] = [
  { value: 1, label: '-', intraday: false },
  { value: 2, label: '2x', intraday: false },
  { value: 4, label: '4x', intraday: true },
];
export const isIntradayLeverage = (leverage: number): boolean => leverage === 4;

/** Order status (§4). */
export const OrderStatus = z.enum(['PENDING', 'SUCCESS', 'FAILED', 'CANCELLED', 'PARTIALLY_FILLED']);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** Exchange-order status (§4) and its display mapping. */
export const ExchangeOrderStatus = z.enum([
  'PENDING',
  'WAITING_TO_BE_SENT',
  'SENT_TO_EXCHANGE',
  'ACCEPTED_FROM_EXCHANGE',
  'REJECTED_FROM_EXCHANGE',
  'FAILED',
  'AMEND_REQUESTED',
  'SUCCESS',
]);
export type ExchangeOrderStatus = z.infer<typeof ExchangeOrderStatus>;
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
export const BuySellAvailability = z.enum(['Disabled', 'BuyDisabled', 'SellDisabled', 'None']);
export type BuySellAvailability = z.infer<typeof BuySellAvailability>;

/** Modals (§4). */
export const ModalKind = z.enum(['ShowBappebti', 'ShowGssAndCryptoPerps', 'Close', 'ShowEdd']);
export type ModalKind = z.infer<typeof ModalKind>;

/** Coachmark tour states (§4). */
export const CoachmarkState = z.enum(['START', 'SKIP', 'ENDED']);
export type CoachmarkState = z.infer<typeof CoachmarkState>;

/** Trading views (§2), chart layout kinds, order panel modes. */
export const TradingView = z.enum(['None', 'Watchlist', 'PriceAlert', 'News', 'OrderBook', 'FullScreen', 'OrderWindow']);
export type TradingView = z.infer<typeof TradingView>;
export const ChartLayoutKind = z.enum(['Loading', 'CryptoAdvanced', 'USStock', 'CryptoInstant', 'Perps']);
export type ChartLayoutKind = z.infer<typeof ChartLayoutKind>;
export const OrderPanelMode = z.enum(['None', 'ModifyOrder', 'AdvanceOrder', 'SelectLayout']);
export type OrderPanelMode = z.infer<typeof OrderPanelMode>;

/** Symbol-info cache states (§4). */
export const SymbolCacheState = z.enum(['Loading', 'CacheInvalidated', 'Available', 'Failed']);
export type SymbolCacheState = z.infer<typeof SymbolCacheState>;

/** Device session status (§7). */
export const DeviceStatus = z.enum(['ACTIVE', 'INACTIVE']);
export type DeviceStatus = z.infer<typeof DeviceStatus>;

/** KYC status of the user (gssKycStatus for global stocks). */
export const KycStatus = z.enum(['NOT_SUBMITTED', 'PENDING', 'VERIFIED', 'REJECTED']);
export type KycStatus = z.infer<typeof KycStatus>;

/** Device class (§4). */
export const DeviceClass = z.enum(['none', 'Android', 'iOS']);
export type DeviceClass = z.infer<typeof DeviceClass>;

/** Languages and themes (§1). */
export const Language = z.enum(['id', 'en']);
export type Language = z.infer<typeof Language>;
export const DEFAULT_LANGUAGE: Language = 'id';
export const ThemeName = z.enum(['light', 'dark']);
export type ThemeName = z.infer<typeof ThemeName>;
