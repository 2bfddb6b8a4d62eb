// IDR cash ↔ one of the three USD stock wallets, at the quoted USD/IDR price with its spread: a
// live estimate while typing, a review dialog, then the transfer (priced at execution).
import {
  api,
  Button,
  ConfirmDialog,
  createUuid,
  Field,
  FX_WALLET_PATHS,
  NumericInput,
  Select,
  showToast,
  Stack,
  STOCK_WALLETS,
  type FxTransferDirection,
  type StockTransferEstimate,
  type StockTransferResult,
  type StockWalletName,
  type WalletBalanceResponse,
} from '@pasar/shared';
import { useState, type FormEvent } from 'react';
import { Picks, Toggle } from '../../components/Choice';
import { Figures } from '../../components/Figures';
import { canonical, isAbove, isZero, useFormat } from '../../components/money';
import { refreshAfterMove } from '../../components/refresh';
import { useEstimate, type Estimate } from '../../components/use-estimate';
import { FormError, GssNotice, Muted } from '../../components/WalletPage';
import { useWalletT } from '../../i18n';

export function StockTransferPanel({ balance, onMoved }: { balance: WalletBalanceResponse; onMoved: () => void }) {
  const { t } = useWalletT();
  const f = useFormat();
  const [wallet, setWallet] = useState<StockWalletName>('paln');
  const [direction, setDirection] = useState<FxTransferDirection>('TO_USD');
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<unknown>(null);
  const [reviewing, setReviewing] = useState(false);
  const [requestId, setRequestId] = useState(createUuid);
  const [result, setResult] = useState<StockTransferResult | null>(null);

  const toUsd = direction === 'TO_USD';
  const available = toUsd ? balance.cashAccount.cashBalance : balance.stockWallets[wallet].usdCash;
  const money = (value: string) => (toUsd ? f.idr(value) : f.usd(value));
  const valid = amount !== '' && !isZero(amount);
  const estimate = useEstimate<StockTransferEstimate>(
    FX_WALLET_PATHS.stockTransferEstimate,
    balance.stockWalletsAvailable && valid ? { wallet, direction, amount: canonical(amount) } : null,
  );

  if (!balance.stockWalletsAvailable) return <GssNotice />;

  const changeDirection = (next: FxTransferDirection) => {
    setDirection(next);
    // IDR and USD amounts differ in unit and precision: start again.
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
      const done = await api.post<StockTransferResult>(
        FX_WALLET_PATHS.stockTransfer,
        { wallet, direction, amount: canonical(amount) },
        { language: true, requestId },
      );
      setResult(done);
      setAmount('');
      showToast({ kind: 'success', title: t('transfer.done') });
      refreshAfterMove({ gss: true });
      onMoved();
    } catch (failure) {
      setError(failure);
    } finally {
      setReviewing(false);
    }
  };

  const walletName = t(`wallets.${wallet}`);
  const from = toUsd ? t('transfer.idrCash') : walletName;
  const to = toUsd ? walletName : t('transfer.idrCash');

  return (
    <form onSubmit={review} noValidate>
      <Stack gap="md">
        <Toggle
          label={t('transfer.direction')}
          value={direction}
          onChange={changeDirection}
          options={[
            { value: 'TO_USD', label: t('transfer.toUsd') },
            { value: 'TO_IDR', label: t('transfer.toIdr') },
          ]}
        />
        <Field label={t('transfer.usdWallet')}>
          <Select
            name="wallet"
            value={wallet}
            options={STOCK_WALLETS.map((name) => ({ value: name, label: `${t(`wallets.${name}`)} · ${f.usd(balance.stockWallets[name].usdCash)}` }))}
            onChange={(event) => {
              setWallet(event.target.value as StockWalletName);
              setError(null);
            }}
          />
        </Field>
        <Field
          label={toUsd ? t('transfer.amountIdr') : t('transfer.amountUsd')}
          hint={t('transfer.available', { amount: money(available) })}
          error={fieldError}
          required
        >
          <NumericInput name="amount" value={amount} onChange={setAmount} precision={toUsd ? 0 : 2} unit={toUsd ? 'IDR' : 'USD'} />
        </Field>
        <Picks>
          <Button size="sm" variant="secondary" disabled={isZero(available)} onClick={() => setAmount(canonical(available))}>
            {t('transfer.all')}
          </Button>
        </Picks>
        <EstimateView estimate={estimate} toUsd={toUsd} />
        <FormError error={error} />
        {result && (
          <p role="status" data-testid="transfer-result">
            {t('transfer.resultFx', {
              idr: f.idr(result.idrAmount),
              usd: f.usd(result.usdAmount),
              price: f.idrPrice(result.price),
            })}
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
            { label: t('transfer.from'), value: from },
            { label: t('transfer.to'), value: to },
            { label: t('transfer.amount'), value: money(amount), strong: true },
            estimate.data && { label: t('transfer.receive'), value: toUsd ? f.usd(estimate.data.usdAmount) : f.idr(estimate.data.idrAmount) },
            estimate.data && { label: t('transfer.price'), value: t('transfer.priceValue', { price: f.idrPrice(estimate.data.price) }) },
          ]}
        />
      </ConfirmDialog>
    </form>
  );

}

function EstimateView({ estimate, toUsd }: { estimate: Estimate<StockTransferEstimate>; toUsd: boolean }) {
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
          { label: t(toUsd ? 'transfer.youPay' : 'transfer.youSend'), value: toUsd ? f.idr(e.idrAmount) : f.usd(e.usdAmount) },
          { label: t('transfer.receive'), value: toUsd ? f.usd(e.usdAmount) : f.idr(e.idrAmount), testId: 'estimate-receive', strong: true },
          { label: t('transfer.price'), value: t('transfer.priceValue', { price: f.idrPrice(e.price) }), testId: 'estimate-price' },
          { label: t('transfer.spread'), value: f.percent(e.spreadPercent) },
        ]}
      />
    </section>
  );
}
