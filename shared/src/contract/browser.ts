// The contract as the browser-facing index (`@pasar/shared`) exports it: plain values and guards,
// and every type, but no zod schema. zod then stays out of the page's first load (decision 0006);
// the schemas are in `@pasar/shared/contract` (the server, tests, a page that validates a response).
export * from './enum-values';
export * from './envelope-values';
// The error catalogue's messages load with the first error answer (`./errors`; decision 0006).
export * from './error-codes';
export type { ErrorCode } from './errors';
export * from './platform-values';
export * from './remote-mounts';
export type {
  AssetType,
  BuySellAvailability,
  ChartLayoutKind,
  ChartRange,
  CoachmarkState,
  ConditionalOrderKind,
  CryptoVenue,
  DeviceClass,
  DeviceStatus,
  ExchangeOrderStatus,
  FillMode,
  KycStatus,
  Language,
  LeverageOption,
  ModalKind,
  OrderPanelMode,
  OrderSideText,
  OrderStatus,
  OrderType,
  ProductKind,
  QuoteCurrency,
  SessionKind,
  SymbolCacheState,
  ThemeName,
  TimeInForce,
  TradingHours,
  TradingView,
  UsStockBroker,
} from './enums';
export type { DecimalString, ErrorEnvelope, SuccessEnvelope } from './envelope';
export type { HealthResponse, RegistryEntry, RemoteRegistry } from './platform';
export type {
  CryptoSymbolInfo,
  IdssCalendarDay,
  IdssSymbolInfo,
  MarketStatusInfo,
  PerpSymbolInfo,
  SymbolCategory,
  SymbolId,
  SymbolInfoResponse,
  UsStockSymbolInfo,
} from './symbol-info';
// Areas added by issues 3 and 4: their paths as values, their shapes as types only.
export * from './identity-paths';
export * from './pin-strength';
export * from './account-paths';
export * from './market-paths';
export * from './stream-paths';
export type * from './identity';
export type * from './account';
export type * from './market';
export type * from './stream';
export * from './wallet-paths';
export type * from './wallet';
export * from './crypto-paths';
export type * from './orders';
export type * from './crypto';
export * from './portfolio-paths';
export type * from './portfolio';
export * from './us-stock-paths';
export type * from './us-stock';
export type * from './idx-paths';
export type * from './idx';
export type * from './watchlists-paths';
export type * from './watchlists';
export type * from './price-alerts-paths';
export type * from './price-alerts';
export type * from './perps-paths';
export type * from './perps';
export * from './reports-paths';
export type * from './reports';
export * from './charts-paths';
export type * from './charts';
