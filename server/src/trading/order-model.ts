// The engine's order vocabulary, the same for every market: a placing request (`OrderSpec`), the
// plan a market's rules make of it (`OrderPlan`), and what the matcher does with an open order
// (`behaviourOf`). Market-specific numbers (scales, fees, holds) are the rules' (market-rules.ts).
import type { AssetType, Language, TimeInForce, TradingHours } from '@pasar/shared/contract';
import type { BookWalkFilled } from './book-walk';

/**
 * The market an order belongs to: the wire's asset types ('CRYPTO', 'USSTOCK', …), and the trading
 * core's own markets that are no asset type on the wire: 'USSTOCK_LEV', leveraged US stock CFDs on
 * the 2x and 4x wallets (decision 0017), whose orders the cash lists of 'USSTOCK' leave out.
 */
export type Market = AssetType | 'USSTOCK_LEV';

/** The wire's asset type of a market's orders (a leveraged US order is a US stock order on the wire). */
export const wireAssetType = (market: Market): AssetType => (market === 'USSTOCK_LEV' ? 'USSTOCK' : market);
export type Side = 'BUY' | 'SELL';
export type EngineOrderType = 'MARKET' | 'LIMIT' | 'STOP' | 'STOP_LIMIT' | 'OCO';
export type OcoLeg = 'TAKE_PROFIT' | 'STOP_LOSS';
export type InputType = 'quantity' | 'amount';
export type OrderSource = 'INSTANT' | 'ADVANCED';

/** A placing request, whatever market and route it came by. */
export interface OrderSpec {
  readonly source: OrderSource;
  readonly side: Side;
  readonly symbol: string;
  readonly orderType: EngineOrderType;
  readonly inputType: InputType;
  readonly quantity?: string | undefined;
  readonly amount?: string | undefined;
  readonly limitPrice?: string | undefined;
  readonly stopPrice?: string | undefined;
  readonly takeProfit?: string | undefined;
  readonly stopLoss?: string | undefined;
  readonly timeInForce: TimeInForce;
  /** Stocks: the sessions the order may execute in (regular hours only when absent). */
  readonly tradingHours?: TradingHours | undefined;
  /** Leverage asked for (markets without leverage refuse any value). */
  readonly leverage?: string | undefined;
  /** Margined markets: the order may only reduce a position (it holds no margin). */
  readonly reduceOnly?: boolean | undefined;
  /** Why the order was placed when not by a person's own choice (LIQUIDATION, TAKE_PROFIT…), or REDUCE_ONLY; kept as the order's reason. */
  readonly reason?: string | undefined;
}

export interface LegPlan {
  readonly ocoLeg: OcoLeg | null;
  readonly limitPrice: string | null;
  readonly stopPrice: string | null;
}

/** What the rules make of a valid request. */
export interface OrderPlan {
  readonly spec: OrderSpec;
  /** The unit the order trades ('BTC', 'AAPL'). */
  readonly asset: string;
  /** Units a resting order executes; null for a market order and an order executed by amount. */
  readonly execQuantity: string | null;
  readonly legs: readonly LegPlan[];
  /** What a resting (or queued) order reserves, in the hold account's currency; null for a market order filled now. */
  readonly hold: { readonly currency: string; readonly amount: string } | null;
  /** A market order filled now: its fills (walking the book). */
  readonly walk: BookWalkFilled | null;
  /** The numbers the estimate call shows. */
  readonly estimate: {
    readonly price: string;
    readonly quantity: string;
    readonly base: string;
    readonly fee: string;
    readonly tax: string;
    readonly total: string;
    readonly worstPrice: string | null;
  };
}

/** What the matcher does with an open order: rest as a limit, wait for its stop, or execute at market. */
export type Behaviour = 'LIMIT' | 'STOP_MARKET' | 'STOP_LIMIT' | 'MARKET';

/** An open order's figures, as the rules' hold math reads them. */
export interface OrderShape {
  readonly side: Side;
  readonly orderType: EngineOrderType;
  readonly ocoLeg: OcoLeg | null;
  /** A stop order whose stop was crossed. */
  readonly triggered: boolean;
  readonly amount: string | null;
  readonly execQuantity: string | null;
  readonly limitPrice: string | null;
  readonly stopPrice: string | null;
  readonly filledQuantity: string;
  readonly filledAmount: string;
  readonly total: string;
}

/** MARKET only for a queued market order (placed while its market was closed, executed at the open). */
export function behaviourOf(order: Pick<OrderShape, 'orderType' | 'ocoLeg' | 'triggered'>): Behaviour {
  switch (order.orderType) {
    case 'LIMIT':
      return 'LIMIT';
    case 'STOP':
      return 'STOP_MARKET';
    case 'STOP_LIMIT':
      return order.triggered ? 'LIMIT' : 'STOP_LIMIT';
    case 'OCO':
      return order.ocoLeg === 'TAKE_PROFIT' ? 'LIMIT' : 'STOP_MARKET';
    case 'MARKET':
      return 'MARKET';
  }
}

export interface PlanContext {
  readonly language: Language;
  /** The order is to wait for the market's next open (the session said QUEUE): plan a hold, no walk. */
  readonly queued: boolean;
}
