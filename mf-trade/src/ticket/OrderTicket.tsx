// The order ticket of every market, driven by the market's descriptor: the side, the order type
// and time in force the market takes now, the price fields of the type (§3), quantity or amount
// (§5), the extended-hours switch where the stock has post-market, the slider (§9), the live
// numbers, and the review. Crypto's simple mode (CryptoInstant) is the descriptor's rules with
// `pro` off: a market order, buys by amount. Form state and logic: `useOrderDraft`.
import { Button, ConfirmDialog, Field, NumericInput, Select, Skeleton, type CryptoOrder, type OrderType, type TimeInForce } from '@pasar/shared';
import { useCallback, useMemo, useRef } from 'react';
import { useTradeT } from '../i18n';
import type { PriceFormat } from '../market/price-format';
import type { MarketDescriptor, TicketTarget } from './market-descriptor';
import { assetOf, orderFormatter } from './order-format';
import { priceFieldsOf, type DraftProblem } from './order-math';
import { Available, Figures, Form, Muted, Notice, Segmented, SegmentButton, SwitchRow, TwoColumns } from './order-styles';
import { OrderSlider } from './OrderSlider';
import { useOrderDraft } from './use-order-draft';

export { heldBySells } from './crypto-descriptor';

export interface OrderTicketProps<Types, EstimateRequest> {
  descriptor: MarketDescriptor<Types, EstimateRequest>;
  target: TicketTarget;
  types: Types;
  format: PriceFormat;
  /** Trading halted on the symbol (the workspace knows it first, from the ticker). */
  halted: boolean;
  haltText: string | null;
  /** Switches the panel to pro mode (a book price picked in simple mode). */
  onWantPro?: (() => void) | null;
  openOrders: readonly CryptoOrder[];
}

