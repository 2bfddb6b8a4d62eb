// Paths of the US stock (global stock, PALN wallet) trading calls (§7 Global stock) and the area's
// plain constants (plain values: the browser index exports them without zod). Schemas:
// `us-stock.ts`. The USD wallet itself (balance, transfer) is the fx-wallet's (FX_WALLET_PATHS).
//
// `stockId` everywhere is the instrument's id in symbol-info (`palnStock[].id`, the number in
// `/asset/usstock/{symbol}/{assetId}`), not the ticker.

export const US_STOCK_PATHS = {
  /** POST UsStockOrderRequest: a buy from the PALN wallet (USD). */
  buy: '/api/global-stock/buy',
  /** POST UsStockOrderRequest: a sell of a holding (an OCO places the take-profit and stop-loss legs). */
  sell: '/api/global-stock/sell',
  /** GET ?stockId=&transactionType=BUY|SELL&orderType=&quantity=|amount=&unitPrice=&stopPrice=: the estimate in USD and IDR (no change). */
  priceCalculate: '/api/global-stock/price-calculate',
  /** GET ?stockId=&transactionType=BUY|SELL: what may be placed now (session, extended hours, order types, sizes). */
  orderTypes: '/api/global-stock/order-types',
  /** GET: the user's US holdings with average cost in USD and value in USD and IDR. */
  userPosition: '/api/global-stock/user-position',
  /** GET: the US market's session now, today's session times and the next change. */
  marketStatus: '/api/global-stock/market-status',
  /** GET ?scope=open|history&stockId=&page=&size=: the user's US orders (newest first). */
  orders: '/api/global-stock/orders',
  /** GET /:stockId: holding details (usStockHoldingPath). */
  holdings: '/api/global-stock/holdings',
} as const;

/** `/api/global-stock/orders/:id` (GET one; PATCH UsStockAmendRequest amends an open order). */
export const usStockOrderPath = (id: string): string => `${US_STOCK_PATHS.orders}/${encodeURIComponent(id)}`;
/** `/api/global-stock/orders/:id/cancel` (PUT { stockId }): cancels an open order (an OCO leg cancels its group). */
export const usStockOrderCancelPath = (id: string): string => `${usStockOrderPath(id)}/cancel`;
/** `/api/global-stock/holdings/:stockId` (GET): quantityAvailableForSale and intradayQuantityAvailableForSale. */
export const usStockHoldingPath = (stockId: number | string): string =>
  `${US_STOCK_PATHS.holdings}/${encodeURIComponent(String(stockId))}`;

/** The US session an instant falls in (New York time, NYSE calendar). */
export const US_SESSIONS = ['PRE_MARKET', 'REGULAR', 'POST_MARKET', 'CLOSED'] as const;
export type UsSession = (typeof US_SESSIONS)[number];

/**
 * What kind of order a sell is beyond its type: a plain order, or a take-profit / stop-loss
 * order (a TAKE_PROFIT is a LIMIT sell at takeProfit, a STOP_LOSS a STOP sell at stopLoss; an OCO
 * carries both legs).
 */
export const US_ORDER_SUB_TYPES = ['NORMAL', 'TAKE_PROFIT', 'STOP_LOSS'] as const;
export type UsOrderSubType = (typeof US_ORDER_SUB_TYPES)[number];

export const US_STOCK_ORDER_SCOPES = ['open', 'history'] as const;
export type UsStockOrderScope = (typeof US_STOCK_ORDER_SCOPES)[number];
export const US_STOCK_ORDERS_PAGE_SIZE = 30;

/** USD amounts (cash, notional, fees) have 2 decimals. */
export const USD_AMOUNT_PRECISION = 2;

/** Leveraged US stock trading (CFD, §7 leverage buy and sell) on the leverage (2x) and intraday (4x) wallets. */
export const US_LEVERAGE_PATHS = {
  /** POST UsLeverageOrderRequest: opens or adds to a long CFD position (MARKET, regular hours). */
  buy: '/api/global-stock/leverage/buy',
  /** POST UsLeverageOrderRequest: MARKET reduces or closes the position; OCO / TAKE_PROFIT / STOP_LOSS set its triggers. */
  sell: '/api/global-stock/leverage/sell',
  /** GET ?scope=open|history: the user's leveraged positions and each wallet's margin ratio. */
  positions: '/api/global-stock/leverage/positions',
  /** POST (operator, x-admin-token): runs the leverage sweep now (triggers, intraday close, financing, margin calls, liquidation). */
  adminSweep: '/api/admin/global-stock/leverage/sweep',
} as const;

/** Why a leveraged position was closed. */
export const US_LEVERAGE_CLOSE_REASONS = ['USER', 'TAKE_PROFIT', 'STOP_LOSS', 'INTRADAY_CLOSE', 'LIQUIDATION'] as const;
export type UsLeverageCloseReason = (typeof US_LEVERAGE_CLOSE_REASONS)[number];
/** The leverage a US order may ask for: none (1), 2x (leverage wallet), 4x (intraday wallet). */
export const US_LEVERAGE_OPTIONS = [1, 2, 4] as const;
export type UsLeverageOption = (typeof US_LEVERAGE_OPTIONS)[number];
