export {
  type EventHandler,
  type EventArgs,
  type EventBus,
  type EventBusOptions,
  createEventBus,
  eventBus,
} from './event-bus';
export type {
  EventMap,
  EventName,
  BalanceRefreshOptions,
  ToastKind,
  ToastPayload,
  OrderPlacedPayload,
  SymbolSelectedPayload,
  AnalyticsPayload,
} from './event-map';
