// Fills the open-orders store for the symbol on screen: the open orders once per symbol (and
// again after a lapse of the stream), then every update from the private stream and from the
// answers of place / amend / cancel. Signed-in users only (its own chunk).
import { formatCurrency, useAppStore, type ChartOrderType, type CryptoOrder } from '@pasar/shared';
import { useCallback, useEffect } from 'react';
import { chartOrderLines } from '../chart/order-lines';
import { useTradeT } from '../i18n';
import { registerOrderTranslations } from '../i18n/order';
import { formatQuantity } from '../market/price-format';
import { orderCallsFor } from '../order-calls';
import type { MarketOrderCalls, OrdersMarket } from '../order-calls/market-calls';
import { EMPTY_OPEN_ORDERS, useOpenOrdersStore } from './open-orders';
import { useOrderStream } from './order-stream';
import { isOpenOrder, upsertOrder } from './order-updates';

registerOrderTranslations();

/** Open orders asked at once (the server's page size limit); more open orders on one symbol are rare. */
export const OPEN_ORDERS_FETCH_SIZE = 100;
/** Orders closed while the page is open, kept for the history tab (newest first). */
export const LIVE_CLOSED_KEPT = 50;

/** Orders applied while the open orders are being asked: the answer is older than they are. */
let arrivedDuringLoad: CryptoOrder[] | null = null;

/** Applies whole orders (from the stream or an answer) to the lists of the symbol on screen. */
export function applyOrders(orders: readonly CryptoOrder[]): void {
  arrivedDuringLoad?.push(...orders);
  useOpenOrdersStore.setState((state) => {
    let { open, closed, amendingId } = state;
    for (const order of orders) {
      if (order.symbol !== state.symbol) continue;
      open = upsertOrder(open, order, isOpenOrder);
      if (!isOpenOrder(order)) closed = upsertOrder(closed, order).slice(0, LIVE_CLOSED_KEPT);
      if (amendingId === order.id && !isOpenOrder(order)) amendingId = null;
    }
    return { open, closed, amendingId };
  });
}

/** Feeds the store for `symbol` (of `calls`' market) while mounted; unmounted (logout, another market), the store empties. */
export function useOpenOrdersFeed(symbol: string, calls: MarketOrderCalls, instrumentId: number | null): void {
  const load = useCallback((wanted: string, signal?: AbortSignal) => {
    const arrived: CryptoOrder[] = [];
    arrivedDuringLoad = arrived;
    calls.list({ scope: 'open', symbol: wanted, instrumentId, size: OPEN_ORDERS_FETCH_SIZE }, signal).then(
      (list) => {
        if (arrivedDuringLoad === arrived) arrivedDuringLoad = null;
        if (signal?.aborted) return;
        useOpenOrdersStore.setState((state) => {
          if (state.symbol !== wanted) return state;
          // The answer says what is open; updates that arrived while it was on its way are newer.
          let open = list.items.filter(isOpenOrder);
          for (const order of arrived) if (order.symbol === wanted) open = upsertOrder(open, order, isOpenOrder);
          return { open, loaded: true, error: null };
        });
      },
      (error: unknown) => {
        if (arrivedDuringLoad === arrived) arrivedDuringLoad = null;
        if (signal?.aborted) return;
        useOpenOrdersStore.setState((state) => (state.symbol === wanted ? { loaded: true, error } : state));
      },
    );
  }, [calls, instrumentId]);

  useEffect(() => {
    useOpenOrdersStore.setState({ ...EMPTY_OPEN_ORDERS, symbol });
    const controller = new AbortController();
    load(symbol, controller.signal);
    return () => {
      controller.abort();
      useOpenOrdersStore.setState(EMPTY_OPEN_ORDERS);
    };
  }, [symbol, load]);

  // After a lapse of the stream, updates may have been missed: the open orders are asked again.
  const resync = useCallback(() => {
    const { symbol: current } = useOpenOrdersStore.getState();
    if (!current) return;
    useOpenOrdersStore.setState((state) => ({ resyncs: state.resyncs + 1 }));
    load(current);
  }, [load]);
  const onOrder = useCallback((order: CryptoOrder) => applyOrders([order]), []);
  useOrderStream(onOrder, { onResync: resync });
}

/** The open orders as price lines, labelled in the reader's language ("Buy limit 0.01 BTC"). */
function useChartLines(currency: MarketOrderCalls['currency']): void {
  const { t } = useTradeT();
  const lng = useAppStore((state) => state.language);
  const open = useOpenOrdersStore((state) => state.open);
  const symbol = useOpenOrdersStore((state) => state.symbol);
  useEffect(() => {
    const asset = symbol?.split('-')[0] ?? '';
    const size = (order: CryptoOrder) =>
      order.quantity ? `${formatQuantity(order.quantity, lng)} ${asset}` : order.amount ? formatCurrency(order.amount, currency, lng) : '';
    const title = (order: CryptoOrder, type: ChartOrderType) =>
      t('orderLine.title', { side: t(`orderLine.side.${order.side}`), type: t(`orderLine.type.${type}`), size: size(order) }).trim();
    useOpenOrdersStore.setState({ lines: chartOrderLines(open.filter((order) => order.symbol === symbol), title) });
  }, [open, symbol, lng, t, currency]);
}

export interface OrdersFeedProps {
  symbol: string;
  market: OrdersMarket;
  /** The instrument's id in its market (US orders are asked by stockId); null while not known. */
  instrumentId: number | null;
}

/** The feed as a component, for `lazy()`: the store's orders and their chart lines. */
export function OrdersFeed({ symbol, market, instrumentId }: OrdersFeedProps) {
  const calls = orderCallsFor(market);
  useOpenOrdersFeed(symbol, calls, instrumentId);
  useChartLines(calls.currency);
  return null;
}
