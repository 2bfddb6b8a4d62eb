// The margin engine's interface (issue 12): leveraged one-way positions for every market that has
// them (perps on the USDT margin wallet, US stock CFDs on the 2x/4x USD wallets). A market plugs in
// a `MarginMarket` (its accounts, tiers, fees, mark price, whether it may liquidate now, how a
// position is closed against its book); the engine owns positions, margin (as ledger holds),
// liquidation, margin calls, funding/financing charges and the exposure the wallets show.
//
// Money is decimal strings in and out; every balance change is one ledger transfer with a key
// (`<market.keys>:…`), so a liquidation, a funding payment or a charge happens once even with two
// instances, a restart or a crash mid-sweep. Implementation: `engine.ts`; the pure math: `math.ts`.
import type { AccountRef, LedgerOps, TransferResult } from '../../ledger/api';
import type { PasarDb } from '../../db/database';
import type { NotificationType } from '@pasar/shared/contract';
import type { Market, Side } from '../order-model';

export type PositionSide = 'LONG' | 'SHORT';
export type MarginMode = 'CROSS' | 'ISOLATED';

/** One row of a maintenance tier table (Binance's): positions with notional in (floor, cap]. */
export interface MarginTierRow {
  readonly tier: number;
  readonly notionalFloor: string;
  readonly notionalCap: string;
  readonly maxLeverage: number;
  /** A fraction ("0.005" = 0.5 %). */
  readonly maintenanceMarginRate: string;
  /** MM = notional × rate − maintenanceAmount. */
  readonly maintenanceAmount: string;
}

/** How a market plugs into the engine. Pure decisions except `closeAtMarket`. */
export interface MarginMarket {
  readonly market: Market;
  /** The currency positions are margined in ('USDT', 'USD') and its ledger scale (6, 2). */
  readonly currency: string;
  readonly scale: number;
  /** Ledger key prefix of this market's margin movements ('perp', 'cfd'). */
  readonly keyPrefix: string;
  /**
   * The user account margin lives in. `book` says which wallet: perps have one ('PERP'); CFDs have
   * 'leverage' (2x) and 'intraday' (4x).
   */
  account(userId: string, book: string): AccountRef;
  /** The house account on the other side of realized P&L and funding/financing. */
  settlementAccount(): AccountRef;
  /** The house insurance fund that absorbs a deficit past the bankruptcy price. */
  insuranceAccount(): AccountRef;
  /** The maintenance tiers of a position of `symbol` in `book` (US CFDs: one tier per wallet's leverage). */
  tiers(symbol: string, book: string): readonly MarginTierRow[];
  /**
   * The leverage a new position of `symbol` in `book` starts with (US CFDs: the wallet's, 2 or 4).
   * Default: the engine's default leverage capped by the first tier's maximum.
   */
  defaultLeverage?(symbol: string, book: string): number;
  /** Fee rates, fractions of the notional. */
  fees(symbol: string): { readonly maker: string; readonly taker: string };
  /** The mark price (perps: domain.md's formula; CFDs: the last trade); null when there is none. */
  markPrice(symbol: string): string | null;
  /**
   * May a position of `symbol` be liquidated at `now` (a closed US market cannot fill one). When not,
   * a due liquidation waits: the person gets one ACCOUNT_LIQUIDATION "when the market opens" notice
   * and the first mark at which this holds liquidates the position if it is still due.
   */
  mayLiquidateNow(symbol: string, now: number): boolean;
  /**
   * The kind of the event a liquidation that must wait is recorded with, so the market's text can
   * say why (US CFDs: LIQUIDATION_HALTED for a halted stock, "when trading resumes"). Its key is
   * `liq-pending:<id>:v<version>` whatever the kind. Default LIQUIDATION_PENDING.
   */
  pendingKind?(symbol: string, now: number): string;
  /**
   * Closes `quantity` of a position against the book now: a reduce-only MARKET order through the
   * trading engine with `requestId` (idempotent: the same id again does nothing new). Its fill
   * comes back to the engine through `settleFill`.
   */
  closeAtMarket(request: CloseRequest): Promise<void>;
  /**
   * Whose crossing a margin call is (decision 0017): 'POSITION' (perps, the default) sends one per
   * position and crossing; 'BOOK' one per wallet (user and book) and crossing, its event's symbol the
   * book, for cross margin over a wallet (US CFDs: the 2x or 4x wallet).
   */
  marginCallScope?: 'POSITION' | 'BOOK';
  /**
   * Whether a position's hold also covers its unrealized loss at the mark (US CFDs: what a wallet
   * may still withdraw or open is what no position needs). The hold is the position's one hold, so
   * every fill and charge releases it whole first; `holdLosses` grows or shrinks it to margin + loss,
   * capped at the wallet. `margin` stays the initial margin.
   */
  holdsUnrealizedLoss?: boolean;
  /** The margin a partly closed position keeps, rounded to the scale: 'DOWN' (default) or 'UP' (US cents). */
  keptMarginRounding?: 'UP' | 'DOWN';
  /** The margin ratio (percent) at which this market's positions get a MARGIN_CALL (default the engine's; US CFDs: US_LEVERAGE_MARGIN_CALL_PERCENT). */
  marginCallPercent?: number;
  /** Positions are long only (US CFDs): a fill that would take one below zero is refused (1116) in its transaction. */
  longOnly?: boolean;
  /** Where a fill's `charges` go (default the currency's TAX_PAYABLE). */
  chargesAccount?(): AccountRef;
  /**
   * Whether the engine records a margin event for its TAKE_PROFIT, STOP_LOSS and INTRADAY_CLOSE fills
   * (one per closing order, sent by `deliverNotices` in the market's texts); liquidations always have one.
   */
  closeEvents?: boolean;
}

