// The Redis bus: two ioredis connections, one to publish (and hold leases) and one in subscriber
// mode. Messages travel as JSON; every key and channel starts with `prefix`, so deployments (and
// test files) sharing one Redis do not hear each other. Local handlers are counted per topic: the
// first SUBSCRIBEs, the last UNSUBSCRIBEs. Commands on one connection run in order, so the Redis
// state always ends up matching the local one. ioredis reconnects and resubscribes by itself;
// messages published while a connection is down are lost (pub/sub is at-most-once), which the
// stream protocol tolerates: every message is a full value and clients resync on a gap.
import { Redis } from 'ioredis';
import type { MessageHandler, PubSub, Unsubscribe } from './types';

export interface RedisPubSubOptions {
  readonly url: string;
  /** Prepended to every channel and key (default `pasar:`). */
  readonly prefix?: string;
  readonly onError?: (error: unknown, context: string) => void;
  /** Written before each lease holder's id in Redis (`instance/holder`), so an operator sees which instance holds a lease. */
  readonly instance?: string;
}

// Take a free lease, or extend the one we hold; 1 when we hold it afterwards.
const ACQUIRE_LEASE = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
return 0`;
const RELEASE_LEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

export function createRedisPubSub(options: RedisPubSubOptions): PubSub {
  const prefix = options.prefix ?? 'pasar:';
  const holderOf = (holder: string) => (options.instance ? `${options.instance}/${holder}` : holder);
  const report = (context: string) => (error: unknown) => options.onError?.(error, context);
  const connection = (enableReadyCheck: boolean) => new Redis(options.url, { maxRetriesPerRequest: 3, enableReadyCheck });
  const pub = connection(true);
  // No ready check on the subscriber: ioredis sends its INFO after a SUBSCRIBE queued while
  // connecting (at start, or when Redis comes back), the connection is by then in subscriber mode,
  // the check fails and the queued SUBSCRIBE is rejected: an instance failed to start (cluster
  // faults, decision 0026). SUBSCRIBE does not need the data set loaded.
  const sub = connection(false);
  pub.on('error', report('redis publisher'));
  sub.on('error', report('redis subscriber'));

  const handlers = new Map<string, Set<MessageHandler>>();
  let closed = false;

  sub.on('message', (channel: string, raw: string) => {
    if (!channel.startsWith(prefix)) return;
    const topic = channel.slice(prefix.length);
    const set = handlers.get(topic);
    if (!set || set.size === 0) return;
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch (error) {
      report(`bad JSON on ${topic}`)(error);
      return;
    }
    for (const handler of [...set]) {
      if (!set.has(handler)) continue;
      try {
        handler(message, topic);
      } catch (error) {
        report(`handler of ${topic}`)(error);
      }
    }
  });

  return {
    kind: 'redis',
    async publish(topic, message) {
      if (closed) return;
      await pub.publish(prefix + topic, JSON.stringify(message));
    },
    async subscribe(topic, handler) {
      const entry: MessageHandler = (message, t) => handler(message, t);
      let set = handlers.get(topic);
      const first = !set;
      if (!set) handlers.set(topic, (set = new Set()));
      set.add(entry);
      if (first) await sub.subscribe(prefix + topic);
      const unsubscribe: Unsubscribe = async () => {
        const current = handlers.get(topic);
        if (!current || !current.delete(entry)) return;
        if (current.size > 0) return;
        handlers.delete(topic);
        if (!closed) await sub.unsubscribe(prefix + topic);
      };
      return unsubscribe;
    },
    async acquireLease(name, holder, ttlMs) {
      const result = await pub.eval(ACQUIRE_LEASE, 1, `${prefix}lease:${name}`, holderOf(holder), String(Math.max(1, Math.round(ttlMs))));
      return result === 1;
    },
    async releaseLease(name, holder) {
      await pub.eval(RELEASE_LEASE, 1, `${prefix}lease:${name}`, holderOf(holder));
    },
    async close() {
      if (closed) return;
      closed = true;
      handlers.clear();
      await Promise.allSettled([sub.quit(), pub.quit()]);
      sub.disconnect();
      pub.disconnect();
    },
  };
}
