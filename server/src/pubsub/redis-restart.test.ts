// The Redis bus through a Redis restart (a cluster fault): a redis-server of the test's
// own on a free port (never the shared one), buses that subscribe while still connecting (an
// instance starting), then the server stopped and started again on the same port: the buses
// resubscribe, deliver again and hand leases out again, with no restart of their own. Lease
// values name the instance holding them. Collected only with REDIS_URL (Redis installed), as CI:
// jest.config.cjs leaves it out of a run without it.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { Redis } from 'ioredis';
import { createRedisPubSub } from './redis';
import type { PubSub } from './types';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const client = new Redis(port, '127.0.0.1', { lazyConnect: true, retryStrategy: () => 50, maxRetriesPerRequest: null });
  try {
    await client.connect().catch(() => undefined);
    const until = Date.now() + 10_000;
    while ((await client.ping().catch(() => '')) !== 'PONG') {
      if (Date.now() > until) throw new Error('redis-server did not start');
      await sleep(50);
    }
  } finally {
    client.disconnect();
  }
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

const eventually = async (check: () => Promise<boolean> | boolean, timeoutMs = 10_000) => {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await sleep(50);
  }
};

describe('the Redis bus through a Redis restart', () => {
  let port: number;
  let server: ChildProcess;
  const buses: PubSub[] = [];
  beforeAll(async () => {
    port = await freePort();
    server = await startRedis(port);
  });
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
    await stopRedis(server);
  });

  it('subscribes while connecting, resubscribes after a restart, and leases name their instance', async () => {
    const url = `redis://127.0.0.1:${port}`;
    const received: unknown[][] = [];
    // Eight instances starting at once, each subscribing before its connection is ready.
    const subscribed = Array.from({ length: 8 }, async (_, i) => {
      const bus = createRedisPubSub({ url, prefix: 'restart:', instance: `node-${i}` });
      buses.push(bus);
      received[i] = [];
      await bus.subscribe('ticks', (message) => received[i]!.push(message));
      return bus;
    });
    const all = await Promise.all(subscribed);
    await all[0]!.publish('ticks', { n: 1 });
    await eventually(() => received.every((r) => r.length === 1));

    expect(await all[1]!.acquireLease('matcher', 'engine-a', 60_000)).toBe(true);
    const inspector = new Redis(port, '127.0.0.1');
    expect(await inspector.get('restart:lease:matcher')).toBe('node-1/engine-a');
    inspector.disconnect();

    await stopRedis(server);
    server = await startRedis(port);
    // The lease went with the data set; the buses reconnect and resubscribe by themselves.
    await eventually(async () => {
      await all[2]!.publish('ticks', { n: 2 }).catch(() => undefined);
      return received.every((r) => r.some((m) => (m as { n: number }).n === 2));
    }, 20_000);
    expect(await all[3]!.acquireLease('matcher', 'engine-b', 60_000)).toBe(true);
    expect(await all[1]!.acquireLease('matcher', 'engine-a', 60_000)).toBe(false);
  }, 60_000);
});
