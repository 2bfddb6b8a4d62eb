// The panel in modify mode (§2 ModifyOrder): an open order's size and prices, changed and
// reviewed, then sent as an amend (PATCH). Only what changed is sent; side and type stay.
import {
  ConfirmDialog,
  createUuid,
  eventBus,
  Field,
  NumericInput,
  showToast,
  Stack,
  Button,
  useAppStore,
  type AmendOrderRequest,
  type CryptoOrder,
} from '@pasar/shared';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTradeT } from '../i18n';
import type { PriceFormat } from '../market/price-format';
import { applyOrders } from '../my-orders/orders-feed';
import { messageOf } from '../order-calls/market-calls';
import type { TicketCurrency, TicketRules } from './market-descriptor';
import { assetOf, orderFormatter } from './order-format';
import { amendablePrices, cleanDecimal, isPositive, truncateTo, type PriceField } from './order-math';
import { Figures, Form, Muted } from './order-styles';

type AmendField = 'size' | Extract<PriceField, 'limitPrice' | 'stopPrice'>;

interface AmendValues {
  size: string;
  limitPrice: string;
  stopPrice: string;
}

const valuesOf = (order: CryptoOrder): AmendValues => ({
  size: cleanDecimal(order.inputType === 'quantity' ? order.quantity : order.amount),
  limitPrice: cleanDecimal(order.limitPrice),
  stopPrice: cleanDecimal(order.stopPrice),
});

/** What changed, as the amend call takes it (nothing when nothing changed). */
export function amendRequestOf(order: CryptoOrder, values: AmendValues): AmendOrderRequest | null {
  const before = valuesOf(order);
  const request: AmendOrderRequest = {};
  if (values.size !== before.size) request[order.inputType === 'quantity' ? 'quantity' : 'amount'] = values.size;
  for (const field of amendablePrices(order)) if (values[field] !== before[field]) request[field] = values[field];
  return Object.keys(request).length ? request : null;
}

export interface AmendFormProps {
  order: CryptoOrder;
  /** The order's market's precisions and price grid (its descriptor's rules). */
  rules: AmendRules;
  currency: TicketCurrency;
  /** The market's amend call: answers the orders it changed. */
  amend: (order: CryptoOrder, request: AmendOrderRequest, requestId: string) => Promise<CryptoOrder[]>;
  format: PriceFormat;
  onDone: () => void;
}

export type AmendRules = Pick<TicketRules, 'pricePrecision' | 'tickSize' | 'quantityPrecision' | 'quantityStep' | 'amountPrecision'>;

