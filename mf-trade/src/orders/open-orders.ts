// The signed-in user's open orders of the symbol on screen, in one small store: the order panel
// (amend), the open-orders list and the chart's order lines read the same orders. The trade
// workspace feeds it: the open orders once per symbol, then every update from the private stream
// and from the answers of place / amend / cancel. Nothing is asked for a guest.
import { api, CRYPTO_PATHS, type CryptoOrder, type CryptoOrderList } from '@pasar/shared';
import { useCallback, useEffect } from 'react';
import { create } from 'zustand';
import { isOpenOrder, upsertOrder } from './order-updates';
import { useOrderStream } from './order-stream';

/** Open orders asked at once (the server's page size limit); more open orders on one symbol are rare. */
export const OPEN_ORDERS_FETCH_SIZE = 100;
/** Orders closed while the page is open, kept for the history tab (newest first). */
export const LIVE_CLOSED_KEPT = 50;

export interface OpenOrdersState {
  symbol: string | null;
  open: CryptoOrder[];
  /** Orders of this symbol that closed (filled, cancelled, rejected) while the page was open. */
  closed: CryptoOrder[];
  loaded: boolean;
  error: unknown;
  /** The open order the panel is amending (order panel mode ModifyOrder). */
  amendingId: string | null;
  /** Bumped when the stream was lapsed and the lists were asked again (the history asks again too). */
  resyncs: number;
}

const EMPTY: OpenOrdersState = { symbol: null, open: [], closed: [], loaded: false, error: null, amendingId: null, resyncs: 0 };

export const useOpenOrdersStore = create<OpenOrdersState>()(() => EMPTY);

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

export const startAmending = (order: CryptoOrder): void => useOpenOrdersStore.setState({ amendingId: order.id });
export const stopAmending = (): void => useOpenOrdersStore.setState({ amendingId: null });

export const fetchOrders = (params: { scope: 'open' | 'history'; symbol: string; page?: number; size?: number }, signal?: AbortSignal) =>
  api.get<CryptoOrderList>(CRYPTO_PATHS.orders, { params, signal, language: true });

/**
 * Feeds the store for `symbol` (null: a guest, or a market without crypto orders: nothing is
 * asked). The stream hook is always called (hooks keep their order); its messages are applied
 * only to the symbol on screen.
 */
export function useOpenOrdersFeed(symbol: string | null): void {
  const load = useCallback((wanted: string, signal?: AbortSignal) => {
    const arrived: CryptoOrder[] = [];
    arrivedDuringLoad = arrived;
    fetchOrders({ scope: 'open', symbol: wanted, size: OPEN_ORDERS_FETCH_SIZE }, signal).then(
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
  }, []);

  useEffect(() => {
    useOpenOrdersStore.setState({ ...EMPTY, symbol });
    if (!symbol) return undefined;
    const controller = new AbortController();
    load(symbol, controller.signal);
    return () => controller.abort();
  }, [symbol, load]);

  // After a lapse of the stream, updates may have been missed: the open orders are asked again.
  const resync = useCallback(() => {
    const { symbol: current } = useOpenOrdersStore.getState();
    if (!current) return;
    useOpenOrdersStore.setState((state) => ({ resyncs: state.resyncs + 1 }));
    load(current);
  }, [load]);
  const onOrder = useCallback((order: CryptoOrder) => applyOrders([order]), []);
  useOrderStream(onOrder, { onResync: resync, enabled: symbol !== null });
}

/** The open orders of the symbol on screen. */
export const useOpenOrders = (): CryptoOrder[] => useOpenOrdersStore((state) => state.open);
