// Every cross-app event, in one map: remotes talk through these and extend nothing, so a
// payload change is a type error in every emitter and listener at once.
import type { AssetType, Language, ModalKind, OrderSideText, ThemeName } from '../contract/enums';

/**
 * Which balances a refresh touches (§4 "Balance refresh options"); the IDR cash balance always.
 * `refreshBalances` (shared/src/store/balance-refresh.ts) takes the same options.
 */
export interface BalanceRefreshOptions {
  /** Crypto balances: true, every symbol already in the store's cryptoBalances; a list, those symbols ("BTC-IDR"). */
  crypto?: boolean | readonly string[];
  /** Global (US) stock wallets; fetched only for VERIFIED gssKycStatus (otherwise 0 with no info). */
  gss?: boolean;
  /** Perpetual margin wallet. */
  cryptoPerps?: boolean;
  /** Clear the values first (null: a skeleton instead of a stale number), then load. */
  loader?: boolean;
  /** The first refresh after sign-in or start. Failures of initial and loader refreshes set 0. */
  initial?: boolean;
  /** Set every balance back to its empty state (logout) and load nothing. */
  reset?: boolean;
}

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export interface ToastPayload {
  kind: ToastKind;
  title: string;
  description?: string;
}

export interface OrderPlacedPayload {
  assetType: AssetType;
  symbol: string;
  side: OrderSideText;
  orderId?: string;
}

export interface SymbolSelectedPayload {
  symbol: string;
  assetType?: AssetType;
}

/** Analytics (§7: clicks on alert creation and chart load, buy and sell review). */
export interface AnalyticsPayload {
  name: string;
  properties?: Record<string, string | number | boolean>;
}

/** Events named `domain:verb`; `undefined` payload means the event carries none. */
export interface EventMap {
  'auth:login': { userId: string };
  'auth:logout': { reason: 'user' | 'forced' };
  'theme:changed': { theme: ThemeName };
  'language:changed': { language: Language };
  'balance:refresh': BalanceRefreshOptions;
  'order:placed': OrderPlacedPayload;
  'symbol:selected': SymbolSelectedPayload;
  'toast:show': ToastPayload;
  'modal:open': ModalKind;
  'session:maintenance': undefined;
  /** HTTP 400 with code 040 (PIN) or 041 (accept terms). */
  'prompt:pin': { code: string };
  'analytics:track': AnalyticsPayload;
  /** A price picked in the order book (mf-trade), for the order panel: the book side it came from. */
  'orderbook:price-picked': { symbol: string; price: string; side: 'bid' | 'ask' };
}

export type EventName = keyof EventMap;
