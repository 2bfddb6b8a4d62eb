// Paths of the Indonesian stock (IDX) trading calls and the area's plain constants (plain values:
// the browser index exports them without zod). Schemas: `idx.ts`. The calls follow the US stock
// market's naming (`us-stock-paths.ts`) under the IDX prefix the market data calls already use
// (`/api/idss/list`, `/ohlc`, `/calendar`). The API counts shares; the UI counts lots of 100.
//
// `stockId` is the instrument's id in symbol-info (`idssStock[].id`), not the stock code.

export const IDX_PATHS = {
  /** POST IdxOrderRequest: a buy paid from the IDR cash wallet. */
  buy: '/api/idss/buy',
  /** POST IdxOrderRequest: a sell of a holding (proceeds settle T+2). */
  sell: '/api/idss/sell',
  /** GET ?stockId=&transactionType=&orderType=&quantity=&unitPrice=: the estimate with fee, tax and settlement date (no change). */
  priceCalculate: '/api/idss/price-calculate',
  /** GET ?stockId=&transactionType=: what may be placed now (session, band, tick, lot, fees). */
  orderTypes: '/api/idss/order-types',
  /** GET: the user's IDX holdings in IDR (average cost with fees, P&L). */
  userPosition: '/api/idss/user-position',
  /** GET: the IDX session now (auction phases included), today's times and the next change. */
  marketStatus: '/api/idss/market-status',
  /** GET ?scope=open|history&stockId=&page=&size=: the user's IDX orders (newest first). */
  orders: '/api/idss/orders',
  /** GET /:stockId: holding details (idxHoldingPath). */
  holdings: '/api/idss/holdings',
  /** GET: IDR cash, unsettled sale proceeds by settlement date, and what may be withdrawn. */
  wallet: '/api/idss/wallet',
  /** POST (operator): runs the T+2 settlement now (it also runs on a schedule). */
  adminSettlementRun: '/api/admin/idss/settlement/run',
} as const;

/** `/api/idss/orders/:id` (GET one; PATCH IdxAmendRequest amends an open order). */
export const idxOrderPath = (id: string): string => `${IDX_PATHS.orders}/${encodeURIComponent(id)}`;
/** `/api/idss/orders/:id/cancel` (PUT { stockId }). */
export const idxOrderCancelPath = (id: string): string => `${idxOrderPath(id)}/cancel`;
/** `/api/idss/holdings/:stockId` (GET). */
export const idxHoldingPath = (stockId: number | string): string => `${IDX_PATHS.holdings}/${encodeURIComponent(String(stockId))}`;

/** Shares in one lot: orders are whole lots. */
export const IDX_LOT_SIZE = 100;

/**
 * The IDX phase an instant falls in (Jakarta time, the IDX calendar): the pre-opening call auction
 * (08:45–09:00), session I, the lunch break, session II, the pre-closing call auction
 * (15:50–16:00), and closed (before, after, weekends, holidays).
 */
export const IDX_SESSIONS = ['PRE_OPENING', 'SESSION_1', 'LUNCH_BREAK', 'SESSION_2', 'PRE_CLOSING', 'CLOSED'] as const;
export type IdxSession = (typeof IDX_SESSIONS)[number];

/** IDX order types: limit, and market (a limit at the best opposite price within the band; decision 0019). */
export const IDX_ORDER_TYPES = ['LIMIT', 'MARKET'] as const;
export type IdxOrderType = (typeof IDX_ORDER_TYPES)[number];

export const IDX_ORDER_SCOPES = ['open', 'history'] as const;
export type IdxOrderScope = (typeof IDX_ORDER_SCOPES)[number];
export const IDX_ORDERS_PAGE_SIZE = 30;
