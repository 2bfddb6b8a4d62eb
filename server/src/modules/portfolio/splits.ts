// US stock splits as the portfolio sees them: the ledger transfers of kind SPLIT that the US stock
// module's corporate actions post into a holder's share account (the PALN wallet's account of the
// ticker), each adding the shares the split gave at no cost. The ledger is the one record both
// modules share (a module never reads another's tables): the quantity grows, the cost basis stays,
// the average cost divides by the ratio. Merged with the fills by time, they replay in order.
import type { AccountRef, HistoryEntry, Ledger } from '../../ledger/api';
import type { PositionEvent, Split } from './average-cost';

/** The ledger kind of a split's transfer (the US stock module's corporate actions post it). */
export const SPLIT_TRANSFER_KIND = 'SPLIT';
/** The ledger's history is read in pages of this many entries (its most). */
const HISTORY_PAGE = 500;

export interface SplitEvent extends Split {
  /** When the shares landed. */
  readonly at: Date;
}

/** The PALN wallet's account of one ticker's shares. */
export const usSharesAccount = (userId: string, ticker: string): AccountRef => ({ userId, currency: ticker, purpose: 'USD_PALN' });

/** Every split that added shares to the user's `ticker` account, oldest first. */
export async function splitsOf(ledger: Pick<Ledger, 'history'>, userId: string, ticker: string): Promise<SplitEvent[]> {
  const account = usSharesAccount(userId, ticker);
  const entries: HistoryEntry[] = [];
  for (let before: Date | undefined; ; ) {
    const page = await ledger.history(account, { limit: HISTORY_PAGE, ...(before ? { before } : {}) });
    entries.push(...page);
    if (page.length < HISTORY_PAGE) break;
    before = page[page.length - 1]!.createdAt;
  }
  return entries
    .filter((entry) => entry.kind === SPLIT_TRANSFER_KIND)
    .map((entry): SplitEvent => ({ kind: 'SPLIT', symbol: ticker, shares: entry.amount, at: entry.createdAt }))
    .reverse();
}

/** Fills (oldest first) and splits in one time line; a split lands after the fills of its instant. */
export function withSplits<F extends PositionEvent & { readonly executedAt: Date }>(fills: readonly F[], splits: readonly SplitEvent[]): PositionEvent[] {
  if (splits.length === 0) return [...fills];
  const timed = [
    ...fills.map((event, order) => ({ at: event.executedAt.getTime(), order, event: event as PositionEvent })),
    ...splits.map((event, i) => ({ at: event.at.getTime(), order: fills.length + i, event: event as PositionEvent })),
  ];
  return timed.sort((a, b) => a.at - b.at || a.order - b.order).map((entry) => entry.event);
}
