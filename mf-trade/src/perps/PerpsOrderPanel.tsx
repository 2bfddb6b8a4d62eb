// The perps order panel of a signed-in person (the perps chunk): cross or isolated margin, the
// leverage control (its dialog, then the leverage modal), long or short, market / limit / stop
// market / stop limit, reduce-only, TP/SL on the position, and before anything is sent the
// estimate call's margin required, fee and liquidation price. The first leveraged order of a
// person passes the ShowGssAndCryptoPerps intro; every order is confirmed before it is placed with
// the review's request id (a retried confirmation places once).
import styled from '@emotion/styled';
import {
  Button,
  TextLink,
  Card,
  ConfirmDialog,
  createUuid,
  ErrorState,
  Field,
  NumericInput,
  Select,
  showToast,
  Skeleton,
  tokens,
  useAppStore,
  type MarginMode,
  type OrderSideText,
  type PerpOrderEstimate,
  type PerpOrderType,
  type PerpOrderTypesResponse,
} from '@pasar/shared';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { errorMessage } from '@pasar/shared/errors';
import type { PerpEstimateInput } from '@pasar/shared/perps-client';
import { useTradeT } from '../i18n';
import { useLeverageIntro } from '../leverage-intro';
import { formatPrice, formatQuantity, type PriceFormat } from '../market/price-format';
import { useResource } from '../market/use-resource';
import { messageOf } from '../order-calls/market-calls';
import { Figures, Form, Muted, Notice, Row, Segmented, SegmentButton, SwitchRow, TwoColumns } from '../ticket/order-styles';
import { LeverageDialog } from './LeverageDialog';
import { usdt } from './perps-format';
import { draftProblems, EMPTY_DRAFT, estimateQueryOf, orderRequestOf, priceFieldsOf, type DraftField, type PerpDraft, type Problem } from './perps-math';
import { perpsCalls, refreshPerps, usePerpsStore } from './perps-store';

/** The wallet page's perps tab, where margin is deposited. */
export const MARGIN_DEPOSIT_PATH = '/balance/transfer?tab=perps';

/** The estimate is asked this long after the last keystroke. */
const ESTIMATE_DELAY_MS = 300;

const Settings = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space.sm};
  align-items: center;
  > * {
    flex: 1 1 120px;
  }
`;

const Refusal = styled.p`
  margin: 0;
  color: ${tokens.colors.dangerText};
  font-size: ${tokens.fontSizes.sm};
