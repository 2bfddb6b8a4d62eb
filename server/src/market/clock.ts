// The market clock: the one "now" of market data and trading (`app.market.now()`). In production
// it is the wall clock and cannot be changed. In development and tests an operator (or a test)
// can set it to an instant — from then on it either runs on from there at the wall clock's pace,
// or stays frozen at it — and clear it again, so a journey can put the US market at 12:59 New
// York on an early-close day and let it reach the 13:00 close without waiting for the calendar.
//
// A setting is stored (so an instance started later picks it up: `load()`) and announced over
// pub/sub by the market module (other instances then `reload()` it from the store). A running setting is "the instant
// `at`, which the wall clock read `setAt`": every instance computes at + (wall − setAt) and so
// agrees as closely as the machines' wall clocks do.

export interface ClockSetting {
  /** Epoch ms the clock was set to. */
  readonly at: number;
  /** The wall clock (epoch ms) when it was set: a running clock has moved on by wall − setAt. */
  readonly setAt: number;
  /** Frozen: now() stays at `at`. */
  readonly frozen: boolean;
}

/** Where a setting is kept between instances and restarts (the market clock table). */
export interface ClockStore {
  load(): Promise<ClockSetting | null>;
  save(setting: ClockSetting | null): Promise<void>;
}

export type ClockListener = (setting: ClockSetting | null, origin: 'local' | 'remote') => void;

/** Anything that tells the time in epoch ms (a MarketClock, or a test's fixed clock). */
export interface Clock {
  now(): number;
}

export class ClockLockedError extends Error {
  constructor() {
    super('the market clock follows the wall clock in production and cannot be set');
  }
}

export interface MarketClockOptions {
  /** The wall clock (default Date.now). */
  readonly wall?: () => number;
  /** Whether the clock may be set (development and tests); false in production. */
  readonly adjustable: boolean;
  readonly store?: ClockStore;
}

export class MarketClock implements Clock {
  private current: ClockSetting | null = null;
  private readonly listeners = new Set<ClockListener>();
  private readonly wall: () => number;
  readonly adjustable: boolean;
  private readonly store: ClockStore | undefined;

  constructor(options: MarketClockOptions) {
    this.wall = options.wall ?? Date.now;
    this.adjustable = options.adjustable;
    this.store = options.store;
  }

  /** The market's current instant, epoch ms. */
  now(): number {
    const s = this.current;
    if (!s) return this.wall();
    return s.frozen ? s.at : s.at + (this.wall() - s.setAt);
  }

  /** The setting in force (null: the wall clock). */
  setting(): ClockSetting | null {
    return this.current;
  }

  /** Reads the stored setting (at start). A production clock ignores any stored setting. */
  async load(): Promise<void> {
    if (!this.adjustable || !this.store) return;
    this.current = await this.store.load();
  }

  /** Sets the clock to `at` (running on from there, or frozen); stored, then announced. */
  async set(at: number, options: { frozen?: boolean } = {}): Promise<ClockSetting> {
    if (!this.adjustable) throw new ClockLockedError();
    if (!Number.isFinite(at)) throw new RangeError(`clock instant must be a finite epoch ms, got ${at}`);
    const setting: ClockSetting = { at, setAt: this.wall(), frozen: options.frozen === true };
    await this.store?.save(setting);
    this.current = setting;
    this.emit(setting, 'local');
    return setting;
  }

  /** Back to the wall clock; stored, then announced. */
  async clear(): Promise<void> {
    if (!this.adjustable) throw new ClockLockedError();
    await this.store?.save(null);
    this.current = null;
    this.emit(null, 'local');
  }

  /** Another instance changed the setting: re-reads the stored one (the truth) and announces it. */
  async reload(): Promise<void> {
    if (!this.adjustable || !this.store) return;
    this.current = await this.store.load();
    this.emit(this.current, 'remote');
  }

  /** Hear the clock being set or cleared (here: 'local', or from another instance: 'remote'). */
  onChange(listener: ClockListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(setting: ClockSetting | null, origin: 'local' | 'remote'): void {
    for (const listener of this.listeners) {
      try {
        listener(setting, origin);
      } catch {
        // A listener's failure is its own (the market module logs its own errors).
      }
    }
  }
}

/** A clock that is the wall clock and nothing else (tools, benchmarks). */
export const wallClock: Clock = { now: () => Date.now() };

