// The in-process bus: a map of topic -> handlers. Delivery is synchronous, in subscription order,
// over a copy of the handler list, so a handler may subscribe or unsubscribe (itself or others)
// while a message is delivered, and one that throws does not stop the others (its error goes to
// `onError`). Messages are passed by reference, as Redis would pass equal copies: never mutate them.
import type { MessageHandler, PubSub, Unsubscribe } from './types';

export interface MemoryPubSubOptions {
  readonly onError?: (error: unknown, topic: string) => void;
}

export function createMemoryPubSub(options: MemoryPubSubOptions = {}): PubSub {
  const handlers = new Map<string, Set<MessageHandler>>();
  const leases = new Map<string, { holder: string; expiresAt: number }>();
  let closed = false;

  return {
    kind: 'memory',
    async publish(topic, message) {
      if (closed) return;
      const set = handlers.get(topic);
      if (!set) return;
      for (const handler of [...set]) {
        if (!set.has(handler)) continue; // removed by an earlier handler of this delivery
        try {
          handler(message, topic);
        } catch (error) {
          options.onError?.(error, topic);
        }
      }
    },
    async subscribe(topic, handler) {
      // A handler subscribed twice must be removable twice: wrap it so each subscription is unique.
      const entry: MessageHandler = (message, t) => handler(message, t);
      let set = handlers.get(topic);
      if (!set) handlers.set(topic, (set = new Set()));
      set.add(entry);
      const unsubscribe: Unsubscribe = async () => {
        const current = handlers.get(topic);
        if (!current) return;
        current.delete(entry);
        if (current.size === 0) handlers.delete(topic);
      };
      return unsubscribe;
    },
    async acquireLease(name, holder, ttlMs) {
      // One process: leases only matter between holders of the same bus (tests, several hubs).
      const now = Date.now();
      const lease = leases.get(name);
      if (!lease || lease.expiresAt <= now || lease.holder === holder) {
        leases.set(name, { holder, expiresAt: now + ttlMs });
        return true;
      }
      return false;
    },
    async releaseLease(name, holder) {
      if (leases.get(name)?.holder === holder) leases.delete(name);
    },
    async close() {
      closed = true;
      handlers.clear();
      leases.clear();
    },
  };
}
