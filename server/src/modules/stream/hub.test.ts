// The stream hub over real WebSockets (an app on port 0 with a fake market), plus the parts that
// need a socket we control (slow clients, dead connections).
import { EventEmitter } from 'node:events';
import type { WebSocket as WsSocket } from 'ws';
import { createMemoryPubSub, topics } from '../../pubsub';
import { StreamHub } from './hub';
import { createFakeSource } from './testing/fake-source';
import { startHubApp, type HubApp } from './testing/hub-app';
import { connectClient, sleep, type TestClient } from './testing/ws-client';

describe('the stream hub over a WebSocket', () => {
  let hub: HubApp;
  const clients: TestClient[] = [];
  const connect = async (query = '') => {
    const client = await connectClient(hub.url + query);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    hub = await startHubApp({ conflateMs: 100, tickMs: 10 });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(async () => {
    await hub.close();
  });

  it('sends a snapshot on subscribe, then updates numbered one by one', async () => {
    const client = await connect();
    client.send({ op: 'subscribe', channel: 'book', symbol: 'BTC-IDR', granularity: '10' });
    const snapshot = await client.next((m) => m.type === 'snapshot');
    expect(snapshot).toMatchObject({ channel: 'book', symbol: 'BTC-IDR', granularity: '10' });
    expect((snapshot.data as { bids: unknown[] }).bids.length).toBeGreaterThan(0);
    await client.next(() => client.received.filter((r) => r.message.type === 'update').length >= 4, 3000);
    const seqs = client.received.map((r) => r.message).filter((m) => m.channel === 'book').map((m) => m.seq as number);
    seqs.forEach((seq, i) => {
      if (i > 0) expect(seq).toBe(seqs[i - 1]! + 1);
    });
    const updates = client.received.map((r) => r.message).filter((m) => m.type === 'update');
    // The publisher numbers the book by symbol+granularity too.
    expect((updates[0]!.data as { seq: number }).seq).toBeGreaterThan(0);
  });

  it('conflates: no stream gets more than one message per 100 ms, however fast the market ticks', async () => {
    const client = await connect();
    client.send({ op: 'subscribe', channel: 'ticker', symbol: 'ETH-IDR' });
    await client.next((m) => m.type === 'snapshot');
    await sleep(1000);
    const times = client.received.filter((r) => r.message.type === 'update').map((r) => r.at);
    // The publisher ticks every 10 ms (~100 values a second); the client sees about 10.
    expect(times.length).toBeGreaterThanOrEqual(5);
    expect(times.length).toBeLessThanOrEqual(12);
    // At most one message per 100 ms leaves the server; the client's receipt times carry the event
    // loop's jitter (one late message and the next on time make a short gap), so the check counts
    // messages per half second instead of measuring single gaps: conflated, 5 (6 or 7 with jitter);
    // not conflated, about 50.
    const busiestHalfSecond = Math.max(...times.map((start) => times.filter((at) => at >= start && at < start + 500).length));
    expect(busiestHalfSecond).toBeLessThanOrEqual(7);
  });

  it('merges trades while conflating, so no trade is lost', async () => {
    const client = await connect();
    client.send({ op: 'subscribe', channel: 'trades', symbol: 'AAPL' });
    const snapshot = await client.next((m) => m.type === 'snapshot');
    await sleep(600);
    const ids = [snapshot, ...client.received.map((r) => r.message).filter((m) => m.type === 'update')]
      .flatMap((m) => (m.data as { id: string }[]).map((trade) => Number(trade.id.split('-')[1])));
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    // Every trade number from the oldest seen to the newest arrived.
    expect(unique.length).toBeGreaterThan(10);
    expect(unique[unique.length - 1]! - unique[0]! + 1).toBe(unique.length);
  });

  it('sends nothing more for a stream after unsubscribe', async () => {
    const client = await connect();
    client.send({ op: 'subscribe', channel: 'candles', symbol: 'BTC-IDR', resolution: '1' });
    await client.next((m) => m.type === 'update' && m.channel === 'candles');
    client.send({ op: 'unsubscribe', channel: 'candles', symbol: 'BTC-IDR', resolution: '1' });
    await client.next((m) => m.type === 'unsubscribed');
    const count = client.received.length;
    await sleep(400);
    expect(client.received.length).toBe(count);
    expect(hub.wiring.hub.stats().streams).toBe(0);
  });

  it('answers a subscribe to a held stream with a fresh snapshot (the resync), then seq + 1', async () => {
    const client = await connect();
    client.send({ op: 'subscribe', channel: 'ticker', symbol: 'BTC-IDR' });
    await client.next((m) => m.type === 'snapshot');
    await client.next((m) => m.type === 'update');
    const from = client.received.length;
    client.send({ op: 'subscribe', channel: 'ticker', symbol: 'BTC-IDR' });
    const again = await client.next((m) => m.type === 'snapshot', 3000, from);
    const after = await client.next((m) => m.type === 'update' && (m.seq as number) > (again.seq as number), 3000, from);
    expect(after.seq).toBe((again.seq as number) + 1);
    expect(hub.wiring.hub.stats().streams).toBe(1);
  });

  it('answers bad messages with an error and keeps the connection', async () => {
    const client = await connect('?lang=en');
    client.send('not json');
    expect(await client.next((m) => m.type === 'error')).toMatchObject({ error_code: '002', error_message: 'Invalid input' });
    client.send({ op: 'subscribe', channel: 'weather', symbol: 'BTC-IDR' });
    await client.next((m) => m.type === 'error' && (m.details as { path: string }[])[0]!.path === 'channel');
    client.send({ op: 'subscribe', channel: 'ticker', symbol: 'NOPE' });
    expect(await client.next((m) => m.type === 'error' && m.symbol === 'NOPE')).toMatchObject({ error_code: '003', channel: 'ticker' });
    client.send({ op: 'subscribe', channel: 'candles', symbol: 'BTC-IDR', resolution: '7' });
    await client.next((m) => m.type === 'error' && m.resolution === '7');
    client.send({ op: 'subscribe', channel: 'ticker', symbol: 'BTC-IDR', padding: 'x'.repeat(3000) });
    await client.next((m) => m.type === 'error' && String((m.details as { message: string }[])[0]!.message).includes('bytes'));
    client.send({ op: 'ping' });
    expect(await client.next((m) => m.type === 'pong')).toMatchObject({ type: 'pong' });
  });

  it('localizes error messages in Indonesian by default', async () => {
    const client = await connect();
    client.send({ op: 'dance' });
    expect(await client.next((m) => m.type === 'error')).toMatchObject({ error_message: 'Data yang dikirim tidak valid' });
  });

  it('limits the subscriptions of one connection', async () => {
    const hubWithLimit = new StreamHub({
      pubsub: createMemoryPubSub(),
      source: createFakeSource(),
      conflateMs: 0,
      pingMs: 60_000,
      maxSubscriptions: 2,
    });
    const socket = new FakeSocket();
    hubWithLimit.accept(socket as unknown as WsSocket, 'en');
    socket.receive({ op: 'subscribe', channel: 'ticker', symbol: 'BTC-IDR' });
    socket.receive({ op: 'subscribe', channel: 'ticker', symbol: 'ETH-IDR' });
    socket.receive({ op: 'subscribe', channel: 'ticker', symbol: 'AAPL' });
    expect(socket.sentMessages().map((m) => m.type)).toEqual(['snapshot', 'snapshot', 'error']);
    expect(socket.sentMessages()[2]).toMatchObject({ symbol: 'AAPL', error_code: '002' });
    await hubWithLimit.close();
  });

  it('lets guests connect: no token needed', async () => {
    const client = await connect();
    client.send({ op: 'subscribe', channel: 'ticker', symbol: 'AAPL' });
    expect(await client.next((m) => m.type === 'snapshot')).toMatchObject({ symbol: 'AAPL' });
  });
});

/** A stand-in for a `ws` socket: records what the hub sends, lets a test set bufferedAmount. */
class FakeSocket extends EventEmitter {
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: string[] = [];
  pings = 0;
  terminated = false;
  send(data: Buffer | string) {
    this.sent.push(data.toString());
  }
  ping() {
    this.pings++;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
    this.emit('close');
  }
  close() {
    this.readyState = 3;
    this.emit('close');
  }
  receive(message: unknown) {
    this.emit('message', Buffer.from(JSON.stringify(message)), false);
  }
  sentMessages() {
    return this.sent.map((text) => JSON.parse(text) as Record<string, unknown>);
  }
}

describe('the stream hub with sockets it cannot reach', () => {
  it('skips a slow client instead of queueing, then sends it a fresh snapshot once it drains', async () => {
    const pubsub = createMemoryPubSub();
    const hub = new StreamHub({ pubsub, source: createFakeSource(), conflateMs: 0, pingMs: 60_000, slowBytes: 1000 });
    const fast = new FakeSocket();
    const slow = new FakeSocket();
    hub.accept(fast as unknown as WsSocket, 'en');
    hub.accept(slow as unknown as WsSocket, 'en');
    for (const socket of [fast, slow]) socket.receive({ op: 'subscribe', channel: 'ticker', symbol: 'BTC-IDR' });
    await sleep(5);
    slow.bufferedAmount = 5000;
    for (let i = 0; i < 20; i++) await pubsub.publish(topics.ticker('BTC-IDR'), { n: i });
    expect(fast.sentMessages().filter((m) => m.type === 'update')).toHaveLength(20);
    expect(slow.sentMessages().filter((m) => m.type === 'update')).toHaveLength(0);
    expect(hub.stats().droppedForSlowClients).toBeGreaterThan(0);
    slow.bufferedAmount = 0;
    await sleep(120);
    const last = slow.sentMessages().at(-1)!;
    expect(last).toMatchObject({ type: 'snapshot', seq: 20 });
    await pubsub.publish(topics.ticker('BTC-IDR'), { n: 20 });
    expect(slow.sentMessages().at(-1)).toMatchObject({ type: 'update', seq: 21, data: { n: 20 } });
    await hub.close();
  });

  it('closes a client that stays slow', async () => {
    const pubsub = createMemoryPubSub();
    const hub = new StreamHub({ pubsub, source: createFakeSource(), conflateMs: 0, pingMs: 60_000, slowBytes: 1000, slowTimeoutMs: 100 });
    const slow = new FakeSocket();
    hub.accept(slow as unknown as WsSocket, 'en');
    slow.receive({ op: 'subscribe', channel: 'ticker', symbol: 'BTC-IDR' });
    slow.bufferedAmount = 5000;
    await pubsub.publish(topics.ticker('BTC-IDR'), { n: 1 });
    await sleep(300);
    expect(slow.readyState).toBe(3);
    expect(hub.stats()).toMatchObject({ connections: 0, streams: 0 });
    await hub.close();
  });

  it('terminates a connection that stops answering pings, keeps one that answers', async () => {
    const hub = new StreamHub({ pubsub: createMemoryPubSub(), source: createFakeSource(), conflateMs: 0, pingMs: 40 });
    hub.start();
    const dead = new FakeSocket();
    const live = new FakeSocket();
    live.ping = () => {
      live.pings++;
      setImmediate(() => live.emit('pong'));
    };
    hub.accept(dead as unknown as WsSocket, 'en');
    hub.accept(live as unknown as WsSocket, 'en');
    await sleep(200);
    expect(dead.terminated).toBe(true);
    expect(live.terminated).toBe(false);
    expect(live.pings).toBeGreaterThanOrEqual(3);
    expect(hub.stats().connections).toBe(1);
    await hub.close();
  });

  it('announces its streams so a publisher elsewhere knows what to compute', async () => {
    const pubsub = createMemoryPubSub();
    const seen: unknown[] = [];
    await pubsub.subscribe(topics.streamInterest(), (message) => seen.push(message));
    const hub = new StreamHub({ pubsub, source: createFakeSource(), conflateMs: 0, pingMs: 60_000, instanceId: 'hub-1' });
    const socket = new FakeSocket();
    hub.accept(socket as unknown as WsSocket, 'en');
    socket.receive({ op: 'subscribe', channel: 'candles', symbol: 'AAPL', resolution: '5' });
    await sleep(10);
    expect(seen).toContainEqual({ instance: 'hub-1', streams: [{ channel: 'candles', symbol: 'AAPL', resolution: '5' }] });
    await hub.close();
  });
});
