// The order panel of an Indonesian stock for a signed-in person (its own chunk, with the IDX
// calls): the phase badge (pre-opening and pre-closing auctions, sessions I and II, lunch,
// closed) with the next change, the day's ARB / ARA, the previous close and the tick, a ticket in
// lots (the API counts shares) whose price stepper moves by the band's tick, today or GTC, the
// cash or shares available, and a review showing fee, tax and the settlement date (T+2) before
// the money moves. Refusals show the server's localized message; nothing is placed.
import styled from '@emotion/styled';
import {
  Button,
  Card,
  ConfirmDialog,
  ErrorState,
  Field,
  NumericInput,
  Select,
  Skeleton,
  Stack,
  formatCurrency,
  tokens,
  type IdxEstimate,
  type IdxOrderTypesResponse,
  type IdxOrderType,
  type IdxSession,
  type OrderSideText,
  type TimeInForce,
} from '@pasar/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTradeT } from '../i18n';
import { registerIdxTranslations } from '../i18n/idx';
import { registerOrderTranslations } from '../i18n/order';
import type { PriceFormat } from '../market/price-format';
import type { Instrument } from '../market/types';
import { useResource } from '../market/use-resource';
import { stopAmending, useOpenOrders, useOpenOrdersStore } from '../my-orders/open-orders';
import { messageOf } from '../order-calls/market-calls';
import { idxOrders } from '../order-calls/idx-calls';
import { AmendForm, type AmendRules } from './AmendForm';
import { idxPayload, idxProblems, sharesOf, stepPrice, type IdxDraft, type IdxProblem } from './idx-ticket';
import { Figures, Form, Muted, Notice, Segmented, SegmentButton } from './order-styles';
import { useSessionRefresh } from './use-session-refresh';

registerIdxTranslations();
// The amend form (an open IDX limit's price or size) speaks the order panel's strings.
registerOrderTranslations();

/** Amending: whole shares in lots of 100; the price field without a fixed step (the tick depends on the price; the server checks it). */
const AMEND_RULES: AmendRules = { pricePrecision: 0, tickSize: null, quantityPrecision: 0, quantityStep: '100', amountPrecision: 0 };

const Badge = styled.p<{ $open: boolean }>`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space.xs};
  align-items: center;
  margin: 0 0 ${tokens.space.md};
  font-size: ${tokens.fontSizes.sm};
  color: ${tokens.colors.textMuted};
  strong {
    color: ${({ $open }) => ($open ? tokens.colors.buy : tokens.colors.text)};
  }
`;

const PriceRow = styled.div`
  display: grid;
  grid-template-columns: 44px minmax(0, 1fr) 44px;
  gap: ${tokens.space.xs};
  align-items: stretch;
`;

export interface IdxOrderPanelProps {
  symbol: string;
  instrument: Instrument | undefined;
  format: PriceFormat;
  halted: boolean;
  haltText: string | null;
}

const jakartaTime = (iso: string, lng: string) =>
  new Intl.DateTimeFormat(lng === 'id' ? 'id-ID' : 'en-GB', { timeZone: 'Asia/Jakarta', hour: '2-digit', minute: '2-digit', weekday: 'short' }).format(new Date(iso));
const localDate = (date: string, lng: string) =>
  new Intl.DateTimeFormat(lng === 'id' ? 'id-ID' : 'en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric', weekday: 'long' }).format(new Date(`${date}T00:00:00Z`));

export function IdxOrderPanel(props: IdxOrderPanelProps) {
  const { t } = useTradeT();
  return (
    <Card padding="md" data-testid="order-panel" data-market="IDSS" title={t('idx.title', { asset: props.symbol })}>
      <IdxTicket key={props.symbol} {...props} />
    </Card>
  );
}