export interface CloseRequest {
  readonly userId: string;
  readonly book: string;
  readonly symbol: string;
  /** The closing order's side (SELL closes a long). */
  readonly side: Side;
  readonly quantity: string;
  readonly requestId: string;
  readonly reason: CloseReason;
}
export type CloseReason = 'USER' | 'TAKE_PROFIT' | 'STOP_LOSS' | 'LIQUIDATION' | 'INTRADAY_CLOSE';

/** A position as stored (one per user, market, book and symbol; size 0 = none). */
export interface PositionRow {
  readonly id: string;
  readonly market: Market;
  readonly userId: string;
  readonly book: string;
  readonly symbol: string;
  /** Signed size: > 0 long, < 0 short. */
  readonly size: string;
  readonly entryPrice: string;
  readonly leverage: number;
  readonly marginMode: MarginMode;
  /** Margin held for the position (a ledger hold on the user's account). */
  readonly margin: string;
  readonly holdId: string | null;
  readonly realizedPnl: string;
  readonly feesPaid: string;
  readonly fundingPaid: string;
  readonly takeProfit: string | null;
  readonly stopLoss: string | null;
  /** What a TP/SL closes (null: the whole position). */
  readonly triggerQuantity: string | null;
  /** When the TP/SL lapse unexecuted (null: never). */
  readonly triggersExpireAt: Date | null;
  /** Bumped by every change (ledger keys of a liquidation name it). */
  readonly version: number;
  /** Margin call sent and not yet cleared (once per crossing). */
  readonly marginCalled: boolean;
  readonly openedAt: Date;
  readonly updatedAt: Date;
}

/** A position with live figures at the mark. */
export interface PositionView extends PositionRow {
  readonly side: PositionSide;
  readonly quantity: string;
  readonly markPrice: string;
  readonly notional: string;
  readonly unrealizedPnl: string;
  readonly initialMargin: string;
  readonly maintenanceMargin: string;
  readonly maintenanceMarginRate: string;
  readonly tier: number;
  readonly liquidationPrice: string | null;
  readonly bankruptcyPrice: string | null;
  readonly marginRatioPercentage: string;
  readonly roePercent: string;
}

/** One fill of an order on a margined market, as the trading engine hands it over. */
export interface MarginFill {
  readonly market: Market;
  readonly userId: string;
  readonly book: string;
  readonly symbol: string;
  readonly orderId: string;
  readonly orderHoldId: string | null;
  readonly side: Side;
  readonly quantity: string;
  readonly price: string;
  readonly fee: string;
  /**
   * Charges besides the fee (US sells: SEC/TAF), collected after the fee and a loss from what is
   * left with the gain; what is not there is not collected (`unpaidCharges` in the memo).
   */
  readonly charges?: string;
  /** The engine's ledger key of this fill (`<fill>:<orderId>:<n>`). */
  readonly key: string;
  readonly reason: CloseReason | null;
}

/** What a wallet's positions take from it (the leverage, intraday and perps wallets' figures). */
export interface MarginExposure {
  /** Held as position margin. */
  readonly positionMargin: string;
  readonly unrealizedPnl: string;
  readonly maintenanceMargin: string;
  /** Σ notional at the mark. */
  readonly notional: string;
}

