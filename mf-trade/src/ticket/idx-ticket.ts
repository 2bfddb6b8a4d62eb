// The IDX order ticket's pure parts: lots to shares, the price stepper by the band's tick (shared
// with the server: `@pasar/shared/trading`), the draft's problems (whole lots, the grid, the
// day's ARA/ARB) and the payload and estimate query of a draft.
import type { IdxOrderInput, IdxOrderTypesResponse, IdxOrderType, OrderSideText, TimeInForce } from '@pasar/shared';
import { idxTickSize, isOnIdxGrid, stepIdxPrice } from '@pasar/shared/trading';

export interface IdxDraft {
  side: OrderSideText;
  orderType: IdxOrderType;
  timeInForce: TimeInForce;
  /** Whole Rupiah as typed ('' for empty). */
  price: string;
  /** Lots as typed ('' for empty). */
  lots: string;
}

export type IdxProblem = { key: 'lots' } | { key: 'price' } | { key: 'tick'; tick: number } | { key: 'band'; arb: string; ara: string };

export const sharesOf = (lots: string, lotSize: number): string => String(Number(lots) * lotSize);

/** The price one tick up or down, kept inside the day's band. */
export function stepPrice(price: string, direction: 1 | -1, band: Pick<IdxOrderTypesResponse['band'], 'arb' | 'ara'>): string {
  const current = Number(price);
  const arb = Number(band.arb);
  const ara = Number(band.ara);
  if (!Number.isFinite(current) || current <= 0) return direction === 1 ? band.arb : band.ara;
  const next = stepIdxPrice(current, direction);
  return String(Math.min(ara, Math.max(arb, next)));
}

/** What is wrong with a draft before it may be reviewed (empty: nothing). */
export function idxProblems(draft: IdxDraft, types: Pick<IdxOrderTypesResponse, 'band'>): { lots?: IdxProblem; price?: IdxProblem } {
  const problems: { lots?: IdxProblem; price?: IdxProblem } = {};
  if (!/^\d+$/.test(draft.lots) || Number(draft.lots) < 1) problems.lots = { key: 'lots' };
  if (draft.orderType === 'LIMIT') {
    const p = Number(draft.price);
    if (draft.price === '' || !Number.isFinite(p) || p <= 0) problems.price = { key: 'price' };
    else if (!isOnIdxGrid(p)) problems.price = { key: 'tick', tick: idxTickSize(p) };
    else if (p < Number(types.band.arb) || p > Number(types.band.ara)) problems.price = { key: 'band', arb: types.band.arb, ara: types.band.ara };
  }
  return problems;
}

export function idxPayload(stockId: number, draft: IdxDraft, lotSize: number): IdxOrderInput {
  return {
    stockId,
    quantity: sharesOf(draft.lots, lotSize),
    orderType: draft.orderType,
    timeInForce: draft.timeInForce,
    ...(draft.orderType === 'LIMIT' ? { unitPrice: draft.price } : {}),
  };
}
