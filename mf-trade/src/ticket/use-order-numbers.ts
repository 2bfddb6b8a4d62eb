// The ticket's live numbers: the fee math of §9 at once on every keystroke (shared's
// `orderNumbers`, the same function the server executes with), then the server's estimate once
// typing pauses — it walks the book for market orders, so it knows the slippage a size pays.
import { isApiError, type CryptoEstimate, type EstimateRequest } from '@pasar/shared';
import { orderNumbers, type FeeRates } from '@pasar/shared/trading';
import { useEffect, useMemo, useState } from 'react';
import { fetchEstimate } from './order-api';
import { ORDER_PANEL_CONFIG } from './order-config';
import { cleanDecimal, isPositive, numbersPriceOf, type OrderDraft } from './order-math';

export interface TicketNumbers {
  price: string;
  quantity: string;
  /** The base amount b = quantity × price, whole Rupiah. */
  amount: string;
  fee: string;
  tax: string;
  /** Buy: what is paid; sell: what is received. */
  total: string;
}

export interface OrderNumbersState {
  numbers: TicketNumbers | null;
  /** The server's estimate for exactly this draft is shown (not only the local math). */
  fromServer: boolean;
  /** The server refused to estimate this draft: its message. */
  estimateError: string | null;
}

export const fromEstimate = (estimate: CryptoEstimate): TicketNumbers => ({
  price: estimate.price,
  quantity: estimate.quantity,
  amount: estimate.estimatedAmount,
  fee: estimate.fee,
  tax: estimate.tax,
  total: estimate.estimatedTotalAmount,
});

/** The fee math for a draft, or null while it lacks a price or a size (or the math refuses it). */
export function localNumbers(draft: OrderDraft, quote: { bid?: string; ask?: string; last?: string }, quantityStep: string, rates: FeeRates): TicketNumbers | null {
  const price = cleanDecimal(numbersPriceOf(draft, quote));
  const size = draft.inputType === 'quantity' ? draft.quantity : draft.amount;
  if (!isPositive(price) || !isPositive(size)) return null;
  try {
    const result = orderNumbers({
      side: draft.side,
      price,
      ...(draft.inputType === 'quantity' ? { quantity: cleanDecimal(size) } : { amount: cleanDecimal(size) }),
      quantityStep,
      rates,
    });
    return { price, quantity: result.quantity, amount: result.base, fee: result.fee, tax: result.tax, total: result.total };
  } catch {
    return null;
  }
}

/**
 * `request` is the estimate call for the draft, or null when the draft is not complete (no call).
 * Enabled only for a signed-in user (the panel is not shown to guests at all).
 */
export function useOrderNumbers(local: TicketNumbers | null, request: EstimateRequest | null): OrderNumbersState {
  const key = request ? JSON.stringify(request) : null;
  const [answer, setAnswer] = useState<{ key: string; numbers: TicketNumbers | null; error: string | null } | null>(null);

  useEffect(() => {
    if (!key || !request) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchEstimate(request, controller.signal).then(
        (estimate) => setAnswer({ key, numbers: fromEstimate(estimate), error: null }),
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
