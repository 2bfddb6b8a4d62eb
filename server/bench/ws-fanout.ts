// WebSocket fan-out benchmark (printed, not asserted): `pnpm bench:ws` at the repository root.
//
// For each scenario (clients × messages per second on one stream) it runs, in this process:
//   1. the stream hub (the product's code: Fastify + @fastify/websocket + StreamHub, in-process
//      bus, conflation off so every message is delivered) with a synthetic publisher, and
//   2. a bare `ws` server broadcasting the same frames to the same number of clients,
// while the clients live in a child process (the other core). Each message carries its publish
// time; clients record publish-to-receipt delay. Printed: messages/s delivered, p50/p99 delay,
// server CPU, and the hub/bare ratio. With REDIS_URL set, a third run goes through Redis.
//
// Options (environment): BENCH_SCENARIOS="200x20,1000x20,1000x100" (clients x msgs/s),
// BENCH_SECONDS=5.
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { WebSocketServer } from 'ws';
import { createMemoryPubSub, createRedisPubSub, topics, type PubSub } from '../src/pubsub';
import { startHubApp } from '../src/modules/stream/testing/hub-app';

interface Result {
  readonly received: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
}

interface Run extends Result {
  readonly name: string;
  readonly perSecond: number;
  readonly cpuPercent: number;
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? '200x20,1000x20,1000x100').split(',').map((pair) => {
  const [clients, rate] = pair.split('x').map(Number);
  return { clients: clients!, rate: rate! };
});
const clock = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A ticker of realistic size; `sentAt` last, where the clients look for it. */
function tickerData(n: number) {
  const price = (1_650_000_000 + n * 1000).toString();
  return {
    symbol: 'BTC-IDR',
    assetType: 'CRYPTO',
    price,
    open24h: '1648000000',
    high24h: '1662000000',
    low24h: '1631000000',
    change24h: '2000000',
    changePercent24h: '0.12',
    volume24h: '152.43870000',
    bid: price,
    ask: (1_650_000_000 + n * 1000 + 5000).toString(),
    marketState: 'OPEN',
    updatedAt: Date.now(),
    sentAt: clock(),
  };
}

class Clients {
  private readonly child: ChildProcess;
  private waiting: ((message: Record<string, unknown>) => void) | null = null;
  constructor() {
    this.child = fork(path.join(__dirname, 'ws-clients.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (message) => {
      const wake = this.waiting;
      this.waiting = null;
      wake?.(message as Record<string, unknown>);
    });
  }
  private ask(message: unknown): Promise<Record<string, unknown>> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.child.send(message as object);
    });
  }
  connect(url: string, count: number, subscribe?: unknown) {
    return this.ask({ connect: { url, count, subscribe } });
  }
  start() {
    this.child.send({ start: true });
  }
  async stop(): Promise<Result> {
    return (await this.ask({ stop: true })).result as Result;
  }
  close() {
    this.child.send({ close: true });
  }
}

/** Publishes `rate` messages a second for `SECONDS` while the clients count; returns the run. */
async function measure(name: string, clients: Clients, rate: number, publish: (n: number) => void): Promise<Run> {
  let n = 0;
  const timer = setInterval(() => publish(n++), 1000 / rate);
  await sleep(500); // warm up
  clients.start();
  const cpuBefore = process.cpuUsage();
  const started = clock();
  await sleep(SECONDS * 1000);
  const cpu = process.cpuUsage(cpuBefore);
  const elapsed = clock() - started;
  clearInterval(timer);
  const result = await clients.stop();
  return {
    name,
    ...result,
    perSecond: result.received / (elapsed / 1000),
    cpuPercent: ((cpu.user + cpu.system) / 1000 / elapsed) * 100,
  };
}

async function runHub(clientCount: number, rate: number, pubsub: PubSub, name: string): Promise<Run> {
  const hub = await startHubApp({ pubsub, conflateMs: 0, withoutPublisher: true });
  const clients = new Clients();
  try {
    await clients.connect(hub.url, clientCount, { op: 'subscribe', channel: 'ticker', symbol: 'BTC-IDR' });
    await sleep(200);
    const topic = topics.ticker('BTC-IDR');
    return await measure(name, clients, rate, (n) => void pubsub.publish(topic, tickerData(n)));
  } finally {
    clients.close();
    await hub.close();
    await pubsub.close();
  }
}

async function runBare(clientCount: number, rate: number): Promise<Run> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const clients = new Clients();
  try {
    await clients.connect(`ws://127.0.0.1:${port}`, clientCount);
    await sleep(200);
    let seq = 0;
    return await measure('bare ws broadcast', clients, rate, (n) => {
      const frame = Buffer.from(
        JSON.stringify({ type: 'update', channel: 'ticker', symbol: 'BTC-IDR', seq: ++seq, data: tickerData(n) }),
      );
      for (const client of server.clients) if (client.readyState === 1) client.send(frame, { binary: false });
    });
  } finally {
    clients.close();
    for (const client of server.clients) client.terminate();
    await new Promise((resolve) => server.close(resolve));
  }
}

const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

async function main() {
  console.log(`WebSocket fan-out: ${SECONDS} s per run, clients in a child process, node ${process.version}`);
  const rows: string[] = [];
  for (const { clients, rate } of SCENARIOS) {
    const expected = clients * rate;
    const runs: Run[] = [];
    runs.push(await runHub(clients, rate, createMemoryPubSub(), 'stream hub (in-process bus)'));
    runs.push(await runBare(clients, rate));
    if (process.env.REDIS_URL) {
      const redis = createRedisPubSub({ url: process.env.REDIS_URL, prefix: `pasar-bench-${randomUUID()}:` });
      runs.push(await runHub(clients, rate, redis, 'stream hub (Redis bus)'));
    }
    const bare = runs[1]!;
    console.log(`\n${clients} clients × ${rate} msg/s on one stream (${expected.toLocaleString('en')} deliveries/s offered)`);
    console.log('  server                        delivered/s   p50 ms   p99 ms   max ms   server CPU');
    for (const run of runs) {
      console.log(
        `  ${run.name.padEnd(28)}  ${fmt(run.perSecond, 0).padStart(11)}  ${fmt(run.p50, 2).padStart(7)}  ${fmt(run.p99, 2).padStart(7)}  ${fmt(run.max, 1).padStart(7)}   ${fmt(run.cpuPercent, 0).padStart(5)} %`,
      );
    }
    const hub = runs[0]!;
    const ratio = `hub/bare: throughput ${fmt(hub.perSecond / bare.perSecond, 2)}×, p99 delay ${fmt(hub.p99 / bare.p99, 2)}×, CPU ${fmt(hub.cpuPercent / bare.cpuPercent, 2)}×`;
    console.log(`  ${ratio}`);
    rows.push(`${clients}×${rate}: hub ${fmt(hub.perSecond, 0)}/s p99 ${fmt(hub.p99, 1)} ms; bare ${fmt(bare.perSecond, 0)}/s p99 ${fmt(bare.p99, 1)} ms; ${ratio}`);
  }
  console.log('\nSummary');
  for (const row of rows) console.log(`  ${row}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
