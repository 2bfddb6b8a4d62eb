// The alert engine: every ACTIVE price alert sits in a resting index by price (the engine's
// resting-order index, stop semantics: an alert waiting for UP fires at last >= its key, one waiting
// for DOWN at last <= its key), so a tick costs the alerts it crosses, not a scan of all alerts.
//
// Ticks: the instance holding the lease `alerts.engine` evaluates every symbol with alerts at the
// matcher's interval: the prices its last price went through since the previous evaluation, in
// order (price-path.ts: the path's turning points, then the price now; a steered symbol, a first
// evaluation or a long gap: the price now), so a crossing between two evaluations fires once. An
// alert is judged only on the prices from when this instance took it as it is (made, moved, heard
// of), never on a price from before it was set.
// Each crossing is one conditional update of the alert plus its outbox row (repo.fire): a second
// instance, an overlapping tick or a stale index changes nothing. Every instance keeps its index up
// to date from the others over pub/sub (`alerts.index`) and reloads it when it takes the lease and
// every RESYNC_MS.
//
// Delivery: right after the crossing commits, and by a sweep of undelivered outbox rows (a restart
// or a failed delivery), on every instance. The notification is sent under the key
// `price-alert:<alert>:<crossing>`, so it reaches the user once however many deliveries race.
import { randomUUID } from 'node:crypto';
import type { FiredPriceAlert, Language } from '@pasar/shared/contract';
import type { FastifyBaseLogger } from 'fastify';
import { shownNumber, type Notify } from '../account/notification-service';
import type { PubSub, Unsubscribe } from '../../pubsub';
import { RestingIndex, type RestingOrder } from '../../trading/resting-index';
import { cross, indexPrice, reaches } from './crossing';
import type { PriceAlertRepo } from './repo';
import type { PriceAlertFiringRow, PriceAlertRow } from './tables';

export const ALERTS_LEASE = 'alerts.engine';
export const ALERTS_INDEX_TOPIC = 'alerts.index';
const RESYNC_MS = 60_000;
const SWEEP_MS = 2_000;

export interface AlertTick {
  readonly symbol: string;
  readonly last: string;
  /** Market epoch ms of the price (default: now). */
  readonly at?: number;
}

export interface AlertTickReport {
  /** Alerts the ticks reached (crossings, firing or re-arming). */
  readonly hits: number;
  /** Crossings that fired (outbox rows written). */
  readonly fired: number;
  /** Time spent evaluating the index, without the database work (ms). */
  readonly evaluateMs: number;
}

export interface AlertEngineDeps {
  readonly repo: PriceAlertRepo;
  /** The last price of a symbol now; null when it cannot be read (unknown, halted). */
  readonly lastPrice: (symbol: string) => string | null;
  /** The prices a symbol went through in (from, to], ending with the price at `to`; null when only the price now can be told. */
  readonly pathOf?: (symbol: string, from: number, to: number) => readonly { at: number; last: string }[] | null;
  readonly pubsub: PubSub;
  readonly log: FastifyBaseLogger;
  readonly notify: Notify;
  /** 0: only ticks handed to `tick` (tests). */
  readonly intervalMs: number;
  readonly now: () => Date;
}

interface Entry extends RestingOrder {
  readonly row: PriceAlertRow;
  /** Market ms from which prices count for the alert as it is (its target). */
  readonly since: number;
}

function entryOf(row: PriceAlertRow, since: number): Entry | null {
  if (row.status !== 'ACTIVE') return null;
  const state = { waitFor: row.waitFor, strict: row.strict };
  return { id: row.id, symbol: row.symbol, side: row.waitFor === 'UP' ? 'BUY' : 'SELL', kind: 'STOP', price: indexPrice(state, row.targetPrice), row, since };
}

const shown = shownNumber;

/** The text of a fired alert in both languages. */
export function alertMessage(f: FiredPriceAlert): { title: { id: string; en: string }; body: { id: string; en: string } } {
  const body = (language: Language) => {
    const way = f.crossed === 'UP' ? (language === 'id' ? 'naik ke' : 'rose to') : language === 'id' ? 'turun ke' : 'fell to';
    const text = `${f.symbol} ${way} ${shown(f.price, language)} (target ${shown(f.targetPrice, language)}).`;
    return f.note ? `${text} ${f.note}` : text;
  };
  return { title: { id: `Peringatan harga ${f.symbol}`, en: `Price alert ${f.symbol}` }, body: { id: body('id'), en: body('en') } };
}

export class AlertEngine {
  private index = new RestingIndex<Entry>();
  private readonly symbolSet = new Set<string>();
  /** When each symbol was last evaluated (market ms): where its next path starts. */
  private readonly evaluatedAt = new Map<string, number>();
  /** Ids changed while a reload read the database: read again once it is swapped in. */
  private reloading: Set<string> | null = null;
  private readonly instance = randomUUID();
  private timers: NodeJS.Timeout[] = [];
  private chain: Promise<unknown> = Promise.resolve();
  private holder = false;
  private loadedAt = 0;
  private unsubscribe: Unsubscribe | null = null;
  private closed = false;
  private busy = false;
  private sweeping: Promise<number> | null = null;

