// The stream hub: WebSocket connections on one side, pub/sub topics on the other.
//
// - A connection holds many subscriptions (streams). The first subscriber of a stream on this
//   instance subscribes its topic on the bus; the last one leaving unsubscribes it.
// - Per stream (not per connection) the hub conflates: it sends at once when the previous
//   message is at least `conflateMs` old, otherwise it keeps only the latest pending value
//   (trades are merged, newest first) and flushes it on a timer. Every subscriber of a stream
//   gets the same frames, serialized and encoded once, numbered by one per-stream `seq`.
// - Subscribing sends a snapshot (fresh from the source) carrying the stream's current seq; the
//   next update carries seq + 1. Subscribing again to a held stream sends a new snapshot: that is
//   how a client resyncs after a gap.
// - A slow client (socket bufferedAmount above `slowBytes`) is skipped, never queued for: its
//   streams are marked stale and, once its buffer drains, each gets a fresh snapshot. One that
//   stays slow for `slowTimeoutMs` is closed (1013, try again later).
// - Heartbeat: a ping every `pingMs`; a connection that has not answered the previous ping (nor
//   sent anything) is terminated.
// - Interest: every `interestMs`, and at once when a new stream appears, the hub announces its
//   streams on `stream.interest`, so the market publisher (on whichever instance leads) knows
//   what to compute.
// - Private channels (issue 6; protocol in the shared contract's stream.ts): `{op:'auth', token}`
//   authenticates the connection as a user (again with each renewed token); `orders` and
//   `balances` then subscribe that user's topics (`user.<id>.<channel>`) and every message is
//   forwarded as it comes (no conflation, no skipping for slow clients: they are few and each
//   one matters). Private operations of a connection run one after the other, in order. The
//   authentication ends (every private subscription with it, public streams untouched) when the
//   token expires without a new one, on `{op:'unauth'}`, and when the periodic check (at every
//   heartbeat, `pingMs`) finds the session ended (a logout from another device) or the user
//   deactivated.
import { randomUUID } from 'node:crypto';
import type { RawData, WebSocket } from 'ws';
import {
  PRIVATE_STREAM_CHANNELS,
  StreamClientMessage,
  StreamPrivateClientMessage,
  STREAM_LIMITS,
  errorMessage,
  normalizeStreamSpec,
  streamKey,
  type ErrorCode,
  type Language,
  type PrivateStreamChannel,
  type StreamSpec,
  type StreamUnauthenticatedMessage,
  type Trade,
} from '@pasar/shared/contract';
import { SHUTDOWN_CLOSE_CODE, SHUTDOWN_CLOSE_REASON } from '../../http/shutdown';
import { topicOfStream, topics, type PubSub, type Unsubscribe } from '../../pubsub';
import { snapshotOf, type StreamSource } from './source';

