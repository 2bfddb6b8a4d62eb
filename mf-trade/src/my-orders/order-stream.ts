// The signed-in user's order updates, from the private `orders` stream (one WebSocket for the
// page, shared's `usePrivateStream`; a no-op for guests). Tests put a hand-fed hook in its place.
import { usePrivateStream, type CryptoOrder, type PrivateStreamChannel, type UsePrivateStreamOptions } from '@pasar/shared';

/** What the server publishes on the `orders` channel after every change of an order. */
export interface OrderStreamMessage {
  type: 'order';
  order: CryptoOrder;
}

export type PrivateStreamHook = <T>(channel: PrivateStreamChannel, onMessage: (message: T) => void, options?: UsePrivateStreamOptions) => void;

let hook: PrivateStreamHook = usePrivateStream;

/**
 * Calls `onOrder` with every order update of the signed-in user (every symbol), and `onResync`
 * when the subscription is live again after a lapse (updates may have been missed: refetch).
 */
export function useOrderStream(onOrder: (order: CryptoOrder) => void, { onResync, enabled = true }: { onResync?: () => void; enabled?: boolean } = {}): void {
  hook<OrderStreamMessage>(
    'orders',
    (message) => {
      if (message?.type === 'order' && message.order) onOrder(message.order);
    },
    { onResync, enabled },
  );
}

/** Any private channel through the same swappable hook (the perps feed's balances, notifications). */
export const usePrivateChannel: PrivateStreamHook = (channel, onMessage, options) => hook(channel, onMessage, options);

/** Swaps the hook (tests, before rendering). Returns the previous one. */
export function setPrivateStreamHook(next: PrivateStreamHook): PrivateStreamHook {
  const previous = hook;
  hook = next;
  return previous;
}
