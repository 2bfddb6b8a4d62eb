// The pub/sub interface: topics carry JSON messages between the parts of the server and between
// server instances. In-process by default (one instance); Redis when REDIS_URL is set (several
// instances behind a load balancer share one bus). Used by the stream hub for market data and
// later for private per-user events (orders, balances): see `topics.ts` for the topic names.

/** Receives one message of a topic. Messages are shared between handlers: never mutate them. */
export type MessageHandler = (message: unknown, topic: string) => void;

/** Removes the handler it was returned for; calling it twice is harmless. */
export type Unsubscribe = () => Promise<void>;

export interface PubSub {
  readonly kind: 'memory' | 'redis';
  /**
   * Sends `message` (anything JSON can carry) to every subscriber of `topic`, on every instance.
   * At-most-once: a subscriber that is not connected at that moment misses it.
   */
  publish(topic: string, message: unknown): Promise<void>;
  /** Calls `handler` for every message of `topic` from now on, until the returned function is called. */
  subscribe(topic: string, handler: MessageHandler): Promise<Unsubscribe>;
  /**
   * A lease held by at most one instance at a time (`SET NX PX` on Redis; in-process the caller
   * always holds it). Returns true while `holder` holds `name`: it takes a free lease, and renews
   * one it already holds for `ttlMs` more. Used to elect the one market publisher.
   */
  acquireLease(name: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up if `holder` has it (a clean shutdown hands over at once). */
  releaseLease(name: string, holder: string): Promise<void>;
  /** Drops every subscription and closes connections. */
  close(): Promise<void>;
}
