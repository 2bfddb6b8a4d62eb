// After money moved: the shared store refreshes what changed (IDR cash always), so the header and
// every remote show the new figures. A failed refresh is the store's to log; the move succeeded.
import { refreshBalances } from '@pasar/shared';

export type MovedBalances = Parameters<typeof refreshBalances>[0];

export function refreshAfterMove(options?: MovedBalances): void {
  refreshBalances(options).catch((error: unknown) => console.error('[wallet] balance refresh failed', error));
}
