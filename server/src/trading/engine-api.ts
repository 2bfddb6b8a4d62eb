// The engine's API, as a market module and the portfolio use it (`app.trading`). Every call names
// its market; the engine finds the registered rules and refuses a market none registered.
import type { Language, Order } from '@pasar/shared/contract';
import type { MarketRules, AmendRequest } from './market-rules';
import type { Market, OrderPlan, OrderSpec } from './order-model';
import type { FillRow } from './tables';
import type { LedgerOps } from '../ledger/api';
import type { PasarDb } from '../db/database';

/**
 * What must change with every fill of every market, atomically: called inside the fill's own
 * transaction after its ledger transfer and `fills` row (and the market's `afterFill`). A throw
 * rolls the fill back; a listener never swallows a database error (a market order's transaction
 * commits without the ledger's own check after it).
 */
export type FillListener = (ops: LedgerOps & { readonly db: PasarDb }, fill: FillRow) => Promise<void>;

/** Why the margin engine closes a position by itself (liquidation, a triggered TP/SL, the US 4x close before the close). */
export const ENGINE_CLOSE_REASONS = ['LIQUIDATION', 'TAKE_PROFIT', 'STOP_LOSS', 'INTRADAY_CLOSE'] as const;

/**
 * A close the margin engine places: a reduce-only MARKET order with one of its reasons (a person's
 * own reduce-only order says REDUCE_ONLY; the reason is never taken from the wire). It is never
 * refused for who the person is (identity, terms, the market's orders switch) nor, in a market's
 * rules, for its size or the band; a halted symbol cannot fill it, so the margin market does not
 * place it until the halt lifts.
 */
export const isEngineClose = (spec: Pick<OrderSpec, 'orderType' | 'reduceOnly' | 'reason'>): boolean =>
  spec.orderType === 'MARKET' && spec.reduceOnly === true && spec.reason !== undefined && (ENGINE_CLOSE_REASONS as readonly string[]).includes(spec.reason);

/**
 * The order that closes `quantity` of a position at market for the margin engine: reduce-only
 * MARKET with the engine's reason (a person's own close, USER, says REDUCE_ONLY). `extra` adds what
 * a market's orders carry besides (US CFDs: the wallet's leverage and regular hours).
 */
export const engineCloseSpec = (
  request: { readonly side: OrderSpec['side']; readonly symbol: string; readonly quantity: string; readonly reason: string },
  extra: Pick<OrderSpec, 'leverage' | 'tradingHours'> = {},
): OrderSpec => ({
  source: 'ADVANCED',
  side: request.side,
  symbol: request.symbol,
  orderType: 'MARKET',
  inputType: 'quantity',
  quantity: request.quantity,
  timeInForce: 'GOOD_TILL_CANCEL',
  ...extra,
  reduceOnly: true,
  reason: request.reason === 'USER' ? 'REDUCE_ONLY' : request.reason,
});

export interface OrdersPage {
  readonly items: Order[];
  readonly page: number;
  readonly size: number;
  readonly hasMore: boolean;
}

export interface OrdersQuery {
  readonly scope: 'open' | 'history';
  readonly symbol?: string | undefined;
  readonly page: number;
  readonly size: number;
}

export interface TradingEngine {
  /** Adds a market (before the app is ready); its resting orders are matched from then on. */
  register(rules: MarketRules, options?: { readonly replace?: boolean }): void;
  rules(market: Market): MarketRules;
  /**
   * Places an order (both legs of an OCO); the same request id again answers the order(s) it placed.
   * An engine close (`isEngineClose`) skips the person's checks (`assertMayTrade`).
   */
  place(market: Market, userId: string, requestId: string, spec: OrderSpec, language: Language): Promise<{ orders: Order[] }>;
  /** The plan an order would execute with now (nothing changes). */
  estimate(market: Market, spec: OrderSpec, language: Language): OrderPlan;
  cancel(market: Market, userId: string, orderId: string): Promise<{ orders: Order[] }>;
  amend(market: Market, userId: string, orderId: string, body: AmendRequest, language: Language): Promise<{ orders: Order[] }>;
  list(market: Market, userId: string, query: OrdersQuery): Promise<OrdersPage>;
  get(market: Market, userId: string, orderId: string): Promise<Order>;
  /** A user's fills, oldest first (of one market, of one symbol when given): the portfolio's cost basis. */
  fillsOf(userId: string, filter: { readonly market?: Market; readonly symbol?: string }): Promise<FillRow[]>;
  /** Adds a listener of every fill, run in the fill's transaction (before the app is ready). */
  onFill(listener: FillListener): void;
}
