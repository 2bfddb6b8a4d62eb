// Symbol search across every market: matches a query against symbols and names of the instrument
// list and groups the hits by market, best matches first.
import { assetPagePath, isWatchedKind, MARKET_IDS, marketOfKind, type MarketId } from '@pasar/shared';
import type { Instrument } from '../market/types';
import { tradeHomeFor } from './trade-market';

export interface SearchHit {
  symbol: string;
  name: string;
  icon: string;
  market: MarketId;
  /** The asset page of a watched instrument (an index: charted, not traded); null for a tradable one. */
  assetPage: string | null;
  id: number;
}

export interface SearchGroup {
  market: MarketId;
  hits: SearchHit[];
}

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
  const ranked = new Map<MarketId, { hit: SearchHit; score: number; order: number }[]>();
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
        assetPage: isWatchedKind(instrument.kind) ? assetPagePath(instrument.kind, instrument.symbol, instrument.id) : null,
        id: instrument.id,
      },
      score,
      order,
    });
    ranked.set(market, list);
  });
  return MARKET_IDS.flatMap((market) => {
    const list = ranked.get(market);
    if (!list?.length) return [];
    list.sort((a, b) => a.score - b.score || a.order - b.order);
    return [{ market, hits: list.slice(0, perGroup).map((item) => item.hit) }];
  });
}

/** Where a hit leads: the trade page, or an index's asset page. */
export const hitLocation = (hit: SearchHit) =>
  hit.assetPage !== null
    ? { pathname: hit.assetPage, search: '' }
    : tradeHomeFor(hit.symbol);
