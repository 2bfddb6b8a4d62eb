// USD yield (§7 onboarding, opt-in): the rate, what earns it, what was paid, and the switch.
import { api, Badge, Button, Card, ConfirmDialog, FX_WALLET_PATHS, showToast, Stack, useApiData, type UsdYieldOnboarding } from '@pasar/shared';
import { useState } from 'react';
import { useWalletT } from '../i18n';
import { Figures } from './Figures';
import { useFormat } from './money';
import { FormError, LoadState, Muted } from './WalletPage';

export function UsdYieldCard() {
  const { t } = useWalletT();
  const f = useFormat();
  const offer = useApiData(() => api.get<UsdYieldOnboarding>(FX_WALLET_PATHS.usdYieldOnboarding, { language: true }));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [confirmingOut, setConfirmingOut] = useState(false);

  const choose = async (optIn: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await api.post(FX_WALLET_PATHS.usdYieldOptin, { optIn }, { language: true });
      showToast({ kind: 'success', title: t(optIn ? 'yield.optedIn' : 'yield.optedOut') });
      await offer.refresh();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
      setConfirmingOut(false);
    }
  };

  const data = offer.data;
  return (
    <Card
      title={t('yield.title')}
      actions={data && <Badge $tone={data.optedIn ? 'success' : 'neutral'}>{t(data.optedIn ? 'yield.active' : 'yield.inactive')}</Badge>}
    >
      {!data && <LoadState loading={offer.loading} error={offer.error} onRetry={() => void offer.reload()} lines={2} />}
      {data && (
        <Stack gap="md">
          <Muted>{t('yield.explain', { rate: f.percent(data.annualRatePercent) })}</Muted>
          <Figures
            items={[
              { label: t('yield.rate'), value: t('yield.perYear', { rate: f.percent(data.annualRatePercent) }), testId: 'yield-rate' },
              { label: t('yield.eligible'), value: f.usd(data.eligibleBalance) },
              { label: t('yield.accrued'), value: f.usd(data.accruedTotal), testId: 'yield-accrued' },
              data.lastAccrualDate && { label: t('yield.lastAccrual'), value: data.lastAccrualDate },
            ]}
          />
          <FormError error={error} />
          <div>
            {data.optedIn ? (
              <Button variant="secondary" onClick={() => setConfirmingOut(true)} loading={busy}>
                {t('yield.optOut')}
              </Button>
            ) : (
              <Button onClick={() => void choose(true)} loading={busy}>
                {t('yield.optIn')}
              </Button>
            )}
          </div>
        </Stack>
      )}
      <ConfirmDialog
        open={confirmingOut}
        title={t('yield.optOutTitle')}
        description={t('yield.optOutBody')}
        confirmLabel={t('yield.optOut')}
        tone="danger"
        onConfirm={() => choose(false)}
        onCancel={() => setConfirmingOut(false)}
      />
    </Card>
  );
}
