// The browser's stream client: one WebSocket to `/api/stream` for the whole page, shared by every
// component that wants live market data.
//
// - `subscribe(channel, symbol, opts, handler)` returns an unsubscribe function. Identical
//   subscriptions are counted: the server hears one subscribe and one unsubscribe per stream.
//   A second subscriber of a stream asks for a fresh snapshot, so it starts from a full value.
// - Each stream's `seq` must grow by one; on a gap the client subscribes again and ignores
//   updates until the new snapshot (the server answers a repeated subscribe with a snapshot).
// - A dropped connection reconnects with exponential backoff and jitter (0.5 s doubling up to
//   30 s) and subscribes everything again. The connection state (idle / connecting / open /
//   reconnecting / closed) is observable for a "live / reconnecting" indicator.
// - Browsers cannot see WebSocket pings, so the client sends `{op:'ping'}` every 20 s and drops a
//   connection that has said nothing for 10 s after it (a laptop waking up, a dead NAT entry).
// - The socket opens with the first subscription and closes a few seconds after the last one.
// No zod here: this is part of the page's first load (decision 0006); messages are checked by hand.
import {
  STREAM_PATH,
  isStreamChannel,
  normalizeStreamSpec,
  streamKey,
  type StreamChannel,
  type StreamSpec,
} from '../contract/stream-paths';
import type { StreamDataByChannel, StreamErrorMessage } from '../contract/stream';

export type StreamConnectionState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

/** A snapshot or an update of one stream, as handlers receive it. */
export interface StreamEvent<C extends StreamChannel = StreamChannel> {
  readonly type: 'snapshot' | 'update';
  readonly channel: C;
  readonly symbol: string;
  readonly resolution?: string;
  readonly granularity?: string;
  readonly seq: number;
  readonly data: StreamDataByChannel[C];
}

export interface StreamSubscribeOptions {
  /** Candles: the resolution (required by the server). */
  readonly resolution?: string;
  /** Book: the price grouping; absent = the finest. */
  readonly granularity?: string;
  /** The server refused the stream (unknown symbol, bad resolution, too many streams). */
  readonly onError?: (error: StreamErrorMessage) => void;
}

export type StreamHandler<C extends StreamChannel> = (event: StreamEvent<C>) => void;

export interface StreamClient {
  subscribe<C extends StreamChannel>(
    channel: C,
    symbol: string,
    options: StreamSubscribeOptions | undefined,
    handler: StreamHandler<C>,
  ): () => void;
  getState(): StreamConnectionState;
  /** Calls `listener` on every state change; returns the function that stops it. */
  onStateChange(listener: (state: StreamConnectionState) => void): () => void;
  /** Reconnects now instead of waiting for the backoff (e.g. the user pressed "retry"). */
  reconnectNow(): void;
  /** Closes for good: no reconnect, handlers are dropped. */
  close(): void;
  /** Diagnostics: how many gaps led to a resync, and reconnects so far. */
  stats(): { readonly gaps: number; readonly reconnects: number; readonly streams: number };
}

/** The part of the WebSocket API the client uses (the browser's, or `ws` in Node). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}
export type WebSocketFactory = new (url: string) => WebSocketLike;

export interface StreamClientOptions {
  /** Default: same origin, `ws(s)://<host>/api/stream`. */
  readonly url?: string | (() => string);
  /** Appended as `?lang=` so server error messages come in the page's language. */
  readonly language?: () => string;
  readonly WebSocket?: WebSocketFactory;
  readonly minDelayMs?: number;
  readonly maxDelayMs?: number;
  readonly pingIntervalMs?: number;
  readonly pongTimeoutMs?: number;
  /** Close the socket this long after the last unsubscribe. */
  readonly idleCloseMs?: number;
  readonly random?: () => number;
}

interface Entry {
  readonly key: string;
  readonly spec: StreamSpec;
  readonly handlers: Set<{ handler: StreamHandler<StreamChannel>; onError?: (error: StreamErrorMessage) => void }>;
  lastSeq: number | null;
  awaitingSnapshot: boolean;
}

const OPEN = 1;

/** The page's window when there is one (typed without the DOM library: the server compiles this too). */
const page = (globalThis as unknown as { window?: {
  addEventListener?: (type: string, listener: () => void) => void;
  removeEventListener?: (type: string, listener: () => void) => void;
} }).window;