  constructor(private readonly deps: AlertEngineDeps) {}

  get size(): number {
    return this.index.size;
  }

  has(id: string): boolean {
    return this.index.has(id);
  }

  async start(): Promise<void> {
    await this.reload();
    this.unsubscribe = await this.deps.pubsub.subscribe(ALERTS_INDEX_TOPIC, (message) => {
      const m = message as { instance?: string; ids?: string[] };
      if (this.closed || m.instance === this.instance || !Array.isArray(m.ids)) return;
      void this.refresh(m.ids).catch((err: unknown) => this.deps.log.warn({ err }, 'alerts: refreshing alerts failed'));
    });
    if (this.deps.intervalMs > 0) {
      const tick = setInterval(() => void this.autoTick(), this.deps.intervalMs);
      const sweep = setInterval(() => void this.sweep(), SWEEP_MS);
      tick.unref();
      sweep.unref();
      this.timers = [tick, sweep];
    }
    // Crossings recorded before a restart and not yet delivered.
    void this.sweep();
  }

  async stop(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await this.chain.catch(() => undefined);
    await this.sweeping?.catch(() => undefined);
    await this.unsubscribe?.();
    if (this.holder) await this.deps.pubsub.releaseLease(ALERTS_LEASE, this.instance).catch(() => undefined);
  }

  /** Rebuilds the index from the ACTIVE alerts in the database (alerts changed meanwhile are read again after). */
  async reload(): Promise<void> {
    this.reloading = new Set();
    let rows: PriceAlertRow[];
    try {
      rows = await this.deps.repo.active();
    } catch (error) {
      this.reloading = null;
      throw error;
    }
    const previous = this.index;
    this.index = new RestingIndex<Entry>();
    this.symbolSet.clear();
    for (const row of rows) this.add(entryOf(row, this.sinceOf(row, previous, 'changed')));
    this.loadedAt = Date.now();
    const missed = [...this.reloading];
    this.reloading = null;
    if (missed.length > 0) await this.refresh(missed);
  }

  /** Takes the alerts as they are now (after a change here): ACTIVE ones rest at their key, others leave. */
  apply(rows: readonly PriceAlertRow[], how: 'crossed' | 'changed' = 'changed'): void {
    for (const row of rows) {
      this.reloading?.add(row.id);
      const since = this.sinceOf(row, this.index, how);
      this.index.remove(row.id);
      this.add(entryOf(row, since));
    }
  }

  /**
   * From when prices count for an alert: kept across the crossings this engine records and changes
   * that leave its target and state alone (a note); from now when it was moved or re-armed, or
   * crossed elsewhere (a crossing there is that instance's to judge up to now).
   */
  private sinceOf(row: PriceAlertRow, index: RestingIndex<Entry>, how: 'crossed' | 'changed'): number {
    const known = index.get(row.id)?.row;
    const unmoved = known && known.targetPrice === row.targetPrice;
    const same = unmoved && (how === 'crossed' || (known.crossings === row.crossings && known.waitFor === row.waitFor && known.strict === row.strict));
    return same ? index.get(row.id)!.since : this.deps.now().getTime();
  }

  /** Removes alerts (deleted). */
  forget(ids: readonly string[]): void {
    for (const id of ids) {
      this.reloading?.add(id);
      this.index.remove(id);
    }
  }

  /** Tells the other instances which alerts changed (they read them again). */
  announce(ids: readonly string[]): void {
    if (ids.length === 0) return;
    void this.deps.pubsub.publish(ALERTS_INDEX_TOPIC, { instance: this.instance, ids }).catch((err: unknown) => this.deps.log.warn({ err }, 'alerts: announcing failed'));
  }

  private async refresh(ids: readonly string[]): Promise<void> {
    const rows = await this.deps.repo.byIds(ids);
    const found = new Set(rows.map((r) => r.id));
    this.forget(ids.filter((id) => !found.has(id)));
    this.apply(rows);
  }

  private async autoTick(): Promise<void> {
    if (this.closed || this.busy) return;
    this.busy = true;
    try {
      const held = await this.deps.pubsub.acquireLease(ALERTS_LEASE, this.instance, Math.max(5000, this.deps.intervalMs * 10));
      if (!held) {
        this.holder = false;
        return;
      }
      if (!this.holder || Date.now() - this.loadedAt > RESYNC_MS) {
        // Taking over: the prices before now were the previous holder's to evaluate.
        if (!this.holder) this.evaluatedAt.clear();
        this.holder = true;
        await this.reload();
      }
      await this.tick();
    } catch (err) {
      this.deps.log.warn({ err }, 'alerts: tick failed');
    } finally {
      this.busy = false;
    }
  }

