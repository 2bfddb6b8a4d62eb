// Watchlists: the user's custom lists (create, rename, delete, add and remove symbols of every
// market, reorder) within configurable limits (1158), the predefined lists built from market data
// (guests too), and the asset suggestion (1156 already sent, 1157 invalid or over the limit).
// Symbols are validated through the market registry (`app.market`): every listed instrument of
// every market, and markets that land later on their own.
import { randomUUID } from 'node:crypto';
import {
  PREDEFINED_WATCHLIST_SIZE,
  PREDEFINED_WATCHLISTS,
  type AssetSuggestion,
  type AssetSuggestionRequest,
  type AssetType,
  type Instrument,
  type PredefinedWatchlist,
  type PredefinedWatchlistKind,
  type Ticker,
  type Watchlist,
  type WatchlistItem,
  type WatchlistLimits,
  type WatchlistsResponse,
} from '@pasar/shared/contract';
import { AppError } from '../../http/app-error';
import type { WatchlistRepo, WatchlistWithItems } from './repo';
import type { AssetSuggestionRow } from './tables';

/** What the service reads of the market registry and data. */
export interface WatchlistMarket {
  instrument(symbol: string): Instrument | undefined;
  instruments(): readonly Instrument[];
  ticker(symbol: string): Ticker;
}

export interface WatchlistServiceDeps {
  readonly repo: WatchlistRepo;
  readonly market: WatchlistMarket;
  readonly limits: WatchlistLimits;
  /** Asset suggestions a user may send (1157 beyond). */
  readonly maxSuggestionsPerUser: number;
  readonly now: () => Date;
}

/** How long a snapshot of the predefined lists serves (wall clock). */
const PREDEFINED_TTL_MS = 15_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('003');
const badSymbol = (symbol: string) => new AppError('002', { details: [{ path: 'symbol', message: `${symbol} is not a listed symbol` }] });

/** A name compared case- and space-insensitively ("solana ", "SOLANA" are one). */
export const suggestionKey = (name: string): string => name.trim().toLowerCase().replace(/\s+/g, ' ');

