// The order ticket: simple mode (CryptoInstant: a market buy by amount, a market sell by quantity
// or amount) and pro mode (CryptoAdvanced: every order type, quantity or amount, limit/stop
// prices, take-profit and stop-loss, time in force). Inputs follow §5, the slider §9; the numbers
// are the fee math at once and the server's estimate once typing pauses. Nothing is sent before
// the review; the confirmation carries one request id, so pressing it again places once.
import {
  addDecimal,
  Button,
  ConfirmDialog,
  createUuid,
  eventBus,
  Field,
  isApiError,
  CLIENT_ERROR_CODES,
  refreshBalances,
  Select,
  showToast,
  Skeleton,
  TIMES_IN_FORCE,
  useAppStore,
  useBalances,
  type CryptoOrder,
  type CryptoOrderTypesResponse,
  type OrderInputType,
  type OrderSideText,
  type OrderType,
  type TimeInForce,
} from '@pasar/shared';
import type { FeeRates } from '@pasar/shared/trading';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTradeT } from '../i18n';
import type { PriceFormat } from '../market/price-format';
import type { Instrument } from '../market/types';
import { useLiveTicker } from '../market/use-live-market';
import { applyOrders } from '../my-orders/orders-feed';
import { isOpenOrder } from '../my-orders/order-updates';
import { fetchEstimate, messageOf, placeOrder } from './order-api';
import { assetOf, orderFormatter } from './order-format';
import {
  advancedRequest,
  availabilityOf,
  checkDraft,
  emptyDraft,
  estimateRequest,
  instantRequest,
  percentOf,
  percentOfMax,
  percentToFraction,
  priceFieldsOf,
  quantityToStep,
  sideAllowed,
  subtractFloor,
  truncateTo,
  type DraftField,
  type DraftProblem,
  type OrderDraft,
  type PriceField,
} from './order-math';
import { OrderNumberInput } from './OrderNumberInput';
import { Available, Figures, Form, Muted, Notice, Segmented, SegmentButton, TwoColumns } from './order-styles';
import { OrderSlider } from './OrderSlider';
import { fromEstimate, localNumbers, useOrderNumbers, type TicketNumbers } from './use-order-numbers';

export interface OrderTicketProps {
  symbol: string;
  instrument: Instrument | undefined;
  types: CryptoOrderTypesResponse;
  format: PriceFormat;
  pro: boolean;
  /** Trading halted on the symbol (the workspace knows it first, from the ticker). */
  halted: boolean;
  haltText: string | null;
  /** Switches the panel to pro mode (a book price picked in simple mode). */
  onWantPro: (() => void) | null;
  openOrders: readonly CryptoOrder[];
}

interface Review {
  side: OrderSideText;
  pro: boolean;
  draft: OrderDraft;
  numbers: TicketNumbers;
  requestId: string;
}

/** Units held by open quantity sell orders: the ledger holds them until they fill or are cancelled. */
export function heldBySells(orders: readonly CryptoOrder[]): string {
  let held = '0';
  for (const order of orders) {
    if (order.side !== 'SELL' || !isOpenOrder(order) || !order.quantity) continue;
    held = addDecimal(held, subtractFloor(order.quantity, order.filledQuantity));
  }
  return held;
}

