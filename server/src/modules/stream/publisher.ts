// The market publisher: every tick it computes, for each stream some hub announced interest in,
// the current value from the market source and publishes it on the stream's topic.
//
// - Interest comes over pub/sub (`stream.interest`, from every instance's hub) and expires after
//   `interestTtlMs` without a renewal, so a stream nobody watches any more stops being computed.
// - One publisher in the deployment: with Redis the instances race for a `SET NX PX` lease that
//   the holder renews every third of its time to live; in-process the only instance holds it.
//   A holder that dies is replaced within one time to live.
// - What is published: the ticker; the book (top levels) per granularity watched, with a seq per
//   symbol+granularity incremented on every publish; the trades since the last publish (most
//   recent first); the current bar per resolution watched. A value equal to the last published
//   one (its `updatedAt` aside) is not published again: a closed market costs nothing downstream.
import { randomUUID } from 'node:crypto';
import { streamKey, type StreamSpec, type Trade } from '@pasar/shared/contract';
import { topicOfStream, topics, type PubSub, type Unsubscribe } from '../../pubsub';
import type { HubLogger, InterestMessage } from './hub';
import type { StreamSource } from './source';

export interface MarketPublisherOptions {
  readonly pubsub: PubSub;
  readonly source: StreamSource;
  readonly tickMs: number;
  readonly log?: HubLogger;
  readonly instanceId?: string;
  readonly interestTtlMs?: number;
  readonly leaseTtlMs?: number;
}

export const PUBLISHER_LEASE = 'market-publisher';

interface Watched {
  readonly spec: StreamSpec;
  /** When interest started, on the market's clock: trades from a little before it are published (the snapshot may have missed them). */
  since: number;
  expiresAt: number;
}

export class MarketPublisher {
  private readonly instanceId: string;
  private readonly interestTtlMs: number;
  private readonly leaseTtlMs: number;
  private readonly watched = new Map<string, Watched>();
  /** Last published value per topic, serialized without updatedAt. */
  private readonly lastValue = new Map<string, string>();
  private readonly bookSeq = new Map<string, number>();
  /** Per symbol: the newest trade already published (time and ids at that time). */
  private readonly tradeMark = new Map<string, { t: number; ids: Set<string> }>();
  private leader = false;
  private tickTimer: NodeJS.Timeout | null = null;
  private leaseTimer: NodeJS.Timeout | null = null;
  private unsubscribeInterest: Unsubscribe | null = null;
  private stopped = false;
  private ticking = false;
  private readonly failing = new Set<string>();

  constructor(private readonly options: MarketPublisherOptions) {
    this.instanceId = options.instanceId ?? randomUUID();
    this.interestTtlMs = options.interestTtlMs ?? 3500;
    this.leaseTtlMs = options.leaseTtlMs ?? Math.max(3000, options.tickMs * 8);
  }

  get isLeader(): boolean {
    return this.leader;
  }