export interface HubLogger {
  warn(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

/** What the hub learns from an access token: its user and expiry, or the catalogue code refusing it. */
export type AuthOutcome =
  | { readonly ok: true; readonly userId: string; readonly sessionId: string; readonly expiresAt: number }
  | { readonly ok: false; readonly code: ErrorCode };

/** Checks an access token (and its session) now; rejects only on an unexpected failure (database down). */
export type StreamAuthenticator = (token: string, ip: string) => Promise<AuthOutcome>;

export interface StreamHubOptions {
  readonly pubsub: PubSub;
  readonly source: StreamSource;
  readonly conflateMs: number;
  /** Heartbeat period; authenticated connections are checked again at each one. */
  readonly pingMs: number;
  /** Private channels: without it every `auth` is refused. */
  readonly authenticate?: StreamAuthenticator;
  readonly log?: HubLogger;
  /** This instance's id in interest announcements. */
  readonly instanceId?: string;
  readonly interestMs?: number;
  readonly slowBytes?: number;
  readonly slowTimeoutMs?: number;
  readonly maxSubscriptions?: number;
  readonly now?: () => number;
}

/** The announcement on `stream.interest`. */
export interface InterestMessage {
  readonly instance: string;
  readonly streams: readonly StreamSpec[];
}

interface Connection {
  readonly id: number;
  readonly socket: WebSocket;
  readonly language: Language;
  readonly ip: string;
  readonly subs: Map<string, Subscription>;
  alive: boolean;
  slowSince: number | null;
  drainTimer: NodeJS.Timeout | null;
  /** The authenticated user (private channels), replaced by each successful `auth`. */
  auth: ConnectionAuth | null;
  authTimer: NodeJS.Timeout | null;
  /** Private subscriptions: the bus subscription of each channel (settles once subscribed). */
  readonly privateSubs: Map<PrivateStreamChannel, Promise<Unsubscribe | null>>;
  /** Private operations run in order: each waits for the previous one. */
  privateQueue: Promise<void>;
}

interface ConnectionAuth {
  readonly userId: string;
  readonly sessionId: string;
  readonly token: string;
  readonly expiresAt: number;
}

type UnauthenticatedReason = StreamUnauthenticatedMessage['reason'];

interface Subscription {
  readonly conn: Connection;
  readonly stream: Stream;
  /** False until its snapshot is sent (and again while stale or resyncing). */
  ready: boolean;
  /** Bumped on every (re)subscribe: a snapshot computed for an older request is dropped. */
  generation: number;
}

interface Stream {
  readonly key: string;
  readonly spec: StreamSpec;
  readonly topic: string;
  /** The spec fields every frame of this stream repeats, serialized once: `"channel":…,"symbol":…`. */
  readonly head: string;
  readonly subscribers: Set<Subscription>;
  seq: number;
  lastSentAt: number;
  pending: unknown;
  hasPending: boolean;
  timer: NodeJS.Timeout | null;
  unsubscribe: Promise<Unsubscribe | null>;
}

const OPEN = 1;

export interface HubStats {
  readonly connections: number;
  readonly streams: number;
  readonly framesSent: number;
  readonly droppedForSlowClients: number;
  /** Connections authenticated as a user, and their private subscriptions. */
  readonly authenticated: number;
  readonly privateSubscriptions: number;
}

const isPrivateChannel = (value: unknown): value is PrivateStreamChannel =>
  typeof value === 'string' && (PRIVATE_STREAM_CHANNELS as readonly string[]).includes(value);

/** A message for the private side: auth, unauth, or a (un)subscribe naming a private channel. */
function isPrivateOp(json: unknown): boolean {
  if (typeof json !== 'object' || json === null) return false;
  const { op, channel } = json as { op?: unknown; channel?: unknown };
  return op === 'auth' || op === 'unauth' || ((op === 'subscribe' || op === 'unsubscribe') && isPrivateChannel(channel));
}

/** setTimeout's ceiling (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class StreamHub {
  private readonly connections = new Set<Connection>();
  private readonly streams = new Map<string, Stream>();
  private readonly instanceId: string;
  private readonly interestMs: number;
  private readonly slowBytes: number;
  private readonly slowTimeoutMs: number;
  private readonly maxSubscriptions: number;
  private readonly now: () => number;
  private pingTimer: NodeJS.Timeout | null = null;
  private interestTimer: NodeJS.Timeout | null = null;
  private interestScheduled = false;
  private nextConnectionId = 1;
  private closed = false;
  private framesSent = 0;
  private droppedForSlowClients = 0;

  constructor(private readonly options: StreamHubOptions) {
    this.instanceId = options.instanceId ?? randomUUID();
    this.interestMs = options.interestMs ?? 1000;
    this.slowBytes = options.slowBytes ?? 256 * 1024;
    this.slowTimeoutMs = options.slowTimeoutMs ?? 30_000;
    this.maxSubscriptions = options.maxSubscriptions ?? STREAM_LIMITS.maxSubscriptionsPerConnection;
    this.now = options.now ?? Date.now;
  }

  start(): void {
    this.pingTimer = setInterval(() => this.heartbeat(), this.options.pingMs);
    this.pingTimer.unref();
    this.interestTimer = setInterval(() => void this.announceInterest(), this.interestMs);
    this.interestTimer.unref();
  }

  stats(): HubStats {
    let authenticated = 0;
    let privateSubscriptions = 0;
    for (const conn of this.connections) {
      if (conn.auth) authenticated++;
      privateSubscriptions += conn.privateSubs.size;
    }
    return {
      connections: this.connections.size,
      streams: this.streams.size,
      framesSent: this.framesSent,
      droppedForSlowClients: this.droppedForSlowClients,
      authenticated,
      privateSubscriptions,
    };
  }

  /** Streams with at least one subscriber on this instance. */
  streamSpecs(): StreamSpec[] {
    return [...this.streams.values()].map((stream) => stream.spec);
  }

  /** Takes over an accepted WebSocket until it closes (`ip`: the client's, for session bookkeeping). */
  accept(socket: WebSocket, language: Language, ip = ''): void {
    if (this.closed) {
      socket.close(SHUTDOWN_CLOSE_CODE, SHUTDOWN_CLOSE_REASON);
      return;
    }
    const conn: Connection = {
      id: this.nextConnectionId++,
      socket,
      language,
      ip,
      subs: new Map(),
      alive: true,
      slowSince: null,
      drainTimer: null,
      auth: null,
      authTimer: null,
      privateSubs: new Map(),
      privateQueue: Promise.resolve(),
    };
    this.connections.add(conn);
    socket.on('pong', () => {
      conn.alive = true;
    });
    socket.on('message', (raw: RawData, isBinary: boolean) => {
      conn.alive = true;
      this.onClientMessage(conn, raw, isBinary);
    });
    socket.on('close', () => this.drop(conn));
    socket.on('error', (error) => {
      this.options.log?.debug({ err: error, connection: conn.id }, 'stream: socket error');
      this.drop(conn);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.interestTimer) clearInterval(this.interestTimer);
    for (const conn of [...this.connections]) {
      conn.socket.close(SHUTDOWN_CLOSE_CODE, SHUTDOWN_CLOSE_REASON);
      this.drop(conn);
    }
    await Promise.all(
      [...this.streams.values()].map(async (stream) => {
        if (stream.timer) clearTimeout(stream.timer);
        const unsubscribe = await stream.unsubscribe;
        await unsubscribe?.();
      }),
    );
    this.streams.clear();
  }

  // -- client messages --------------------------------------------------------------------------

  private onClientMessage(conn: Connection, raw: RawData, isBinary: boolean): void {
    const bytes = Array.isArray(raw) ? raw.reduce((n, b) => n + b.length, 0) : (raw as Buffer | ArrayBuffer).byteLength;
    if (isBinary || bytes > STREAM_LIMITS.maxClientMessageBytes) {
      this.sendError(conn, '002', {}, [
        { path: '', message: isBinary ? 'text frames only' : `message over ${STREAM_LIMITS.maxClientMessageBytes} bytes` },
      ]);
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(Buffer.isBuffer(raw) ? raw.toString('utf8') : Buffer.from(raw as ArrayBuffer).toString('utf8'));
    } catch {
      this.sendError(conn, '002', {}, [{ path: '', message: 'not JSON' }]);
      return;
    }
    if (isPrivateOp(json)) {
      this.onPrivateMessage(conn, json);
      return;
    }
    const parsed = StreamClientMessage.safeParse(json);
    if (!parsed.success) {
      const echo = typeof json === 'object' && json !== null ? echoSpec(json as Record<string, unknown>) : {};
      this.sendError(
        conn,
        '002',
        echo,
        parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      );
      return;
    }
    const message = parsed.data;
    switch (message.op) {
      case 'ping':
        this.sendRaw(conn, JSON.stringify({ type: 'pong', t: this.now() }));
        return;
      case 'subscribe':
        this.subscribe(conn, normalizeStreamSpec(message));
        return;
      case 'unsubscribe': {
        const spec = normalizeStreamSpec(message);
        this.unsubscribe(conn, streamKey(spec));
        this.sendRaw(conn, JSON.stringify({ type: 'unsubscribed', ...spec }));
        return;
      }
    }
  }

  private subscribe(conn: Connection, spec: StreamSpec): void {
    const key = streamKey(spec);
    const existing = conn.subs.get(key);
    if (existing) {
      // A resync: a fresh snapshot, then updates from its seq on.
      existing.ready = false;
      this.sendSnapshot(existing);
      return;
    }
    if (conn.subs.size >= this.maxSubscriptions) {
      this.sendError(conn, '002', spec, [{ path: '', message: `at most ${this.maxSubscriptions} subscriptions per connection` }]);
      return;
    }
    const problem = this.options.source.validate(spec);
    if (problem) {
      this.sendError(conn, problem.code, spec, [{ path: problem.path, message: problem.message }]);
      return;
    }
    const stream = this.streams.get(key) ?? this.openStream(key, spec);
    const sub: Subscription = { conn, stream, ready: false, generation: 0 };
    conn.subs.set(key, sub);
    stream.subscribers.add(sub);
    this.sendSnapshot(sub);
  }

  private unsubscribe(conn: Connection, key: string): void {
    const sub = conn.subs.get(key);
    if (!sub) return;
    conn.subs.delete(key);
    sub.ready = false;
    sub.generation++;
    const stream = sub.stream;
    stream.subscribers.delete(sub);
    if (stream.subscribers.size === 0) this.closeStream(stream);
  }

  private drop(conn: Connection): void {
    if (!this.connections.delete(conn)) return;
    if (conn.drainTimer) clearInterval(conn.drainTimer);
    for (const key of [...conn.subs.keys()]) this.unsubscribe(conn, key);
    if (conn.authTimer) clearTimeout(conn.authTimer);
    conn.authTimer = null;
    conn.auth = null;
    this.dropPrivate(conn);
  }

  // -- private channels -------------------------------------------------------------------------

  private onPrivateMessage(conn: Connection, json: unknown): void {
    const parsed = StreamPrivateClientMessage.safeParse(json);
    if (!parsed.success) {
      // A union's issues: the member named by `op` explains best; the token is never echoed.
      const details = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
      this.sendError(conn, '002', {}, details.slice(0, 5));
      return;
    }
    const message = parsed.data;
    this.enqueuePrivate(conn, async () => {
      switch (message.op) {
        case 'auth':
          return this.authenticate(conn, message.token);
        case 'unauth':
          if (conn.auth) this.endAuth(conn, 'signed-out');
          else this.sendRaw(conn, JSON.stringify({ type: 'unauthenticated', reason: 'signed-out' }));
          return;
        case 'subscribe':
          return this.subscribePrivate(conn, message.channel);
        case 'unsubscribe':
          this.unsubscribePrivate(conn, message.channel);
          this.sendRaw(conn, JSON.stringify({ type: 'subscription', channel: message.channel, active: false }));
          return;
      }
    });
  }

  private enqueuePrivate(conn: Connection, task: () => Promise<void> | void): void {
    conn.privateQueue = conn.privateQueue
      .then(() => (this.connections.has(conn) ? task() : undefined))
      .catch((error: unknown) => this.options.log?.warn({ err: error, connection: conn.id }, 'stream: private operation failed'));
  }

  private async authenticate(conn: Connection, token: string): Promise<void> {
    const authenticate = this.options.authenticate;
    let outcome: AuthOutcome;
    try {
      outcome = authenticate ? await authenticate(token, conn.ip) : { ok: false, code: '009' };
    } catch (error) {
      this.options.log?.warn({ err: error, connection: conn.id }, 'stream: authenticating failed');
      outcome = { ok: false, code: '001' };
    }
    if (!this.connections.has(conn)) return;
    if (!outcome.ok) {
      this.endAuth(conn, 'invalid', outcome.code);
      return;
    }
    // Another user on this connection: the previous user's events stop here.
    if (conn.auth && conn.auth.userId !== outcome.userId) this.dropPrivate(conn);
    conn.auth = { userId: outcome.userId, sessionId: outcome.sessionId, token, expiresAt: outcome.expiresAt };
    this.armExpiry(conn);
    this.sendRaw(conn, JSON.stringify({ type: 'authenticated', expiresAt: outcome.expiresAt }));
  }

  /** Ends the token's validity at its expiry, unless a new token arrives first. */
  private armExpiry(conn: Connection): void {
    if (conn.authTimer) clearTimeout(conn.authTimer);
    const auth = conn.auth;
    if (!auth) return;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, auth.expiresAt - this.now()));
    conn.authTimer = setTimeout(() => {
      conn.authTimer = null;
      if (conn.auth === auth && this.connections.has(conn)) this.endAuth(conn, 'expired', '009');
    }, delay);
    conn.authTimer.unref();
  }

