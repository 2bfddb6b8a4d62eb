// The signed-in person's perps account on the page, in one small store: the order panel (available
// margin, the position it may reduce), the positions table and the orders read the same answer.
// `usePerpsFeed` (mounted once, by the positions area) fills it: at once, every few seconds while
// the page is open (the margin ratio and liquidation prices move with the mark), after every
// action (`refreshPerps`), and on the private stream: a USDT balances event (a fill, a funding, a
// liquidation), a perp order's change, a perps notice (MARGIN_CALL, ACCOUNT_LIQUIDATION).
import { api, refreshBalances, type NotificationStreamEvent, type PrivateStreamMessage, type PerpBalance, type PerpPosition, type UserNotification } from '@pasar/shared';
import { createPerpsClient } from '@pasar/shared/perps-client';
import { useEffect } from 'react';
import { create } from 'zustand';
import { usePrivateChannel } from '../my-orders/order-stream';

export const perpsCalls = createPerpsClient(api);

/** How often the positions are asked again while the page is open. */
export const POSITIONS_REFRESH_MS = 5_000;

export interface PerpsState {
  positions: PerpPosition[];
  balance: PerpBalance | null;
  loaded: boolean;
  error: unknown;
  /** Bumped by every change the person made or was told of: the orders lists ask again. */
  version: number;
  /** The last margin call or liquidation notice of this page's life (shown above the positions). */
  notice: UserNotification | null;
}

const EMPTY: PerpsState = { positions: [], balance: null, loaded: false, error: null, version: 0, notice: null };

export const usePerpsStore = create<PerpsState>()(() => EMPTY);

export const resetPerpsStore = (): void => usePerpsStore.setState(EMPTY, true);

let inFlight: AbortController | null = null;

/** Asks the positions (and the wallet they come with) again; the last call wins. */
export async function loadPositions(): Promise<void> {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  try {
    const answer = await perpsCalls.positions({ signal: controller.signal });
    if (!controller.signal.aborted) usePerpsStore.setState({ positions: answer.items, balance: answer.balance, loaded: true, error: null });
  } catch (error) {
    if (!controller.signal.aborted) usePerpsStore.setState({ error, loaded: true });
  }
}

/** After an order, a close, a leverage or margin change: positions, orders and the shared margin-wallet balance. */
export function refreshPerps(): void {
  bumpAndLoad();
  void refreshBalances({ cryptoPerps: true });
}

const PERPS_NOTICES: ReadonlySet<string> = new Set(['MARGIN_CALL', 'ACCOUNT_LIQUIDATION']);

/** The feed of the page's perps account (mount once). */
export function usePerpsFeed(): void {
  useEffect(() => {
    void loadPositions();
    const timer = setInterval(() => void loadPositions(), POSITIONS_REFRESH_MS);
    return () => {
      clearInterval(timer);
      inFlight?.abort();
    };
  }, []);
  usePrivateChannel<NotificationStreamEvent>('notifications', (message) => {
    const notification = message?.type === 'notification' ? message.notification : null;
    if (!notification || !PERPS_NOTICES.has(notification.type)) return;
    usePerpsStore.setState({ notice: notification });
    refreshPerps();
  });
  // A position's change moves the USDT margin wallet: the ledger's balances event names USDT.
  usePrivateChannel<PrivateStreamMessage<'balances'>>('balances', (message) => {
    if (message?.type === 'balances' && message.currencies.includes('USDT')) bumpAndLoad();
  });
  usePrivateChannel<PrivateStreamMessage<'orders'>>('orders', (message) => {
    if (message?.type === 'order' && (message.order.market as string) === 'PERPS') bumpAndLoad();
  });
}

function bumpAndLoad(): void {
  usePerpsStore.setState((state) => ({ version: state.version + 1 }));
  void loadPositions();
}

/** The person's position in a symbol (one-way mode: at most one). */
export const usePosition = (symbol: string): PerpPosition | null => usePerpsStore((state) => state.positions.find((position) => position.symbol === symbol) ?? null);
