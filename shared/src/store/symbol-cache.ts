// The symbol-info cache (§3 "Symbol info", §4 states): one call builds a lookup by ticker and
// by category-prefixed id; it lives 10 minutes, then the next read loads it again.
import type { SymbolCacheState } from '../contract/enums';
import { SYMBOL_CACHE_TTL_MS } from '../format/constants';
import { toIdrSymbol, withPerpMarker } from '../symbols/symbol-names';
import type {
  CryptoSymbolInfo,
  IdssSymbolInfo,
  PerpSymbolInfo,
  SymbolCategory,
  SymbolInfoResponse,
  UsStockSymbolInfo,
} from '../contract/symbol-info';

interface EntryBase {
  /** "CRYPTO:12". */
  key: string;
  id: string;
  /** The symbol the app trades and charts: "BTC-IDR", "BTCUSDT-PERP", "AAPL", "BBCA". */
  ticker: string;
  name: string;
  icon: string;
  /** Price decimals where the market states them. */
  pricePrecision: number | null;
}

export type SymbolEntry =
  | (EntryBase & { category: 'CRYPTO'; info: CryptoSymbolInfo })
  | (EntryBase & { category: 'CRYPTO_FUTURES'; info: PerpSymbolInfo })
  | (EntryBase & { category: 'USSTOCK'; info: UsStockSymbolInfo })
  | (EntryBase & { category: 'IDSS'; info: IdssSymbolInfo });

export const symbolCacheKey = (category: SymbolCategory, id: string | number): string => `${category}:${id}`;

const normalize = (key: string): string => key.trim().toUpperCase();

/** Every entry of a response, in lookup precedence: crypto, perp, US stock, IDX stock. */
export function buildSymbolEntries(response: SymbolInfoResponse): SymbolEntry[] {
  const entries: SymbolEntry[] = [];
  for (const info of response.crypto) {
    const id = String(info.id);
    entries.push({
      category: 'CRYPTO',
      key: symbolCacheKey('CRYPTO', id),
      id,
      // Crypto is charted as short ticker plus -IDR (§7 Charts).
      ticker: toIdrSymbol(info.shortName),
      name: info.name,
      icon: info.icon,
      pricePrecision: info.pricePrecision,
      info,
    });
  }
  for (const info of response.perp) {
    const id = String(info.id);
    const fps = info.fps.toUpperCase();
    entries.push({
      category: 'CRYPTO_FUTURES',
      key: symbolCacheKey('CRYPTO_FUTURES', id),
      id,
      ticker: withPerpMarker(fps),
      name: info.n,
      icon: info.i,
      pricePrecision: info.pp,
      info,
    });
  }
  for (const info of response.palnStock) {
    const id = String(info.id);
    entries.push({
      category: 'USSTOCK',
      key: symbolCacheKey('USSTOCK', id),
      id,
      ticker: info.cc.toUpperCase(),
      name: info.na,
      icon: info.ai,
      pricePrecision: null,
      info,
    });
  }
  for (const info of response.idssStock) {
    const id = String(info.id);
    entries.push({
      category: 'IDSS',
      key: symbolCacheKey('IDSS', id),
      id,
      ticker: info.code.toUpperCase(),
      name: info.name,
      icon: info.icon,
      pricePrecision: null,
      info,
    });
  }
  return entries;
}

/** Other names an entry answers to: the crypto pair as sent ("BTCIDR") and the perp pair symbol. */
function aliasesOf(entry: SymbolEntry): string[] {
  if (entry.category === 'CRYPTO') return [entry.info.symbol];
  if (entry.category === 'CRYPTO_FUTURES') return [entry.info.fps];
  return [];
}