  /** Forgets the user of a connection, ends its private subscriptions, and says why. */
  private endAuth(conn: Connection, reason: UnauthenticatedReason, code?: ErrorCode): void {
    if (conn.authTimer) clearTimeout(conn.authTimer);
    conn.authTimer = null;
    conn.auth = null;
    this.dropPrivate(conn);
    this.sendUnauthenticated(conn, reason, code);
  }

  private sendUnauthenticated(conn: Connection, reason: UnauthenticatedReason, code?: ErrorCode, channel?: PrivateStreamChannel): void {
    this.sendRaw(
      conn,
      JSON.stringify({
        type: 'unauthenticated',
        reason,
        ...(channel ? { channel } : {}),
        ...(code ? { error_code: code, error_message: errorMessage(code, conn.language) } : {}),
      }),
    );
  }

  private async subscribePrivate(conn: Connection, channel: PrivateStreamChannel): Promise<void> {
    const auth = conn.auth;
    if (!auth) {
      this.sendUnauthenticated(conn, 'required', '009', channel);
      return;
    }
    if (!conn.privateSubs.has(channel)) {
      const subscribed = this.options.pubsub
        .subscribe(topics.user(auth.userId, channel), (message) => this.forwardPrivate(conn, auth.userId, channel, message))
        .catch((error: unknown) => {
          this.options.log?.warn({ err: error, channel }, 'stream: subscribing a private topic failed');
          return null;
        });
      conn.privateSubs.set(channel, subscribed);
      const unsubscribe = await subscribed;
      if (conn.privateSubs.get(channel) !== subscribed) return; // dropped meanwhile (and unsubscribed there)
      if (!unsubscribe) {
        conn.privateSubs.delete(channel);
        this.sendError(conn, '001', {});
        return;
      }
    }
    // Once the bus subscription is in place: every event published after this answer arrives.
    this.sendRaw(conn, JSON.stringify({ type: 'subscription', channel, active: true }));
  }

