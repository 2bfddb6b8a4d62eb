// One order draft for every market: the form's state, what the market allows now (its
// descriptor's rules), the checks before the review, the live numbers (the descriptor's fee
// preview at once, the server's estimate once typing pauses), the slider (§9) and the review with
// its confirmation. Nothing is sent before the review; the confirmation carries the review's one
// request id, so pressing it again places once.
import {
  CLIENT_ERROR_CODES,
  createUuid,
  eventBus,
  isApiError,
  refreshBalances,
  showToast,
  useAppStore,
  type BuySellAvailability,
  type CryptoOrder,
  type OrderSideText,
} from '@pasar/shared';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTradeT } from '../i18n';
import { useLiveTicker } from '../market/use-live-market';
import { messageOf } from '../order-calls/market-calls';
import { applyOrders } from '../my-orders/orders-feed';
import type { MarketDescriptor, TicketFunds, TicketNumbers, TicketRules, TicketTarget } from './market-descriptor';
import { assetOf } from './order-format';
import {
  availabilityOf,
  checkDraft,
  emptyDraft,
  percentOf,
  percentOfMax,
  quantityToStep,
  sideAllowed,
  truncateTo,
  type DraftField,
  type DraftProblem,
  type OrderDraft,
  type PriceField,
} from './order-math';
import { useOrderNumbers } from './use-order-numbers';

export interface OrderReview {
  side: OrderSideText;
  target: TicketTarget;
  draft: OrderDraft;
  numbers: TicketNumbers;
  /** One per review: a confirmation sent twice places once. */
  requestId: string;
}

export interface UseOrderDraftOptions<Types, EstimateRequest> {
  descriptor: MarketDescriptor<Types, EstimateRequest>;
  target: TicketTarget;
  types: Types;
  /** Trading halted on the symbol (the workspace knows it first, from the ticker). */
  halted: boolean;
  haltText: string | null;
  /** The person's open orders of the symbol (what open sells hold). */
  openOrders: readonly CryptoOrder[];
  /** A price picked in the book while the ticket cannot take one (crypto's simple ticket): switch to the full one. */
  onWantPro?: (() => void) | null;
}

export interface OrderDraftState {
  /** The draft as the market allows it now (an order type or size kind it does not take falls back to the first it does). */
  draft: OrderDraft;
  rules: TicketRules;
  availability: BuySellAvailability;
  sideOpen: boolean;
  disabledText: string | null;
  funds: TicketFunds;
  /** What the slider is a share of: buying power (buy) or holdings (sell). */
  max: string | null;
  percent: number;
  /** The local numbers could be worked out (the slider needs them for a buy by quantity). */
  priced: boolean;
  numbers: TicketNumbers | null;
  /** An estimate is on its way. */
  estimating: boolean;
  estimateError: string | null;
  problems: Partial<Record<DraftField, DraftProblem>>;
  review: OrderReview | null;
  preparing: boolean;
  update: (patch: Partial<OrderDraft>) => void;
  chooseSide: (side: OrderSideText) => void;
  slideTo: (percent: number) => void;
  toReview: (event?: FormEvent) => Promise<void>;
  confirm: () => Promise<void>;
  closeReview: () => void;
}

