// How a list of orders takes an update: the private stream and the calls that place, amend and
// cancel all answer with whole orders, so one rule keeps every list right whichever comes first.
import type { CryptoOrder, OrderStatus } from '@pasar/shared';

/** Still working on the market: shown under open orders, cancellable and amendable. */
export const isOpenOrder = (order: Pick<CryptoOrder, 'status'>): boolean => isOpenStatus(order.status);
export const isOpenStatus = (status: OrderStatus): boolean => status === 'PENDING' || status === 'PARTIALLY_FILLED';

/** An update older than what the list holds (a late answer after a newer stream message) is dropped. */
export function isNewer(incoming: CryptoOrder, current: CryptoOrder): boolean {
  return Date.parse(incoming.updatedAt) >= Date.parse(current.updatedAt);
}

const byNewest = (a: CryptoOrder, b: CryptoOrder) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? 1 : -1);

/**
 * The list after `incoming`: replaced in place when known (unless stale), added when new, newest
 * first. `keep` decides whether the order belongs in this list at all (open orders drop the
 * closed ones).
 */
export function upsertOrder(list: readonly CryptoOrder[], incoming: CryptoOrder, keep: (order: CryptoOrder) => boolean = () => true): CryptoOrder[] {
  const index = list.findIndex((order) => order.id === incoming.id);
  if (index >= 0 && !isNewer(incoming, list[index]!)) return list as CryptoOrder[];
  const rest = index >= 0 ? [...list.slice(0, index), ...list.slice(index + 1)] : [...list];
  if (!keep(incoming)) return rest;
  return [...rest, incoming].sort(byNewest);
}

/** Fetched history and the orders closed live since, one entry per order (its newest version), newest first. */
export function mergeOrders(...lists: ReadonlyArray<readonly CryptoOrder[]>): CryptoOrder[] {
  const latest = new Map<string, CryptoOrder>();
  for (const list of lists) {
    for (const order of list) {
      const known = latest.get(order.id);
      if (!known || isNewer(order, known)) latest.set(order.id, order);
    }
  }
  return [...latest.values()].sort(byNewest);
}

/**
 * The orders in an answer: placing answers `{ orders }`, amending and cancelling one order (or,
 * for an OCO, both legs). Anything else yields none, and the lists wait for the stream.
 */
export function ordersOf(answer: unknown): CryptoOrder[] {
  if (!answer || typeof answer !== 'object') return [];
  const value = answer as { orders?: unknown; order?: unknown; id?: unknown; status?: unknown };
  if (Array.isArray(value.orders)) return value.orders as CryptoOrder[];
  if (value.order && typeof value.order === 'object') return [value.order as CryptoOrder];
  if (typeof value.id === 'string' && typeof value.status === 'string') return [answer as CryptoOrder];
  return [];
}
