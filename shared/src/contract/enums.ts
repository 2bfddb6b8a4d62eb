// The enumerations of product-spec §3–§4 as zod enums (for the wire), built from the plain tuples
// of `enum-values.ts`; every enumeration type comes from its schema. The browser-facing index
// exports the tuples and these types only, so zod stays out of the first load (decision 0006).
import { z } from './zod';
import {
  ASSET_TYPES,
  BUY_SELL_AVAILABILITIES,
  CHART_LAYOUT_KINDS,
  CHART_RANGES,
  COACHMARK_STATES,
  CONDITIONAL_ORDER_KINDS,
  CRYPTO_VENUES,
  DEVICE_CLASSES,
  DEVICE_STATUSES,
  EXCHANGE_ORDER_STATUSES,
  FILL_MODES,
  KYC_STATUSES,
  LANGUAGES,
  LEVERAGES,
  MODAL_KINDS,
  ORDER_PANEL_MODES,
  ORDER_SIDE_TEXTS,
  ORDER_STATUSES,
  ORDER_TYPES,
  PRODUCT_KINDS,
  QUOTE_CURRENCIES,
  SESSION_KINDS,
  SYMBOL_CACHE_STATES,
  THEME_NAMES,
  TIMES_IN_FORCE,
  TRADING_HOURS,
  TRADING_VIEWS,
  US_STOCK_BROKERS,
} from './enum-values';

export * from './enum-values';

export const OrderSideText = z.enum(ORDER_SIDE_TEXTS);
export type OrderSideText = z.infer<typeof OrderSideText>;

export const OrderType = z.enum(ORDER_TYPES);
export type OrderType = z.infer<typeof OrderType>;

export const FillMode = z.enum(FILL_MODES);
export type FillMode = z.infer<typeof FillMode>;

export const AssetType = z.enum(ASSET_TYPES);
export type AssetType = z.infer<typeof AssetType>;

export const TimeInForce = z.enum(TIMES_IN_FORCE);
export type TimeInForce = z.infer<typeof TimeInForce>;

export const TradingHours = z.enum(TRADING_HOURS);
export type TradingHours = z.infer<typeof TradingHours>;

export const SessionKind = z.enum(SESSION_KINDS);
export type SessionKind = z.infer<typeof SessionKind>;

export const ConditionalOrderKind = z.enum(CONDITIONAL_ORDER_KINDS);
export type ConditionalOrderKind = z.infer<typeof ConditionalOrderKind>;

export const ChartRange = z.enum(CHART_RANGES);
export type ChartRange = z.infer<typeof ChartRange>;

export const CryptoVenue = z.enum(CRYPTO_VENUES);
export type CryptoVenue = z.infer<typeof CryptoVenue>;

export const QuoteCurrency = z.enum(QUOTE_CURRENCIES);
export type QuoteCurrency = z.infer<typeof QuoteCurrency>;

export const UsStockBroker = z.enum(US_STOCK_BROKERS);
export type UsStockBroker = z.infer<typeof UsStockBroker>;

export const ProductKind = z.enum(PRODUCT_KINDS);
export type ProductKind = z.infer<typeof ProductKind>;

/** Leverage options (§3): none, 2x, 4x; 4x means intraday leverage (§9). */
export const LeverageOption = z.union([z.literal(LEVERAGES[0]), z.literal(LEVERAGES[1]), z.literal(LEVERAGES[2])]);
export type LeverageOption = z.infer<typeof LeverageOption>;

/** Order status (§4). */
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** Exchange-order status (§4). */
export const ExchangeOrderStatus = z.enum(EXCHANGE_ORDER_STATUSES);
export type ExchangeOrderStatus = z.infer<typeof ExchangeOrderStatus>;

/** Buy/sell availability (§4). */
export const BuySellAvailability = z.enum(BUY_SELL_AVAILABILITIES);
export type BuySellAvailability = z.infer<typeof BuySellAvailability>;

/** Modals (§4). */
export const ModalKind = z.enum(MODAL_KINDS);
export type ModalKind = z.infer<typeof ModalKind>;

/** Coachmark tour states (§4). */
export const CoachmarkState = z.enum(COACHMARK_STATES);
export type CoachmarkState = z.infer<typeof CoachmarkState>;

/** Trading views (§2), chart layout kinds, order panel modes. */
export const TradingView = z.enum(TRADING_VIEWS);
export type TradingView = z.infer<typeof TradingView>;
export const ChartLayoutKind = z.enum(CHART_LAYOUT_KINDS);
export type ChartLayoutKind = z.infer<typeof ChartLayoutKind>;
export const OrderPanelMode = z.enum(ORDER_PANEL_MODES);
export type OrderPanelMode = z.infer<typeof OrderPanelMode>;

/** Symbol-info cache states (§4). */
export const SymbolCacheState = z.enum(SYMBOL_CACHE_STATES);
export type SymbolCacheState = z.infer<typeof SymbolCacheState>;

/** Device session status (§7). */
export const DeviceStatus = z.enum(DEVICE_STATUSES);
export type DeviceStatus = z.infer<typeof DeviceStatus>;

/** KYC status of the user (gssKycStatus for global stocks). */
export const KycStatus = z.enum(KYC_STATUSES);
export type KycStatus = z.infer<typeof KycStatus>;

/** Device class (§4). */
export const DeviceClass = z.enum(DEVICE_CLASSES);
export type DeviceClass = z.infer<typeof DeviceClass>;

/** Languages and themes (§1). */
export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;
export const ThemeName = z.enum(THEME_NAMES);
export type ThemeName = z.infer<typeof ThemeName>;
