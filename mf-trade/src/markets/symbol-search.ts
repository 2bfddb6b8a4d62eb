// Symbol search across every market: matches a query against symbols and names of the instrument
// list and groups the hits by market, best matches first.
import type { Instrument } from '../market/types';
import { marketOfKind, type TradeMarket } from './trade-market';

export interface SearchHit {
  symbol: string;
  name: string;
  icon: string;
  market: TradeMarket;
  /** Indices are charted, not traded: they open their asset page. */
  index: boolean;
  id: number;
}

export interface SearchGroup {
  market: TradeMarket;
  hits: SearchHit[];
}

/** Markets in the order their groups are listed. */
export const SEARCH_MARKET_ORDER: readonly TradeMarket[] = ['crypto', 'perps', 'usstock', 'idss'];

/** 0 exact symbol or code, 1 symbol prefix, 2 name or word prefix, 3 symbol contains, 4 name contains; null: no match. */
function rank(instrument: Instrument, query: string): number | null {
  const symbol = instrument.symbol.toUpperCase();
  const short = instrument.shortName.toUpperCase();
  const name = instrument.name.toUpperCase();
  if (symbol === query || short === query) return 0;
  if (symbol.startsWith(query)) return 1;
  if (name.startsWith(query) || name.includes(` ${query}`)) return 2;
  if (symbol.includes(query)) return 3;
  if (name.includes(query)) return 4;
  return null;
}

/**
 * Hits for a query, grouped by market (crypto, perps, US stocks and indices, IDX), at most
 * `perGroup` each. An empty query lists the first symbols of every market, so the box browses too.
 */
export function searchSymbols(instruments: readonly Instrument[], rawQuery: string, perGroup = 6): SearchGroup[] {
  const query = rawQuery.trim().toUpperCase();
  const ranked = new Map<TradeMarket, { hit: SearchHit; score: number; order: number }[]>();
  instruments.forEach((instrument, order) => {
    const score = query ? rank(instrument, query) : 0;
    if (score === null) return;
    const market = marketOfKind(instrument.kind);
    const list = ranked.get(market) ?? [];
    list.push({
      hit: {
        symbol: instrument.symbol,
        name: instrument.name,
        icon: instrument.icon,
        market,
        index: instrument.kind === 'usindex',
        id: instrument.id,
      },
      score,
      order,
    });
    ranked.set(market, list);
  });
  return SEARCH_MARKET_ORDER.flatMap((market) => {
    const list = ranked.get(market);
    if (!list?.length) return [];
    list.sort((a, b) => a.score - b.score || a.order - b.order);
    return [{ market, hits: list.slice(0, perGroup).map((item) => item.hit) }];
  });
}

/** Where a hit leads: the trade page, or an index's asset page. */
export const hitLocation = (hit: SearchHit) =>
  hit.index
    ? { pathname: `/asset/usindex/${encodeURIComponent(hit.symbol)}/${hit.id}`, search: '' }
    : { pathname: '/trade', search: `?${new URLSearchParams({ ticker: hit.symbol })}` };
