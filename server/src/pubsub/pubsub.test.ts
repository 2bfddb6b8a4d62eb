// The pub/sub buses, and two stream hubs ("instances") sharing one bus.
//
// Which buses are tested is chosen when the file is collected, not skipped at run time: the
// in-process bus always; the Redis bus (and two instances on two Redis connections) only when
// REDIS_URL is set, as in CI. Without REDIS_URL the Redis cases are simply not in the list.
import { randomUUID } from 'node:crypto';
import { startHubApp } from '../modules/stream/testing/hub-app';
import { createFakeSource } from '../modules/stream/testing/fake-source';
import { connectClient, sleep } from '../modules/stream/testing/ws-client';
import { createMemoryPubSub } from './memory';
import { createRedisPubSub } from './redis';
import type { PubSub } from './types';

const REDIS_URL = process.env.REDIS_URL?.trim() || undefined;

interface BusKind {
  readonly name: string;
  /** Buses of one "deployment": each call is another instance's connection to the same bus. */
  deployment(): () => PubSub;
}

const kinds: BusKind[] = [
  {
    name: 'in-process',
    deployment: () => {
      const bus = createMemoryPubSub();
      // One process, one bus: every "instance" shares it (close() is the caller's, once).
      return () => ({ ...bus, close: async () => undefined });
    },
  },
];
if (REDIS_URL) {
  kinds.push({
    name: 'redis',
    deployment: () => {
      const prefix = `pasar-test-${randomUUID()}:`;
      return () => createRedisPubSub({ url: REDIS_URL, prefix });
    },
  });
}

const eventually = async (check: () => boolean, timeoutMs = 3000) => {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await sleep(10);
  }
};

describe.each(kinds)('the $name bus', (kind) => {
  const opened: PubSub[] = [];
  let connect: () => PubSub;
  const bus = () => {
    const instance = connect();
    opened.push(instance);
    return instance;
  };
  beforeEach(() => {
    connect = kind.deployment();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((instance) => instance.close()));
  });

  it('delivers a JSON message to every subscriber of the topic, and only of that topic', async () => {
    const a = bus();
    const b = bus();
    const got: [string, unknown][] = [];
    await b.subscribe('market.ticker.BTC-IDR', (message, topic) => got.push([topic, message]));
    await b.subscribe('market.ticker.ETH-IDR', (message, topic) => got.push([topic, message]));
    await a.publish('market.ticker.BTC-IDR', { price: '1.5', n: [1, 2] });
    await eventually(() => got.length === 1);
    await sleep(30);
    expect(got).toEqual([['market.ticker.BTC-IDR', { price: '1.5', n: [1, 2] }]]);
  });

  it('stops delivering after unsubscribe, and unsubscribing twice is harmless', async () => {
    const a = bus();
    const got: unknown[] = [];
    const unsubscribe = await a.subscribe('user.42.orders', (message) => got.push(message));
    const other = await a.subscribe('user.42.orders', () => undefined);
    await a.publish('user.42.orders', 1);
    await eventually(() => got.length === 1);
    await unsubscribe();
    await unsubscribe();
    await a.publish('user.42.orders', 2);
    await sleep(50);
    expect(got).toEqual([1]);
    await other();
  });

  it('keeps delivering to the others when a handler throws or unsubscribes during delivery', async () => {
    const a = bus();
    const got: string[] = [];
    let unsubscribeSelf: (() => Promise<void>) | undefined;
    unsubscribeSelf = await a.subscribe('t', () => {
      got.push('self');
      void unsubscribeSelf?.();
    });
    await a.subscribe('t', () => {
      throw new Error('boom');
    });
    await a.subscribe('t', () => got.push('last'));
    await a.publish('t', {});
    await eventually(() => got.length === 2);
    await a.publish('t', {});
    await eventually(() => got.length === 3);
    expect(got).toEqual(['self', 'last', 'last']);
  });

  it('gives a lease to one holder at a time, renews it for the holder, and frees it on release', async () => {
    const a = bus();
    const b = bus();
    expect(await a.acquireLease('lead', 'A', 300)).toBe(true);
    expect(await b.acquireLease('lead', 'B', 300)).toBe(false);
    expect(await a.acquireLease('lead', 'A', 300)).toBe(true);
    await a.releaseLease('lead', 'A');
    expect(await b.acquireLease('lead', 'B', 100)).toBe(true);
    await sleep(150);
    // Expired without a renewal: another holder takes it.
    expect(await a.acquireLease('lead', 'A', 300)).toBe(true);
  });

  it('runs two instances: one market publisher leads, a client of the other instance gets the updates', async () => {
    // One market seen by both instances (as the seeded simulator is).
    const source = createFakeSource();
    const first = await startHubApp({ pubsub: bus(), source, conflateMs: 50, tickMs: 20 });
    const second = await startHubApp({ pubsub: bus(), source, conflateMs: 50, tickMs: 20 });
    try {
      await sleep(50);
      const leaders = [first, second].filter((app) => app.wiring.publisher!.isLeader);
      expect(leaders).toHaveLength(1);
      const follower = leaders[0] === first ? second : first;

      const client = await connectClient(follower.url);
      client.send({ op: 'subscribe', channel: 'ticker', symbol: 'BTC-IDR' });
      await client.next((m) => m.type === 'snapshot');
      const update = await client.next((m) => m.type === 'update');
      expect(update).toMatchObject({ channel: 'ticker', symbol: 'BTC-IDR', data: { symbol: 'BTC-IDR' } });
      // The follower computes nothing: it does not hold the lease.
      expect(follower.wiring.publisher!.isLeader).toBe(false);

      // A halt handled by the follower: it publishes the ticker at once, the client sees HALTED.
      source.halted.add('BTC-IDR');
      await follower.wiring.publisher!.publishTickerNow('BTC-IDR');
      await client.next((m) => m.type === 'update' && (m.data as { marketState?: string }).marketState === 'HALTED', 1000);
      await client.close();
    } finally {
      await first.close();
      await second.close();
    }
  });
});