  private unsubscribePrivate(conn: Connection, channel: PrivateStreamChannel): void {
    const subscribed = conn.privateSubs.get(channel);
    if (!subscribed) return;
    conn.privateSubs.delete(channel);
    void subscribed.then((unsubscribe) => unsubscribe?.()).catch(() => undefined);
  }

  private dropPrivate(conn: Connection): void {
    for (const channel of [...conn.privateSubs.keys()]) this.unsubscribePrivate(conn, channel);
  }

  /** Sends a user's event on, if the connection still belongs to that user and holds the channel. */
  private forwardPrivate(conn: Connection, userId: string, channel: PrivateStreamChannel, message: unknown): void {
    if (conn.auth?.userId !== userId || !conn.privateSubs.has(channel)) return;
    this.sendRaw(conn, `{"type":"event","channel":"${channel}","data":${JSON.stringify(message)}}`);
  }

  /** The periodic check: each authenticated connection's session must still be active. */
  private checkSessions(): void {
    for (const conn of this.connections) {
      const auth = conn.auth;
      if (!auth) continue;
      this.enqueuePrivate(conn, async () => {
        if (conn.auth !== auth || !this.options.authenticate) return;
        let outcome: AuthOutcome;
        try {
          outcome = await this.options.authenticate(auth.token, conn.ip);
        } catch (error) {
          // Unknown (the database is down): keep the user until a check can tell.
          this.options.log?.warn({ err: error, connection: conn.id }, 'stream: checking a session failed');
          return;
        }
        if (conn.auth !== auth || !this.connections.has(conn)) return;
        if (!outcome.ok) this.endAuth(conn, auth.expiresAt <= this.now() ? 'expired' : 'ended', outcome.code);
      });
    }
  }

