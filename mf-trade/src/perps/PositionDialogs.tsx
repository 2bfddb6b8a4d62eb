// What a person does to an open position, each a dialog that shows what will happen before it
// happens: close (all or part, at market, with the close estimate: realized P&L, fee, margin
// released), TP/SL (set, change or remove; triggered on the mark), and isolated margin add or
// remove. Refusals come back in the reader's language inside the dialog; nothing changes then.
import styled from '@emotion/styled';
import { Button, createUuid, Field, Modal, NumericInput, showToast, tokens, useAppStore, type PerpPosition, type PositionMarginDirection } from '@pasar/shared';
import { useState, type ReactNode } from 'react';
import { useTradeT } from '../i18n';
import { formatPrice, formatQuantity, type PriceFormat } from '../market/price-format';
import { useResource } from '../market/use-resource';
import { messageOf } from '../order-calls/market-calls';
import { Figures, Muted, Segmented, SegmentButton } from '../ticket/order-styles';
import { usdt } from './perps-format';
import { baseOf, Figure } from './PerpsOrderPanel';
import { perpsCalls, refreshPerps } from './perps-store';

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${tokens.space.sm};
`;

const Refusal = styled.p`
  margin: 0;
  color: ${tokens.colors.dangerText};
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.md};
`;

/** Sizes are checked against the symbol's step by the close estimate; the field takes up to 8 decimals. */
const QUANTITY_DIGITS = 8;

export type PositionAction = 'close' | 'tpsl' | 'margin';

interface DialogProps {
  position: PerpPosition;
  format: PriceFormat;
  onClose: () => void;
}

/** A dialog's action: busy while it runs; a refusal (in the reader's language) stays in the dialog. */
export function useDialogAction() {
  const lng = useAppStore((state) => state.language);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const perform = async (work: () => Promise<void>) => {
    setBusy(true);
    setRefusal(null);
    try {
      await work();
    } catch (error) {
      setRefusal(messageOf(error, lng));
    } finally {
      setBusy(false);
    }
  };
  return { busy, refusal, setRefusal, perform };
}

/** A dialog's Cancel and confirm buttons (cancel is off while the action runs). */
export function DialogButtons({ onCancel, onConfirm, confirmLabel, busy, disabled = false, testId }: { onCancel: () => void; onConfirm: () => void; confirmLabel: string; busy: boolean; disabled?: boolean; testId: string }) {
  const { t } = useTradeT();
  return (
    <Footer>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        {t('perps.leverage.cancel')}
      </Button>
      <Button onClick={onConfirm} loading={busy} disabled={disabled} data-testid={testId}>
        {confirmLabel}
      </Button>
    </Footer>
  );
}

/** One dialog frame: its action runs once (request id per opening), a refusal stays in it. */
function ActionDialog({ title, confirmLabel, onClose, run, ready = true, children, testId }: { title: string; confirmLabel: string; onClose: () => void; run: (requestId: string) => Promise<string>; ready?: boolean; children: ReactNode; testId: string }) {
  const [requestId] = useState(createUuid);
  const { busy, refusal, perform } = useDialogAction();
  const confirm = () =>
    perform(async () => {
      showToast({ kind: 'success', title: await run(requestId) });
      refreshPerps();
      onClose();
    });
  return (
    <Modal
      open
      size="sm"
      onClose={onClose}
      dismissDisabled={busy}
      title={title}
      footer={<DialogButtons onCancel={onClose} onConfirm={() => void confirm()} confirmLabel={confirmLabel} busy={busy} disabled={!ready} testId={`${testId}-confirm`} />}
    >
      <Body data-testid={testId}>
        {children}
        {refusal && <Refusal role="alert">{refusal}</Refusal>}
      </Body>
    </Modal>
  );
}

export function CloseDialog({ position, format, onClose }: DialogProps) {
  const { t } = useTradeT();
  const lng = useAppStore((state) => state.language);
  const { symbol } = position;
  const asset = baseOf(symbol);
  const [quantity, setQuantity] = useState(position.quantity);
  const valid = quantity !== '' && /[1-9]/.test(quantity);
  const estimate = useResource(valid ? `perp-close:${symbol}:${quantity}` : null, (signal) => perpsCalls.closeEstimate({ symbol, quantity }, { signal }));
  const e = estimate.data;
  return (
    <ActionDialog
      title={t('perps.close.title', { symbol })}
      confirmLabel={t('perps.close.confirm')}
      onClose={onClose}
      testId="close-position"
      ready={valid && Boolean(e)}
      run={async (requestId) => {
        await perpsCalls.close({ symbol, quantity, orderType: 'MARKET' }, { requestId });
        return t('perps.close.closed', { symbol });
      }}
    >
      <Field label={t('perps.close.quantity', { asset })} error={estimate.error ? messageOf(estimate.error, lng) : undefined}>
        <NumericInput name="closeQuantity" value={quantity} onChange={setQuantity} precision={QUANTITY_DIGITS} language={lng} unit={asset} />
      </Field>
      <Figures aria-busy={estimate.loading}>
        <Figure label={t('perps.close.price')} value={e ? formatPrice(e.price, format) : '–'} />
        <Figure label={t('perps.close.pnl')} value={e ? usdt(e.realizedPnl, lng, true) : '–'} testId="close-pnl" />
        <Figure label={t('perps.close.fee')} value={e ? usdt(e.fee, lng) : '–'} />
        <Figure label={t('perps.close.released')} value={e ? usdt(e.marginReleased, lng) : '–'} />
        <Figure label={t('perps.close.net')} value={e ? usdt(e.netPnl, lng, true) : '–'} />
      </Figures>
    </ActionDialog>
  );
}

export function TpSlDialog({ position, format, onClose }: DialogProps) {
  const { t } = useTradeT();
  const lng = useAppStore((state) => state.language);
  const { symbol } = position;
  const [takeProfit, setTakeProfit] = useState(position.takeProfit ?? '');
  const [stopLoss, setStopLoss] = useState(position.stopLoss ?? '');
  const priceOrNull = (value: string) => (value !== '' && /[1-9]/.test(value) ? value : null);
  return (
    <ActionDialog
      title={t('perps.tpsl.title', { symbol })}
      confirmLabel={t('perps.tpsl.save')}
      onClose={onClose}
      testId="position-tpsl"
      run={async (requestId) => {
        await perpsCalls.tpsl({ symbol, takeProfit: priceOrNull(takeProfit), stopLoss: priceOrNull(stopLoss) }, { requestId });
        return t('perps.tpsl.saved', { symbol });
      }}
    >
      <Muted>{t('perps.tpsl.hint')}</Muted>
      <Field label={t('perps.panel.takeProfit')}>
        <NumericInput name="takeProfit" value={takeProfit} onChange={setTakeProfit} precision={format.precision} language={lng} />
      </Field>
      <Field label={t('perps.panel.stopLoss')}>
        <NumericInput name="stopLoss" value={stopLoss} onChange={setStopLoss} precision={format.precision} language={lng} />
      </Field>
      <Muted>
        {t('perps.positions.mark')}: {formatPrice(position.markPrice, format)} · {t('perps.positions.liquidation')}: {position.liquidationPrice ? formatPrice(position.liquidationPrice, format) : '–'}
      </Muted>
    </ActionDialog>
  );
}

export function MarginDialog({ position, onClose }: DialogProps) {
  const { t } = useTradeT();
  const lng = useAppStore((state) => state.language);
  const { symbol } = position;
  const [direction, setDirection] = useState<PositionMarginDirection>('ADD');
  const [amount, setAmount] = useState('');
  const valid = amount !== '' && /[1-9]/.test(amount);
  return (
    <ActionDialog
      title={t('perps.margin.title', { symbol })}
      confirmLabel={t('perps.margin.save')}
      onClose={onClose}
      testId="position-margin"
      ready={valid}
      run={async (requestId) => {
        await perpsCalls.positionMargin({ symbol, direction, amount }, { requestId });
        return t('perps.margin.saved', { symbol });
      }}
    >
      <Segmented role="group" aria-label={t('perps.margin.title', { symbol })}>
        {(['ADD', 'REMOVE'] as const).map((value) => (
          <SegmentButton key={value} type="button" aria-pressed={direction === value} onClick={() => setDirection(value)}>
            {t(`perps.margin.${value}`)}
          </SegmentButton>
        ))}
      </Segmented>
      <Field label={t('perps.margin.amount')}>
        <NumericInput name="marginAmount" value={amount} onChange={setAmount} precision={2} language={lng} unit="USDT" />
      </Field>
      <Muted>{t('perps.margin.current', { margin: usdt(position.margin, lng) })}</Muted>
      <Muted>
        {t('perps.positions.size')}: {formatQuantity(position.quantity, lng)} {baseOf(symbol)}
      </Muted>
    </ActionDialog>
  );
}
