// The leverage wallets (2x and 4x intraday): their collateral and buying power, and USD moved
// from the paln wallet into one (deposit) or back (withdraw, only what no position uses).
// "Calculate" shows the wallets after the move before anything changes.
import styled from '@emotion/styled';
import {
  api,
  Button,
  ConfirmDialog,
  createUuid,
  Field,
  FX_WALLET_PATHS,
  LEVERAGE_WALLETS,
  NumericInput,
  Select,
  showToast,
  Stack,
  tokens,
  useApiData,
  type LeverageCalculation,
  type LeverageDetailsResponse,
  type LeverageWalletName,
  type MarginDirection,
  type WalletBalanceResponse,
} from '@pasar/shared';
import { useState, type FormEvent } from 'react';
import { Toggle } from '../../components/Choice';
import { Figures } from '../../components/Figures';
import { canonical, isAbove, isZero, useFormat } from '../../components/money';
import { refreshAfterMove } from '../../components/refresh';
import { FormError, GssNotice, LoadState } from '../../components/WalletPage';
import { useWalletT } from '../../i18n';

const Wallets = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: ${tokens.space.md};
`;

const WalletBox = styled.section`
  padding: ${tokens.space.md};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.md};
  h3 {
    margin: 0 0 ${tokens.space.sm};
    font-size: ${tokens.fontSizes.md};
  }
`;

export function LeveragePanel({ balance, onMoved }: { balance: WalletBalanceResponse; onMoved: () => void }) {
  if (!balance.stockWalletsAvailable) return <GssNotice />;
  return <LeverageForm onMoved={onMoved} />;
}

function LeverageForm({ onMoved }: { onMoved: () => void }) {
  const { t } = useWalletT();
  const f = useFormat();
  const details = useApiData(() => api.get<LeverageDetailsResponse>(FX_WALLET_PATHS.leverageDetails, { language: true }));
  const [wallet, setWallet] = useState<LeverageWalletName>('leverage');
  const [direction, setDirection] = useState<MarginDirection>('DEPOSIT');
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<unknown>(null);
  const [calculation, setCalculation] = useState<LeverageCalculation | null>(null);
  const [calculating, setCalculating] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const [requestId, setRequestId] = useState(createUuid);

  if (!details.data) return <LoadState loading={details.loading} error={details.error} onRetry={() => void details.reload()} />;
  const data = details.data;
  const chosen = data.wallets.find((w) => w.wallet === wallet);
  const available = direction === 'DEPOSIT' ? data.palnUsdCash : chosen?.withdrawable ?? '0';

  // Any change of the inputs makes the last calculation stale.
  const edit = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setCalculation(null);
    setError(null);
    setFieldError(undefined);
  };

  const calculate = async (event: FormEvent) => {
    event.preventDefault();
    let problem: string | undefined;
    if (amount === '' || isZero(amount)) problem = t('transfer.amountRequired');
    else if (isAbove(amount, available)) problem = t('transfer.insufficient', { available: f.usd(available) });
    setFieldError(problem);
    if (problem) return;
    setCalculating(true);
    setError(null);
    try {
      setCalculation(
        await api.get<LeverageCalculation>(FX_WALLET_PATHS.leverageCalculate, {
          params: { wallet, direction, amount: canonical(amount) },
          language: true,
        }),
      );
      setRequestId(createUuid());
    } catch (failure) {
      setError(failure);
    } finally {
      setCalculating(false);
    }
  };

  const confirm = async () => {
    try {
      const path = direction === 'DEPOSIT' ? FX_WALLET_PATHS.leverageDeposit : FX_WALLET_PATHS.leverageWithdraw;
      await api.post(path, { wallet, amount: canonical(amount) }, { language: true, requestId });
      showToast({ kind: 'success', title: t('transfer.done') });
      setAmount('');
      setCalculation(null);
      refreshAfterMove({ gss: true });
      onMoved();
      await details.refresh();
    } catch (failure) {
      setError(failure);
    } finally {
      setReviewing(false);
    }
  };

  return (
    <Stack gap="lg">
      <Figures items={[{ label: t('leverage.palnCash'), value: f.usd(data.palnUsdCash), testId: 'leverage-paln', strong: true }]} />
      <Wallets>
        {data.wallets.map((w) => (
          <WalletBox key={w.wallet} aria-label={t(`wallets.${w.wallet}`)}>
            <h3>{t(`wallets.${w.wallet}`)}</h3>
            <Figures
              items={[
                { label: t('leverage.collateral'), value: f.usd(w.collateral), testId: `leverage-collateral-${w.wallet}` },
                { label: t('leverage.margin'), value: f.usd(w.usdMargin) },
                { label: t('balance.buyingPower'), value: f.usd(w.buyingPower) },
                { label: t('leverage.withdrawable'), value: f.usd(w.withdrawable) },
              ]}
            />
          </WalletBox>
        ))}
      </Wallets>
      <form onSubmit={calculate} noValidate>
        <Stack gap="md">
          <Toggle
            label={t('transfer.direction')}
            value={direction}
            onChange={edit(setDirection)}
            options={[
              { value: 'DEPOSIT', label: t('leverage.deposit') },
              { value: 'WITHDRAW', label: t('leverage.withdraw') },
            ]}
          />
          <Field label={t('leverage.wallet')}>
            <Select
              name="leverageWallet"
              value={wallet}
              options={LEVERAGE_WALLETS.map((name) => ({ value: name, label: t(`wallets.${name}`) }))}
              onChange={(event) => edit(setWallet)(event.target.value as LeverageWalletName)}
            />
          </Field>
          <Field label={t('transfer.amountUsd')} hint={t('transfer.available', { amount: f.usd(available) })} error={fieldError} required>
            <NumericInput name="leverageAmount" value={amount} onChange={edit(setAmount)} precision={2} unit="USD" />
          </Field>
          {calculation && (
            <section aria-label={t('leverage.after')} data-testid="leverage-calculation">
              <Figures
                items={[
                  { label: t('leverage.palnAfter'), value: f.usd(calculation.palnUsdCashAfter) },
                  { label: t('leverage.collateralAfter'), value: f.usd(calculation.collateralAfter) },
                  { label: t('leverage.buyingPowerAfter'), value: f.usd(calculation.buyingPowerAfter), strong: true },
                ]}
              />
            </section>
          )}
          <FormError error={error} />
          <Stack direction="row" gap="sm" wrap>
            <Button type="submit" variant={calculation ? 'secondary' : 'primary'} loading={calculating}>
              {t('leverage.calculate')}
            </Button>
            {calculation && <Button onClick={() => setReviewing(true)}>{t('transfer.review')}</Button>}
          </Stack>
        </Stack>
      </form>
      <ConfirmDialog
        open={reviewing}
        title={t('transfer.reviewTitle')}
        confirmLabel={t('transfer.confirm')}
        onConfirm={confirm}
        onCancel={() => setReviewing(false)}
      >
        <Figures
          items={[
            { label: t('transfer.from'), value: direction === 'DEPOSIT' ? t('wallets.paln') : t(`wallets.${wallet}`) },
            { label: t('transfer.to'), value: direction === 'DEPOSIT' ? t(`wallets.${wallet}`) : t('wallets.paln') },
            { label: t('transfer.amount'), value: f.usd(amount), strong: true },
            calculation && { label: t('leverage.buyingPowerAfter'), value: f.usd(calculation.buyingPowerAfter) },
          ]}
        />
      </ConfirmDialog>
    </Stack>
  );
}
