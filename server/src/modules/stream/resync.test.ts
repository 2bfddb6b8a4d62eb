// The browser's stream client (shared/src/stream) against the real hub over a real WebSocket:
// a lost book update is detected by its seq, the client resubscribes, gets a new snapshot and
// carries on; a dropped connection reconnects and resubscribes.
import WebSocket from 'ws';
import { createStreamClient, type StreamEvent, type WebSocketLike } from '@pasar/shared/stream/client';
import { startHubApp, type HubApp } from './testing/hub-app';
import { sleep } from './testing/ws-client';

/** `ws` in the browser's shape, able to lose chosen messages on the way in (a faulty network). */
function faultyWebSocket(shouldDrop: (message: Record<string, unknown>) => boolean) {
  const sockets: WebSocket[] = [];
  class Faulty implements WebSocketLike {
    private readonly ws: WebSocket;
    onopen: ((event: unknown) => void) | null = null;
    onclose: ((event: unknown) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    onmessage: ((event: { data: unknown }) => void) | null = null;
    constructor(url: string) {
      this.ws = new WebSocket(url);
      sockets.push(this.ws);
      this.ws.on('open', () => this.onopen?.({}));
      this.ws.on('close', () => this.onclose?.({}));
      this.ws.on('error', () => this.onerror?.({}));
      this.ws.on('message', (data) => {
        const text = data.toString();
        if (shouldDrop(JSON.parse(text) as Record<string, unknown>)) return;
        this.onmessage?.({ data: text });
      });
    }
    get readyState() {
      return this.ws.readyState;
    }
    send(data: string) {
      this.ws.send(data);
    }
    close() {
      this.ws.close();
    }
  }
  return { Faulty, sockets };
}

describe('the stream client against the hub', () => {
  let hub: HubApp;
  beforeAll(async () => {
    hub = await startHubApp({ conflateMs: 20, tickMs: 10 });
  });
  afterAll(async () => {
    await hub.close();
  });

  it('detects a lost book update (seq gap), resubscribes, and continues from a new snapshot', async () => {
    let updates = 0;
    // Lose the third book update on the way in.
    const { Faulty } = faultyWebSocket((m) => m.type === 'update' && m.channel === 'book' && ++updates === 3);
    const client = createStreamClient({ url: hub.url, WebSocket: Faulty });
    const events: StreamEvent<'book'>[] = [];
    const off = client.subscribe('book', 'BTC-IDR', undefined, (event) => events.push(event));
    const until = Date.now() + 5000;
    while (events.filter((e) => e.type === 'snapshot').length < 2 || events.at(-1)!.type !== 'update') {
      if (Date.now() > until) throw new Error(`no resync: ${JSON.stringify(events.map((e) => [e.type, e.seq]))}`);
      await sleep(10);
    }
    off();
    client.close();
    expect(client.stats().gaps).toBe(1);
    // What the handler saw is consistent: a snapshot, then seq + 1 each time, across the resync.
    const kinds = events.map((e) => e.type);
    expect(kinds[0]).toBe('snapshot');
    expect(kinds.filter((k) => k === 'snapshot')).toHaveLength(2);
    for (let i = 1; i < events.length; i++) {
      if (events[i]!.type === 'update') expect(events[i]!.seq).toBe(events[i - 1]!.seq + 1);
    }
    expect(events[1]!.data.bids.length).toBeGreaterThan(0);
  });

  it('reconnects after the connection drops and resubscribes every stream', async () => {
    const { Faulty, sockets } = faultyWebSocket(() => false);
    const client = createStreamClient({ url: hub.url, WebSocket: Faulty, minDelayMs: 20, random: () => 0.5 });
    const states: string[] = [];
    client.onStateChange((state) => states.push(state));
    const tickers: StreamEvent<'ticker'>[] = [];
    const candles: StreamEvent<'candles'>[] = [];
    client.subscribe('ticker', 'ETH-IDR', undefined, (event) => tickers.push(event));
    client.subscribe('candles', 'ETH-IDR', { resolution: '1' }, (event) => candles.push(event));
    const waitFor = async (check: () => boolean) => {
      const until = Date.now() + 5000;
      while (!check()) {
        if (Date.now() > until) throw new Error('timed out');
        await sleep(10);
      }
    };
    await waitFor(() => tickers.length > 1 && candles.length > 1);
    // The server side goes away abruptly.
    const before = { tickers: tickers.length, candles: candles.length };
    sockets[0]!.terminate();
    await waitFor(() => sockets.length === 2 && client.getState() === 'open');
    await waitFor(() => tickers.length > before.tickers + 1 && candles.length > before.candles);
    expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open']);
    expect(tickers.slice(before.tickers).find((e) => e.type === 'snapshot')).toBeDefined();
    client.close();
  });
});
