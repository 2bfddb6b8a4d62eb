// Paths of the crypto spot trading calls (issue 6) and the area's plain constants (plain values:
// the browser index exports them without zod). Schemas: `crypto.ts`. Price quotes, books and
// candles are the market module's (MARKET_PATHS); balances by symbol are the wallet's
// (cryptoBalancePath).

export const CRYPTO_PATHS = {
  /** GET ?symbol=BTC-IDR: the order types and fill modes the symbol allows now, with the buy/sell flags (pro flags in pro mode). */
  orderTypes: '/api/crypto/order-types',
  /** POST EstimateRequest: the numbers the order would execute with (no change). */
  estimate: '/api/crypto/estimate',
  /** POST InstantOrderRequest (CryptoInstant, simple mode): a MARKET buy by amount (IDR). */
  buy: '/api/crypto/buy',
  /** POST InstantOrderRequest: a MARKET sell by quantity or amount. */
  sell: '/api/crypto/sell',
  /** POST AdvancedOrderRequest (CryptoAdvanced, pro mode): every order type. */
  advancedBuy: '/api/crypto/advanced/buy',
  advancedSell: '/api/crypto/advanced/sell',
  /** GET ?scope=open|history&symbol=&page=&size=: the user's orders (newest first). */
  orders: '/api/crypto/orders',
} as const;

/** `/api/crypto/orders/:id` (GET one; PATCH AmendOrderRequest amends an open order). */
export const cryptoOrderPath = (id: string): string => `${CRYPTO_PATHS.orders}/${encodeURIComponent(id)}`;
/** `/api/crypto/orders/:id/cancel` (POST): cancels an open order (an OCO leg cancels its group). */
export const cryptoOrderCancelPath = (id: string): string => `${cryptoOrderPath(id)}/cancel`;

/** How an order's size is given (§3 inputType; §5: quantity orders omit amount and vice versa). */
export const ORDER_INPUT_TYPES = ['quantity', 'amount'] as const;
export type OrderInputType = (typeof ORDER_INPUT_TYPES)[number];

export const CRYPTO_ORDER_SCOPES = ['open', 'history'] as const;
export type CryptoOrderScope = (typeof CRYPTO_ORDER_SCOPES)[number];
export const CRYPTO_ORDERS_PAGE_SIZE = 30;

/** Order kinds as placed: INSTANT (simple mode, market) or ADVANCED (pro mode). */
export const CRYPTO_ORDER_SOURCES = ['INSTANT', 'ADVANCED'] as const;
export type CryptoOrderSource = (typeof CRYPTO_ORDER_SOURCES)[number];

/** Private stream kinds of a signed-in user (issue 6): their orders (with fills) and balances; their notifications (issue 14). */
export const PRIVATE_STREAM_CHANNELS = ['orders', 'balances', 'notifications'] as const;
export type PrivateStreamChannel = (typeof PRIVATE_STREAM_CHANNELS)[number];