`;

export interface PerpsOrderPanelProps {
  symbol: string;
  format: PriceFormat;
  halted: boolean;
  haltText: string | null;
}

export function PerpsOrderPanel({ symbol, format, halted, haltText }: PerpsOrderPanelProps) {
  const { t } = useTradeT();
  const types = useResource(`perp-types:${symbol}`, (signal) => perpsCalls.orderTypes(symbol, { signal }), { keepPrevious: true });
  let body;
  if (types.error && !types.data) body = <ErrorState compact headingLevel={3} title={t('perps.panel.loadError')} onRetry={types.retry} />;
  else if (!types.data) {
    body = (
      <div aria-hidden="true">
        <Skeleton lines={8} />
      </div>
    );
  } else body = <PerpTicket key={symbol} symbol={symbol} types={types.data} format={format} halted={halted} haltText={haltText} onSettingChanged={types.retry} />;
  return (
    <Card padding="md" data-testid="order-panel" data-market="PERPS" title={t('perps.panel.title', { asset: baseOf(symbol) })}>
      {body}
    </Card>
  );
}

/** "BTC" of "BTCUSDT-PERP". */
export const baseOf = (symbol: string): string => symbol.replace(/-PERP$/i, '').replace(/USDT$/i, '');

/** A value that follows `value` once it has stood still for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

interface TicketProps {
  symbol: string;
  types: PerpOrderTypesResponse;
  format: PriceFormat;
  halted: boolean;
  haltText: string | null;
  onSettingChanged: () => void;
}

function PerpTicket({ symbol, types, format, halted, haltText, onSettingChanged }: TicketProps) {
  const { t } = useTradeT();
  const lng = useAppStore((state) => state.language);
  const asset = baseOf(symbol);
  const [draft, setDraft] = useState<PerpDraft>(EMPTY_DRAFT);
  const [attempted, setAttempted] = useState(false);
  const [leverage, setLeverage] = useState(types.leverage);
  const [marginMode, setMarginMode] = useState<MarginMode>(types.marginMode);
  const [leverageOpen, setLeverageOpen] = useState(false);
  const [review, setReview] = useState<{ draft: PerpDraft; estimate: PerpOrderEstimate; requestId: string } | null>(null);
  const intro = useLeverageIntro();
  const balance = usePerpsStore((state) => state.balance);
  useEffect(() => setLeverage(types.leverage), [types.leverage]);
  useEffect(() => setMarginMode(types.marginMode), [types.marginMode]);

  const update = (patch: Partial<PerpDraft>) => setDraft((previous) => ({ ...previous, ...patch }));
  const problems = useMemo(() => draftProblems(draft, types), [draft, types]);
  const complete = Object.keys(problems).length === 0;
  const setting = { symbol, leverage, marginMode };
  const query = complete ? estimateQueryOf(draft, setting) : null;
  const settledKey = useSettled(query ? JSON.stringify(query) : null, ESTIMATE_DELAY_MS);
  const estimate = useResource(settledKey, (signal) => perpsCalls.estimate(JSON.parse(settledKey!) as PerpEstimateInput, { signal }));
  const current = query !== null && settledKey === JSON.stringify(query) ? estimate : null;
  const refusal = current?.data?.refusalCode ? errorMessage(current.data.refusalCode, lng) : current?.error ? messageOf(current.error, lng) : null;
  const sideOpen = !halted && (draft.side === 'BUY' ? types.enableBuy : types.enableSell);

  const problemText = (field: DraftField): string | undefined => {
    const problem: Problem | undefined = problems[field];
    if (!problem || (!attempted && draft[field] === '')) return undefined;
    const shown = (value: string) =>
      problem.key === 'belowMin' || problem.key === 'offStep' ? formatQuantity(value, lng) : problem.key === 'outsideBand' ? formatPrice(value, format) : usdt(value, lng);
    return t(`perps.problem.${problem.key}`, Object.fromEntries(Object.entries(problem.values ?? {}).map(([key, value]) => [key, shown(value)])));
  };

  const changeMode = async (mode: MarginMode) => {
    if (mode === marginMode) return;
    try {
      await perpsCalls.setMarginMode(symbol, mode, { requestId: createUuid() });
      setMarginMode(mode);
      onSettingChanged();
    } catch (error) {
      showToast({ kind: 'error', title: messageOf(error, lng) });
    }
  };

  const toReview = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!complete || !sideOpen || refusal || !current?.data) return;
    const reviewed = { draft, estimate: current.data, requestId: createUuid() };
    if (!(await intro.ensure())) return;
    setReview(reviewed);
  };

  const place = async () => {
    if (!review) return;
    const body = orderRequestOf(review.draft, setting);
    const options = { requestId: review.requestId };
    try {
      await (review.draft.side === 'BUY' ? perpsCalls.buy(body, options) : perpsCalls.sell(body, options));
      showToast({ kind: 'success', title: t('perps.panel.placed', { symbol }) });
      setReview(null);
      setAttempted(false);
      setDraft((previous) => ({ ...EMPTY_DRAFT, side: previous.side, orderType: previous.orderType }));
      refreshPerps();
    } catch (error) {
      setReview(null);
      showToast({ kind: 'error', title: messageOf(error, lng) });
    }
  };

  const e = current?.data;
  const money = (value: string) => usdt(value, lng);
  return (
    <>
      <Form onSubmit={(event) => void toReview(event)} noValidate aria-label={t('perps.panel.title', { asset })} data-testid="perps-ticket">
        <Settings>
          <Segmented role="group" aria-label={t('perps.panel.marginMode')}>
            {(['CROSS', 'ISOLATED'] as const).map((mode) => (
              <SegmentButton key={mode} type="button" aria-pressed={marginMode === mode} title={t(`perps.panel.modeHint.${mode}`)} onClick={() => void changeMode(mode)}>
                {t(`perps.panel.${mode}`)}
              </SegmentButton>
            ))}
          </Segmented>
          <Button type="button" variant="secondary" aria-label={t('perps.panel.leverageButton', { leverage })} onClick={() => setLeverageOpen(true)} data-testid="leverage-button">
            {leverage}x
          </Button>
        </Settings>

        <Segmented role="group" aria-label={t('perps.panel.side')}>
          {(['BUY', 'SELL'] as const).map((side: OrderSideText) => (
            <SegmentButton key={side} type="button" $tone={side === 'BUY' ? 'buy' : 'sell'} aria-pressed={draft.side === side} onClick={() => update({ side })}>
              {t(`perps.panel.side${side}`)}
            </SegmentButton>
          ))}
        </Segmented>

        {!sideOpen && (
          <Notice role="status" data-testid="side-disabled">
            <strong>{haltText ?? types.disabledReason ?? t('perps.panel.disabled')}</strong>
          </Notice>
        )}

        <Field label={t('perps.panel.orderType')}>
          <Select
            name="orderType"
            value={draft.orderType}
            options={types.orderTypes.map((type) => ({ value: type, label: t(`perps.orderType.${type}`) }))}
            onChange={(event) => update({ orderType: event.target.value as PerpOrderType })}
          />
        </Field>

        {priceFieldsOf(draft.orderType).length > 0 && (
          <TwoColumns>
            {priceFieldsOf(draft.orderType).map((field) => (
              <Field key={field} label={t(`perps.panel.${field}`)} error={problemText(field)} required>
                <NumericInput name={field} value={draft[field]} onChange={(value) => update({ [field]: value })} precision={format.precision} step={types.tickSize} language={lng} />
              </Field>
            ))}
          </TwoColumns>
        )}

        <Field label={t('perps.panel.quantity', { asset })} error={problemText('quantity')} required>
          <NumericInput name="quantity" value={draft.quantity} onChange={(quantity) => update({ quantity })} precision={decimalsOf(types.quantityStep)} step={types.quantityStep} language={lng} unit={asset} />
        </Field>

        <Row>
          <Muted data-testid="perps-available">{t('perps.panel.available', { amount: balance ? money(balance.availableBalance) : '–' })}</Muted>
          <TextLink to={MARGIN_DEPOSIT_PATH}>
            {t('perps.panel.deposit')}
          </TextLink>
        </Row>

        <SwitchRow>
          <input type="checkbox" checked={draft.reduceOnly} onChange={(event) => update({ reduceOnly: event.target.checked })} />
          <span>
            <strong>{t('perps.panel.reduceOnly')}</strong>
            <small>{t('perps.panel.reduceOnlyHint')}</small>
          </span>
        </SwitchRow>
        {!draft.reduceOnly && (
          <SwitchRow>
            <input type="checkbox" checked={draft.tpsl} onChange={(event) => update({ tpsl: event.target.checked })} />
            <span>
              <strong>{t('perps.panel.tpsl')}</strong>
            </span>
          </SwitchRow>
        )}
        {draft.tpsl && !draft.reduceOnly && (
          <TwoColumns>
            {(['takeProfit', 'stopLoss'] as const).map((field) => (
              <Field key={field} label={t(`perps.panel.${field}`)}>
                <NumericInput name={field} value={draft[field]} onChange={(value) => update({ [field]: value })} precision={format.precision} step={types.tickSize} language={lng} />
              </Field>
            ))}
          </TwoColumns>
        )}

        <section aria-label={t('perps.panel.estimateTitle')} aria-busy={current?.loading ?? false}>
          <Figures data-testid="perps-estimate">
            <Figure label={t('perps.numbers.margin')} value={e ? money(e.initialMargin) : '–'} testId="estimate-margin" />
            <Figure label={t('perps.numbers.fee')} value={e ? money(e.fee) : '–'} testId="estimate-fee" />
            <Figure label={t('perps.numbers.liquidation')} value={e?.liquidationPrice ? formatPrice(e.liquidationPrice, format) : '–'} testId="estimate-liquidation" />
            <Figure label={t('perps.numbers.total')} value={e ? money(e.estimatedTotalAmount) : '–'} testId="estimate-total" />
          </Figures>
          {current?.loading && <Muted>{t('perps.panel.estimating')}</Muted>}
          {refusal && (
            <Refusal role="alert" data-testid="perps-refusal">
              {refusal}
            </Refusal>
          )}
        </section>

        <Button type="submit" variant={draft.side === 'BUY' ? 'buy' : 'sell'} fullWidth disabled={!sideOpen} data-testid="perps-review">
          {t(`perps.panel.review.${draft.side}`)}
        </Button>
      </Form>

      {leverageOpen && (
        <LeverageDialog
          symbol={symbol}
          current={leverage}
          max={types.maxLeverage}
          onClose={() => setLeverageOpen(false)}
          onChanged={(value) => {
            setLeverage(value);
            setLeverageOpen(false);
            showToast({ kind: 'success', title: t('perps.leverage.changed', { symbol, leverage: value }) });
            refreshPerps();
            onSettingChanged();
          }}
        />
      )}
      {intro.element}
      <ConfirmDialog
        open={review !== null}
        title={review ? t(`perps.panel.confirmTitle.${review.draft.side}`, { symbol }) : ''}
        tone={review?.draft.side === 'SELL' ? 'sell' : 'buy'}
        confirmLabel={t('perps.panel.confirm')}
        onCancel={() => setReview(null)}
        onConfirm={place}
      >
        {review && (
          <Figures data-testid="perps-review-figures">
            <Figure label={t('perps.numbers.type')} value={t(`perps.orderType.${review.draft.orderType}`)} />
            <Figure label={t('perps.numbers.leverage')} value={`${review.estimate.leverage}x · ${t(`perps.panel.${review.estimate.marginMode}`)}`} testId="review-leverage" />
            <Figure label={t('perps.numbers.quantity')} value={`${formatQuantity(review.estimate.quantity, lng)} ${asset}`} testId="review-quantity" />
            <Figure label={t('perps.numbers.price')} value={formatPrice(review.estimate.price, format)} />
            <Figure label={t('perps.numbers.notional')} value={money(review.estimate.notional)} />
            <Figure label={t('perps.numbers.margin')} value={money(review.estimate.initialMargin)} testId="review-margin" />
            <Figure label={t('perps.numbers.fee')} value={money(review.estimate.fee)} />
            <Figure label={t('perps.numbers.liquidation')} value={review.estimate.liquidationPrice ? formatPrice(review.estimate.liquidationPrice, format) : '–'} testId="review-liquidation" />
            {review.draft.reduceOnly && <Figure label={t('perps.numbers.reduceOnly')} value={t('perps.numbers.yes')} />}
            <Figure label={t('perps.numbers.availableAfter')} value={money(review.estimate.availableAfter)} />
          </Figures>
        )}
      </ConfirmDialog>
    </>
  );
}

/** Fraction digits of a step ("0.001" → 3). */
export const decimalsOf = (step: string): number => (step.includes('.') ? step.split('.')[1]!.replace(/0+$/, '').length : 0);

export function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </>
  );
}
