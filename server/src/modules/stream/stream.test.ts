// GET /api/stream in the product's app: the real market simulator behind the hub, a client over a
// real WebSocket to the app listening on port 0. Messages are checked against the contract.
import type { AddressInfo } from 'node:net';
import { Candle, MARKET_PATHS, OrderBook, StreamServerMessage, Ticker, Trade } from '@pasar/shared/contract';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { connectClient, type TestClient } from './testing/ws-client';

// The simulator computes a symbol's history on first use (up to a few hundred ms each, seconds on
// a loaded machine): first messages get a generous wait.
const COLD = 20_000;

describe('GET /api/stream', () => {
  let t: TestApp;
  let url: string;
  const clients: TestClient[] = [];
  const connect = async () => {
    const client = await connectClient(url);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { MARKET_TICK_MS: '50', STREAM_CONFLATE_MS: '100' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/stream`;
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(async () => {
    await t.close();
  });

  it('streams a crypto ticker: a snapshot, then updates that follow the contract', async () => {
    const client = await connect();
    client.send({ op: 'subscribe', channel: 'ticker', symbol: 'BTC-IDR' });
    const snapshot = await client.next((m) => m.type === 'snapshot', COLD);
    expect(StreamServerMessage.parse(snapshot)).toBeTruthy();
    expect(Ticker.parse(snapshot.data)).toMatchObject({ symbol: 'BTC-IDR' });
    const update = await client.next((m) => m.type === 'update', 5000);
    expect(update.seq).toBe((snapshot.seq as number) + 1);
    expect(Ticker.parse(update.data).symbol).toBe('BTC-IDR');
  });

  it('streams the order book of a granularity with seq growing one by one', async () => {
    const instruments = await t.app.inject({ method: 'GET', url: `${MARKET_PATHS.instruments}?assetType=CRYPTO` });
    const btc = (instruments.json().data.items as { symbol: string; granularities: string[] }[]).find((i) => i.symbol === 'BTC-IDR')!;
    const granularity = btc.granularities[btc.granularities.length > 1 ? 1 : 0]!;
    const client = await connect();
    client.send({ op: 'subscribe', channel: 'book', symbol: 'BTC-IDR', granularity });
    const snapshot = await client.next((m) => m.type === 'snapshot', COLD);
    const book = OrderBook.parse(snapshot.data);
    expect(book.granularity).toBe(granularity);
    expect(book.bids.length).toBeGreaterThan(0);
    await client.next(() => client.received.filter((r) => r.message.type === 'update').length >= 3, 5000);
    const seqs = client.received.map((r) => r.message.seq as number);
    for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBe(seqs[i - 1]! + 1);
    for (const r of client.received.slice(1)) expect(OrderBook.parse(r.message.data).symbol).toBe('BTC-IDR');
  });

  it('streams trades and the current candle of a resolution', async () => {
    const client = await connect();
    client.send({ op: 'subscribe', channel: 'trades', symbol: 'ETH-IDR' });
    client.send({ op: 'subscribe', channel: 'candles', symbol: 'ETH-IDR', resolution: '1' });
    const trades = await client.next((m) => m.type === 'snapshot' && m.channel === 'trades', COLD);
    expect((trades.data as unknown[]).map((trade) => Trade.parse(trade)).length).toBeGreaterThan(0);
    const candle = await client.next((m) => m.type === 'snapshot' && m.channel === 'candles', COLD);
    expect(Candle.parse(candle.data).t % 60_000).toBe(0);
    expect(candle.resolution).toBe('1');
    await client.next((m) => m.type === 'update' && m.channel === 'candles', 5000);
  });

  it('refuses a resolution the market does not chart and an unknown symbol, keeping the connection', async () => {
    const client = await connect();
    // US stocks have no 1-minute bars (§9).
    client.send({ op: 'subscribe', channel: 'candles', symbol: 'AAPL', resolution: '1' });
    expect(await client.next((m) => m.type === 'error', COLD)).toMatchObject({ error_code: '002', symbol: 'AAPL' });
    client.send({ op: 'subscribe', channel: 'ticker', symbol: 'NOSUCH' });
    expect(await client.next((m) => m.type === 'error' && m.symbol === 'NOSUCH')).toMatchObject({ error_code: '003' });
    client.send({ op: 'subscribe', channel: 'ticker', symbol: 'AAPL' });
    expect(await client.next((m) => m.type === 'snapshot', COLD)).toMatchObject({ symbol: 'AAPL' });
  });

  it('pushes HALTED as soon as an operator halts a symbol, and the session state on resume', async () => {
    const client = await connect();
    client.send({ op: 'subscribe', channel: 'ticker', symbol: 'SOL-IDR' });
    await client.next((m) => m.type === 'snapshot', COLD);
    const headers = { 'x-admin-token': t.app.adminToken };
    const haltedAt = Date.now();
    const halt = await t.app.inject({
      method: 'POST',
      url: MARKET_PATHS.adminHalt,
      headers,
      payload: { symbol: 'SOL-IDR', reason: { title: 'Maintenance', description: 'Wallet upgrade' } },
    });
    expect(halt.statusCode).toBe(200);
    const halted = await client.next((m) => (m.data as { marketState?: string }).marketState === 'HALTED', 2000);
    expect(halted.type).toBe('update');
    const received = client.received.find((r) => r.message === halted)!;
    expect(received.at - haltedAt).toBeLessThan(1000);

    const from = client.received.length;
    const resume = await t.app.inject({ method: 'POST', url: MARKET_PATHS.adminResume, headers, payload: { symbol: 'SOL-IDR' } });
    expect(resume.statusCode).toBe(200);
    await client.next((m) => (m.data as { marketState?: string }).marketState === 'OPEN', 2000, from);
  });
});
