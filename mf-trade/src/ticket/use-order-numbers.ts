// The ticket's live numbers: the market's fee preview at once on every keystroke (crypto: shared's
// `orderNumbers`, the same function the server executes with), then the server's estimate once
// typing pauses — it walks the book for market orders, so it knows the slippage a size pays.
import { isApiError } from '@pasar/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { TicketNumbers } from './market-descriptor';
import { ORDER_PANEL_CONFIG } from './order-config';

export type { TicketNumbers } from './market-descriptor';

export interface OrderNumbersState {
  numbers: TicketNumbers | null;
  /** The server's estimate for exactly this draft is shown (not only the local math). */
  fromServer: boolean;
  /** The server refused to estimate this draft: its message. */
  estimateError: string | null;
}

/**
 * `request` is the estimate call for the draft, or null when the draft is not complete (no call);
 * `estimate` makes it. Enabled only for a signed-in user (the panel is not shown to guests at all).
 */
export function useOrderNumbers<R>(local: TicketNumbers | null, request: R | null, estimate: (request: R, signal?: AbortSignal) => Promise<TicketNumbers>): OrderNumbersState {
  const key = request ? JSON.stringify(request) : null;
  const [answer, setAnswer] = useState<{ key: string; numbers: TicketNumbers | null; error: string | null } | null>(null);
  const estimateRef = useRef(estimate);
  estimateRef.current = estimate;

  useEffect(() => {
    if (!key || !request) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      estimateRef.current(request, controller.signal).then(
        (numbers) => setAnswer({ key, numbers, error: null }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setAnswer({ key, numbers: null, error: isApiError(error) ? error.message : null });
        },
      );
    }, ORDER_PANEL_CONFIG.estimateDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // The key carries the request's content.
  }, [key]);

  return useMemo(() => {
    const fresh = answer && answer.key === key ? answer : null;
    return {
      numbers: fresh?.numbers ?? local,
      fromServer: Boolean(fresh?.numbers),
      estimateError: fresh?.error ?? null,
    };
  }, [answer, key, local]);
}
