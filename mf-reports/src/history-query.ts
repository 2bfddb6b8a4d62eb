// The transaction history's state in the URL, so a filtered page can be shared, reloaded and
// walked with the browser's back button: the filters, the page's cursor, the cursors of the pages
// before it (for "previous"), and the row whose details are open.
import type { TransactionFilterQuery } from '@pasar/shared';

export const FILTER_KEYS = ['product', 'type', 'status', 'from', 'to', 'symbol'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

export interface HistoryQuery {
  readonly filters: TransactionFilterQuery;
  /** The cursor of the page shown (null: the first page). */
  readonly cursor: string | null;
  /** The cursors of the pages before it, oldest first ("" is the first page). */
  readonly trail: readonly string[];
  /** The row whose details are shown. */
  readonly detail: string | null;
}

const TRAIL_SEPARATOR = '~';

export function readHistoryQuery(params: URLSearchParams): HistoryQuery {
  const filters: Partial<Record<FilterKey, string>> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  const trail = params.get('trail');
  return {
    filters: filters as TransactionFilterQuery,
    cursor: params.get('cursor') || null,
    trail: trail === null ? [] : trail.split(TRAIL_SEPARATOR),
    detail: params.get('id') || null,
  };
}

export function writeHistoryQuery(query: HistoryQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = query.filters[key];
    if (value) params.set(key, value);
  }
  if (query.cursor) params.set('cursor', query.cursor);
  if (query.trail.length > 0) params.set('trail', query.trail.join(TRAIL_SEPARATOR));
  if (query.detail) params.set('id', query.detail);
  return params;
}

/** New filters start again at the first page. */
export const firstPageOf = (filters: TransactionFilterQuery): HistoryQuery => ({ filters, cursor: null, trail: [], detail: null });

/** The page after this one. */
export const nextPage = (query: HistoryQuery, nextCursor: string): HistoryQuery => ({ ...query, cursor: nextCursor, trail: [...query.trail, query.cursor ?? ''], detail: null });

/** The page before this one (the first page stays the first). */
export function previousPage(query: HistoryQuery): HistoryQuery {
  if (query.trail.length === 0) return { ...query, cursor: null, detail: null };
  const back = query.trail[query.trail.length - 1]!;
  return { ...query, cursor: back || null, trail: query.trail.slice(0, -1), detail: null };
}

export const hasFilters = (query: HistoryQuery): boolean => FILTER_KEYS.some((key) => Boolean(query.filters[key]));
