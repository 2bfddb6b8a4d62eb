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
// - Private channels (`subscribePrivate('orders' | 'balances', …)`, issue 6) ride on the same
//   socket: with a token (`getToken`) the client sends `{op:'auth', token}` once the socket is
//   open, then the private subscribes; again after every reconnect and whenever the token
//   changes (the session manager's renewal, another user); `{op:'unauth'}` when the token goes
//   away (logout). Without a token nothing private is sent. A subscription that becomes active
//   again after it lapsed (reconnect, expiry, re-auth) tells its `onResync`: events may have been
//   missed, refetch. A passive private subscription never opens the socket by itself; it rides
//   along whenever the page streams anything (the store's balance refresh uses one).
// No zod here: this is part of the page's first load (decision 0006); messages are checked by hand.
import {
  STREAM_PATH,
  isStreamChannel,
  normalizeStreamSpec,
  streamKey,
  type StreamChannel,
  type StreamSpec,
} from '../contract/stream-paths';
import { PRIVATE_STREAM_CHANNELS, type PrivateStreamChannel } from '../contract/crypto-paths';
import type {
  PrivateStreamDataByChannel,
  StreamDataByChannel,
  StreamErrorMessage,
  StreamUnauthenticatedMessage,
} from '../contract/stream';

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

/** An event of a private channel as handlers receive it (the server's `data`). */
export type PrivateStreamMessage<C extends PrivateStreamChannel = PrivateStreamChannel> = PrivateStreamDataByChannel[C];
export type PrivateStreamHandler<C extends PrivateStreamChannel> = (message: PrivateStreamMessage<C>) => void;

export interface PrivateSubscribeOptions {
  /** The subscription is active again after a lapse (reconnect, expiry, re-auth): refetch. */
  readonly onResync?: () => void;
  /** The server refused or ended the authentication (a bad or expired token, a session ended). */
  readonly onUnauthenticated?: (message: StreamUnauthenticatedMessage) => void;
  /** Never opens the socket by itself: subscribed only while something else keeps it open. */
  readonly passive?: boolean;
}

/** Where the client reads the signed-in user's token, and hears it change. */
export interface StreamAuthSource {
  /** The access token now; null/undefined for a guest. */
  getToken(): string | null | undefined;
  /** Calls `listener` whenever the token may have changed; returns the function that stops it. */
  onTokenChange(listener: () => void): () => void;
}

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
  /**
   * The signed-in user's events of a private channel (orders, balances); returns the unsubscribe
   * function. Nothing is sent while there is no token. Optional in the interface so hand-made
   * test clients need not have it; the clients of createStreamClient always do.
   */
  subscribePrivate?<C extends PrivateStreamChannel>(
    channel: C,
    handler: PrivateStreamHandler<C>,
    options?: PrivateSubscribeOptions,
  ): () => void;
  /** Closes for good: no reconnect, handlers are dropped. */
  close(): void;
  /** Diagnostics: how many gaps led to a resync, and reconnects so far. */
  stats(): { readonly gaps: number; readonly reconnects: number; readonly streams: number; readonly privateStreams?: number };
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
  /** The signed-in user's token (private channels); absent: guests only. */
  readonly auth?: StreamAuthSource;
}

interface Entry {
  readonly key: string;
  readonly spec: StreamSpec;
  readonly handlers: Set<{ handler: StreamHandler<StreamChannel>; onError?: (error: StreamErrorMessage) => void }>;
  lastSeq: number | null;
  awaitingSnapshot: boolean;
}

interface PrivateRegistration {
  readonly handler: PrivateStreamHandler<PrivateStreamChannel>;
  readonly options: PrivateSubscribeOptions;
}

interface PrivateEntry {
  readonly channel: PrivateStreamChannel;
  readonly registrations: Set<PrivateRegistration>;
  /** The server confirmed the subscription on the current socket and authentication. */
  active: boolean;
  /** It was active before: becoming active again is a resync. */
  wasActive: boolean;
}

