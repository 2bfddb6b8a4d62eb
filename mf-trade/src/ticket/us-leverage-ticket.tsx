// The leveraged US ticket (2x on the leverage wallet, 4x intraday): the wallet's buying power, the
// number of shares, the position value and margin it would take, and a market buy after the
// leverage intro (before a person's first leveraged order) and a confirmation. Leveraged orders
// execute in regular hours only: outside them the ticket says so and cannot be sent.
import styled from '@emotion/styled';
import { Button, ConfirmDialog, Field, formatCurrency, formatNumber, isApiError, NumericInput, refreshBalances, Stack, tokens, useAppStore, type UsLeverageOrderResult, type UsSession } from '@pasar/shared';
import { TradingDecimal } from '@pasar/shared/trading';
import { useRef, useState } from 'react';
import { useTradeT } from '../i18n';
import { useLeverageIntro } from '../leverage-intro';
import { Figures, Muted } from './order-styles';
import { leverageBuyPayload, walletOf, type UsLeverage } from './us-leverage-payload';
import { usLeverageCalls } from './us-leverage-calls';


const Status = styled.p<{ $error?: boolean }>`
  margin: 0;
  font-size: ${tokens.fontSizes.sm};
  color: ${({ $error }) => ($error ? tokens.colors.dangerText : tokens.colors.buyText)};
`;

export interface UsLeverageTicketProps {
  symbol: string;
  stockId: number;
  leverage: UsLeverage;
  lastPrice: string;
  quantityPrecision: number;
  session: UsSession;
  /** After a position opened (the positions list reloads). */
  onPlaced?: (result: UsLeverageOrderResult) => void;
}

export function UsLeverageTicket({ symbol, stockId, leverage, lastPrice, quantityPrecision, session, onPlaced }: UsLeverageTicketProps) {
  const { t, i18n } = useTradeT();
  const lng = i18n.language === 'en' ? 'en' : 'id';
  const wallet = walletOf(leverage);
  const balance = useAppStore((state) => state.trading.stockBalances[wallet]);
  const intro = useLeverageIntro();
  const [quantity, setQuantity] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const requestId = useRef<string>(crypto.randomUUID());

  const usd = (value: string | TradingDecimal) => formatCurrency(String(value), 'USD', lng, { minFractionDigits: 2, maxFractionDigits: 2 });
  const buyingPower = balance.value ?? '0';
  const size = quantity === '' ? null : new TradingDecimal(quantity);
  const notional = size ? size.times(lastPrice).toDecimalPlaces(2, TradingDecimal.ROUND_UP) : null;
  const margin = notional ? notional.div(leverage).toDecimalPlaces(2, TradingDecimal.ROUND_UP) : null;
  const regular = session === 'REGULAR';
  const empty = new TradingDecimal(buyingPower).lte(0);

  const review = async () => {
    setResult(null);
    if (!size || size.lte(0)) return setError(t('usLeverage.required'));
    if (notional && notional.gt(buyingPower)) return setError(t('usLeverage.tooMuch'));
    setError(null);
    if (!(await intro.ensure())) return undefined;
    setReviewing(true);
    return undefined;
  };

  const place = async () => {
    try {
      const placed = await usLeverageCalls.place('BUY', leverageBuyPayload(stockId, leverage, { inputType: 'quantity', value: quantity }), requestId.current);
      requestId.current = crypto.randomUUID();
      setQuantity('');
      setResult({ ok: true, text: t('usLeverage.placed', { symbol, leverage, quantity: formatNumber(placed.fill?.quantity ?? '0', lng), price: usd(placed.fill?.price ?? '0') }) });
      void refreshBalances({ gss: true });
      onPlaced?.(placed);
    } catch (failure) {
      setResult({ ok: false, text: isApiError(failure) ? failure.message : String(failure) });
    } finally {
      setReviewing(false);
    }
  };

  return (
    <Stack gap="md" data-testid="us-leverage-ticket" data-leverage={leverage}>
      <Figures>
        <dt>{t('usLeverage.buyingPower')}</dt>
        <dd data-testid="us-leverage-buying-power">{usd(buyingPower)}</dd>
      </Figures>
      {!regular && <Muted data-testid="us-leverage-closed">{t('usLeverage.regularOnly')}</Muted>}
      {regular && empty && <Muted>{t('usLeverage.noFunds')}</Muted>}
      <Field label={t('usLeverage.quantity')} error={error}>
        <NumericInput name="leverage-quantity" value={quantity} onChange={(value) => setQuantity(value)} precision={quantityPrecision} unit={symbol} language={lng} invalid={error !== null} disabled={!regular} />
      </Field>
      <Figures>
        <dt>{t('usLeverage.estimatedNotional')}</dt>
        <dd data-testid="us-leverage-notional">{notional ? usd(notional) : '-'}</dd>
        <dt>{t('usLeverage.estimatedMargin')}</dt>
        <dd data-testid="us-leverage-margin">{margin ? usd(margin) : '-'}</dd>
      </Figures>
      <Button variant="buy" fullWidth disabled={!regular} onClick={() => void review()} data-testid="us-leverage-buy">
        {t('usLeverage.buy', { leverage })}
      </Button>
      {result && (
        <Status role="status" $error={!result.ok} data-testid="us-leverage-result">
          {result.text}
        </Status>
      )}
      <ConfirmDialog
        open={reviewing}
        title={t('usLeverage.reviewTitle', { symbol, leverage })}
        tone="buy"
        confirmLabel={t('usLeverage.confirm')}
        cancelLabel={t('usLeverage.cancel')}
        onCancel={() => setReviewing(false)}
        onConfirm={place}
      >
        <Figures>
          <dt>{t('usLeverage.quantity')}</dt>
          <dd>{formatNumber(quantity || '0', lng)}</dd>
          <dt>{t('usLeverage.estimatedNotional')}</dt>
          <dd>{notional ? usd(notional) : '-'}</dd>
          <dt>{t('usLeverage.estimatedMargin')}</dt>
          <dd>{margin ? usd(margin) : '-'}</dd>
        </Figures>
        <Muted>{leverage === 4 ? t('usLeverage.reviewNote4') : t('usLeverage.reviewNote2')}</Muted>
      </ConfirmDialog>
      {intro.element}
    </Stack>
  );
}
