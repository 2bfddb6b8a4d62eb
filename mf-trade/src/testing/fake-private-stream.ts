// A hand-fed private stream for tests: components subscribe through `useOrderStream` as usual,
// the test pushes the server's messages.
import type { PrivateStreamChannel } from '@pasar/shared';
import { useEffect, useRef } from 'react';
import { setPrivateStreamHook, type PrivateStreamHook } from '../orders/order-stream';

export interface FakePrivateStream {
  /** Channels with a live subscriber now. */
  readonly channels: () => PrivateStreamChannel[];
  push(channel: PrivateStreamChannel, message: unknown): void;
  restore(): void;
}

export function installFakePrivateStream(): FakePrivateStream {
  const subscribers = new Set<{ channel: PrivateStreamChannel; deliver: (message: unknown) => void }>();
  const hook: PrivateStreamHook = <T>(channel: PrivateStreamChannel, onMessage: (message: T) => void) => {
    const latest = useRef(onMessage);
    latest.current = onMessage;
    useEffect(() => {
      const entry = { channel, deliver: (message: unknown) => latest.current(message as T) };
      subscribers.add(entry);
      return () => {
        subscribers.delete(entry);
      };
    }, [channel]);
  };
  const previous = setPrivateStreamHook(hook);
  return {
    channels: () => [...subscribers].map((s) => s.channel),
    push(channel, message) {
      for (const entry of [...subscribers]) if (entry.channel === channel) entry.deliver(message);
    },
    restore: () => setPrivateStreamHook(previous),
  };
}
