// `/balance/cashout`: IDR cash to the user's own bank account. The limits first; then amount and
// bank, a review from the server (fee, what arrives, automatic or operator review), and the
// confirmation, which asks for the PIN (the session manager's prompt on 040) and holds the funds.
// Below, the cashouts with their status; one still waiting for review can be cancelled.
import styled from '@emotion/styled';
import {
  ACCOUNT_PATHS,
  api,
  Badge,
  Button,
  ButtonLink,
  Card,
  cashoutCancelPath,
  ConfirmDialog,
  createUuid,
  EmptyState,
  Field,
  NumericInput,
  Select,
  showToast,
  Stack,
  tokens,
  useApiData,
  WALLET_PATHS,
  type BankAccount,
  type Cashout,
  type CashoutLimit,
  type CashoutList,
  type CashoutReview,
} from '@pasar/shared';
import { useState, type FormEvent } from 'react';
import { Picks } from '../components/Choice';
import { Figures } from '../components/Figures';
import { canonical, isAbove, isBelow, isZero, minOf, useFormat } from '../components/money';
import { refreshAfterMove } from '../components/refresh';
import { CASHOUT_TONE } from '../components/status-tones';
import { errorText, FormError, LoadState, Muted, WalletPage } from '../components/WalletPage';
import { useWalletT } from '../i18n';
import { ACCOUNT_LINKS, WALLET_UI_CONFIG } from '../wallet-config';

const Rows = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space.sm};
  padding: ${tokens.space.md};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.md};
`;

const Strong = styled.p`
  margin: 0;
  font-weight: ${tokens.fontWeights.semibold};
  font-variant-numeric: tabular-nums;
  overflow-wrap: anywhere;
