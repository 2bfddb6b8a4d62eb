// A market's rules: everything the engine needs to know about one market, and nothing else.
//
// How a market implements it: its module (`server/src/modules/<market>/rules.ts`) exports an object
// satisfying `MarketRules` and registers it with the engine (`app.trading.register(rules)`) before
// the app is ready; its routes translate the wire to an `OrderSpec` and call the engine's
// `place/cancel/amend/estimate/list/get` with `market`. The engine does the rest for every market
// alike: the state table, the order unit of work (one ledger transaction per change, holds,
// fills as transfers keyed `<keys.fill>:<orderId>:<n>`), ONE matcher for all markets (resting
// orders, stops, queued market orders, expiry), the private `orders`/`balances` events and the
// order view. The rules are pure decisions over their inputs, except the `assert…` checks, which may
// read (KYC, terms, product flags). Time comes from the engine's injected clock (`now`).
import type { ErrorCode, Instrument, Language, OrderBook } from '@pasar/shared/contract';
import type { PasarDb } from '../db/database';
import type { AccountRef, InsufficientFunds, LedgerOps, TransferLeg, TransferResult } from '../ledger/api';
import type { BookWalkResult, LevelFill } from './book-walk';
import type { Market, OrderPlan, OrderShape, OrderSpec, PlanContext, Side } from './order-model';
import type { FillRow, OrderChange, OrderRow } from './tables';

/** An order's running figures (what its fills so far added up to). */
export interface OrderTotals {
  readonly side: Side;
  readonly filledQuantity: string;
  /** Σ quantity × price so far, unrounded. */
  readonly filledAmount: string;
  readonly fee: string;
  readonly tax: string;
  readonly total: string;
  /** The order's type and reason, for a market whose fill numbers depend on them (a US engine close's late fill pays no charges). */
  readonly orderType?: OrderRow['orderType'];
  readonly reason?: string | null;
}

/** The numbers of one fill, in the market's scales and rounding. */
export interface FillNumbers {
  /** This fill: units, average price, base amount, fee, tax and total paid (buy) or received (sell). */
  readonly quantity: string;
  readonly price: string;
  readonly amount: string;
  readonly fee: string;
  readonly tax: string;
  readonly total: string;
  /** The order's figures after it. */
  readonly after: Omit<OrderTotals, 'side'>;
}

/**
 * What a market order may do at `now`: execute, wait for the market's next open (stored with its
 * hold, executed by the matcher at the open), or be refused with the catalogue's code (a closed
 * session, extended hours not allowed).
 */
export type MarketOrderVerdict = 'EXECUTE' | 'QUEUE' | { readonly refuse: ErrorCode };

/** The engine's request to decide whether an order may be placed (or amended) on an instrument now. */
export interface EligibilityRequest {
  readonly userId: string;
  readonly spec: OrderSpec;
  readonly instrument: Instrument;
  readonly language: Language;
  /** An amendment of an open order (only what can change since it was placed is checked: halts). */
  readonly amending: boolean;
}

export interface MarketRules {
  readonly market: Market;
  /** Ledger key prefixes: fills `<fill>:<orderId>:<n>`, holds `<hold>:<orderId or OCO group>[:v<version>]`. */
  readonly keys: { readonly fill: string; readonly hold: string };
  /** The currency of an order's amount, fee, tax and total ('IDR', 'USD'). */
  readonly currency: string;

  // ---- instrument and validation ----
  /** The instrument `symbol` names in this market; AppError('003') when it names none. */
  instrument(symbol: string): Instrument;
  /**
   * Who may trade in this market at all, checked before the instrument: terms (018), identity (KYC
   * or US-stock KYC, 007), the market's switch. Throws AppError.
   */
  assertMayTrade(userId: string): Promise<void>;
  /** The market's switch alone (amendments): throws AppError when orders are off. */
  assertOrdersOn(): void;
  /**
   * May this order be placed on this instrument now: halts (3701), product flags (3702/3703),
   * leverage refused where the market has none, extended hours only where allowed. Throws AppError.
   */
  assertTradable(request: EligibilityRequest): Promise<void>;
  /**
   * Validates a request (size on the lot/step grid, price on the tick grid and within the bands,
   * minimums) and plans the order: for a market order filled now its walk of the book, else the
   * hold. Throws the catalogue's codes; changes nothing.
   */
  plan(spec: OrderSpec, instrument: Instrument, context: PlanContext): OrderPlan;
  /**
   * The changes an amendment makes to the open legs of a group (validated like a new order; the
   * engine re-holds what the amended group needs). Keyed by order id.
   */
  planAmend(order: OrderRow, group: readonly OrderRow[], body: AmendRequest, instrument: Instrument, language: Language): Map<string, OrderChange>;

  // ---- scales, rounding, fees and taxes ----
  /** The price precision an order view rounds its average price to. */
  pricePrecision(symbol: string): number;
  /** One fill's numbers from the levels it took, against what the order had already paid or received. */
  fillNumbers(order: OrderTotals, levels: readonly LevelFill[]): FillNumbers;
  /** What a group (one order, or the open legs of an OCO sharing one hold) must still hold. */
  holdNeeds(legs: readonly OrderShape[]): string;
  /**
   * The book walk of an order executed at market after it was placed (a triggered stop, a queued
   * market order at the open): its remaining size against `book`, with the market's band and fees.
   */
  walk(order: OrderRow, book: Pick<OrderBook, 'bids' | 'asks'>, instrument: Instrument): BookWalkResult;

