// The order engine of every market: the state table, the book walk, the resting-order index, the
// order model and tables, and the `MarketRules` a market implements (market-rules.ts). No import
// from `server/src/modules`: markets register their rules with it.
export * from './order-states';
export * from './book-walk';
export * from './resting-index';
export * from './order-model';
export * from './market-rules';
export * from './engine-api';
export * from './tables';
export * from './order-view';
export * from './repo';
export * from './split-hold';
export type { ManualTick, TickReport } from './matcher';