export function OrderTicket<Types, EstimateRequest>({ descriptor, target, types, format, halted, haltText, onWantPro = null, openOrders }: OrderTicketProps<Types, EstimateRequest>) {
  const { t } = useTradeT();
  const { symbol, pro } = target;
  const asset = assetOf(symbol);
  const currency = descriptor.currency;
  const order = useOrderDraft({ descriptor, target, types, halted, haltText, openOrders, onWantPro });
  const { draft: effective, rules, problems, review, numbers, max, funds, sideOpen, availability, disabledText, update } = order;
  const { buyingPower, holdings } = funds;
  const f = useMemo(() => orderFormatter(format, asset, rules.quantityPrecision, currency), [format, asset, rules.quantityPrecision, currency]);
  // The slider's props stay the same between live prices, so the memoised slider skips those renders.
  const side = effective.side;
  const slideRef = useRef(order.slideTo);
  slideRef.current = order.slideTo;
  const slideTo = useCallback((percent: number) => slideRef.current(percent), []);
  const sliderValueText = useCallback(
    (value: number) => t(side === 'BUY' ? 'slider.buyValue' : 'slider.sellValue', { percent: value, asset, currency }),
    [t, side, asset, currency],
  );
  const sliderMarkLabel = useCallback((value: number) => t('slider.mark', { percent: value }), [t]);
  const allowedTypes = rules.orderTypes;
  const allowedInputs = rules.inputTypes;

  const sizeLabel = effective.inputType === 'quantity' ? t('ticket.quantity', { asset }) : t(effective.side === 'BUY' ? 'ticket.amountBuy' : 'ticket.amountSell', { currency });
  const problemText = (problem: DraftProblem | undefined) =>
    problem
      ? {
          title: t(`problem.${problem}.title`),
          description: t(`problem.${problem}.description`, {
            minQuantity: f.quantity(rules.minQuantity),
            minAmount: f.money(rules.minAmount),
            available: buyingPower === null ? '–' : f.money(buyingPower),
            currency,
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
      {rules.timesInForce.length > 0 && review.draft.orderType !== 'MARKET' && (
        <FigurePair label={t('ticket.timeInForce')} value={t(`timeInForce.${review.draft.timeInForce}`)} testId="review-time-in-force" />
      )}
      {review.draft.extendedHours && <FigurePair label={t('ticket.session')} value={t('ticket.extendedHours')} testId="review-session" />}
      <FigurePair label={t('numbers.price')} value={f.price(review.numbers.price)} testId="review-price" />
      <FigurePair label={t('numbers.quantity')} value={f.quantity(review.numbers.quantity)} testId="review-quantity" />
      <FigurePair label={t('numbers.amount')} value={f.money(review.numbers.amount)} testId="review-amount" />
      <FigurePair label={t('numbers.fee')} value={f.money(review.numbers.fee)} testId="review-fee" />
      <FigurePair label={t(descriptor.taxLabel)} value={f.money(review.numbers.tax)} testId="review-tax" />
      <FigurePair label={t(review.side === 'BUY' ? 'numbers.totalBuy' : 'numbers.totalSell')} value={f.money(review.numbers.total)} testId="review-total" strong />
      {review.numbers.totalIdr !== null && (
        <FigurePair label={t(review.side === 'BUY' ? 'numbers.totalBuyIdr' : 'numbers.totalSellIdr')} value={f.idr(review.numbers.totalIdr)} testId="review-total-idr" strong />
      )}
    </Figures>
  );

  return (
    <>
      <Form onSubmit={order.toReview} noValidate aria-label={t('ticket.formLabel', { symbol })} data-testid="order-ticket" data-mode={pro ? 'pro' : 'simple'}>
        <Segmented role="group" aria-label={t('ticket.side')}>
          {(['BUY', 'SELL'] as const).map((side) => (
            <SegmentButton key={side} type="button" $tone={side === 'BUY' ? 'buy' : 'sell'} aria-pressed={effective.side === side} data-order-side={side} onClick={() => order.chooseSide(side)}>
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

        {rules.extendedHours && (
          <SwitchRow data-testid="extended-hours">
            <input type="checkbox" role="switch" checked={effective.extendedHours} onChange={(event) => update({ extendedHours: event.target.checked })} />
            <span>
              <strong>{t('ticket.extendedHours')}</strong>
              <small>{t('ticket.extendedHoursHint')}</small>
            </span>
          </SwitchRow>
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
            {rules.timesInForce.length > 0 && effective.orderType !== 'MARKET' && (
              <Field label={t('ticket.timeInForce')} hint={descriptor.sessions ? t(`timeInForceHint.${effective.timeInForce}`) : undefined}>
                <Select
                  name="timeInForce"
                  value={effective.timeInForce}
                  options={rules.timesInForce.map((value) => ({ value, label: t(`timeInForce.${value}`) }))}
                  onChange={(event) => update({ timeInForce: event.target.value as TimeInForce })}
                />
              </Field>
            )}
          </TwoColumns>
        )}

        {priceFieldsOf(effective.orderType).map((field) => (
          <Field key={field} label={t(`ticket.${field}`)} hint={field === 'limitPrice' || field === 'takeProfit' ? t('ticket.pickHint') : undefined} error={problemText(problems[field])} required>
            <NumericInput
              name={field}
              value={effective[field]}
              onChange={(value) => update({ [field]: value })}
              precision={rules.pricePrecision}
              step={rules.tickSize ?? undefined}
              unit={currency}
              incrementLabel={t('ticket.increase', { field: t(`ticket.${field}`) })}
              decrementLabel={t('ticket.decrease', { field: t(`ticket.${field}`) })}
            />
          </Field>
        ))}

        {allowedInputs.length > 1 && (
          <Segmented role="group" aria-label={t('ticket.inputType')}>
            {allowedInputs.map((input) => (
              <SegmentButton key={input} type="button" aria-pressed={effective.inputType === input} onClick={() => update({ inputType: input, quantity: '', amount: '' })}>
                {t(`ticket.by.${input}`, { currency })}
              </SegmentButton>
            ))}
          </Segmented>
        )}

        <Available data-testid="order-available">
          <span>{t(effective.side === 'BUY' ? 'ticket.availableCash' : 'ticket.availableAsset', { asset, currency })}</span>
          {max === null ? <Skeleton width="10ch" height="1em" /> : <strong>{effective.side === 'BUY' ? f.money(max) : f.quantity(max)}</strong>}
        </Available>

        <Field label={sizeLabel} error={problemText(problems.size)} required>
          {effective.inputType === 'quantity' ? (
            <NumericInput
              name="quantity"
              value={effective.quantity}
              onChange={(value) => update({ quantity: value })}
              precision={rules.quantityPrecision}
              step={rules.quantityStep}
              unit={asset}
              incrementLabel={t('ticket.increase', { field: sizeLabel })}
              decrementLabel={t('ticket.decrease', { field: sizeLabel })}
            />
          ) : (
            <NumericInput name="amount" value={effective.amount} onChange={(value) => update({ amount: value })} precision={rules.amountPrecision} unit={currency} />
          )}
        </Field>

        <OrderSlider
          value={order.percent}
          onChange={slideTo}
          side={side}
          label={t(side === 'BUY' ? 'slider.buyLabel' : 'slider.sellLabel', { asset, currency })}
          valueText={sliderValueText}
          markLabel={sliderMarkLabel}
          disabled={max === null || !sideOpen || (effective.side === 'BUY' && effective.inputType === 'quantity' && !order.priced)}
        />

        <Figures data-testid="order-numbers" aria-live="polite" aria-busy={order.estimating}>
          <FigurePair label={t('numbers.price')} value={numbers ? f.price(numbers.price) : '–'} testId="numbers-price" />
          <FigurePair label={t('numbers.quantity')} value={numbers ? f.quantity(numbers.quantity) : '–'} testId="numbers-quantity" />
          <FigurePair label={t('numbers.fee')} value={numbers ? f.money(numbers.fee) : '–'} testId="numbers-fee" />
          <FigurePair label={t(descriptor.taxLabel)} value={numbers ? f.money(numbers.tax) : '–'} testId="numbers-tax" />
          <FigurePair label={t(effective.side === 'BUY' ? 'numbers.totalBuy' : 'numbers.totalSell')} value={numbers ? f.money(numbers.total) : '–'} testId="numbers-total" strong />
          {numbers?.totalIdr != null && <FigurePair label={t('numbers.inIdr')} value={`≈ ${f.idr(numbers.totalIdr)}`} testId="numbers-total-idr" />}
        </Figures>
        {order.estimateError && <Muted role="status">{order.estimateError}</Muted>}

        <Button type="submit" variant={effective.side === 'BUY' ? 'buy' : 'sell'} disabled={!sideOpen} loading={order.preparing} fullWidth data-testid="order-review-button">
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
        onConfirm={order.confirm}
        onCancel={order.closeReview}
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