export function useOrderDraft<Types, EstimateRequest>({
  descriptor,
  target,
  types,
  halted,
  haltText,
  openOrders,
  onWantPro = null,
}: UseOrderDraftOptions<Types, EstimateRequest>): OrderDraftState {
  const { t } = useTradeT();
  const lng = useAppStore((state) => state.language);
  const { symbol, pro } = target;
  const asset = assetOf(symbol);
  const [draft, setDraft] = useState<OrderDraft>(() => emptyDraft('BUY'));
  const [problems, setProblems] = useState<Partial<Record<DraftField, DraftProblem>>>({});
  const [review, setReview] = useState<OrderReview | null>(null);
  const [preparing, setPreparing] = useState(false);
  // The slider's own position while the size is still the one it set (a derived percent is
  // rounded down, so 50 % of an odd balance would read 49 %).
  const [slid, setSlid] = useState<{ percent: number; size: string } | null>(null);
  const ticker = useLiveTicker(symbol);

  // ---- what the market allows now ----
  const rules = descriptor.rules(types, target, draft);
  const effective: OrderDraft = {
    ...draft,
    extendedHours: rules.extendedHours && draft.extendedHours,
    orderType: rules.orderTypes.includes(draft.orderType) ? draft.orderType : (rules.orderTypes[0] ?? 'MARKET'),
    inputType: rules.inputTypes.includes(draft.inputType) ? draft.inputType : (rules.inputTypes[0] ?? 'amount'),
    timeInForce: rules.timesInForce.length === 0 || rules.timesInForce.includes(draft.timeInForce) ? draft.timeInForce : rules.timesInForce[0]!,
  };
  const availability = availabilityOf(rules.enableBuy && !halted, rules.enableSell && !halted);
  const sideOpen = sideAllowed(availability, effective.side);
  const disabledText = halted ? haltText : rules.disabledReason;

  // ---- funds and numbers ----
  const funds = descriptor.useFunds(target, openOrders);
  const { buyingPower, holdings } = funds;
  const quote = { bid: ticker.data?.bid, ask: ticker.data?.ask, last: ticker.data?.price };
  const local = descriptor.localNumbers(effective, quote, types, rules, funds);
  const localKey = local ? JSON.stringify(local) : '';
  const stableLocal = useMemo(() => local, [localKey]);
  const complete = Object.keys(checkDraft(effective, { minQuantity: '0', minAmount: '0', buyingPower: null, holdings: null }, null)).length === 0;
  const request = complete && sideOpen ? descriptor.estimateRequest(target, effective) : null;
  const { numbers, fromServer, estimateError } = useOrderNumbers(stableLocal, request, descriptor.estimate);

  // ---- the slider (§9): a share of the buying power or of the holdings ----
  const max = effective.side === 'BUY' ? buyingPower : holdings;
  const currentSize = effective.inputType === 'quantity' ? effective.quantity : effective.amount;
  const percent =
    slid && slid.size === currentSize
      ? slid.percent
      : effective.side === 'BUY'
        ? percentOfMax(effective.inputType === 'amount' ? effective.amount : (local?.total ?? '0'), max)
        : percentOfMax(effective.inputType === 'quantity' ? effective.quantity : (local?.quantity ?? '0'), max);

  const update = (patch: Partial<OrderDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblems((current) => {
      const next = { ...current };
      if ('quantity' in patch || 'amount' in patch || 'inputType' in patch) delete next.size;
      for (const field of Object.keys(patch)) delete next[field as PriceField];
      return next;
    });
  };

  const slideTo = (next: number) => {
    if (max === null) return;
    let size = '';
    if (next > 0) {
      if (effective.side === 'BUY') {
        const spend = percentOf(max, next, rules.amountPrecision);
        size =
          effective.inputType === 'amount'
            ? spend
            : (descriptor.localNumbers({ ...effective, inputType: 'amount', amount: spend }, quote, types, rules, funds)?.quantity ?? '');
      } else {
        const units = quantityToStep(percentOf(max, next, rules.quantityPrecision), rules.quantityStep, rules.quantityPrecision);
        size =
          effective.inputType === 'quantity'
            ? units
            : truncateTo(descriptor.localNumbers({ ...effective, inputType: 'quantity', quantity: units }, quote, types, rules, funds)?.amount ?? '', rules.amountPrecision);
      }
    }
    if (size === '0') size = '';
    update(effective.inputType === 'quantity' ? { quantity: size } : { amount: size });
    setSlid({ percent: next, size });
  };

  const chooseSide = (side: OrderSideText) => {
    if (side === draft.side) return;
    // Buys start by amount (what to spend), sells by quantity (what to sell).
    setDraft((current) => ({ ...current, side, quantity: '', amount: '', inputType: side === 'BUY' ? 'amount' : 'quantity' }));
    setSlid(null);
    setProblems({});
  };

  // Another symbol starts from an empty ticket (its sizes and prices mean nothing here).
  useEffect(() => {
    setDraft((current) => emptyDraft(current.side));
    setProblems({});
    setSlid(null);
    setReview(null);
  }, [symbol]);

  // A price picked in the order book fills the price input; a market order becomes a limit.
  useEffect(
    () =>
      eventBus.on('orderbook:price-picked', ({ symbol: picked, price }) => {
        if (picked !== symbol) return;
        if (!pro) {
          onWantPro?.();
          if (!onWantPro) return;
        }
        setDraft((current) => {
          const type = current.orderType === 'MARKET' ? 'LIMIT' : current.orderType;
          const field: PriceField = type === 'STOP' ? 'stopPrice' : type === 'OCO' ? 'takeProfit' : 'limitPrice';
          return { ...current, orderType: type, [field]: truncateTo(price, rules.pricePrecision) };
        });
      }),
    [symbol, pro, onWantPro, rules.pricePrecision],
  );

  // ---- review and confirmation ----
  const toReview = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!sideOpen || preparing) return;
    const found = checkDraft(effective, { minQuantity: rules.minQuantity, minAmount: rules.minAmount, buyingPower, holdings }, local);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setPreparing(true);
    eventBus.emit('analytics:track', { name: descriptor.reviewEvent(effective.side), properties: { symbol, orderType: effective.orderType } });
    try {
      // The review shows the server's numbers for exactly this order (the book may have moved).
      const estimated = await descriptor.estimate(descriptor.estimateRequest(target, effective));
      setReview({ side: effective.side, target, draft: effective, numbers: estimated, requestId: createUuid() });
    } catch (error) {
      showToast({ kind: 'error', title: messageOf(error, lng) });
    } finally {
      setPreparing(false);
    }
  };

  const confirm = async () => {
    if (!review) return;
    try {
      const orders = await descriptor.place(review.target, review.draft, review.requestId);
      applyOrders(orders);
      const main = orders[0];
      showToast({
        kind: 'success',
        title: t(`ticket.placed.${review.side}`, { asset }),
        description: main ? t('ticket.placedStatus', { status: t(`orderStatus.${main.status}`) }) : undefined,
      });
      eventBus.emit('order:placed', { assetType: descriptor.market, symbol, side: review.side, orderId: main?.id });
      setDraft((current) => ({ ...current, quantity: '', amount: '' }));
      setReview(null);
      void refreshBalances(descriptor.balances(symbol));
      funds.refresh();
    } catch (error) {
      showToast({ kind: 'error', title: messageOf(error, lng) });
      // Without an answer the order may exist: Confirm again sends the same request id. A refusal
      // closes the review so the order can be changed.
      if (!(isApiError(error) && error.code === CLIENT_ERROR_CODES.network)) setReview(null);
    }
  };

  return {
    draft: effective,
    rules,
    availability,
    sideOpen,
    disabledText,
    funds,
    max,
    percent,
    priced: local !== null || Boolean(quote.ask),
    numbers,
    estimating: request !== null && !fromServer && !estimateError,
    estimateError,
    problems,
    review,
    preparing,
    update,
    chooseSide,
    slideTo,
    toReview,
    confirm,
    closeReview: () => setReview(null),
  };
}
