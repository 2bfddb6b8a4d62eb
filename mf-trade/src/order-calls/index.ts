// The order calls of each market the trade page lists orders of (signed-in chunks only).
import { cryptoOrderCalls } from './crypto-calls';
import type { MarketOrderCalls, OrdersMarket } from './market-calls';
import { usStockOrderCalls } from './us-stock-calls';
import { idxOrderCalls } from './idx-calls';

export const ORDER_CALLS: Record<OrdersMarket, MarketOrderCalls> = { CRYPTO: cryptoOrderCalls, USSTOCK: usStockOrderCalls, IDSS: idxOrderCalls };

export const orderCallsFor = (market: OrdersMarket): MarketOrderCalls => ORDER_CALLS[market];