/** The same-origin stream URL of the current page. */
export function defaultStreamUrl(): string {
  const { protocol, host } = (globalThis as unknown as { location: { protocol: string; host: string } }).location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${STREAM_PATH}`;
}

/** The backoff before reconnect attempt `attempt` (0-based): half fixed, half random. */
export function backoffDelay(attempt: number, minMs: number, maxMs: number, random: () => number): number {
  const base = Math.min(maxMs, minMs * 2 ** Math.min(attempt, 30));
  return Math.round(base / 2 + random() * (base / 2));
}

export function createStreamClient(options: StreamClientOptions = {}): StreamClient {
  const minDelayMs = options.minDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const pingIntervalMs = options.pingIntervalMs ?? 20_000;
  const pongTimeoutMs = options.pongTimeoutMs ?? 10_000;
  const idleCloseMs = options.idleCloseMs ?? 5_000;
  const random = options.random ?? Math.random;

  const entries = new Map<string, Entry>();
  const listeners = new Set<(state: StreamConnectionState) => void>();
  let state: StreamConnectionState = 'idle';
  let socket: WebSocketLike | null = null;
  let attempt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let pingTimer: ReturnType<typeof setInterval> | null = null;
  let pongTimer: ReturnType<typeof setTimeout> | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;
  let closedForGood = false;
  let gaps = 0;
  let reconnects = 0;

  const setState = (next: StreamConnectionState) => {
    if (state === next) return;
    state = next;
    for (const listener of [...listeners]) listener(next);
  };

  const url = () => {
    const base = typeof options.url === 'function' ? options.url() : (options.url ?? defaultStreamUrl());
    const language = options.language?.();
    return language ? `${base}${base.includes('?') ? '&' : '?'}lang=${encodeURIComponent(language)}` : base;
  };

  const send = (message: unknown) => {
    if (socket && socket.readyState === OPEN) socket.send(JSON.stringify(message));
  };

  const requestSnapshot = (entry: Entry) => {
    entry.awaitingSnapshot = true;
    send({ op: 'subscribe', ...entry.spec });
  };

  const clearTimers = () => {
    if (pingTimer) clearInterval(pingTimer);
    if (pongTimer) clearTimeout(pongTimer);
    pingTimer = null;
    pongTimer = null;
  };

  const connect = () => {
    if (closedForGood || socket || entries.size === 0) return;
    if (reconnectTimer) clearTimeout(reconnectTimer);
    reconnectTimer = null;
    setState(attempt === 0 ? 'connecting' : 'reconnecting');
    const Factory = options.WebSocket ?? (globalThis.WebSocket as unknown as WebSocketFactory | undefined);
    if (!Factory) return;
    let ws: WebSocketLike;
    try {
      ws = new Factory(url());
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      if (socket !== ws) return;
      attempt = 0;
      setState('open');
      for (const entry of entries.values()) {
        entry.lastSeq = null;
        requestSnapshot(entry);
      }
      clearTimers();
      pingTimer = setInterval(() => {
        send({ op: 'ping' });
        if (!pongTimer) pongTimer = setTimeout(() => dropConnection(ws), pongTimeoutMs);
      }, pingIntervalMs);
    };
    ws.onmessage = (event) => {
      if (socket !== ws) return;
      // Anything from the server shows the connection is alive.
      if (pongTimer) clearTimeout(pongTimer);
      pongTimer = null;
      if (typeof event.data === 'string') onMessage(event.data);
    };
    ws.onerror = () => undefined; // a close follows
    ws.onclose = () => {
      if (socket === ws) dropConnection(ws);
    };
  };

  /** Forgets `ws` (closing it if it is not yet), then reconnects if anything is subscribed. */
  const dropConnection = (ws: WebSocketLike) => {
    if (socket !== ws) return;
    socket = null;
    clearTimers();
    ws.onopen = ws.onmessage = ws.onclose = null;
    try {
      ws.close();
    } catch {
      // already closed
    }
    if (closedForGood) return;
    if (entries.size > 0) scheduleReconnect();
    else setState('idle');
  };

  const scheduleReconnect = () => {
    if (closedForGood || reconnectTimer) return;
    setState('reconnecting');
    const delay = backoffDelay(attempt, minDelayMs, maxDelayMs, random);
    attempt++;
    reconnects++;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connect();
    }, delay);
  };

  const onMessage = (text: string) => {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return;
    }
    if (!message || typeof message !== 'object') return;
    const type = message.type;
    if (type === 'pong' || type === 'unsubscribed') return;
    if (!isStreamChannel(message.channel) || typeof message.symbol !== 'string') return;
    const spec = normalizeStreamSpec({
      channel: message.channel,
      symbol: message.symbol,
      ...(typeof message.resolution === 'string' ? { resolution: message.resolution } : {}),
      ...(typeof message.granularity === 'string' ? { granularity: message.granularity } : {}),
    });
    const entry = entries.get(streamKey(spec));
    if (!entry) return;
    if (type === 'error') {
      entry.awaitingSnapshot = false;
      for (const { onError } of [...entry.handlers]) onError?.(message as unknown as StreamErrorMessage);
      return;
    }
    if ((type !== 'snapshot' && type !== 'update') || typeof message.seq !== 'number') return;
    if (type === 'snapshot') {
      entry.awaitingSnapshot = false;
      entry.lastSeq = message.seq;
    } else {
      if (entry.awaitingSnapshot || entry.lastSeq === null) return;
      if (message.seq !== entry.lastSeq + 1) {
        gaps++;
        requestSnapshot(entry);
        return;
      }
      entry.lastSeq = message.seq;
    }
    const event = message as unknown as StreamEvent<StreamChannel>;
    for (const { handler } of [...entry.handlers]) handler(event);
  };

  const onWake = () => {
    if (state === 'reconnecting' && !socket) reconnectNow();
  };
  const reconnectNow = () => {
    if (closedForGood) return;
    if (reconnectTimer) clearTimeout(reconnectTimer);
    reconnectTimer = null;
    if (socket) return;
    connect();
  };
  // Back online (a laptop waking up, a train out of a tunnel): no need to wait for the backoff.
  page?.addEventListener?.('online', onWake);

  return {
    subscribe(channel, symbol, subscribeOptions, handler) {
      if (closedForGood) return () => undefined;
      const spec = normalizeStreamSpec({
        channel,
        symbol,
        ...(subscribeOptions?.resolution ? { resolution: subscribeOptions.resolution } : {}),
        ...(subscribeOptions?.granularity ? { granularity: subscribeOptions.granularity } : {}),
      });
      const key = streamKey(spec);
      const registration = {
        handler: handler as StreamHandler<StreamChannel>,
        ...(subscribeOptions?.onError ? { onError: subscribeOptions.onError } : {}),
      };
      let entry = entries.get(key);
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      if (entry) {
        entry.handlers.add(registration);
        // The newcomer needs a full value: ask for a fresh snapshot (everyone gets it, harmlessly).
        if (!entry.awaitingSnapshot) requestSnapshot(entry);
      } else {
        entry = { key, spec, handlers: new Set([registration]), lastSeq: null, awaitingSnapshot: true };
        entries.set(key, entry);
        send({ op: 'subscribe', ...spec });
      }
      connect();
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        const current = entries.get(key);
        if (!current) return;
        current.handlers.delete(registration);
        if (current.handlers.size > 0) return;
        entries.delete(key);
        send({ op: 'unsubscribe', ...spec });
        if (entries.size === 0) {
          if (idleTimer) clearTimeout(idleTimer);
          idleTimer = setTimeout(() => {
            idleTimer = null;
            if (entries.size > 0) return;
            if (reconnectTimer) clearTimeout(reconnectTimer);
            reconnectTimer = null;
            attempt = 0;
            if (socket) dropConnection(socket);
            else setState('idle');
          }, idleCloseMs);
        }
      };
    },
    getState: () => state,
    onStateChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reconnectNow,
    close() {
      closedForGood = true;
      entries.clear();
      if (reconnectTimer) clearTimeout(reconnectTimer);
      if (idleTimer) clearTimeout(idleTimer);
      clearTimers();
      const ws = socket;
      socket = null;
      if (ws) {
        ws.onopen = ws.onmessage = ws.onclose = null;
        ws.close();
      }
      page?.removeEventListener?.('online', onWake);
      setState('closed');
    },
    stats: () => ({ gaps, reconnects, streams: entries.size }),
  };
}
