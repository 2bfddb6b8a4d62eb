// The USDT perpetuals margin wallet: deposit from IDR cash (bought at the USDT-IDR ask) or from
// the user's own USDT, withdraw to either; a live estimate, a review dialog, then the move.
import {
  api,
  Button,
  ConfirmDialog,
  createUuid,
  cryptoBalancePath,
  Field,
  FX_WALLET_PATHS,
  NumericInput,
  showToast,
  Stack,
  useApiData,
  type CryptoBalanceResponse,
  type MarginDirection,
  type PerpMarginEstimate,
  type PerpMarginResult,
  type PerpMarginSource,
  type WalletBalanceResponse,
} from '@pasar/shared';
import { useState, type FormEvent } from 'react';
import { Picks, Toggle } from '../../components/Choice';
import { Figures } from '../../components/Figures';
import { canonical, isAbove, isZero, useFormat } from '../../components/money';
import { refreshAfterMove } from '../../components/refresh';
import { useEstimate, type Estimate } from '../../components/use-estimate';
import { FormError, Muted } from '../../components/WalletPage';
import { useWalletT } from '../../i18n';
import { USDT_SPOT_SYMBOL } from '../../wallet-config';

export function PerpMarginPanel({ balance, onMoved }: { balance: WalletBalanceResponse; onMoved: () => void }) {
  const { t } = useWalletT();
  const f = useFormat();
  const [direction, setDirection] = useState<MarginDirection>('DEPOSIT');
  const [counterpart, setCounterpart] = useState<PerpMarginSource>('IDR');
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<unknown>(null);
  const [reviewing, setReviewing] = useState(false);
  const [requestId, setRequestId] = useState(createUuid);
  const [result, setResult] = useState<PerpMarginResult | null>(null);
  const usesSpot = direction === 'DEPOSIT' && counterpart === 'USDT';
  const spot = useApiData(() => api.get<CryptoBalanceResponse>(cryptoBalancePath(USDT_SPOT_SYMBOL), { language: true }), [usesSpot], usesSpot);

  const inIdr = direction === 'DEPOSIT' && counterpart === 'IDR';
  const available = direction === 'WITHDRAW' ? balance.perp.availableBalance : inIdr ? balance.cashAccount.cashBalance : spot.data?.available ?? '0';
  const money = (value: string) => (inIdr ? f.idr(value) : f.usdt(value));
  const valid = amount !== '' && !isZero(amount);
  const estimate = useEstimate<PerpMarginEstimate>(FX_WALLET_PATHS.perpMarginEstimate, valid ? { direction, source: counterpart, amount: canonical(amount) } : null);

  const reset = () => {
    setAmount('');
    setFieldError(undefined);
    setError(null);
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    let problem: string | undefined;
    if (!valid) problem = t('transfer.amountRequired');
    else if (isAbove(amount, available)) problem = t('transfer.insufficient', { available: money(available) });
    setFieldError(problem);
    setResult(null);
    if (problem) return;
    setError(null);
    setRequestId(createUuid());
    setReviewing(true);
  };

  const confirm = async () => {
    try {
      const done =
        direction === 'DEPOSIT'
          ? await api.post<PerpMarginResult>(FX_WALLET_PATHS.perpMarginDeposit, { source: counterpart, amount: canonical(amount) }, { language: true, requestId })
          : await api.post<PerpMarginResult>(FX_WALLET_PATHS.perpMarginWithdraw, { target: counterpart, amount: canonical(amount) }, { language: true, requestId });
      setResult(done);
      setAmount('');
      showToast({ kind: 'success', title: t('transfer.done') });
      refreshAfterMove({ cryptoPerps: true, ...(counterpart === 'USDT' ? { crypto: [USDT_SPOT_SYMBOL] } : {}) });
      onMoved();
      if (usesSpot) void spot.refresh();
    } catch (failure) {
      setError(failure);
    } finally {
      setReviewing(false);
    }
  };

  const perpName = t('perp.wallet');
  const other = counterpart === 'IDR' ? t('transfer.idrCash') : t('perp.spotUsdt');
  return (
    <form onSubmit={review} noValidate>
      <Stack gap="md">
        <Figures
          items={[
            { label: t('balance.perpWallet'), value: f.usdt(balance.perp.walletBalance), strong: true },
            { label: t('balance.perpAvailable'), value: f.usdt(balance.perp.availableBalance), testId: 'perp-available' },
            { label: t('balance.marginRatio'), value: f.percent(balance.perp.marginRatioPercentage) },
          ]}
        />
        <Toggle
          label={t('transfer.direction')}
          value={direction}
          onChange={(next) => {
            setDirection(next);
            reset();
          }}
          options={[
            { value: 'DEPOSIT', label: t('perp.deposit') },
            { value: 'WITHDRAW', label: t('perp.withdraw') },
          ]}
        />
        <Toggle
          label={direction === 'DEPOSIT' ? t('perp.from') : t('perp.to')}
          value={counterpart}
          onChange={(next) => {
            setCounterpart(next);
            reset();
          }}
          options={[
            { value: 'IDR', label: t('transfer.idrCash') },
            { value: 'USDT', label: t('perp.spotUsdt') },
          ]}
        />
        <Field
          label={inIdr ? t('transfer.amountIdr') : t('perp.amountUsdt')}
          hint={usesSpot && !spot.data ? undefined : t('transfer.available', { amount: money(available) })}
          error={fieldError}
          required
        >
          <NumericInput name="perpAmount" value={amount} onChange={setAmount} precision={inIdr ? 0 : 6} unit={inIdr ? 'IDR' : 'USDT'} />
        </Field>
        {usesSpot && spot.error ? <FormError error={spot.error} /> : null}
        <Picks>
          <Button size="sm" variant="secondary" disabled={isZero(available)} onClick={() => setAmount(canonical(available))}>
            {t('transfer.all')}
          </Button>
        </Picks>
        <PerpEstimateView estimate={estimate} />
        <FormError error={error} />
        {result && (
          <p role="status" data-testid="transfer-result">
            {t('perp.result', { amount: f.usdt(result.usdtAmount), balance: f.usdt(result.balance.walletBalance) })}
          </p>
        )}
        <div>
          <Button type="submit">{t('transfer.review')}</Button>
        </div>
      </Stack>
      <ConfirmDialog
        open={reviewing}
        title={t('transfer.reviewTitle')}
        description={t('transfer.reviewBody')}
        confirmLabel={t('transfer.confirm')}
        onConfirm={confirm}
        onCancel={() => setReviewing(false)}
      >
        <Figures
          items={[
            { label: t('transfer.from'), value: direction === 'DEPOSIT' ? other : perpName },
            { label: t('transfer.to'), value: direction === 'DEPOSIT' ? perpName : other },
            { label: t('transfer.amount'), value: money(amount), strong: true },
            estimate.data && { label: t('perp.usdt'), value: f.usdt(estimate.data.usdtAmount) },
            estimate.data && counterpart === 'IDR' && { label: t('perp.idr'), value: f.idr(estimate.data.idrAmount) },
          ]}
        />
      </ConfirmDialog>
    </form>
  );
}

function PerpEstimateView({ estimate }: { estimate: Estimate<PerpMarginEstimate> }) {
  const { t } = useWalletT();
  const f = useFormat();
  if (estimate.loading) return <Muted role="status">{t('transfer.estimating')}</Muted>;
  if (estimate.error) return <FormError error={estimate.error} />;
  const e = estimate.data;
  if (!e) return null;
  return (
    <section aria-label={t('transfer.estimate')} data-testid="estimate">
      <Figures
        items={[
          { label: t('perp.usdt'), value: f.usdt(e.usdtAmount), testId: 'estimate-usdt', strong: true },
          e.counterpart === 'IDR' && { label: t('perp.idr'), value: f.idr(e.idrAmount) },
          e.counterpart === 'IDR' && { label: t('transfer.price'), value: t('perp.priceValue', { price: f.idrPrice(e.price) }), testId: 'estimate-price' },
        ]}
      />
    </section>
  );
}
