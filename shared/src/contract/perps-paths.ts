// Paths of the USDT-margined perpetual futures calls (§7 Perp futures) and the area's plain
// constants (plain values: the browser index exports them without zod). Schemas: `perps.ts`.
// The margin wallet itself (balance, deposit, withdraw, estimate) is the fx-wallet's
// (FX_WALLET_PATHS.perpBalance, perpMargin*); order books, candles and tickers are the market
// module's (MARKET_PATHS) — a perp ticker carries indexPrice, markPrice, fundingRate and
// nextFundingTime.
//
// `symbol` everywhere is the instrument's symbol ("BTCUSDT-PERP").

export const PERPS_PATHS = {
  /** GET: the perps with their trading rules (tiers, max leverage, fees, sizes, band). */
  instruments: '/api/perp/instruments',
  /** GET ?symbol=: the order types, flags and limits of one perp now. */
  orderTypes: '/api/perp/order-types',
  /** GET PerpEstimateQuery: what the order would cost (margin, fee, liquidation price); no change. */
  estimate: '/api/perp/estimate',
  /** POST PerpOrderRequest: a buy (opens/increases a long, or reduces a short). */
  buy: '/api/perp/buy',
  /** POST PerpOrderRequest: a sell (opens/increases a short, or reduces a long). */
  sell: '/api/perp/sell',
  /** GET ?scope=open|history&symbol=&page=&size=: the user's perp orders (newest first). */
  orders: '/api/perp/orders',
  /** GET ?symbol=&quantity=: the estimate of closing (part of) a position at market; no change. */
  closeEstimate: '/api/perp/position/close/estimate',
  /** POST PerpCloseRequest: closes (part of) a position, reduce-only at market or limit. */
  close: '/api/perp/position/close',
  /** GET ?symbol=: the funding rate now, the next funding time, mark and index price. */
  fundingRate: '/api/perp/funding-rate',
  /** GET: the user's open positions (live mark, P&L, ROE, liquidation price, margin ratio). */
  positions: '/api/perp/positions',
  /** GET ?symbol=: the leverage and margin mode set for a symbol; POST PerpLeverageRequest changes the leverage. */
  leverage: '/api/perp/position/leverage',
  /** POST PerpMarginModeRequest: cross or isolated for a symbol (only with no position and no open orders). */
  marginMode: '/api/perp/position/margin-mode',
  /** POST PerpPositionMarginRequest: adds margin to / removes margin from an isolated position. */
  positionMargin: '/api/perp/position/margin',
  /** POST PerpTpSlRequest: take-profit and/or stop-loss on a position (null clears one). */
  tpsl: '/api/perp/position/tpsl',
  /** GET ?page=&size=: funding payments (newest first). */
  fundingHistory: '/api/perp/funding/history',
  /** GET: the crypto futures portfolio (§7 Portfolio): wallet, positions, totals. */
  portfolio: '/api/portfolio/crypto-futures',
} as const;

/** `/api/perp/orders/:id` (GET one). */
export const perpOrderPath = (id: string): string => `${PERPS_PATHS.orders}/${encodeURIComponent(id)}`;
/** `/api/perp/orders/:id/cancel` (POST): cancels an open perp order. */
export const perpOrderCancelPath = (id: string): string => `${perpOrderPath(id)}/cancel`;

/** Margin modes: cross (the whole margin wallet backs every cross position) or isolated (per position). */
export const MARGIN_MODES = ['CROSS', 'ISOLATED'] as const;
export type MarginMode = (typeof MARGIN_MODES)[number];

/** One-way mode: a position is long or short (a size's sign). */
export const POSITION_SIDES = ['LONG', 'SHORT'] as const;
export type PositionSide = (typeof POSITION_SIDES)[number];

/** Order types a perp takes (§3 order types; no OCO — TP/SL sit on the position). */
export const PERP_ORDER_TYPES = ['MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT'] as const;
export type PerpOrderType = (typeof PERP_ORDER_TYPES)[number];

/** ADD or REMOVE isolated margin. */
export const POSITION_MARGIN_DIRECTIONS = ['ADD', 'REMOVE'] as const;
export type PositionMarginDirection = (typeof POSITION_MARGIN_DIRECTIONS)[number];

export const PERP_ORDER_SCOPES = ['open', 'history'] as const;
export type PerpOrderScope = (typeof PERP_ORDER_SCOPES)[number];
export const PERP_ORDERS_PAGE_SIZE = 30;

/** Funding is applied at these UTC hours (every 8 hours). A positive rate: longs pay shorts. */
export const FUNDING_HOURS_UTC = [0, 8, 16] as const;
export const FUNDING_INTERVAL_MS = 8 * 60 * 60 * 1000;

/** USDT amounts (margin, fees, P&L, funding) have 8 decimals on the wire, shown with 2. */
export const USDT_AMOUNT_PRECISION = 8;
/** The margin ratio (maintenance margin / margin balance, percent) at or above which MARGIN_CALL is sent (the server's default). */
export const MARGIN_CALL_RATIO_PERCENT_DEFAULT = 80;

/** Why a perp order or position event happened (order `reason`, position history). */
export const PERP_CLOSE_REASONS = ['USER', 'REDUCE_ONLY', 'TAKE_PROFIT', 'STOP_LOSS', 'LIQUIDATION'] as const;
export type PerpCloseReason = (typeof PERP_CLOSE_REASONS)[number];

/** Private stream events (channel `positions`): a position changed, a funding payment, a margin call, a liquidation. */
export const PERP_STREAM_EVENTS = ['position', 'funding', 'marginCall', 'liquidation'] as const;
export type PerpStreamEvent = (typeof PERP_STREAM_EVENTS)[number];