function IdxTicket({ symbol, instrument, format, halted, haltText }: IdxOrderPanelProps) {
  const { t } = useTradeT();
  const lng = format.lng;
  const stockId = instrument?.id ?? null;
  const [side, setSide] = useState<OrderSideText>('BUY');
  const types = useResource(stockId === null ? null : `idx-order-types:${stockId}:${side}`, (signal) => idxOrders.orderTypes(stockId as number, side, signal), { keepPrevious: true });
  const funds = useResource(stockId === null ? null : `idx-funds:${stockId}:${side}`, async (signal) =>
    // A buy may spend cash and unsettled sale proceeds (the server's buying power); a sale, the shares not held by open sells.
    side === 'BUY' ? (await idxOrders.orderTypes(stockId as number, 'BUY', signal)).buyingPower : (await idxOrders.holding(stockId as number, signal)).quantityAvailableForSale,
  );
  const [draft, setDraft] = useState<Omit<IdxDraft, 'side'>>({ orderType: 'LIMIT', timeInForce: 'GOOD_TILL_MARKET_CLOSE', price: '', lots: '' });
  const [shown, setShown] = useState(false);
  const [review, setReview] = useState<{ estimate: IdxEstimate; draft: IdxDraft; requestId: string } | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const update = useCallback((change: Partial<Omit<IdxDraft, 'side'>>) => {
    setDraft((d) => ({ ...d, ...change }));
    setMessage(null);
  }, []);

  const data = types.data;
  // The session badge, whether orders are taken, the order types and the band (a new trading day)
  // change with the session: asked again once it has changed, without emptying the ticket.
  useSessionRefresh(data?.session.nextChangeAt, types.retry);
  // A type the new session does not take (a market order in an auction) gives way to its first one.
  const offered = data?.orderTypes;
  useEffect(() => {
    if (offered && offered.length > 0 && !offered.includes(draft.orderType)) setDraft((d) => ({ ...d, orderType: offered[0]! }));
  }, [offered, draft.orderType]);
  // The price starts at the last price once the rules are known.
  const price = draft.price === '' && data ? data.lastPrice : draft.price;
  const full: IdxDraft = { ...draft, price, side };
  const problems = useMemo(() => (data ? idxProblems(full, data) : {}), [data, full.lots, full.price, full.orderType]); // eslint-disable-line react-hooks/exhaustive-deps
  // An open order picked for amending in the orders list (its price or size).
  const openOrders = useOpenOrders();
  const amendingId = useOpenOrdersStore((state) => state.amendingId);
  const amending = amendingId ? (openOrders.find((order) => order.id === amendingId) ?? null) : null;
  useEffect(() => {
    if (amendingId && !amending) stopAmending();
  }, [amendingId, amending]);

  if (types.error && !data) {
    return <ErrorState compact headingLevel={3} title={t('idx.loadError')} description={messageOf(types.error, lng)} onRetry={types.retry} />;
  }
  if (!data || stockId === null) {
    return (
      <div aria-busy="true">
        <Skeleton lines={8} />
      </div>
    );
  }
  if (amending) return <AmendForm order={amending} rules={AMEND_RULES} currency="IDR" amend={idxOrders.amend} format={format} onDone={stopAmending} />;
  const money = (value: string) => formatCurrency(value, 'IDR', lng, { minFractionDigits: 0, maxFractionDigits: 0, rounding: 'trunc' });
  const problemText = (p: IdxProblem | undefined) => (shown && p ? t(`idx.problems.${p.key}`, p) : null);
  const enabled = data.enabled && !halted && data.session.acceptingOrders;
  const disabledText = halted ? (haltText ?? data.disabledReason) : data.disabledReason;

  const toReview = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    setShown(true);
    if (problems.lots || problems.price || !enabled) return;
    setPreparing(true);
    try {
      const estimate = await idxOrders.priceCalculate({
        stockId,
        transactionType: side,
        orderType: full.orderType,
        quantity: sharesOf(full.lots, data.lotSize),
        ...(full.orderType === 'LIMIT' ? { unitPrice: full.price } : {}),
      });
      setReview({ estimate, draft: full, requestId: crypto.randomUUID() });
    } catch (error) {
      setMessage({ tone: 'error', text: messageOf(error, lng) });
    } finally {
      setPreparing(false);
    }
  };

  const confirm = async () => {
    if (!review) return;
    try {
      await idxOrders.place(review.draft.side, idxPayload(stockId, review.draft, data.lotSize), review.requestId);
      setMessage({ tone: 'success', text: t('idx.placed') });
      setDraft((d) => ({ ...d, lots: '' }));
      setShown(false);
      funds.retry();
    } catch (error) {
      setMessage({ tone: 'error', text: messageOf(error, lng) });
    } finally {
      setReview(null);
    }
  };

  return (
    <>
      <SessionBadge session={data.session} lng={lng} />
      <Figures data-testid="idx-band">
        <dt>{t('idx.arb')}</dt>
        <dd data-testid="idx-arb">{money(data.band.arb)}</dd>
        <dt>{t('idx.ara')}</dt>
        <dd data-testid="idx-ara">{money(data.band.ara)}</dd>
        <dt>{t('idx.previousClose')}</dt>
        <dd>{money(data.band.previousClose)}</dd>
        <dt>{t('idx.tick')}</dt>
        <dd data-testid="idx-tick">{money(data.tickSize)}</dd>
      </Figures>
      <Form onSubmit={toReview} noValidate aria-label={t('idx.title', { asset: symbol })} data-testid="order-ticket">
        <Segmented role="group" aria-label={t('idx.side')}>
          {(['BUY', 'SELL'] as const).map((s) => (
            <SegmentButton key={s} type="button" aria-pressed={side === s} data-side={s} onClick={() => (setSide(s), setMessage(null))}>
              {t(`idx.side${s}`)}
            </SegmentButton>
          ))}
        </Segmented>
        <Field label={t('idx.orderType')}>
          <Select
            name="orderType"
            value={draft.orderType}
            onChange={(e) => update({ orderType: e.target.value as IdxOrderType })}
            options={data.orderTypes.map((type) => ({ value: type, label: t(`idx.type.${type}`) }))}
          />
        </Field>
        {draft.orderType === 'LIMIT' && (
          <>
            <Field label={t('idx.timeInForce')}>
              <Select
                name="timeInForce"
                value={draft.timeInForce}
                onChange={(e) => update({ timeInForce: e.target.value as TimeInForce })}
                options={data.timesInForce.map((tif) => ({ value: tif, label: t(`idx.tif.${tif}`) }))}
              />
            </Field>
            <Field label={t('idx.price')} error={problemText(problems.price)} required>
              <PriceRow>
                <Button type="button" variant="secondary" aria-label={t('idx.priceDown')} onClick={() => update({ price: stepPrice(price, -1, data.band) })}>
                  −
                </Button>
                <NumericInput name="unitPrice" value={price} onChange={(value) => update({ price: value })} precision={0} showSteppers={false} invalid={Boolean(shown && problems.price)} />
                <Button type="button" variant="secondary" aria-label={t('idx.priceUp')} onClick={() => update({ price: stepPrice(price, 1, data.band) })}>
                  +
                </Button>
              </PriceRow>
            </Field>
          </>
        )}
        <Field label={t('idx.lots')} hint={t('idx.lotHint', { lot: data.lotSize })} error={problemText(problems.lots)} required>
          <NumericInput
            name="lots"
            value={draft.lots}
            onChange={(value) => update({ lots: value })}
            precision={0}
            step="1"
            unit="lot"
            incrementLabel={t('idx.lotsUp')}
            decrementLabel={t('idx.lotsDown')}
            invalid={Boolean(shown && problems.lots)}
          />
        </Field>
        <Muted data-testid="idx-available">
          {t(`idx.available.${side}`)}:{' '}
          {funds.data === undefined ? '–' : side === 'BUY' ? money(funds.data) : `${Number(funds.data) / data.lotSize} lot (${t('idx.shares', { count: Number(funds.data) })})`}
        </Muted>
        {!enabled && disabledText && <Notice role="status">{disabledText}</Notice>}
        {message && (
          <Notice role={message.tone === 'error' ? 'alert' : 'status'} data-testid={message.tone === 'error' ? 'idx-error' : 'idx-placed'}>
            {message.text}
          </Notice>
        )}
        <Button type="submit" variant={side === 'BUY' ? 'buy' : 'sell'} disabled={!enabled} loading={preparing} fullWidth data-testid="order-review-button">
          {t('idx.review')}
        </Button>
      </Form>
      <ConfirmDialog
        open={review !== null}
        title={review ? t(`idx.reviewTitle.${review.draft.side}`, { asset: symbol }) : ''}
        description={t('idx.reviewDescription')}
        tone={review?.draft.side === 'SELL' ? 'sell' : 'buy'}
        confirmLabel={review ? t(`idx.confirm.${review.draft.side}`) : undefined}
        cancelLabel={t('idx.back')}
        onConfirm={confirm}
        onCancel={() => setReview(null)}
      >
        {review && (
          <Stack gap="sm">
            <Figures data-testid="order-review">
              <dt>{t('idx.figures.price')}</dt>
              <dd data-testid="review-price">{money(review.estimate.price)}</dd>
              <dt>{t('idx.figures.quantity')}</dt>
              <dd data-testid="review-quantity">{`${review.estimate.lots} lot (${t('idx.shares', { count: Number(review.estimate.quantity) })})`}</dd>
              <dt>{t('idx.figures.amount')}</dt>
              <dd data-testid="review-amount">{money(review.estimate.amount)}</dd>
              <dt>{t('idx.figures.fee')}</dt>
              <dd data-testid="review-fee">{money(review.estimate.fee)}</dd>
              <dt>{t('idx.figures.tax')}</dt>
              <dd data-testid="review-tax">{money(review.estimate.tax)}</dd>
              <dt>{t(`idx.figures.total${review.draft.side}`)}</dt>
              <dd data-testid="review-total" data-strong="true">
                {money(review.estimate.total)}
              </dd>
              <dt>{t('idx.figures.tradeDate')}</dt>
              <dd>{localDate(review.estimate.tradeDate, lng)}</dd>
              <dt>{t('idx.figures.settlementDate')}</dt>
              <dd data-testid="review-settlement-date" data-date={review.estimate.settlementDate}>
                {localDate(review.estimate.settlementDate, lng)}
              </dd>
            </Figures>
            {review.draft.side === 'SELL' && <Muted>{t('idx.settlementNote')}</Muted>}
          </Stack>
        )}
      </ConfirmDialog>
    </>
  );
}

function SessionBadge({ session, lng }: { session: IdxOrderTypesResponse['session']; lng: string }) {
  const { t } = useTradeT();
  const name = (s: IdxSession) => t(`idx.session.${s}`);
  return (
    <Badge $open={session.continuous} data-testid="idx-session" data-session={session.session}>
      <strong>{name(session.session)}</strong>
      {session.nextChangeAt && session.nextSession && <span>· {t('idx.sessionNext', { session: name(session.nextSession), time: jakartaTime(session.nextChangeAt, lng) })}</span>}
    </Badge>
  );
}