  // ---- ledger accounts ----
  /** The account an order's hold reserves from (cash for buys, the position for sells). */
  holdAccount(order: Pick<OrderRow, 'userId' | 'side' | 'asset'>): AccountRef;
  /**
   * Optional: the accounts an order reserves from, in order, when there are two (IDX buys: cash,
   * then unsettled sale proceeds). The hold takes what the first has available and the rest from
   * the second (`split-hold.ts`; the order's `holdId` and `hold2Id`). Default: `[holdAccount]`.
   */
  holdAccounts?(order: Pick<OrderRow, 'userId' | 'side' | 'asset'>): readonly AccountRef[];
  /**
   * The transfer legs of one fill (cash, position, inventory, fees, taxes). `captured`: what the
   * fill takes from each of the order's holds, by the hold's account (a market with `holdAccounts`
   * pays from where the money was reserved).
   */
  fillLegs(order: OrderRow, fill: FillNumbers, captured?: readonly CapturedPart[]): TransferLeg[];
  /** The currencies a fill changes (announced on the user's `balances` channel). */
  fillCurrencies(order: Pick<OrderRow, 'asset'>): readonly string[];
  /**
   * Optional: the market's own writes of a fill, in the fill's transaction after its transfer and
   * `fills` row (IDX: the T+2 settlement due of a sale).
   */
  afterFill?(ops: LedgerOps & { readonly db: PasarDb }, order: OrderRow, fill: FillRow): Promise<void>;
  /**
   * Optional, margined markets (perps, CFDs): the fill's ledger transfer under `key`, made by the
   * market instead of `fillLegs` and the hold capture (the margin engine moves the position, its
   * margin hold, the fee and realized P&L in the fill's transaction).
   */
  settleFill?(ops: LedgerOps & { readonly db: PasarDb }, order: OrderRow, fill: FillNumbers, key: string): Promise<TransferResult>;
  /** A ledger refusal as the catalogue's code (crypto 1115/9504, US 1117/1116). */
  insufficientCode(error: InsufficientFunds): ErrorCode;

  // ---- sessions and time in force ----
  /** May a market order execute at `now`, wait for the next open (QUEUE), or is it refused? (A placing request carries its type, reduce-only flag and reason: an engine close.) */
  marketOrderAt(instrument: Instrument, spec: Pick<OrderSpec, 'tradingHours' | 'side'> & Partial<Pick<OrderSpec, 'orderType' | 'reduceOnly' | 'reason'>>, now: number): MarketOrderVerdict;
  /** May a resting (or queued) order match at `now` (its session, extended hours included when it asked)? */
  mayMatch(order: Pick<OrderRow, 'symbol' | 'tradingHours' | 'orderType'>, now: number): boolean;
  /** When an order placed at `now` expires (GOOD_TILL_MARKET_CLOSE: that trading day's close); null never. */
  expiresAt(spec: Pick<OrderSpec, 'timeInForce' | 'tradingHours'>, instrument: Instrument, now: number): Date | null;

  // ---- call auctions (optional: markets that have them, IDX) ----
  /**
   * The call auction of `symbol` whose collection phase has ended by `now` and that is due to be
   * uncrossed (its key, unique per symbol, e.g. `2026-11-30:PRE_OPENING`, and when collection
   * ended), else null. The matcher uncrosses a due auction once (the key is claimed in the
   * database), before anything else it does for the symbol in that tick.
   */
  auctionDue?(symbol: string, now: number): AuctionDue | null;
  /**
   * The auction's one price and what each collected order fills at it (shares by order id, the
   * orders that fill nothing absent), from the open limit orders (in arrival order) and the
   * market's book; null when nothing crosses. Pure.
   */
  uncross?(symbol: string, orders: readonly OrderRow[], book: Pick<OrderBook, 'bids' | 'asks'>): AuctionUncross | null;
}

/** What a fill captures from one of its order's holds. */
export interface CapturedPart {
  readonly account: AccountRef;
  readonly amount: string;
}

/** A call auction due to be uncrossed. */
export interface AuctionDue {
  readonly key: string;
  /** When its collection phase ended (epoch ms): orders that expired before it take no part. */
  readonly endedAt: number;
}

/** An auction's one price and each order's fill at it. */
export interface AuctionUncross {
  readonly price: string;
  /** The shares matched at the price (the market's book included). */
  readonly volume: string;
  readonly fills: ReadonlyMap<string, string>;
}

/** An amendment: a new size and/or prices (what the order type uses). */
export interface AmendRequest {
  readonly quantity?: string | undefined;
  readonly amount?: string | undefined;
  readonly limitPrice?: string | undefined;
  readonly stopPrice?: string | undefined;
}

/** The reason an expired order is cancelled with (the engine's matcher expires orders, releasing the hold). */
export const EXPIRED_REASON = 'EXPIRED';
