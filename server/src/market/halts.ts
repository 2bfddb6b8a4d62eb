// Trading halts as the market sees them: the database is the truth (several instances share it);
// each instance keeps an in-memory copy, refreshed at most every MARKET_HALT_CACHE_MS and at once
// after its own changes, so the synchronous market calls (tickers polled every tick) can read it.
// Listeners hear every change this instance makes or notices (the stream hub forwards them).
import { sql } from 'drizzle-orm';
import type { PasarDb } from '../db/database';

/** An open halt as the `market_halts` table (migration 0004) stores it. */
export interface HaltRow {
  readonly symbol: string;
  readonly title: string;
  readonly description: string;
  readonly haltedAt: Date;
}

export interface HaltsRepo {
  openHalts(): Promise<HaltRow[]>;
  /** Opens a halt at `at` (default the database's now); an already halted symbol keeps its halt with the new reason. */
  halt(symbol: string, title: string, description: string, at?: Date): Promise<HaltRow>;
  /** Closes the open halt; false when the symbol was not halted. */
  resume(symbol: string): Promise<boolean>;
}

export interface HaltState {
  readonly symbol: string;
  readonly title: string;
  readonly description: string;
  /** Epoch ms. */
  readonly haltedAt: number;
}

export interface HaltChange {
  readonly symbol: string;
  readonly halted: boolean;
  readonly halt: HaltState | null;
}

export type HaltListener = (change: HaltChange) => void;

export class HaltRegistry {
  private current = new Map<string, HaltState>();
  private loadedAt = 0;
  private loading: Promise<void> | null = null;
  private readonly listeners = new Set<HaltListener>();

  constructor(
    private readonly repo: HaltsRepo,
    private readonly cacheMs: number,
    private readonly now: () => number = Date.now,
    private readonly onError: (error: unknown) => void = () => undefined,
    /** The market clock: a halt begins at its instant (the cache's age is wall time, `now`). */
    private readonly marketNow: () => number = now,
  ) {}

  /** The halt of a symbol from the in-memory copy (refreshed in the background when stale). */
  get(symbol: string): HaltState | undefined {
    this.refreshIfStale();
    return this.current.get(symbol);
  }

  isHalted(symbol: string): boolean {
    return this.get(symbol) !== undefined;
  }

  list(): HaltState[] {
    this.refreshIfStale();
    return [...this.current.values()];
  }

  onChange(listener: HaltListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reads the table now (awaited at start and by the read calls that must be exact). */
  async refresh(): Promise<void> {
    if (!this.loading) {
      this.loading = (async () => {
        try {
          const rows = await this.repo.openHalts();
          this.replace(rows.map(toState));
          this.loadedAt = this.now();
        } finally {
          this.loading = null;
        }
      })();
    }
    return this.loading;
  }

  /** Fresh within the cache window: awaits a reload only when stale. */
  async fresh(): Promise<void> {
    if (this.now() - this.loadedAt >= this.cacheMs) await this.refresh();
  }

  async halt(symbol: string, title: string, description: string): Promise<HaltState> {
    const row = await this.repo.halt(symbol, title, description, new Date(this.marketNow()));
    const state = toState(row);
    this.put(state);
    return state;
  }

  async resume(symbol: string): Promise<boolean> {
    const resumed = await this.repo.resume(symbol);
    this.drop(symbol);
    return resumed;
  }

  /*
   * The in-memory copy changes only through put and drop, and a listener hears a change only when
   * the copy changed: a background refresh that read the table just after this instance's own halt
   * (PostgreSQL: another connection) has already put it, and the halt's own put is then silent.
   */
  private put(state: HaltState): void {
    const old = this.current.get(state.symbol);
    this.current.set(state.symbol, state);
    if (!old || old.title !== state.title || old.description !== state.description) this.emit({ symbol: state.symbol, halted: true, halt: state });
  }

  private drop(symbol: string): void {
    if (this.current.delete(symbol)) this.emit({ symbol, halted: false, halt: null });
  }

  private refreshIfStale(): void {
    if (this.now() - this.loadedAt >= this.cacheMs && !this.loading) {
      this.refresh().catch(this.onError);
    }
  }

  private replace(next: HaltState[]): void {
    const after = new Set(next.map((h) => h.symbol));
    for (const symbol of [...this.current.keys()]) if (!after.has(symbol)) this.drop(symbol);
    for (const h of next) this.put(h);
  }

  private emit(change: HaltChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}

function toState(row: HaltRow): HaltState {
  return { symbol: row.symbol, title: row.title, description: row.description, haltedAt: row.haltedAt.getTime() };
}

const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/** The `market_halts` table: the halts are the market's own state, so the core reads them. */
export function createHaltsRepo(db: PasarDb): HaltsRepo {
  const mapHalt = (r: Record<string, unknown>): HaltRow => ({
    symbol: String(r.symbol),
    title: String(r.title),
    description: String(r.description),
    haltedAt: toDate(r.halted_at),
  });
  return {
    async openHalts() {
      const result = await db.execute<Record<string, unknown>>(
        sql`select symbol, title, description, halted_at from market_halts where resumed_at is null order by symbol`,
      );
      return result.rows.map(mapHalt);
    },
    async halt(symbol, title, description, at) {
      const result = await db.execute<Record<string, unknown>>(sql`
        insert into market_halts (symbol, title, description, halted_at)
        values (${symbol}, ${title}, ${description}, coalesce(${at?.toISOString() ?? null}::timestamptz, now()))
        on conflict (symbol) where resumed_at is null
        do update set title = excluded.title, description = excluded.description
        returning symbol, title, description, halted_at`);
      return mapHalt(result.rows[0]!);
    },
    async resume(symbol) {
      const result = await db.execute<Record<string, unknown>>(
        sql`update market_halts set resumed_at = now() where symbol = ${symbol} and resumed_at is null returning id`,
      );
      return result.rows.length > 0;
    },
  };
}
