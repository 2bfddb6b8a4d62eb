// The portfolio follows the user's money: a `balances` event on the private stream (a fill, a
// cancel, a top-up moved something), the stream coming back after a lapse (events may have been
// missed) or a return to the tab loads the figures again, quietly.
import { useOnReturn, usePrivateStream } from '@pasar/shared';

export function useLiveRefresh(refresh: () => void): void {
  usePrivateStream('balances', () => refresh(), { onResync: refresh });
  useOnReturn(refresh);
}
