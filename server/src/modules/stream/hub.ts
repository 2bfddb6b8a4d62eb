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
import { randomUUID } from 'node:crypto';
import type { RawData, WebSocket } from 'ws';
import {
  StreamClientMessage,
  STREAM_LIMITS,
  errorMessage,
  normalizeStreamSpec,
  streamKey,
  type ErrorCode,
  type Language,
  type StreamSpec,
  type Trade,
} from '@pasar/shared/contract';
import { topicOfStream, topics, type PubSub, type Unsubscribe } from '../../pubsub';
import { snapshotOf, type StreamSource } from './source';

export interface HubLogger {
  warn(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

export interface StreamHubOptions {
  readonly pubsub: PubSub;
  readonly source: StreamSource;
  readonly conflateMs: number;
  readonly pingMs: number;
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
  readonly subs: Map<string, Subscription>;
  alive: boolean;
  slowSince: number | null;
  drainTimer: NodeJS.Timeout | null;
}

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
}

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
    return {
      connections: this.connections.size,
      streams: this.streams.size,
      framesSent: this.framesSent,
      droppedForSlowClients: this.droppedForSlowClients,
    };
  }

  /** Streams with at least one subscriber on this instance. */
  streamSpecs(): StreamSpec[] {
    return [...this.streams.values()].map((stream) => stream.spec);
  }

  /** Takes over an accepted WebSocket until it closes. */
  accept(socket: WebSocket, language: Language): void {
    if (this.closed) {
      socket.close(1001, 'server shutting down');
      return;
    }
    const conn: Connection = {
      id: this.nextConnectionId++,
      socket,
      language,
      subs: new Map(),
      alive: true,
      slowSince: null,
      drainTimer: null,
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
      conn.socket.close(1001, 'server shutting down');
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