export function createWatchlistService(deps: WatchlistServiceDeps) {
  const { repo, market, limits } = deps;

  function itemOf(symbol: string, addedAt: Date): WatchlistItem | null {
    const inst = market.instrument(symbol);
    if (!inst) return null; // delisted since: not shown
    return { symbol: inst.symbol, assetType: inst.assetType, assetId: inst.id, name: inst.name, addedAt: addedAt.toISOString() };
  }

  function view({ list, items }: WatchlistWithItems): Watchlist {
    return {
      id: list.id,
      name: list.name,
      items: items.map((i) => itemOf(i.symbol, i.addedAt)).filter((i): i is WatchlistItem => i !== null),
      createdAt: list.createdAt.toISOString(),
      updatedAt: list.updatedAt.toISOString(),
    };
  }

  /** The listed symbol as the registry spells it; 002 otherwise. */
  function listed(symbol: string): string {
    const inst = market.instrument(symbol);
    if (!inst) throw badSymbol(symbol);
    return inst.symbol;
  }

  async function one(userId: string, id: string): Promise<Watchlist> {
    const found = UUID.test(id) ? await repo.one(userId, id) : null;
    if (!found) throw notFound();
    return view(found);
  }

  const snapshots = new Map<AssetType, { at: number; lists: PredefinedWatchlist[] }>();
  function predefinedOf(type: AssetType): PredefinedWatchlist[] {
    const cached = snapshots.get(type);
    const wall = Date.now();
    if (cached && wall - cached.at < PREDEFINED_TTL_MS) return cached.lists;
    const rows = market
      .instruments()
      .filter((inst) => inst.assetType === type)
      .map((inst) => {
        const t = market.ticker(inst.symbol);
        return { inst, change: Number(t.changePercent24h), turnover: Number(t.price) * Number(t.volume24h) };
      });
    type Row = (typeof rows)[number];
    const bySymbol = (a: Row, b: Row) => a.inst.symbol.localeCompare(b.inst.symbol);
    const pick = (kind: PredefinedWatchlistKind): Row[] => {
      if (kind === 'TOP_GAINERS') return rows.filter((r) => r.change > 0).sort((a, b) => b.change - a.change || bySymbol(a, b));
      if (kind === 'TOP_LOSERS') return rows.filter((r) => r.change < 0).sort((a, b) => a.change - b.change || bySymbol(a, b));
      if (kind === 'MOST_TRADED') return [...rows].sort((a, b) => b.turnover - a.turnover || bySymbol(a, b));
      return [...rows].sort((a, b) => b.inst.listedSince.localeCompare(a.inst.listedSince) || bySymbol(a, b));
    };
    const lists = PREDEFINED_WATCHLISTS.map((kind) => ({
      kind,
      assetType: type,
      items: pick(kind)
        .slice(0, PREDEFINED_WATCHLIST_SIZE)
        .map(({ inst }) => ({ symbol: inst.symbol, assetType: inst.assetType, assetId: inst.id, name: inst.name })),
    }));
    snapshots.set(type, { at: wall, lists });
    return lists;
  }

  async function all(userId: string): Promise<WatchlistsResponse> {
    return { items: (await repo.all(userId)).map(view), limits };
  }

  return {
    all,
    one,

    async create(userId: string, name: string, symbols: readonly string[] = []): Promise<Watchlist> {
      const unique = [...new Set(symbols.map(listed))];
      if (unique.length > limits.maxSymbolsPerWatchlist) throw new AppError('1158', { details: [{ path: 'symbols', message: `at most ${limits.maxSymbolsPerWatchlist} symbols` }] });
      const at = deps.now();
      const id = randomUUID();
      const created = await repo.create({ id, userId, name, position: 0, createdAt: at, updatedAt: at }, unique, limits.maxWatchlists);
      if (!created) throw new AppError('1158', { details: [{ path: 'name', message: `at most ${limits.maxWatchlists} watchlists` }] });
      return one(userId, id);
    },

    async rename(userId: string, id: string, name: string): Promise<Watchlist> {
      if (!UUID.test(id) || !(await repo.rename(userId, id, name, deps.now()))) throw notFound();
      return one(userId, id);
    },

    async remove(userId: string, id: string): Promise<{ deleted: true }> {
      if (!UUID.test(id) || !(await repo.remove(userId, id))) throw notFound();
      return { deleted: true };
    },

    async addSymbol(userId: string, id: string, symbol: string): Promise<Watchlist> {
      if (!UUID.test(id)) throw notFound();
      // An unknown list answers 404 before the symbol is judged: nothing about another's list shows.
      if (!(await repo.one(userId, id))) throw notFound();
      const outcome = await repo.addSymbol(userId, id, listed(symbol), limits.maxSymbolsPerWatchlist, deps.now());
      if (outcome === 'missing') throw notFound();
      if (outcome === 'full') throw new AppError('1158', { details: [{ path: 'symbol', message: `at most ${limits.maxSymbolsPerWatchlist} symbols per watchlist` }] });
      return one(userId, id);
    },

    async removeSymbol(userId: string, id: string, symbol: string): Promise<Watchlist> {
      if (!UUID.test(id) || !(await repo.removeSymbol(userId, id, symbol.toUpperCase(), deps.now()))) throw notFound();
      return one(userId, id);
    },

    async reorderSymbols(userId: string, id: string, symbols: readonly string[]): Promise<Watchlist> {
      if (!UUID.test(id)) throw notFound();
      const outcome = await repo.reorderSymbols(userId, id, symbols, deps.now());
      if (outcome === 'missing') throw notFound();
      if (outcome === 'mismatch') throw new AppError('002', { details: [{ path: 'symbols', message: "must name each of the list's symbols once" }] });
      return one(userId, id);
    },

    async reorderLists(userId: string, ids: readonly string[]): Promise<WatchlistsResponse> {
      // An id that is not one of the user's lists answers 404, as on every other route: nothing about another's list shows.
      const outcome = await repo.reorderLists(userId, ids);
      if (outcome === 'missing') throw notFound();
      if (outcome === 'mismatch') throw new AppError('002', { details: [{ path: 'ids', message: 'must name each of your watchlists once' }] });
      return all(userId);
    },

    /**
     * Top gainers, top losers, most traded (24 h turnover) and new listings of each market (or one),
     * from one snapshot of the market's tickers kept for PREDEFINED_TTL_MS (many guests, one computation).
     */
    predefined(assetType?: AssetType): { items: PredefinedWatchlist[] } {
      const types = assetType ? [assetType] : [...new Set(market.instruments().map((i) => i.assetType))];
      return { items: types.flatMap((type) => predefinedOf(type)) };
    },

    async suggest(userId: string, body: AssetSuggestionRequest): Promise<AssetSuggestion> {
      const key = suggestionKey(body.name);
      const already = market
        .instruments()
        .some((i) => suggestionKey(i.symbol) === key || suggestionKey(i.shortName) === key || suggestionKey(i.name) === key);
      if (already) throw new AppError('1157', { details: [{ path: 'name', message: 'this asset is already listed' }] });
      const row: AssetSuggestionRow = {
        id: randomUUID(),
        userId,
        name: body.name.trim(),
        nameKey: key,
        assetType: body.assetType ?? null,
        note: body.note?.trim() || null,
        createdAt: deps.now(),
      };
      const saved = await repo.suggest(row, deps.maxSuggestionsPerUser);
      if (saved === 'duplicate') throw new AppError('1156');
      if (saved === 'over') throw new AppError('1157', { details: [{ path: 'name', message: `at most ${deps.maxSuggestionsPerUser} suggestions` }] });
      return suggestionView(saved);
    },

    async suggestions(limit = 200): Promise<(AssetSuggestion & { askers: number })[]> {
      return (await repo.suggestions(limit)).map((r) => ({ ...suggestionView(r), askers: r.askers }));
    },
  };
}

function suggestionView(row: AssetSuggestionRow): AssetSuggestion {
  return { id: row.id, name: row.name, assetType: (row.assetType as AssetType | null) ?? null, note: row.note, createdAt: row.createdAt.toISOString() };
}

export type WatchlistService = ReturnType<typeof createWatchlistService>;