export interface SymbolCacheLogger {
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

export interface SymbolCacheOptions {
  load: () => Promise<SymbolInfoResponse>;
  /** Clock, injectable for tests. */
  now?: () => number;
  ttlMs?: number;
  logger?: SymbolCacheLogger;
}

export interface SymbolCache {
  /** Current state; an Available cache older than the lifetime reads as CacheInvalidated. */
  getState(): SymbolCacheState;
  /** Loads unless a fresh copy is cached; concurrent callers share one request. True when Available. */
  ensureLoaded(): Promise<boolean>;
  /** By ticker ("BTC-IDR", "AAPL") or prefixed id ("USSTOCK:7"), case-insensitive; loads if needed. */
  lookup(key: string, category?: SymbolCategory): Promise<SymbolEntry | undefined>;
  /** As lookup, from what is cached now, without loading. */
  peek(key: string, category?: SymbolCategory): SymbolEntry | undefined;
  /** The ticker of a symbol or prefixed id; an unresolvable one is logged and returned unchanged (§8). */
  resolveTicker(symbolOrKey: string): Promise<string>;
  /** The last response (market status and calendar live there too). */
  getResponse(): SymbolInfoResponse | null;
  entries(): readonly SymbolEntry[];
  /** Marks the cache stale: the next read reloads. */
  invalidate(): void;
  subscribe(listener: (state: SymbolCacheState) => void): () => void;
}

export function createSymbolCache(options: SymbolCacheOptions): SymbolCache {
  const now = options.now ?? Date.now;
  const ttl = options.ttlMs ?? SYMBOL_CACHE_TTL_MS;
  const logger: SymbolCacheLogger = options.logger ?? console;
  const listeners = new Set<(state: SymbolCacheState) => void>();

  let state: SymbolCacheState = 'Loading';
  let loadedAt = 0;
  let inFlight: Promise<boolean> | null = null;
  let response: SymbolInfoResponse | null = null;
  let list: SymbolEntry[] = [];
  let byKey = new Map<string, SymbolEntry>();
  let byTicker = new Map<string, SymbolEntry[]>();

  function setState(next: SymbolCacheState) {
    if (next === state) return;
    state = next;
    for (const listener of [...listeners]) listener(state);
  }

  function index(entries: SymbolEntry[]) {
    const keys = new Map<string, SymbolEntry>();
    const tickers = new Map<string, SymbolEntry[]>();
    for (const entry of entries) {
      keys.set(normalize(entry.key), entry);
      for (const name of new Set([entry.ticker, ...aliasesOf(entry)].map(normalize))) {
        const same = tickers.get(name);
        if (same) same.push(entry);
        else tickers.set(name, [entry]);
      }
    }
    list = entries;
    byKey = keys;
    byTicker = tickers;
  }

  function currentState(): SymbolCacheState {
    if (state === 'Available' && now() - loadedAt >= ttl) setState('CacheInvalidated');
    return state;
  }

  async function load(): Promise<boolean> {
    setState('Loading');
    try {
      const next = await options.load();
      if (!next.success) throw new Error('symbol info answered success: false');
      response = next;
      index(buildSymbolEntries(next));
      loadedAt = now();
      setState('Available');
      return true;
    } catch (error) {
      // Earlier entries stay readable: a stale name beats a raw id on screen.
      logger.error('[symbol-cache] loading symbol info failed', error);
      setState('Failed');
      return false;
    }
  }

  function peek(key: string, category?: SymbolCategory): SymbolEntry | undefined {
    const normalized = normalize(key);
    const byId = byKey.get(normalized);
    if (byId && (!category || byId.category === category)) return byId;
    const candidates = byTicker.get(normalized);
    return category ? candidates?.find((entry) => entry.category === category) : candidates?.[0];
  }

  const cache: SymbolCache = {
    getState: currentState,
    ensureLoaded() {
      if (currentState() === 'Available') return Promise.resolve(true);
      if (!inFlight) {
        inFlight = load().finally(() => {
          inFlight = null;
        });
      }
      return inFlight;
    },
    async lookup(key, category) {
      await cache.ensureLoaded();
      return peek(key, category);
    },
    peek,
    async resolveTicker(symbolOrKey) {
      const entry = await cache.lookup(symbolOrKey);
      if (entry) return entry.ticker;
      logger.warn('[symbol-cache] unresolvable symbol, keeping it as is', symbolOrKey);
      return symbolOrKey;
    },
    getResponse: () => response,
    entries: () => list,
    invalidate() {
      if (state === 'Available') setState('CacheInvalidated');
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return cache;
}