export function AmendForm({ order, rules, currency, amend, format, onDone }: AmendFormProps) {
  const { t } = useTradeT();
  const lng = useAppStore((state) => state.language);
  const asset = assetOf(order.symbol);
  const f = useMemo(() => orderFormatter(format, asset, rules.quantityPrecision, currency), [format, asset, rules.quantityPrecision, currency]);
  const [values, setValues] = useState<AmendValues>(() => valuesOf(order));
  const [problems, setProblems] = useState<Partial<Record<AmendField, string>>>({});
  const [review, setReview] = useState<{ request: AmendOrderRequest; requestId: string } | null>(null);
  const prices = amendablePrices(order);

  // Another order chosen for amending starts from its own values.
  useEffect(() => setValues(valuesOf(order)), [order.id]);
  // A price picked in the order book moves the order's limit (or its stop, for a stop order).
  const pickField = prices.includes('limitPrice') ? 'limitPrice' : prices[0];
  useEffect(
    () =>
      eventBus.on('orderbook:price-picked', ({ symbol, price }) => {
        if (symbol === order.symbol && pickField) set(pickField, truncateTo(price, rules.pricePrecision));
      }),
    [order.symbol, pickField, rules.pricePrecision],
  );

  const set = (field: AmendField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };

  const toReview = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<AmendField, string>> = {};
    if (!isPositive(values.size)) found.size = t('problem.required.title');
    for (const field of prices) if (!isPositive(values[field])) found[field] = t('problem.required.title');
    const request = amendRequestOf(order, values);
    if (!request && Object.keys(found).length === 0) found.size = t('amend.unchanged');
    setProblems(found);
    if (Object.keys(found).length > 0 || !request) return;
    setReview({ request, requestId: createUuid() });
  };

  const confirm = async () => {
    if (!review) return;
    try {
      applyOrders(await amend(order, review.request, review.requestId));
      showToast({ kind: 'success', title: t('amend.done') });
      setReview(null);
      onDone();
    } catch (error) {
      showToast({ kind: 'error', title: messageOf(error, lng) });
      setReview(null);
    }
  };

  const sizeLabel = order.inputType === 'quantity' ? t('ticket.quantity', { asset }) : t(order.side === 'BUY' ? 'ticket.amountBuy' : 'ticket.amountSell', { currency });
  const filled = isPositive(order.filledQuantity);

  return (
    <>
      <Form onSubmit={toReview} noValidate aria-label={t('amend.formLabel')} data-testid="amend-form">
        <Muted data-testid="amend-summary">
          {t('amend.summary', { side: t(`ticket.side${order.side}`), type: t(`orderType.${order.orderType}`), symbol: order.symbol })}
        </Muted>
        {filled && <Muted>{t('amend.partlyFilled', { filled: f.quantity(order.filledQuantity) })}</Muted>}
        {prices.map((field) => (
          <Field key={field} label={t(`ticket.${field}`)} error={problems[field]} required>
            <NumericInput name={field} value={values[field]} onChange={(value) => set(field, value)} precision={rules.pricePrecision} step={rules.tickSize ?? undefined} unit={currency} />
          </Field>
        ))}
        <Field label={sizeLabel} error={problems.size} required>
          {order.inputType === 'quantity' ? (
            <NumericInput name="quantity" value={values.size} onChange={(value) => set('size', value)} precision={rules.quantityPrecision} step={rules.quantityStep} unit={asset} />
          ) : (
            <NumericInput name="amount" value={values.size} onChange={(value) => set('size', value)} precision={rules.amountPrecision} unit={currency} />
          )}
        </Field>
        <Stack direction="row" gap="sm" wrap>
          <Button type="submit" variant={order.side === 'BUY' ? 'buy' : 'sell'}>
            {t('amend.review')}
          </Button>
          <Button variant="ghost" onClick={onDone}>
            {t('amend.cancel')}
          </Button>
        </Stack>
      </Form>
      <ConfirmDialog
        open={review !== null}
        title={t('amend.reviewTitle')}
        tone={order.side === 'BUY' ? 'buy' : 'sell'}
        confirmLabel={t('amend.confirm')}
        cancelLabel={t('review.back')}
        onConfirm={confirm}
        onCancel={() => setReview(null)}
      >
        {review && (
          <Figures data-testid="amend-review">
            {review.request.quantity !== undefined && <Change label={t('numbers.quantity')} before={f.quantity(order.quantity ?? '0')} after={f.quantity(review.request.quantity)} />}
            {review.request.amount !== undefined && <Change label={t('numbers.amount')} before={f.money(order.amount ?? '0')} after={f.money(review.request.amount)} />}
            {review.request.limitPrice !== undefined && <Change label={t('ticket.limitPrice')} before={f.price(order.limitPrice ?? '0')} after={f.price(review.request.limitPrice)} />}
            {review.request.stopPrice !== undefined && <Change label={t('ticket.stopPrice')} before={f.price(order.stopPrice ?? '0')} after={f.price(review.request.stopPrice)} />}
          </Figures>
        )}
      </ConfirmDialog>
    </>
  );
}

function Change({ label, before, after }: { label: string; before: string; after: string }) {
  const { t } = useTradeT();
  return (
    <>
      <dt>{label}</dt>
      <dd>{t('amend.change', { before, after })}</dd>
    </>
  );
}
