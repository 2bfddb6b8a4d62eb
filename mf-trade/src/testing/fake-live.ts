// A hand-fed live source for tests: components subscribe as usual, the test pushes messages.
import type { StreamChannel } from '@pasar/shared';
import { setLiveSource, type LiveMessage, type LiveOptions, type LiveSubscribe } from '../market/live-source';

interface Subscription {
  channel: StreamChannel;
  symbol: string;
  options: LiveOptions;
  handler: (message: LiveMessage<never>) => void;
}

export interface FakeLive {
  readonly subscriptions: Subscription[];
  /** Delivers a message to every current subscriber of channel + symbol. */
  push<C extends StreamChannel>(channel: C, symbol: string, message: LiveMessage<C>): void;
  restore(): void;
}

export function installFakeLive(): FakeLive {
  const subscriptions: Subscription[] = [];
  const source: LiveSubscribe = (channel, symbol, options, handler) => {
    const entry = { channel, symbol, options, handler: handler as (message: LiveMessage<never>) => void };
    subscriptions.push(entry);
    return () => {
      const index = subscriptions.indexOf(entry);
      if (index >= 0) subscriptions.splice(index, 1);
    };
  };
  const previous = setLiveSource(source);
  return {
    subscriptions,
    push(channel, symbol, message) {
      for (const entry of [...subscriptions]) {
        if (entry.channel === channel && entry.symbol === symbol) entry.handler(message as LiveMessage<never>);
      }
    },
    restore: () => setLiveSource(previous),
  };
}