export function OrderTicket({ symbol, instrument, types, format, pro, halted, haltText, onWantPro, openOrders }: OrderTicketProps) {
  const { t } = useTradeT();
  const lng = useAppStore((state) => state.language);
  const asset = assetOf(symbol);
  const f = useMemo(() => orderFormatter(format, asset, types.quantityPrecision), [format, asset, types.quantityPrecision]);
  const [draft, setDraft] = useState<OrderDraft>(() => emptyDraft('BUY'));
  const [problems, setProblems] = useState<Partial<Record<DraftField, DraftProblem>>>({});
  const [review, setReview] = useState<Review | null>(null);
  const [preparing, setPreparing] = useState(false);
  // The slider's own position while the size is still the one it set (a derived percent is
  // rounded down, so 50 % of an odd balance would read 49 %).
  const [slid, setSlid] = useState<{ percent: number; size: string } | null>(null);
  const ticker = useLiveTicker(symbol);

  // ---- what this mode allows ----
  const allowedTypes: readonly OrderType[] = pro ? types.advanced.orderTypes : ['MARKET'];
  const allowedInputs: readonly OrderInputType[] = pro ? types.advanced.inputTypes : draft.side === 'BUY' ? ['amount'] : ['quantity', 'amount'];
  const effective: OrderDraft = {
    ...draft,
    orderType: allowedTypes.includes(draft.orderType) ? draft.orderType : (allowedTypes[0] ?? 'MARKET'),
    inputType: allowedInputs.includes(draft.inputType) ? draft.inputType : (allowedInputs[0] ?? 'amount'),
  };
  const flags = pro ? types.advanced : types.instant;
  const availability = availabilityOf(flags.enableBuy && !halted, flags.enableSell && !halted);
  const sideOpen = sideAllowed(availability, effective.side);
  const disabledText = halted ? haltText : types.disabledReason;

  // ---- balances: IDR cash for buys, the asset (less open sells) for sells ----
  const balances = useBalances();
  const idrAccount = useAppStore((state) => state.trading.idrAccount);
  const buyingPower = idrAccount?.cashBalance ?? balances.idrBalance;
  const cryptoBalance = balances.cryptoBalances[symbol] ?? null;
  const holdings = cryptoBalance === null ? null : subtractFloor(cryptoBalance, heldBySells(openOrders));

  // ---- numbers ----
  const rates: FeeRates = useMemo(
    () => ({
      feeRate: percentToFraction(types.feeRatePercent),
      buyTaxRate: percentToFraction(types.buyTaxRatePercent),
      sellTaxRate: percentToFraction(types.sellTaxRatePercent),
    }),
    [types.feeRatePercent, types.buyTaxRatePercent, types.sellTaxRatePercent],
  );
  const quote = { bid: ticker.data?.bid, ask: ticker.data?.ask, last: ticker.data?.price };
  const local = localNumbers(effective, quote, types.quantityStep, rates);
  const localKey = local ? JSON.stringify(local) : '';
  const stableLocal = useMemo(() => local, [localKey]);
  const complete = Object.keys(checkDraft(effective, { minQuantity: '0', minAmount: '0', buyingPower: null, holdings: null }, null)).length === 0;
  const request = complete && sideOpen ? estimateRequest(symbol, effective, pro) : null;
  const { numbers, fromServer, estimateError } = useOrderNumbers(stableLocal, request);

  // ---- the slider (§9): a share of the buying power or of the holdings ----
  const max = effective.side === 'BUY' ? buyingPower : holdings;
  const currentSize = effective.inputType === 'quantity' ? effective.quantity : effective.amount;
  const percent =
    slid && slid.size === currentSize
      ? slid.percent
      : effective.side === 'BUY'
      ? percentOfMax(effective.inputType === 'amount' ? effective.amount : (local?.total ?? '0'), max)
      : percentOfMax(effective.inputType === 'quantity' ? effective.quantity : (local?.quantity ?? '0'), max);

  const slideTo = (next: number) => {
    if (max === null) return;
    let size = '';
    if (next > 0) {
      if (effective.side === 'BUY') {
        const spend = percentOf(max, next, types.amountPrecision);
        size = effective.inputType === 'amount' ? spend : (localNumbers({ ...effective, inputType: 'amount', amount: spend }, quote, types.quantityStep, rates)?.quantity ?? '');
      } else {
        const units = quantityToStep(percentOf(max, next, types.quantityPrecision), types.quantityStep, types.quantityPrecision);
        size =
          effective.inputType === 'quantity'
            ? units
            : truncateTo(localNumbers({ ...effective, inputType: 'quantity', quantity: units }, quote, types.quantityStep, rates)?.amount ?? '', types.amountPrecision);
      }
    }
    if (size === '0') size = '';
    update(effective.inputType === 'quantity' ? { quantity: size } : { amount: size });
    setSlid({ percent: next, size });
  };

  const update = (patch: Partial<OrderDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblems((current) => {
      const next = { ...current };
      if ('quantity' in patch || 'amount' in patch || 'inputType' in patch) delete next.size;
      for (const field of Object.keys(patch)) delete next[field as PriceField];
      return next;
    });
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
          return { ...current, orderType: type, [field]: truncateTo(price, types.pricePrecision) };
        });
      }),
    [symbol, pro, onWantPro, types.pricePrecision],
  );

  // ---- review and confirmation ----
  const toReview = async (event: FormEvent) => {
    event.preventDefault();
    if (!sideOpen || preparing) return;
    const found = checkDraft(effective, { minQuantity: types.minQuantity, minAmount: types.minAmount, buyingPower, holdings }, local);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setPreparing(true);
    eventBus.emit('analytics:track', { name: effective.side === 'BUY' ? 'crypto_buy_review' : 'crypto_sell_review', properties: { symbol, orderType: effective.orderType } });
    try {
      // The review shows the server's numbers for exactly this order (the book may have moved).
      const estimate = await fetchEstimate(estimateRequest(symbol, effective, pro));
      setReview({ side: effective.side, pro, draft: effective, numbers: fromEstimate(estimate), requestId: createUuid() });
    } catch (error) {
      showToast({ kind: 'error', title: messageOf(error, lng) });
    } finally {
      setPreparing(false);
    }
  };

  const confirm = async () => {
    if (!review) return;
    const body = review.pro ? { pro: true as const, body: advancedRequest(symbol, review.draft) } : { pro: false as const, body: instantRequest(symbol, review.draft) };
    try {
      const { orders } = await placeOrder(review.side, body, review.requestId);
      applyOrders(orders);
      const main = orders[0];
      showToast({
        kind: 'success',
        title: t(`ticket.placed.${review.side}`, { asset }),
        description: main ? t('ticket.placedStatus', { status: t(`orderStatus.${main.status}`) }) : undefined,
      });
      eventBus.emit('order:placed', { assetType: 'CRYPTO', symbol, side: review.side, orderId: main?.id });
      setDraft((current) => ({ ...current, quantity: '', amount: '' }));
      setReview(null);
      void refreshBalances({ crypto: [symbol] });
    } catch (error) {
      showToast({ kind: 'error', title: messageOf(error, lng) });
      // Without an answer the order may exist: Confirm again sends the same request id. A refusal
      // closes the review so the order can be changed.
      if (!(isApiError(error) && error.code === CLIENT_ERROR_CODES.network)) setReview(null);
    }
  };

  const sizeLabel = effective.inputType === 'quantity' ? t('ticket.quantity', { asset }) : t(effective.side === 'BUY' ? 'ticket.amountBuy' : 'ticket.amountSell');
  const problemText = (problem: DraftProblem | undefined) =>
    problem
      ? {
          title: t(`problem.${problem}.title`),
          description: t(`problem.${problem}.description`, {
            minQuantity: f.quantity(types.minQuantity),
            minAmount: f.idr(types.minAmount),
            available: buyingPower === null ? '–' : f.idr(buyingPower),
            holdings: holdings === null ? '–' : f.quantity(holdings),
          }),
        }
      : undefined;

  const reviewFigures = review && (
    <Figures data-testid="order-review">
      <dt>{t('numbers.type')}</dt>
      <dd>{t(`orderType.${review.draft.orderType}`)}</dd>
      {priceFieldsOf(review.draft.orderType).map((field) => (
        <FigurePair key={field} label={t(`ticket.${field}`)} value={f.price(review.draft[field])} />
      ))}
      <FigurePair label={t('numbers.price')} value={f.price(review.numbers.price)} testId="review-price" />
      <FigurePair label={t('numbers.quantity')} value={f.quantity(review.numbers.quantity)} testId="review-quantity" />
      <FigurePair label={t('numbers.amount')} value={f.idr(review.numbers.amount)} testId="review-amount" />
      <FigurePair label={t('numbers.fee')} value={f.idr(review.numbers.fee)} testId="review-fee" />
      <FigurePair label={t('numbers.tax')} value={f.idr(review.numbers.tax)} testId="review-tax" />
      <FigurePair label={t(review.side === 'BUY' ? 'numbers.totalBuy' : 'numbers.totalSell')} value={f.idr(review.numbers.total)} testId="review-total" strong />
    </Figures>
  );

  return (
    <>
      <Form onSubmit={toReview} noValidate aria-label={t('ticket.formLabel', { symbol })} data-testid="order-ticket" data-mode={pro ? 'pro' : 'simple'}>
        <Segmented role="group" aria-label={t('ticket.side')}>
          {(['BUY', 'SELL'] as const).map((side) => (
            <SegmentButton key={side} type="button" $tone={side === 'BUY' ? 'buy' : 'sell'} aria-pressed={effective.side === side} onClick={() => chooseSide(side)}>
              {t(`ticket.side${side}`)}
            </SegmentButton>
          ))}
        </Segmented>

        {!sideOpen && (
          <Notice role="status" data-testid="side-disabled">
            <strong>{t(availability === 'Disabled' ? 'ticket.tradingDisabled' : `ticket.disabled${effective.side}`, { asset })}</strong>
            {disabledText && <p>{disabledText}</p>}
          </Notice>
        )}

        {pro && (
          <TwoColumns>
            <Field label={t('ticket.orderType')}>
              <Select
                name="orderType"
                value={effective.orderType}
                options={allowedTypes.map((type) => ({ value: type, label: t(`orderType.${type}`) }))}
                onChange={(event) => update({ orderType: event.target.value as OrderType })}
              />
            </Field>
            {effective.orderType !== 'MARKET' && (
              <Field label={t('ticket.timeInForce')}>
                <Select
                  name="timeInForce"
                  value={effective.timeInForce}
                  options={TIMES_IN_FORCE.map((value) => ({ value, label: t(`timeInForce.${value}`) }))}
                  onChange={(event) => update({ timeInForce: event.target.value as TimeInForce })}
                />
              </Field>
            )}
          </TwoColumns>
        )}

        {priceFieldsOf(effective.orderType).map((field) => (
          <Field key={field} label={t(`ticket.${field}`)} hint={field === 'limitPrice' || field === 'takeProfit' ? t('ticket.pickHint') : undefined} error={problemText(problems[field])} required>
            <OrderNumberInput
              name={field}
              value={effective[field]}
              onChange={(value) => update({ [field]: value })}
              precision={types.pricePrecision}
              step={instrument?.tickSize}
              unit="IDR"
              incrementLabel={t('ticket.increase', { field: t(`ticket.${field}`) })}
              decrementLabel={t('ticket.decrease', { field: t(`ticket.${field}`) })}
            />
          </Field>
        ))}

        {allowedInputs.length > 1 && (
          <Segmented role="group" aria-label={t('ticket.inputType')}>
            {allowedInputs.map((input) => (
              <SegmentButton key={input} type="button" aria-pressed={effective.inputType === input} onClick={() => update({ inputType: input, quantity: '', amount: '' })}>
                {t(`ticket.by.${input}`)}
              </SegmentButton>
            ))}
          </Segmented>
        )}

        <Available data-testid="order-available">
          <span>{t(effective.side === 'BUY' ? 'ticket.availableIdr' : 'ticket.availableAsset', { asset })}</span>
          {max === null ? <Skeleton width="10ch" height="1em" /> : <strong>{effective.side === 'BUY' ? f.idr(max) : f.quantity(max)}</strong>}
        </Available>

        <Field label={sizeLabel} error={problemText(problems.size)} required>
          {effective.inputType === 'quantity' ? (
            <OrderNumberInput
              name="quantity"
              value={effective.quantity}
              onChange={(value) => update({ quantity: value })}
              precision={types.quantityPrecision}
              step={types.quantityStep}
              unit={asset}
              incrementLabel={t('ticket.increase', { field: sizeLabel })}
              decrementLabel={t('ticket.decrease', { field: sizeLabel })}
            />
          ) : (
            <OrderNumberInput name="amount" value={effective.amount} onChange={(value) => update({ amount: value })} precision={types.amountPrecision} unit="IDR" />
          )}
        </Field>

        <OrderSlider
          value={percent}
          onChange={slideTo}
          side={effective.side}
          label={t(effective.side === 'BUY' ? 'slider.buyLabel' : 'slider.sellLabel', { asset })}
          valueText={(value) => t(effective.side === 'BUY' ? 'slider.buyValue' : 'slider.sellValue', { percent: value, asset })}
          markLabel={(value) => t('slider.mark', { percent: value })}
          disabled={max === null || !sideOpen || (effective.side === 'BUY' && effective.inputType === 'quantity' && !local && !quote.ask)}
        />

        <Figures data-testid="order-numbers" aria-live="polite" aria-busy={request !== null && !fromServer && !estimateError}>
          <FigurePair label={t('numbers.price')} value={numbers ? f.price(numbers.price) : '–'} testId="numbers-price" />
          <FigurePair label={t('numbers.quantity')} value={numbers ? f.quantity(numbers.quantity) : '–'} testId="numbers-quantity" />
          <FigurePair label={t('numbers.fee')} value={numbers ? f.idr(numbers.fee) : '–'} testId="numbers-fee" />
          <FigurePair label={t('numbers.tax')} value={numbers ? f.idr(numbers.tax) : '–'} testId="numbers-tax" />
          <FigurePair label={t(effective.side === 'BUY' ? 'numbers.totalBuy' : 'numbers.totalSell')} value={numbers ? f.idr(numbers.total) : '–'} testId="numbers-total" strong />
        </Figures>
        {estimateError && <Muted role="status">{estimateError}</Muted>}

        <Button type="submit" variant={effective.side === 'BUY' ? 'buy' : 'sell'} disabled={!sideOpen} loading={preparing} fullWidth data-testid="order-review-button">
          {t(`ticket.review${effective.side}`, { asset })}
        </Button>
      </Form>

      <ConfirmDialog
        open={review !== null}
        title={review ? t(`review.title${review.side}`, { asset }) : ''}
        description={review ? t('review.description') : undefined}
        tone={review?.side === 'SELL' ? 'sell' : 'buy'}
        confirmLabel={review ? t(`review.confirm${review.side}`) : undefined}
        cancelLabel={t('review.back')}
        onConfirm={confirm}
        onCancel={() => setReview(null)}
      >
        {reviewFigures}
      </ConfirmDialog>
    </>
  );
}

function FigurePair({ label, value, testId, strong = false }: { label: string; value: string; testId?: string; strong?: boolean }) {
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId} data-strong={strong}>
        {value}
      </dd>
    </>
  );
}