const isPrivateChannel = (value: unknown): value is PrivateStreamChannel =>
  typeof value === 'string' && (PRIVATE_STREAM_CHANNELS as readonly string[]).includes(value);

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
  const privateEntries = new Map<PrivateStreamChannel, PrivateEntry>();
  /** The token sent on the current socket (null: none, or signed out). */
  let sentToken: string | null = null;
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

  const token = (): string | null => options.auth?.getToken() || null;

  /** Private entries that may open the socket (a registration that is not passive). */
  const wantsPrivate = (): boolean => {
    if (!token()) return false;
    for (const entry of privateEntries.values()) for (const r of entry.registrations) if (!r.options.passive) return true;
    return false;
  };
  /** Whether anything wants the socket open. */
  const wanted = (): boolean => entries.size > 0 || wantsPrivate();

  const markInactive = () => {
    for (const entry of privateEntries.values()) entry.active = false;
  };

  /** Authenticates the socket with the current token (or signs out) and subscribes the private channels. */
  const syncPrivate = () => {
    if (!socket || socket.readyState !== OPEN) return;
    const current = privateEntries.size > 0 ? token() : null;
    if (current === sentToken) return;
    if (!current) {
      // Signed out (or nothing private left): the server forgets the user.
      send({ op: 'unauth' });
      sentToken = null;
      markInactive();
      return;
    }
    sentToken = current;
    send({ op: 'auth', token: current });
    // The server runs private operations in order: these follow the auth. A repeated subscribe
    // is harmless, and needed after a switch of user.
    for (const entry of privateEntries.values()) send({ op: 'subscribe', channel: entry.channel });
  };

  const connect = () => {
    if (closedForGood || socket || !wanted()) return;
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
      sentToken = null;
      syncPrivate();
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
    sentToken = null;
    markInactive();
    clearTimers();
    ws.onopen = ws.onmessage = ws.onclose = null;
    try {
      ws.close();
    } catch {
      // already closed
    }
    if (closedForGood) return;
    if (wanted()) scheduleReconnect();
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
    if (type === 'event' || type === 'subscription' || type === 'unauthenticated' || type === 'authenticated') {
      onPrivateMessage(message);
      return;
    }
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

  const onPrivateMessage = (message: Record<string, unknown>) => {
    const type = message.type;
    if (type === 'authenticated') return;
    if (type === 'unauthenticated') {
      // 'signed-out' confirms our own unauth; 'required' answers a subscribe that crossed an
      // 'expired' on the wire (which comes first and is handled). The others end every private
      // subscription: the next token (the session manager renews it) starts over.
      if (message.reason === 'signed-out' || message.reason === 'required') return;
      sentToken = null;
      markInactive();
      const unauthenticated = message as unknown as StreamUnauthenticatedMessage;
      for (const entry of [...privateEntries.values()]) {
        for (const r of [...entry.registrations]) r.options.onUnauthenticated?.(unauthenticated);
      }
      return;
    }
    if (!isPrivateChannel(message.channel)) return;
    const entry = privateEntries.get(message.channel);
    if (!entry) return;
    if (type === 'subscription') {
      if (message.active !== true) {
        entry.active = false;
        return;
      }
      if (entry.active) return;
      entry.active = true;
      const resync = entry.wasActive;
      entry.wasActive = true;
      if (resync) for (const r of [...entry.registrations]) r.options.onResync?.();
      return;
    }
    if (!entry.active || !message.data || typeof message.data !== 'object') return;
    const data = message.data as PrivateStreamMessage;
    for (const r of [...entry.registrations]) r.handler(data);
  };

  /** Closes the socket a while after nothing wants it any more. */
  const scheduleIdleClose = () => {
    if (wanted()) return;
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      idleTimer = null;
      if (wanted()) return;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      attempt = 0;
      if (socket) dropConnection(socket);
      else setState('idle');
    }, idleCloseMs);
  };

  // The token changed (login, renewal, logout): authenticate again, or sign out.
  const stopTokenWatch = options.auth?.onTokenChange(() => {
    if (closedForGood) return;
    if (socket) syncPrivate();
    else if (wantsPrivate()) connect();
    // Signed out: private subscriptions no longer hold the socket open.
    scheduleIdleClose();
  });

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
        scheduleIdleClose();
      };
    },
    subscribePrivate(channel, handler, subscribeOptions = {}) {
      if (closedForGood) return () => undefined;
      const registration: PrivateRegistration = {
        handler: handler as PrivateStreamHandler<PrivateStreamChannel>,
        options: subscribeOptions,
      };
      let entry = privateEntries.get(channel);
      if (!subscribeOptions.passive && idleTimer) {
        clearTimeout(idleTimer);
        idleTimer = null;
      }
      if (entry) entry.registrations.add(registration);
      else {
        entry = { channel, registrations: new Set([registration]), active: false, wasActive: false };
        privateEntries.set(channel, entry);
        if (sentToken && sentToken === token()) send({ op: 'subscribe', channel });
        else syncPrivate();
      }
      if (!socket && !subscribeOptions.passive) connect();
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        const current = privateEntries.get(channel);
        if (!current) return;
        current.registrations.delete(registration);
        if (current.registrations.size > 0) {
          scheduleIdleClose();
          return;
        }
        privateEntries.delete(channel);
        if (sentToken) send({ op: 'unsubscribe', channel });
        scheduleIdleClose();
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
      privateEntries.clear();
      stopTokenWatch?.();
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
    stats: () => ({ gaps, reconnects, streams: entries.size, privateStreams: privateEntries.size }),
  };
}
