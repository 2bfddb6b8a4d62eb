// Trading halts as the market sees them: the database is the truth (several instances share it);
// each instance keeps an in-memory copy, refreshed at most every MARKET_HALT_CACHE_MS and at once
// after its own changes, so the synchronous market calls (tickers polled every tick) can read it.
// Listeners hear every change this instance makes or notices (the stream hub forwards them).
import type { HaltsRepo, HaltRow } from '../modules/market/repo';

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
    const row = await this.repo.halt(symbol, title, description);
    const state = toState(row);
    this.current.set(symbol, state);
    this.emit({ symbol, halted: true, halt: state });
    return state;
  }

  async resume(symbol: string): Promise<boolean> {
    const resumed = await this.repo.resume(symbol);
    if (this.current.delete(symbol) || resumed) this.emit({ symbol, halted: false, halt: null });
    return resumed;
  }

  private refreshIfStale(): void {
    if (this.now() - this.loadedAt >= this.cacheMs && !this.loading) {
      this.refresh().catch(this.onError);
    }
  }

  private replace(next: HaltState[]): void {
    const before = this.current;
    const after = new Map(next.map((h) => [h.symbol, h]));
    this.current = after;
    for (const [symbol, h] of after) {
      const old = before.get(symbol);
      if (!old || old.title !== h.title || old.description !== h.description) this.emit({ symbol, halted: true, halt: h });
    }
    for (const symbol of before.keys()) if (!after.has(symbol)) this.emit({ symbol, halted: false, halt: null });
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
