// The signed-in user's open orders of the symbol on screen, in one small store: the order panel
// (amend), the open-orders list and the chart's order lines read the same orders. The feed that
// fills it (`orders-feed.ts`) comes in its own chunk, for signed-in users only; this module is the
// little the trade page's first load needs (the chart reads it).
import type { CryptoOrder } from '@pasar/shared';
import type { ChartOrderLine } from '../chart/order-lines';
import { create } from 'zustand';

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
  /** The open orders as the chart draws them (worked out by the feed, so the chart carries no order code). */
  lines: ChartOrderLine[];
}

export const EMPTY_OPEN_ORDERS: OpenOrdersState = { symbol: null, open: [], closed: [], loaded: false, error: null, amendingId: null, resyncs: 0, lines: [] };

export const useOpenOrdersStore = create<OpenOrdersState>()(() => EMPTY_OPEN_ORDERS);

export const startAmending = (order: CryptoOrder): void => useOpenOrdersStore.setState({ amendingId: order.id });
export const stopAmending = (): void => useOpenOrdersStore.setState({ amendingId: null });

/** The open orders of the symbol on screen. */
export const useOpenOrders = (): CryptoOrder[] => useOpenOrdersStore((state) => state.open);

/** Their price lines on the chart. */
export const useOrderLines = (): ChartOrderLine[] => useOpenOrdersStore((state) => state.lines);
