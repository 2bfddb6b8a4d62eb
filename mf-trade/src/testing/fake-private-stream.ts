// A hand-fed private stream for tests: components subscribe through `useOrderStream` as usual,
// the test pushes the server's messages.
import type { PrivateStreamChannel, UsePrivateStreamOptions } from '@pasar/shared';
import { useEffect, useRef } from 'react';
import { setPrivateStreamHook, type PrivateStreamHook } from '../my-orders/order-stream';

export interface FakePrivateStream {
  /** Channels with a live subscriber now. */
  readonly channels: () => PrivateStreamChannel[];
  push(channel: PrivateStreamChannel, message: unknown): void;
  /** The subscription is live again after a lapse. */
  resync(channel: PrivateStreamChannel): void;
  restore(): void;
}

export function installFakePrivateStream(): FakePrivateStream {
  const subscribers = new Set<{ channel: PrivateStreamChannel; deliver: (message: unknown) => void; resync: () => void }>();
  const hook: PrivateStreamHook = <T>(channel: PrivateStreamChannel, onMessage: (message: T) => void, options: UsePrivateStreamOptions = {}) => {
    const latest = useRef({ onMessage, options });
    latest.current = { onMessage, options };
    const enabled = options.enabled ?? true;
    useEffect(() => {
      if (!enabled) return undefined;
      const entry = {
        channel,
        deliver: (message: unknown) => latest.current.onMessage(message as T),
        resync: () => latest.current.options.onResync?.(),
      };
      subscribers.add(entry);
      return () => {
        subscribers.delete(entry);
      };
    }, [channel, enabled]);
  };
  const previous = setPrivateStreamHook(hook);
  return {
    channels: () => [...subscribers].map((s) => s.channel),
    push(channel, message) {
      for (const entry of [...subscribers]) if (entry.channel === channel) entry.deliver(message);
    },
    resync(channel) {
      for (const entry of [...subscribers]) if (entry.channel === channel) entry.resync();
    },
    restore: () => setPrivateStreamHook(previous),
  };
}
