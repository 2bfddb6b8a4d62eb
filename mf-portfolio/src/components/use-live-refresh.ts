// The portfolio follows the user's money: a `balances` event on the private stream (a fill, a
// cancel, a top-up moved something) or a return to the tab loads the figures again, quietly.
import { usePrivateStream } from '@pasar/shared';
import { useRef } from 'react';
import { useOnReturn } from './use-on-return';

export function useLiveRefresh(refresh: () => void): void {
  const ref = useRef(refresh);
  ref.current = refresh;
  usePrivateStream<{ type?: string }>('balances', () => ref.current());
  useOnReturn(() => ref.current());
}