  // -- streams ----------------------------------------------------------------------------------

  private openStream(key: string, spec: StreamSpec): Stream {
    const topic = topicOfStream(spec);
    const head = JSON.stringify(spec).slice(1, -1);
    const stream: Stream = {
      key,
      spec,
      topic,
      head,
      subscribers: new Set(),
      seq: 0,
      lastSentAt: 0,
      pending: undefined,
      hasPending: false,
      timer: null,
      unsubscribe: Promise.resolve(null),
    };
    stream.unsubscribe = this.options.pubsub
      .subscribe(topic, (message) => this.onTopicMessage(stream, message))
      .catch((error: unknown) => {
        this.options.log?.warn({ err: error, topic }, 'stream: subscribing the topic failed');
        return null;
      });
    this.streams.set(key, stream);
    this.scheduleInterest();
    return stream;
  }

  private closeStream(stream: Stream): void {
    if (this.streams.get(stream.key) !== stream) return;
    this.streams.delete(stream.key);
    if (stream.timer) clearTimeout(stream.timer);
    stream.timer = null;
    void stream.unsubscribe.then((unsubscribe) => unsubscribe?.()).catch(() => undefined);
  }

  private onTopicMessage(stream: Stream, data: unknown): void {
    if (this.streams.get(stream.key) !== stream) return;
    const conflateMs = this.options.conflateMs;
    const now = this.now();
    if (conflateMs <= 0 || (!stream.hasPending && now - stream.lastSentAt >= conflateMs)) {
      this.broadcast(stream, data, now);
      return;
    }
    stream.pending = stream.hasPending ? merge(stream.spec, stream.pending, data) : data;
    stream.hasPending = true;
    if (!stream.timer) {
      const wait = Math.max(0, stream.lastSentAt + conflateMs - now);
      stream.timer = setTimeout(() => {
        stream.timer = null;
        if (!stream.hasPending || this.streams.get(stream.key) !== stream) return;
        const pending = stream.pending;
        stream.pending = undefined;
        stream.hasPending = false;
        this.broadcast(stream, pending, this.now());
      }, wait);
    }
  }