`;

type Step = 'form' | 'review' | 'done';

const bankLabel = (bank: BankAccount) => `${bank.bankName} · ${bank.accountNumber} · ${bank.holderName}`;

export function CashoutPage() {
  const { t } = useWalletT();
  const f = useFormat();
  const limit = useApiData(() => api.get<CashoutLimit>(WALLET_PATHS.cashoutLimit, { language: true }));
  const banks = useApiData(() => api.get<BankAccount[]>(ACCOUNT_PATHS.bankAccounts, { language: true }));
  const list = useApiData(() => api.get<CashoutList>(WALLET_PATHS.cashout, { language: true }));
  const [step, setStep] = useState<Step>('form');
  const [chosenBankId, setBankId] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; bank?: string }>({});
  const [review, setReview] = useState<CashoutReview | null>(null);
  const [result, setResult] = useState<Cashout | null>(null);
  // One id per reviewed cashout: Confirm pressed again after a lost answer still holds once.
  const [requestId, setRequestId] = useState(createUuid);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [cancelling, setCancelling] = useState<Cashout | null>(null);

  // The primary account unless the person chose another.
  const bankId = chosenBankId || (banks.data?.find((b) => b.primary) ?? banks.data?.[0])?.id || '';
  const l = limit.data;
  const max = l ? minOf(l.available, l.remainingToday) : '0';
  const picks = l ? WALLET_UI_CONFIG.cashoutQuickPicks.filter((p) => !isAbove(p, max) && !isBelow(p, l.minAmount)) : [];

  const toReview = async (event: FormEvent) => {
    event.preventDefault();
    if (!l) return;
    const found: { amount?: string; bank?: string } = {};
    if (!bankId) found.bank = t('cashout.bankRequired');
    if (amount === '' || isZero(amount)) found.amount = t('cashout.amountRequired');
    else if (isBelow(amount, l.minAmount)) found.amount = t('cashout.belowMin', { min: f.idr(l.minAmount) });
    else if (isAbove(amount, l.available)) found.amount = t('cashout.aboveAvailable', { available: f.idr(l.available) });
    else if (isAbove(amount, l.remainingToday)) found.amount = t('cashout.aboveLimit', { remaining: f.idr(l.remainingToday) });
    setErrors(found);
    if (found.amount || found.bank) return;
    setBusy(true);
    setError(null);
    try {
      const next = await api.post<CashoutReview>(WALLET_PATHS.cashoutReview, { amount: canonical(amount), bankAccountId: bankId }, { language: true });
      setReview(next);
      setRequestId(createUuid());
      setStep('review');
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      // A 040 opens the PIN prompt; once the PIN is verified the same call goes again.
      const cashout = await api.post<Cashout>(WALLET_PATHS.cashout, { amount: canonical(amount), bankAccountId: bankId }, { language: true, requestId });
      setResult(cashout);
      setStep('done');
      refreshAfterMove();
      void limit.refresh();
      void list.refresh();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    if (!cancelling) return;
    try {
      await api.post(cashoutCancelPath(cancelling.id), undefined, { language: true });
      showToast({ kind: 'success', title: t('cashout.cancelled') });
      refreshAfterMove();
      void limit.refresh();
      await list.refresh();
    } catch (failure) {
      showToast({ kind: 'error', title: errorText(failure) });
    } finally {
      setCancelling(null);
    }
  };

  const again = () => {
    setStep('form');
    setAmount('');
    setReview(null);
    setResult(null);
    setError(null);
  };

  return (
    <WalletPage narrow title={t('cashout.title')} subtitle={t('cashout.description')}>
      {!l && <LoadState loading={limit.loading} error={limit.error} onRetry={() => void limit.reload()} />}
      {l && (
        <Card title={t('cashout.limitTitle')}>
          <Stack gap="md">
          <Figures
            items={[
              { label: t('cashout.available'), value: f.idr(l.available), testId: 'cashout-available', strong: true },
              { label: t('cashout.dailyLimit'), value: f.idr(l.dailyLimit) },
              { label: t('cashout.usedToday'), value: f.idr(l.usedToday) },
              { label: t('cashout.remainingToday'), value: f.idr(l.remainingToday), testId: 'cashout-remaining' },
              { label: t('cashout.minimum'), value: f.idr(l.minAmount) },
              { label: t('cashout.fee'), value: f.idr(l.fee) },
            ]}
          />
          <Muted>{t('cashout.autoNote', { max: f.idr(l.autoApproveMax) })}</Muted>
          </Stack>
        </Card>
      )}

      {l && step === 'form' && (
        <Card title={t('cashout.formTitle')}>
          {!banks.data && <LoadState loading={banks.loading} error={banks.error} onRetry={() => void banks.reload()} />}
          {banks.data && banks.data.length === 0 && (
            <EmptyState
              compact
              headingLevel={3}
              title={t('cashout.noBankTitle')}
              description={t('cashout.noBankBody')}
              action={<ButtonLink to={ACCOUNT_LINKS.bankAccounts}>{t('cashout.addBank')}</ButtonLink>}
            />
          )}
          {banks.data && banks.data.length > 0 && (
            <form onSubmit={toReview} noValidate>
              <Stack gap="md">
                <Field label={t('cashout.bank')} error={errors.bank} required>
                  <Select
                    name="bankAccountId"
                    value={bankId}
                    options={banks.data.map((bank) => ({ value: bank.id, label: bankLabel(bank) }))}
                    onChange={(event) => setBankId(event.target.value)}
                  />
                </Field>
                <Field label={t('cashout.amount')} hint={t('cashout.amountHint', { max: f.idr(max) })} error={errors.amount} required>
                  <NumericInput name="amount" value={amount} onChange={setAmount} precision={0} unit="IDR" />
                </Field>
                <Picks role="group" aria-label={t('cashout.quickPicks')}>
                  {picks.map((pick) => (
                    <Button key={pick} size="sm" variant="secondary" aria-pressed={pick === canonical(amount)} onClick={() => setAmount(pick)}>
                      {f.idr(pick)}
                    </Button>
                  ))}
                  <Button size="sm" variant="secondary" disabled={isZero(max)} aria-pressed={!isZero(max) && max === canonical(amount)} onClick={() => setAmount(max)}>
                    {t('cashout.all')}
                  </Button>
                </Picks>
                <FormError error={error} />
                <div>
                  <Button type="submit" loading={busy}>
                    {t('cashout.toReview')}
                  </Button>
                </div>
              </Stack>
            </form>
          )}
        </Card>
      )}

      {step === 'review' && review && (
        <Card title={t('cashout.reviewTitle')}>
          <Stack gap="lg">
            <Figures
              items={[
                { label: t('cashout.amount'), value: f.idr(review.amount), testId: 'review-amount' },
                { label: t('cashout.fee'), value: f.idr(review.fee), testId: 'review-fee' },
                { label: t('cashout.received'), value: f.idr(review.amountReceived), testId: 'review-received', strong: true },
                {
                  label: t('cashout.toBank'),
                  value: `${review.bankAccount.bankName} ${review.bankAccount.maskedAccountNumber} · ${review.bankAccount.holderName}`,
                  testId: 'review-bank',
                },
                { label: t('cashout.process'), value: t(review.autoApproved ? 'cashout.processAuto' : 'cashout.processReview'), testId: 'review-process' },
                { label: t('cashout.remainingAfter'), value: f.idr(review.remainingTodayAfter) },
              ]}
            />
            <Muted>{t('cashout.pinNote')}</Muted>
            <FormError error={error} />
            <Stack direction="row" gap="sm" wrap>
              <Button onClick={() => void confirm()} loading={busy}>
                {t('cashout.confirm')}
              </Button>
              <Button variant="ghost" onClick={() => setStep('form')} disabled={busy}>
                {t('common.edit')}
              </Button>
            </Stack>
          </Stack>
        </Card>
      )}

      {step === 'done' && result && (
        <Card title={t('cashout.resultTitle')} actions={<Badge $tone={CASHOUT_TONE[result.status]} data-testid="cashout-result-status">{t(`cashoutStatus.${result.status}`)}</Badge>}>
          <Stack gap="md">
            <p role="status">{t(result.status === 'PAID' ? 'cashout.resultPaid' : result.status === 'PENDING_REVIEW' ? 'cashout.resultPending' : 'cashout.resultOther')}</p>
            <Figures
              items={[
                { label: t('cashout.amount'), value: f.idr(result.amount) },
                { label: t('cashout.received'), value: f.idr(result.amountReceived), strong: true },
                { label: t('cashout.toBank'), value: `${result.bankAccount.bankName} ${result.bankAccount.maskedAccountNumber}` },
              ]}
            />
            <div>
              <Button variant="secondary" onClick={again}>
                {t('cashout.again')}
              </Button>
            </div>
          </Stack>
        </Card>
      )}

      <Card title={t('cashout.historyTitle')}>
        {!list.data && <LoadState loading={list.loading} error={list.error} onRetry={() => void list.reload()} lines={2} />}
        {list.data && list.data.items.length === 0 && <EmptyState compact headingLevel={3} title={t('cashout.historyEmpty')} />}
        {list.data && list.data.items.length > 0 && (
          <Rows>
            {list.data.items.map((item) => (
              <Row key={item.id} data-testid="cashout-row">
                <div>
                  <Strong>{f.idr(item.amount)}</Strong>
                  <Muted>
                    {item.bankAccount.bankName} {item.bankAccount.maskedAccountNumber} · {f.dateTime(item.createdAt)}
                  </Muted>
                  {item.status === 'REJECTED' && item.rejectionReason && (
                    <Muted>{t('cashout.reason', { reason: item.rejectionReason })}</Muted>
                  )}
                </div>
                <Stack direction="row" gap="sm" align="center" wrap>
                  <Badge $tone={CASHOUT_TONE[item.status]} data-testid="cashout-status">
                    {t(`cashoutStatus.${item.status}`)}
                  </Badge>
                  {item.status === 'PENDING_REVIEW' && (
                    <Button size="sm" variant="ghost" onClick={() => setCancelling(item)} aria-label={t('cashout.cancelNamed', { amount: f.idr(item.amount) })}>
                      {t('cashout.cancel')}
                    </Button>
                  )}
                </Stack>
              </Row>
            ))}
          </Rows>
        )}
      </Card>

      <ConfirmDialog
        open={cancelling !== null}
        title={t('cashout.cancelTitle')}
        description={cancelling ? t('cashout.cancelBody', { amount: f.idr(cancelling.amount) }) : undefined}
        tone="danger"
        confirmLabel={t('cashout.cancelConfirm')}
        cancelLabel={t('cashout.keep')}
        onConfirm={cancel}
        onCancel={() => setCancelling(null)}
      />
    </WalletPage>
  );
}