  async start(): Promise<void> {
    this.unsubscribeInterest = await this.options.pubsub.subscribe(topics.streamInterest(), (message) =>
      this.onInterest(message as InterestMessage),
    );
    await this.renewLease();
    this.leaseTimer = setInterval(() => void this.renewLease(), Math.max(50, Math.floor(this.leaseTtlMs / 3)));
    this.leaseTimer.unref();
    this.tickTimer = setInterval(() => this.tick(), this.options.tickMs);
    this.tickTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.tickTimer) clearInterval(this.tickTimer);
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    await this.unsubscribeInterest?.();
    if (this.leader) {
      this.leader = false;
      await this.options.pubsub.releaseLease(PUBLISHER_LEASE, this.instanceId).catch(() => undefined);
    }
  }

  /** Publishes the ticker of `symbol` now, leader or not (a halt or resume on this instance). */
  async publishTickerNow(symbol: string): Promise<void> {
    const ticker = this.options.source.ticker(symbol);
    const topic = topics.ticker(symbol);
    this.lastValue.set(topic, withoutUpdatedAt(ticker));
    await this.options.pubsub.publish(topic, ticker);
  }

  /**
   * The market's clock was set or cleared (development): what was published and the trade marks
   * belong to another time, so every watched stream starts afresh from the market's new now.
   */
  clockMoved(): void {
    this.resetState();
    const since = this.marketNow();
    for (const watched of this.watched.values()) watched.since = since;
  }

  private marketNow(): number {
    return this.options.source.now?.() ?? Date.now();
  }

  /** Streams currently watched somewhere (for tests and diagnostics). */
  watchedKeys(): string[] {
    return [...this.watched.keys()];
  }

  private onInterest(message: InterestMessage): void {
    if (!message || !Array.isArray(message.streams)) return;
    const now = Date.now();
    const expiresAt = now + this.interestTtlMs;
    let added = false;
    for (const spec of message.streams) {
      const key = streamKey(spec);
      const watched = this.watched.get(key);
      if (watched) watched.expiresAt = Math.max(watched.expiresAt, expiresAt);
      else {
        this.watched.set(key, { spec, since: this.marketNow(), expiresAt });
        added = true;
      }
    }
    // A new stream gets its first update without waiting for the next tick.
    if (added && this.leader) setImmediate(() => this.tick());
  }

  private async renewLease(): Promise<void> {
    if (this.stopped) return;
    try {
      const held = await this.options.pubsub.acquireLease(PUBLISHER_LEASE, this.instanceId, this.leaseTtlMs);
      if (held !== this.leader) {
        this.options.log?.debug({ instance: this.instanceId, leader: held }, 'stream: market publisher leadership');
        if (held) this.resetState();
      }
      this.leader = held && !this.stopped;
    } catch (error) {
      // Without Redis we cannot know whether someone else leads: stand down rather than double up.
      this.leader = false;
      this.options.log?.warn({ err: error }, 'stream: renewing the publisher lease failed');
    }
  }

  /** A new leader starts from a clean slate (its seqs continue from 0; hubs renumber anyway). */
  private resetState(): void {
    this.lastValue.clear();
    this.tradeMark.clear();
  }

  tick(): void {
    if (!this.leader || this.stopped || this.ticking) return;
    this.ticking = true;
    try {
      const now = Date.now();
      for (const [key, watched] of this.watched) {
        if (watched.expiresAt <= now) {
          this.watched.delete(key);
          this.forget(watched.spec);
          continue;
        }
        try {
          this.publishStream(watched);
          this.failing.delete(key);
        } catch (error) {
          if (!this.failing.has(key)) {
            this.failing.add(key);
            this.options.log?.warn({ err: error, stream: key }, 'stream: computing a stream failed');
          }
        }
      }
    } finally {
      this.ticking = false;
    }
  }

  private forget(spec: StreamSpec): void {
    const topic = topicOfStream(spec);
    this.lastValue.delete(topic);
    if (spec.channel === 'trades') this.tradeMark.delete(spec.symbol);
  }

  private publishStream({ spec, since }: Watched): void {
    const { source } = this.options;
    const topic = topicOfStream(spec);
    switch (spec.channel) {
      case 'ticker':
        this.publishIfChanged(topic, source.ticker(spec.symbol));
        return;
      case 'book': {
        const book = source.book(spec.symbol, spec.granularity);
        if (!this.changed(topic, book)) return;
        const seq = (this.bookSeq.get(topic) ?? 0) + 1;
        this.bookSeq.set(topic, seq);
        void this.publish(topic, { ...book, seq });
        return;
      }
      case 'trades': {
        // Ask only for what is newer than the mark (the filter below still drops ids already sent).
        const startAt = since - this.options.tickMs;
        const after = (this.tradeMark.get(spec.symbol)?.t ?? startAt) - 1;
        const fresh = this.newTrades(spec.symbol, source.recentTrades(spec.symbol, 100, after), startAt);
        if (fresh.length > 0) void this.publish(topic, fresh);
        return;
      }
      case 'candles': {
        const candle = source.currentCandle(spec.symbol, spec.resolution ?? '');
        if (candle) this.publishIfChanged(topic, candle);
        return;
      }
    }
  }

  /**
   * Trades newer than the mark, most recent first. Before the first publish the mark is just
   * before interest started, so the trades between a client's snapshot and the first tick are
   * sent too (clients drop the ones they already have, by id).
   */
  private newTrades(symbol: string, recent: readonly Trade[], startAt: number): Trade[] {
    const mark = this.tradeMark.get(symbol) ?? { t: startAt, ids: new Set<string>() };
    const newest = recent[0];
    if (!newest) return [];
    const fresh = recent.filter((trade) => trade.t > mark.t || (trade.t === mark.t && !mark.ids.has(trade.id)));
    if (newest.t >= mark.t) {
      const ids = new Set(recent.filter((trade) => trade.t === newest.t).map((trade) => trade.id));
      if (newest.t === mark.t) for (const id of mark.ids) ids.add(id);
      this.tradeMark.set(symbol, { t: newest.t, ids });
    }
    return fresh;
  }

  private changed(topic: string, value: object): boolean {
    const serialized = withoutUpdatedAt(value);
    if (this.lastValue.get(topic) === serialized) return false;
    this.lastValue.set(topic, serialized);
    return true;
  }

  private publishIfChanged(topic: string, value: object): void {
    if (this.changed(topic, value)) void this.publish(topic, value);
  }

  private async publish(topic: string, value: unknown): Promise<void> {
    try {
      await this.options.pubsub.publish(topic, value);
    } catch (error) {
      this.options.log?.warn({ err: error, topic }, 'stream: publishing failed');
    }
  }
}

function withoutUpdatedAt(value: object): string {
  return JSON.stringify(value, (key, v: unknown) => (key === 'updatedAt' ? undefined : v));
}
