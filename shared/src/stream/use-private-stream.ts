// The signed-in user's private events in React: `usePrivateStream('orders', (message) => …)`.
// Subscribes while mounted and signed in (a no-op for guests), on the page's one stream
// connection; the latest `onMessage` is always the one called, so it need not be memoized.
import { useEffect, useRef } from 'react';
import type { PrivateStreamChannel } from '../contract/crypto-paths';
import { useAppStore } from '../store/app-store';
import type { PrivateStreamMessage, StreamClient } from './client';
import { stream as defaultStream } from './default-client';

export interface UsePrivateStreamOptions {
  /** The subscription is live again after a lapse (reconnect, token expiry): events may have been missed, refetch. */
  readonly onResync?: () => void;
  /** false: do not subscribe. */
  readonly enabled?: boolean;
  readonly client?: StreamClient;
}

export function usePrivateStream<T = PrivateStreamMessage>(
  channel: PrivateStreamChannel,
  onMessage: (message: T) => void,
  options: UsePrivateStreamOptions = {},
): void {
  const { enabled = true, client = defaultStream } = options;
  const signedIn = useAppStore((state) => !state.guestMode && state.auth.accessToken !== null);
  const onMessageRef = useRef(onMessage);
  const onResyncRef = useRef(options.onResync);
  useEffect(() => {
    onMessageRef.current = onMessage;
    onResyncRef.current = options.onResync;
  });

  useEffect(() => {
    if (!signedIn || !enabled || !client.subscribePrivate) return undefined;
    return client.subscribePrivate(channel, (message) => onMessageRef.current(message as T), {
      onResync: () => onResyncRef.current?.(),
    });
  }, [client, channel, signedIn, enabled]);
}