  /** Evaluates the ticks given, or every symbol with alerts at its last price; ticks never overlap. */
  tick(manual?: readonly AlertTick[]): Promise<AlertTickReport> {
    const run = this.chain.then(() => this.evaluate(manual));
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** The alerts one tick reaches, from the index alone (the benchmark's measure). */
  hitsOf(symbol: string, last: string): PriceAlertRow[] {
    return this.reached(symbol, last).map((e) => e.row);
  }

  private reached(symbol: string, last: string): Entry[] {
    return this.index.evaluate(symbol, { last }).triggered;
  }

  /** The ticks of every symbol with alerts: its path since its last evaluation, or its price now. */
  private ticksNow(): AlertTick[] {
    const now = this.deps.now().getTime();
    const ticks: AlertTick[] = [];
    for (const symbol of this.symbols()) {
      const last = this.deps.lastPrice(symbol);
      const from = this.evaluatedAt.get(symbol);
      if (last === null) {
        this.evaluatedAt.delete(symbol);
        continue;
      }
      const path = from === undefined ? null : (this.deps.pathOf?.(symbol, from, now) ?? null);
      if (path && path.length > 0) ticks.push(...path.map((p) => ({ symbol, last: p.last, at: p.at })));
      else ticks.push({ symbol, last, at: now });
      this.evaluatedAt.set(symbol, now);
    }
    return ticks;
  }

  private async evaluate(manual?: readonly AlertTick[]): Promise<AlertTickReport> {
    const ticks = manual ?? this.ticksNow();
    let evaluateMs = 0;
    let hits = 0;
    let fired = 0;
    const firings: PriceAlertFiringRow[] = [];
    const changed: string[] = [];
    // In order: a crossing at one price changes what the next one reaches (re-armed, fired).
    for (const tick of ticks) {
      const started = performance.now();
      const at = tick.at ?? Number.POSITIVE_INFINITY;
      const rows = this.reached(tick.symbol, tick.last)
        .filter((e) => e.since <= at)
        .map((e) => e.row);
      evaluateMs += performance.now() - started;
      for (const row of rows) {
        hits++;
        const state = { waitFor: row.waitFor, strict: row.strict };
        if (!reaches(state, row.targetPrice, tick.last)) continue; // index and state disagree: the database decides below
        const outcome = cross(state, row.direction, row.targetPrice, tick.last);
        try {
          const result = await this.deps.repo.fire({ alert: row, crossed: row.waitFor, fires: outcome.fires, price: tick.last, next: outcome.next, at: this.deps.now() });
          if (!result) {
            // Taken or changed elsewhere: read it again.
            await this.refresh([row.id]);
            continue;
          }
          this.apply([result.alert], 'crossed');
          changed.push(row.id);
          if (result.firing) {
            fired++;
            firings.push(result.firing);
          }
        } catch (err) {
          this.deps.log.error({ err, alertId: row.id }, 'alerts: recording a crossing failed');
        }
      }
    }
    this.announce(changed);
    for (const firing of firings) await this.deliver(firing);
    return { hits, fired, evaluateMs };
  }

  /** The symbols with alerts (one that has none left is dropped here). */
  private symbols(): string[] {
    for (const symbol of this.symbolSet) if (this.index.sizeOf(symbol) === 0) this.symbolSet.delete(symbol);
    return [...this.symbolSet];
  }

  private add(entry: Entry | null): void {
    if (!entry) return;
    this.index.add(entry);
    this.symbolSet.add(entry.symbol);
  }

  /** Delivers one recorded crossing (once: the notification's key is the alert and the crossing). */
  async deliver(firing: PriceAlertFiringRow): Promise<boolean> {
    try {
      const about = await this.deps.repo.noteOf(firing.alertId);
      const alert: FiredPriceAlert = {
        alertId: firing.alertId,
        symbol: firing.symbol,
        assetType: (about?.assetType ?? 'CRYPTO') as FiredPriceAlert['assetType'],
        targetPrice: firing.targetPrice,
        crossed: firing.crossed,
        price: firing.price,
        crossing: firing.crossing,
        firedAt: firing.firedAt.toISOString(),
        note: about?.note ?? null,
      };
      await this.deps.notify(firing.userId, {
        type: 'PRICE_ALERT',
        ...alertMessage(alert),
        link: { kind: 'ASSET', symbol: alert.symbol, assetType: alert.assetType, orderId: null },
        key: `price-alert:${firing.alertId}:${firing.crossing}`,
        alert,
      });
      await this.deps.repo.delivered(firing.alertId, firing.crossing, this.deps.now());
      return true;
    } catch (err) {
      this.deps.log.warn({ err, alertId: firing.alertId, crossing: firing.crossing }, 'alerts: delivery failed (retried by the sweep)');
      return false;
    }
  }

  /** Delivers every crossing not delivered yet; returns how many were delivered. */
  sweep(): Promise<number> {
    if (this.sweeping) return this.sweeping;
    const run = (async () => {
      let delivered = 0;
      for (const firing of await this.deps.repo.pending(200)) if (await this.deliver(firing)) delivered++;
      return delivered;
    })()
      .catch((err: unknown) => {
        this.deps.log.warn({ err }, 'alerts: delivery sweep failed');
        return 0;
      })
      .finally(() => {
        this.sweeping = null;
      });
    this.sweeping = run;
    return run;
  }
}