  /** One frame, encoded once, to every ready subscriber. */
  private broadcast(stream: Stream, data: unknown, now: number): void {
    stream.seq += 1;
    stream.lastSentAt = now;
    const frame = Buffer.from(`{"type":"update",${stream.head},"seq":${stream.seq},"data":${JSON.stringify(data)}}`);
    for (const sub of stream.subscribers) {
      if (!sub.ready) continue;
      const socket = sub.conn.socket;
      if (socket.readyState !== OPEN) continue;
      if (socket.bufferedAmount > this.slowBytes) {
        this.markSlow(sub.conn);
        continue;
      }
      socket.send(frame, { binary: false });
      this.framesSent++;
    }
  }

  private sendSnapshot(sub: Subscription): void {
    const generation = ++sub.generation;
    const { stream, conn } = sub;
    let data: unknown;
    try {
      data = snapshotOf(this.options.source, stream.spec);
    } catch (error) {
      this.options.log?.warn({ err: error, stream: stream.key }, 'stream: snapshot failed');
      this.sendError(conn, '001', stream.spec);
      return;
    }
    if (sub.generation !== generation || conn.subs.get(stream.key) !== sub) return;
    // The snapshot stands for the stream as of its current seq; the next update is seq + 1.
    this.sendRaw(conn, `{"type":"snapshot",${stream.head},"seq":${stream.seq},"data":${JSON.stringify(data)}}`);
    sub.ready = true;
  }

