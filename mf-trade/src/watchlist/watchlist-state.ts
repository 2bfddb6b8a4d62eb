// The signed-in user's custom watchlists, shared by the Watchlist view and the header's star (one
// load, one truth): every change answers the list as the server now has it, which replaces ours.
import { api, appStore } from '@pasar/shared';
import { createWatchlistsClient, type WatchlistsClient } from '@pasar/shared/alerts-client';
import type { Watchlist, WatchlistLimits } from '@pasar/shared';
import { create } from 'zustand';

export interface WatchlistState {
  lists: Watchlist[] | null;
  limits: WatchlistLimits | null;
  error: unknown;
  /** The list the view shows (an id of `lists`). */
  selectedId: string | null;
}

export const watchlistStore = create<WatchlistState>(() => ({ lists: null, limits: null, error: undefined, selectedId: null }));

let client: WatchlistsClient = createWatchlistsClient(api);
/** Tests bind another client. */
export const setWatchlistsClient = (next: WatchlistsClient): void => {
  client = next;
};
export const watchlists = (): WatchlistsClient => client;

let loading: Promise<void> | null = null;

/** Loads the lists once (again with `force`); a failure is kept for the view to show. */
export function loadWatchlists(force = false): Promise<void> {
  if (loading && !force) return loading;
  loading = client.watchlists().then(
    (answer) => {
      const selected = watchlistStore.getState().selectedId;
      watchlistStore.setState({
        lists: answer.items,
        limits: answer.limits,
        error: undefined,
        selectedId: answer.items.some((list) => list.id === selected) ? selected : (answer.items[0]?.id ?? null),
      });
    },
    (error: unknown) => {
      loading = null;
      watchlistStore.setState({ error });
    },
  );
  return loading;
}

/** Puts the server's answer for one list in place (a new list is appended and selected). */
export function putList(list: Watchlist, select = false): void {
  const { lists, selectedId } = watchlistStore.getState();
  const current = lists ?? [];
  const known = current.some((l) => l.id === list.id);
  watchlistStore.setState({
    lists: known ? current.map((l) => (l.id === list.id ? list : l)) : [...current, list],
    selectedId: select || selectedId === null ? list.id : selectedId,
  });
}

/** The lists in a new order (the user's move, or the server's answer to it); the chosen one stays chosen. */
export function putLists(lists: readonly Watchlist[]): void {
  watchlistStore.setState({ lists: [...lists] });
}

export function dropList(id: string): void {
  const lists = (watchlistStore.getState().lists ?? []).filter((l) => l.id !== id);
  const selectedId = watchlistStore.getState().selectedId;
  watchlistStore.setState({ lists, selectedId: selectedId === id ? (lists[0]?.id ?? null) : selectedId });
}

/** Forgets everything (a logout). */
export function resetWatchlists(): void {
  loading = null;
  watchlistStore.setState({ lists: null, limits: null, error: undefined, selectedId: null });
}

/** The lists holding `symbol`. */
export const listsWith = (lists: readonly Watchlist[] | null, symbol: string): Watchlist[] =>
  (lists ?? []).filter((list) => list.items.some((item) => item.symbol === symbol));

/** `symbols` with the one at `from` moved by `delta` places (clamped); the same array when it cannot move. */
export function moved<T>(items: readonly T[], from: number, delta: -1 | 1): readonly T[] {
  const to = from + delta;
  if (from < 0 || to < 0 || to >= items.length) return items;
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

// A logout (or another person signing in) forgets the previous person's lists.
let signedInAs = appStore.getState().auth.accessToken !== null;
appStore.subscribe((state) => {
  const now = state.auth.accessToken !== null;
  const loggedOut = signedInAs && !now;
  signedInAs = now;
  if (loggedOut) resetWatchlists();
});
