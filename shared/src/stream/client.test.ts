import { backoffDelay, createStreamClient, type StreamEvent, type WebSocketLike } from './client';

/** A WebSocket the test drives: it records what the client sends and plays the server. */
class FakeWebSocket implements WebSocketLike {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  readonly sent: Record<string, unknown>[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  // -- the server's side --
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
  deliver(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  subscribes() {
    return this.sent.filter((m) => m.op === 'subscribe');
  }
}

const latest = () => FakeWebSocket.instances[FakeWebSocket.instances.length - 1]!;
const book = (type: 'snapshot' | 'update', seq: number, price = '100') => ({
  type,
  channel: 'book',
  symbol: 'BTC-IDR',
  seq,
  data: { symbol: 'BTC-IDR', seq, bids: [{ price }], asks: [] },
});

function makeClient(extra: Parameters<typeof createStreamClient>[0] = {}) {
  return createStreamClient({
    url: 'ws://test/api/stream',
    WebSocket: FakeWebSocket,
    random: () => 0.5,
    idleCloseMs: 1000,
    ...extra,
  });
}

beforeEach(() => {
  FakeWebSocket.instances = [];
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('the stream client', () => {
  it('opens one socket on the first subscription and subscribes once it is open', () => {
    const client = makeClient({ language: () => 'en' });
    const states: string[] = [];
    client.onStateChange((state) => states.push(state));
    expect(FakeWebSocket.instances).toHaveLength(0);
    client.subscribe('ticker', 'BTC-IDR', undefined, () => undefined);
    expect(latest().url).toBe('ws://test/api/stream?lang=en');
    expect(client.getState()).toBe('connecting');
    latest().open();
    expect(client.getState()).toBe('open');
    expect(latest().sent).toEqual([{ op: 'subscribe', channel: 'ticker', symbol: 'BTC-IDR' }]);
    expect(states).toEqual(['connecting', 'open']);
  });

  it('counts identical subscriptions: one subscribe, one unsubscribe, both handlers fed', () => {
    const client = makeClient();
    const a: StreamEvent[] = [];
    const b: StreamEvent[] = [];
    const offA = client.subscribe('book', 'BTC-IDR', { granularity: '10' }, (e) => a.push(e));
    latest().open();
    latest().deliver({ ...book('snapshot', 5), granularity: '10' });
    const offB = client.subscribe('book', 'BTC-IDR', { granularity: '10' }, (e) => b.push(e));
    // The newcomer asks for a fresh snapshot of the same stream.
    expect(latest().subscribes()).toHaveLength(2);
    latest().deliver({ ...book('snapshot', 7), granularity: '10' });
    latest().deliver({ ...book('update', 8), granularity: '10' });
    expect(a.map((e) => e.seq)).toEqual([5, 7, 8]);
    expect(b.map((e) => e.seq)).toEqual([7, 8]);
    offA();
    expect(latest().sent.filter((m) => m.op === 'unsubscribe')).toHaveLength(0);
    offB();
    offB();
    expect(latest().sent.filter((m) => m.op === 'unsubscribe')).toEqual([
      { op: 'unsubscribe', channel: 'book', symbol: 'BTC-IDR', granularity: '10' },
    ]);
  });

  it('detects a gap in seq, resubscribes, ignores updates until the new snapshot', () => {
    const client = makeClient();
    const got: StreamEvent[] = [];
    client.subscribe('book', 'BTC-IDR', undefined, (e) => got.push(e));
    latest().open();
    latest().deliver(book('snapshot', 10));
    latest().deliver(book('update', 11));
    latest().deliver(book('update', 13)); // 12 went missing
    expect(latest().subscribes()).toHaveLength(2);
    latest().deliver(book('update', 14)); // still before the new snapshot: ignored
    latest().deliver(book('snapshot', 14, '105'));
    latest().deliver(book('update', 15));
    expect(got.map((e) => `${e.type}:${e.seq}`)).toEqual(['snapshot:10', 'update:11', 'snapshot:14', 'update:15']);
    expect(client.stats().gaps).toBe(1);
  });

  it('ignores updates before the first snapshot', () => {
    const client = makeClient();
    const got: StreamEvent[] = [];
    client.subscribe('ticker', 'AAPL', undefined, (e) => got.push(e));
    latest().open();
    latest().deliver({ type: 'update', channel: 'ticker', symbol: 'AAPL', seq: 3, data: {} });
    expect(got).toHaveLength(0);
    expect(client.stats().gaps).toBe(0);
  });

  it('reconnects with exponential backoff and jitter, then resubscribes everything', () => {
    const client = makeClient({ random: () => 0 });
    client.subscribe('ticker', 'BTC-IDR', undefined, () => undefined);
    client.subscribe('candles', 'AAPL', { resolution: '5' }, () => undefined);
    latest().open();
    latest().drop();
    expect(client.getState()).toBe('reconnecting');
    // random() = 0: half of 500, 1000, 2000 … ms.
    const delays: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const before = FakeWebSocket.instances.length;
      let waited = 0;
      while (FakeWebSocket.instances.length === before) {
        jest.advanceTimersByTime(10);
        waited += 10;
      }
      delays.push(waited);
      latest().drop();
    }
    expect(delays).toEqual([250, 500, 1000, 2000]);
    jest.advanceTimersByTime(4000);
    latest().open();
    expect(client.getState()).toBe('open');
    expect(latest().subscribes()).toEqual([
      { op: 'subscribe', channel: 'ticker', symbol: 'BTC-IDR' },
      { op: 'subscribe', channel: 'candles', symbol: 'AAPL', resolution: '5' },
    ]);
    expect(client.stats().reconnects).toBe(5);
  });

  it('keeps the backoff between 0.5 s and 30 s with jitter', () => {
    expect(backoffDelay(0, 500, 30_000, () => 1)).toBe(500);
    expect(backoffDelay(0, 500, 30_000, () => 0)).toBe(250);
    expect(backoffDelay(20, 500, 30_000, () => 1)).toBe(30_000);
    expect(backoffDelay(20, 500, 30_000, () => 0)).toBe(15_000);
    const spread = new Set([0.1, 0.4, 0.9].map((r) => backoffDelay(3, 500, 30_000, () => r)));
    expect(spread.size).toBe(3);
  });

  it('drops a silent connection after a ping goes unanswered', () => {
    const client = makeClient({ pingIntervalMs: 1000, pongTimeoutMs: 500 });
    client.subscribe('ticker', 'BTC-IDR', undefined, () => undefined);
    const first = latest();
    first.open();
    jest.advanceTimersByTime(1000);
    expect(first.sent.at(-1)).toEqual({ op: 'ping' });
    first.deliver({ type: 'pong', t: 1 });
    jest.advanceTimersByTime(1000);
    expect(client.getState()).toBe('open');
    jest.advanceTimersByTime(600); // the second ping got no answer
    expect(first.closed).toBe(true);
    expect(client.getState()).toBe('reconnecting');
  });

  it('passes server errors about a stream to its onError', () => {
    const client = makeClient();
    const errors: unknown[] = [];
    client.subscribe('ticker', 'NOPE', { onError: (e) => errors.push(e.error_code) }, () => undefined);
    latest().open();
    latest().deliver({ type: 'error', channel: 'ticker', symbol: 'NOPE', error_code: '003', error_message: 'Not found' });
    expect(errors).toEqual(['003']);
  });

  it('closes the socket a while after the last unsubscribe, and goes idle', () => {
    const client = makeClient();
    const off = client.subscribe('ticker', 'BTC-IDR', undefined, () => undefined);
    latest().open();
    off();
    jest.advanceTimersByTime(999);
    expect(latest().closed).toBe(false);
    jest.advanceTimersByTime(1);
    expect(latest().closed).toBe(true);
    expect(client.getState()).toBe('idle');
    // A new subscription opens a new socket.
    client.subscribe('ticker', 'BTC-IDR', undefined, () => undefined);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('stays closed after close()', () => {
    const client = makeClient();
    client.subscribe('ticker', 'BTC-IDR', undefined, () => undefined);
    latest().open();
    client.close();
    expect(client.getState()).toBe('closed');
    jest.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});

describe('the stream client, private channels', () => {
  /** A token source the test changes by hand (the store's session in the page). */
  function tokens(initial: string | null) {
    let token = initial;
    const listeners = new Set<() => void>();
    return {
      auth: {
        getToken: () => token,
        onTokenChange: (listener: () => void) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
      set(next: string | null) {
        token = next;
        for (const listener of [...listeners]) listener();
      },
    };
  }
  const active = (channel: string) => ({ type: 'subscription', channel, active: true });
  const event = (channel: string, data: unknown) => ({ type: 'event', channel, data });
  const privateOps = (ws: FakeWebSocket) => ws.sent.filter((m) => m.op !== 'ping');

  it('authenticates on connect, then subscribes, and hands events to the handler', () => {
    const session = tokens('token-1');
    const client = makeClient({ auth: session.auth });
    const got: unknown[] = [];
    client.subscribePrivate!('orders', (message) => got.push(message));
    expect(FakeWebSocket.instances).toHaveLength(1);
    latest().open();
    expect(privateOps(latest())).toEqual([
      { op: 'auth', token: 'token-1' },
      { op: 'subscribe', channel: 'orders' },
    ]);
    // Events before the server confirms the subscription are not trusted.
    latest().deliver(event('orders', { type: 'order', order: { id: 'early' } }));
    latest().deliver({ type: 'authenticated', expiresAt: 1 });
    latest().deliver(active('orders'));
    latest().deliver(event('orders', { type: 'order', order: { id: 'o-1' } }));
    latest().deliver(event('balances', { type: 'balances', currencies: ['IDR'] }));
    expect(got).toEqual([{ type: 'order', order: { id: 'o-1' } }]);
    expect(client.stats().privateStreams).toBe(1);
  });

  it('shares the public streams’ socket, and sends nothing private for a guest until sign-in', () => {
    const session = tokens(null);
    const client = makeClient({ auth: session.auth });
    client.subscribePrivate!('balances', () => undefined);
    // A guest: a private subscription alone opens nothing.
    expect(FakeWebSocket.instances).toHaveLength(0);
    client.subscribe('ticker', 'BTC-IDR', undefined, () => undefined);
    latest().open();
    expect(latest().sent).toEqual([{ op: 'subscribe', channel: 'ticker', symbol: 'BTC-IDR' }]);
    session.set('token-1');
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(latest().sent.slice(1)).toEqual([
      { op: 'auth', token: 'token-1' },
      { op: 'subscribe', channel: 'balances' },
    ]);
  });

  it('authenticates again with each renewed token, without a resync', () => {
    const session = tokens('token-1');
    const client = makeClient({ auth: session.auth });
    const resyncs: string[] = [];
    const got: unknown[] = [];
    client.subscribePrivate!('orders', (message) => got.push(message), { onResync: () => resyncs.push('orders') });
    latest().open();
    latest().deliver(active('orders'));
    session.set('token-2');
    expect(privateOps(latest()).slice(2)).toEqual([
      { op: 'auth', token: 'token-2' },
      { op: 'subscribe', channel: 'orders' },
    ]);
    latest().deliver({ type: 'authenticated', expiresAt: 2 });
    latest().deliver(active('orders'));
    latest().deliver(event('orders', { type: 'order', order: { id: 'o-2' } }));
    expect(got).toHaveLength(1);
    expect(resyncs).toEqual([]);
  });

  it('signs out on logout, and lets the socket close when only private channels held it', () => {
    const session = tokens('token-1');
    const client = makeClient({ auth: session.auth });
    const got: unknown[] = [];
    client.subscribePrivate!('orders', (message) => got.push(message));
    const ws = latest();
    ws.open();
    ws.deliver(active('orders'));
    session.set(null);
    expect(ws.sent.at(-1)).toEqual({ op: 'unauth' });
    ws.deliver(event('orders', { type: 'order', order: { id: 'after-logout' } }));
    expect(got).toEqual([]);
    jest.advanceTimersByTime(1000);
    expect(ws.closed).toBe(true);
    expect(client.getState()).toBe('idle');
  });

  it('resubscribes after a reconnect, authenticating first, and reports a resync', () => {
    const session = tokens('token-1');
    const client = makeClient({ auth: session.auth, random: () => 0 });
    const resyncs: string[] = [];
    client.subscribe('ticker', 'ETH-IDR', undefined, () => undefined);
    client.subscribePrivate!('orders', () => undefined, { onResync: () => resyncs.push('orders') });
    client.subscribePrivate!('balances', () => undefined, { onResync: () => resyncs.push('balances') });
    latest().open();
    latest().deliver(active('orders'));
    latest().deliver(active('balances'));
    expect(resyncs).toEqual([]);
    latest().drop();
    jest.advanceTimersByTime(250);
    expect(FakeWebSocket.instances).toHaveLength(2);
    latest().open();
    expect(privateOps(latest())).toEqual([
      { op: 'subscribe', channel: 'ticker', symbol: 'ETH-IDR' },
      { op: 'auth', token: 'token-1' },
      { op: 'subscribe', channel: 'orders' },
      { op: 'subscribe', channel: 'balances' },
    ]);
    latest().deliver(active('orders'));
    latest().deliver(active('balances'));
    expect(resyncs).toEqual(['orders', 'balances']);
  });

  it('stops on an expired authentication and starts over with the next token', () => {
    const session = tokens('token-1');
    const client = makeClient({ auth: session.auth });
    const got: unknown[] = [];
    const refused: string[] = [];
    const resyncs: number[] = [];
    client.subscribePrivate!('orders', (message) => got.push(message), {
      onUnauthenticated: (m) => refused.push(m.reason),
      onResync: () => resyncs.push(1),
    });
    latest().open();
    latest().deliver(active('orders'));
    latest().deliver({ type: 'unauthenticated', reason: 'expired', error_code: '009', error_message: 'Session expired' });
    expect(refused).toEqual(['expired']);
    latest().deliver(event('orders', { type: 'order', order: { id: 'stale' } }));
    expect(got).toEqual([]);
    session.set('token-2');
    expect(privateOps(latest()).slice(-2)).toEqual([
      { op: 'auth', token: 'token-2' },
      { op: 'subscribe', channel: 'orders' },
    ]);
    latest().deliver(active('orders'));
    latest().deliver(event('orders', { type: 'order', order: { id: 'fresh' } }));
    expect(got).toEqual([{ type: 'order', order: { id: 'fresh' } }]);
    expect(resyncs).toEqual([1]);
  });

  it('keeps a passive subscription from opening or holding the socket', () => {
    const session = tokens('token-1');
    const client = makeClient({ auth: session.auth });
    const got: unknown[] = [];
    client.subscribePrivate!('balances', (message) => got.push(message), { passive: true });
    expect(FakeWebSocket.instances).toHaveLength(0);
    const off = client.subscribe('ticker', 'BTC-IDR', undefined, () => undefined);
    latest().open();
    expect(privateOps(latest())).toEqual([
      { op: 'subscribe', channel: 'ticker', symbol: 'BTC-IDR' },
      { op: 'auth', token: 'token-1' },
      { op: 'subscribe', channel: 'balances' },
    ]);
    latest().deliver(active('balances'));
    latest().deliver(event('balances', { type: 'balances', currencies: ['IDR', 'BTC'] }));
    expect(got).toEqual([{ type: 'balances', currencies: ['IDR', 'BTC'] }]);
    off();
    jest.advanceTimersByTime(1000);
    expect(latest().closed).toBe(true);
    expect(client.getState()).toBe('idle');
  });

  it('unsubscribes a channel once its last handler leaves', () => {
    const session = tokens('token-1');
    const client = makeClient({ auth: session.auth });
    const offA = client.subscribePrivate!('orders', () => undefined);
    const offB = client.subscribePrivate!('orders', () => undefined);
    latest().open();
    expect(latest().sent.filter((m) => m.op === 'subscribe')).toHaveLength(1);
    offA();
    expect(latest().sent.filter((m) => m.op === 'unsubscribe')).toEqual([]);
    offB();
    offB();
    expect(latest().sent.filter((m) => m.op === 'unsubscribe')).toEqual([{ op: 'unsubscribe', channel: 'orders' }]);
  });
});