  // -- slow clients -----------------------------------------------------------------------------

  private markSlow(conn: Connection): void {
    this.droppedForSlowClients++;
    for (const sub of conn.subs.values()) sub.ready = false;
    if (conn.slowSince !== null) return;
    conn.slowSince = this.now();
    conn.drainTimer = setInterval(() => this.checkDrained(conn), 50);
    conn.drainTimer.unref();
  }

  private checkDrained(conn: Connection): void {
    if (!this.connections.has(conn) || conn.socket.readyState !== OPEN) {
      if (conn.drainTimer) clearInterval(conn.drainTimer);
      conn.drainTimer = null;
      return;
    }
    if (conn.socket.bufferedAmount <= this.slowBytes / 4) {
      if (conn.drainTimer) clearInterval(conn.drainTimer);
      conn.drainTimer = null;
      conn.slowSince = null;
      for (const sub of conn.subs.values()) if (!sub.ready) this.sendSnapshot(sub);
      return;
    }
    if (conn.slowSince !== null && this.now() - conn.slowSince > this.slowTimeoutMs) {
      this.options.log?.debug({ connection: conn.id }, 'stream: closing a client that stays slow');
      conn.socket.close(1013, 'too slow');
      this.drop(conn);
    }
  }

  // -- heartbeat and interest -------------------------------------------------------------------

  private heartbeat(): void {
    this.checkSessions();
    for (const conn of [...this.connections]) {
      if (!conn.alive) {
        conn.socket.terminate();
        this.drop(conn);
        continue;
      }
      conn.alive = false;
      try {
        conn.socket.ping();
      } catch {
        this.drop(conn);
      }
    }
  }

  private scheduleInterest(): void {
    if (this.interestScheduled) return;
    this.interestScheduled = true;
    setImmediate(() => {
      this.interestScheduled = false;
      void this.announceInterest();
    });
  }

  private async announceInterest(): Promise<void> {
    if (this.closed || this.streams.size === 0) return;
    const message: InterestMessage = { instance: this.instanceId, streams: this.streamSpecs() };
    try {
      await this.options.pubsub.publish(topics.streamInterest(), message);
    } catch (error) {
      this.options.log?.warn({ err: error }, 'stream: announcing interest failed');
    }
  }

  // -- sending ----------------------------------------------------------------------------------

  private sendRaw(conn: Connection, text: string): void {
    if (conn.socket.readyState !== OPEN) return;
    conn.socket.send(text);
    this.framesSent++;
  }

  private sendError(
    conn: Connection,
    code: ErrorCode,
    spec: Partial<StreamSpec>,
    details?: readonly { path: string; message: string }[],
  ): void {
    this.sendRaw(
      conn,
      JSON.stringify({
        type: 'error',
        ...spec,
        error_code: code,
        error_message: errorMessage(code, conn.language),
        ...(details && details.length > 0 ? { details } : {}),
      }),
    );
  }
}

/** The spec fields of an invalid message that are themselves valid-looking, echoed in the error. */
function echoSpec(json: Record<string, unknown>): Partial<StreamSpec> {
  const out: Record<string, string> = {};
  for (const field of ['channel', 'symbol', 'resolution', 'granularity'] as const) {
    const value = json[field];
    if (typeof value === 'string' && value.length <= 32) out[field] = value;
  }
  return out as Partial<StreamSpec>;
}

/** Conflation: the pending value and a newer one become one message. */
function merge(spec: StreamSpec, pending: unknown, next: unknown): unknown {
  if (spec.channel === 'trades' && Array.isArray(pending) && Array.isArray(next)) {
    return [...(next as Trade[]), ...(pending as Trade[])].slice(0, STREAM_LIMITS.maxTradesPerMessage);
  }
  return next;
}