/** What `exposure` answers for a market name the engine has no positions of (the portfolio's `USSTOCK`: forwarded to `USSTOCK_LEV`). */

/** A margin event as recorded (`margin_events`): what a notice is rendered from. */
export interface MarginEventRecord {
  readonly key: string;
  readonly kind: string;
  readonly market: string;
  readonly userId: string;
  readonly symbol: string;
  readonly details: Record<string, unknown>;
}

/** A notice's type and text in both languages. */
export interface NoticeText {
  readonly type: NotificationType;
  readonly title: { readonly id: string; readonly en: string };
  readonly body: { readonly id: string; readonly en: string };
}

/** A market's own text for its events (null: the engine's text for the kind). */
export type NoticeRenderer = (event: MarginEventRecord) => NoticeText | null;

/** A closed position (`margin_position_history`): written in the closing fill's transaction. */
export interface ClosedPosition {
  readonly key: string;
  readonly positionId: string;
  readonly market: Market;
  readonly userId: string;
  readonly book: string;
  readonly symbol: string;
  readonly side: PositionSide;
  /** The size the closing fill closed (unsigned; earlier partial closes are in the realized P&L). */
  readonly size: string;
  readonly leverage: number;
  readonly entryPrice: string;
  /** The closing fill's price. */
  readonly closePrice: string;
  readonly closeReason: CloseReason | 'REDUCE_ONLY';
  /** Over the position's life: realized P&L, fees paid, funding/financing paid (> 0 paid). */
  readonly realizedPnl: string;
  readonly fees: string;
  readonly funding: string;
  readonly openedAt: Date;
  readonly closedAt: Date;
}

/** Optional parts of a take-profit / stop-loss: a partial quantity and an expiry. */
export interface TriggerOptions {
  readonly quantity?: string | null;
  readonly expiresAt?: Date | null;
}

export interface ChargeResult {
  readonly positions: number;
  /** Transfers applied now (the rest had been applied before: replays). */
  readonly applied: number;
  readonly replayed: number;
}

export interface MarginEngine {
  register(market: MarginMarket): void;
  marketOf(market: Market): MarginMarket;
  /** Whether a market is margined and sends its own notices of its engine closes (`closeEvents`: US CFDs). */
  tellsCloses(market: Market): boolean;
  positions(market: Market, userId: string, book?: string): Promise<PositionView[]>;
  position(market: Market, userId: string, book: string, symbol: string): Promise<PositionView | null>;
  /** The trading engine's fill of a margined order, inside its transaction: moves the position, its margin hold, fee and realized P&L. */
  settleFill(ops: LedgerOps & { readonly db: PasarDb }, fill: MarginFill): Promise<TransferResult>;
  /** Leverage of a symbol's position (and of orders to come); refused (4202) when the held margin cannot carry it. */
  setLeverage(market: Market, userId: string, book: string, symbol: string, leverage: number): Promise<PositionView | null>;
  exposure(market: Market, userId: string, book: string): Promise<MarginExposure>;
  /**
   * A market's texts for its margin events: the engine's one delivery loop (`deliverNotices`) sends
   * every market's events, in that market's words where it has its own kinds (US: the 4x close,
   * TP/SL, a wallet's liquidation).
   */
  registerNotices(market: Market, render: NoticeRenderer): void;
  /** A user's closed positions of a market, newest first (at most `limit`). */
  history(market: Market, userId: string, options?: { readonly book?: string; readonly limit?: number }): Promise<ClosedPosition[]>;
  /** Grows or shrinks the holds of a market's open positions to margin + unrealized loss (markets with `holdsUnrealizedLoss`). */
  holdLosses(market: Market, userId?: string, book?: string): Promise<number>;
  /** A new mark price: finds the at-risk positions through the index and liquidates / margin-calls / triggers TP/SL. */
  onMark(market: Market, symbol: string, mark: string, now: number): Promise<void>;
  /**
   * Charges every open position of `symbol` once for `key` (funding `perp:funding:<symbol>:<time>`,
   * financing `cfd:financing:<symbol>:<day>`; a run is one symbol's, so its key names the symbol):
   * amount(position) > 0 is paid by the user, < 0 received.
   */
  charge(market: Market, symbol: string, key: string, kind: string, figures: (p: PositionView) => { readonly amount: string; readonly price: string; readonly rate: string }): Promise<ChargeResult>;
}
