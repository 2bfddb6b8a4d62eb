// The position history's filter, remembered per user under `positionHistory_{userId}` (§3 browser
// storage keys) through shared's storage helpers, so the §9 clear-all helper
// (`clearAll({ positionHistoryId: userId })`) forgets it with the rest.
import { getPositionHistory, setPositionHistory } from '@pasar/shared';

export interface PositionHistoryFilter {
  /** A pair ("BTC-IDR"), or null for every pair. */
  symbol: string | null;
}

const SYMBOL = /^[A-Z0-9]{1,16}-IDR$/;

/** The user's last filter; every pair when none was stored or what is stored is not one. */
export function readHistoryFilter(userId: string | null | undefined): PositionHistoryFilter {
  if (!userId) return { symbol: null };
  const stored = getPositionHistory<Partial<PositionHistoryFilter>>(userId);
  const symbol = stored && typeof stored === 'object' && typeof stored.symbol === 'string' && SYMBOL.test(stored.symbol) ? stored.symbol : null;
  return { symbol };
}

export function writeHistoryFilter(userId: string | null | undefined, filter: PositionHistoryFilter): void {
  if (userId) setPositionHistory(userId, filter);
}
