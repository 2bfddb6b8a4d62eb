// `/account/bankAccount`: the accounts withdrawals go to. Adding one or removing one asks for the
// PIN (the client's 040 prompt); the holder must be the verified name; one is the primary.
import styled from '@emotion/styled';
import {
  ACCOUNT_PATHS,
  api,
  Badge,
  BANK_ACCOUNT_NUMBER_PATTERN,
  bankAccountPath,
  bankAccountPrimaryPath,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  Field,
  plainTextProblem,
  MAX_BANK_ACCOUNTS,
  Select,
  showToast,
  Stack,
  TextInput,
  tokens,
  useApiData,
  type Bank,
  type BankAccount,
} from '@pasar/shared';
import { useState, type FormEvent } from 'react';
import { AccountPage, errorText, LoadState } from '../components/AccountPage';
import { useAccountT } from '../i18n';

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space.sm};
  padding: ${tokens.space.md};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.md};
`;

const Name = styled.p`
  margin: 0;
  font-weight: ${tokens.fontWeights.semibold};
  overflow-wrap: anywhere;
`;

const Muted = styled.p`
  margin: 0;
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.sm};
  overflow-wrap: anywhere;
`;

export function BankAccountPage() {
  const { t } = useAccountT();
  const accounts = useApiData(() => api.get<BankAccount[]>(ACCOUNT_PATHS.bankAccounts, { language: true }));
  const [removing, setRemoving] = useState<BankAccount | null>(null);
  const [adding, setAdding] = useState(false);

  const makePrimary = async (account: BankAccount) => {
    try {
      await api.post(bankAccountPrimaryPath(account.id), undefined, { language: true });
      showToast({ kind: 'success', title: t('bankAccount.primarySet') });
      await accounts.reload();
    } catch (failure) {
      showToast({ kind: 'error', title: errorText(failure) });
    }
  };

  const remove = async () => {
    if (!removing) return;
    try {
      await api.delete(bankAccountPath(removing.id), { language: true });
      showToast({ kind: 'success', title: t('bankAccount.removed') });
      setRemoving(null);
      await accounts.reload();
    } catch (failure) {
      showToast({ kind: 'error', title: errorText(failure) });
      setRemoving(null);
    }
  };

  // The primary account first, the others in the server's order (oldest first).
  const list = [...(accounts.data ?? [])].sort((a, b) => Number(b.primary) - Number(a.primary));
  return (
    <AccountPage section="bankAccount">
      <Card
        title={t('bankAccount.listTitle')}
        actions={
          list.length < MAX_BANK_ACCOUNTS && !adding ? (
            <Button size="sm" onClick={() => setAdding(true)}>
              {t('bankAccount.add')}
            </Button>
          ) : undefined
        }
      >
        <LoadState loading={accounts.loading && !accounts.data} error={accounts.error} onRetry={() => void accounts.reload()} />
        {accounts.data && list.length === 0 && (
          <EmptyState compact title={t('bankAccount.emptyTitle')} description={t('bankAccount.emptyBody')} />
        )}
        {list.length > 0 && (
          <List>
            {list.map((account) => (
              <Item key={account.id}>
                <div>
                  <Name>
                    {account.bankName} · {account.accountNumber}
                  </Name>
                  <Muted>{account.holderName}</Muted>
                </div>
                <Stack direction="row" gap="sm" align="center" wrap>
                  {account.primary ? (
                    <Badge $tone="success">{t('bankAccount.primary')}</Badge>
                  ) : (
                    <Button size="sm" variant="secondary" onClick={() => void makePrimary(account)}>
                      {t('bankAccount.makePrimary')}
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setRemoving(account)}
                    aria-label={t('bankAccount.removeNamed', { name: `${account.bankName} ${account.accountNumber}` })}
                  >
                    {t('bankAccount.remove')}
                  </Button>
                </Stack>
              </Item>
            ))}
          </List>
        )}
        {list.length >= MAX_BANK_ACCOUNTS && <Muted>{t('bankAccount.max', { max: MAX_BANK_ACCOUNTS })}</Muted>}
      </Card>
      {adding && (
        <AddBankAccount
          onCancel={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            void accounts.reload();
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('bankAccount.removeTitle')}
        description={removing ? t('bankAccount.removeBody', { name: `${removing.bankName} ${removing.accountNumber}` }) : undefined}
        tone="danger"
        confirmLabel={t('bankAccount.remove')}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      />
    </AccountPage>
  );
}

function AddBankAccount({ onAdded, onCancel }: { onAdded: () => void; onCancel: () => void }) {
  const { t } = useAccountT();
  const banks = useApiData(() => api.get<Bank[]>(ACCOUNT_PATHS.banks, { language: true }));
  const [bankCode, setBankCode] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [holderName, setHolderName] = useState('');
  const [errors, setErrors] = useState<{ bank?: string; number?: string; holder?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const number = accountNumber.replace(/[\s-]/g, '');
    const holderProblem = plainTextProblem(holderName.trim());
    const found = {
      bank: bankCode ? undefined : t('bankAccount.bankRequired'),
      number: BANK_ACCOUNT_NUMBER_PATTERN.test(number) ? undefined : t('bankAccount.numberInvalid'),
      holder: !holderName.trim() ? t('bankAccount.holderRequired') : holderProblem ? t(holderProblem) : undefined,
    };
    setErrors(found);
    if (found.bank || found.number || found.holder) return;
    setBusy(true);
    try {
      // A 040 opens the PIN prompt; once the PIN is verified this same call is sent again.
      await api.post(ACCOUNT_PATHS.bankAccounts, { bankCode, accountNumber: number, holderName: holderName.trim() }, { language: true });
      showToast({ kind: 'success', title: t('bankAccount.added') });
      onAdded();
    } catch (failure) {
      setErrors({ form: errorText(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('bankAccount.addTitle')}>
      <LoadState loading={banks.loading && !banks.data} error={banks.error} onRetry={() => void banks.reload()} />
      {banks.data && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Field label={t('bankAccount.bank')} error={errors.bank} required>
              <Select
                name="bankCode"
                value={bankCode}
                placeholder={t('bankAccount.chooseBank')}
                options={banks.data.map((bank) => ({ value: bank.code, label: bank.name }))}
                onChange={(event) => setBankCode(event.target.value)}
              />
            </Field>
            <Field label={t('bankAccount.number')} error={errors.number} required>
              <TextInput name="accountNumber" inputMode="numeric" value={accountNumber} onChange={(event) => setAccountNumber(event.target.value)} />
            </Field>
            <Field label={t('bankAccount.holder')} hint={t('bankAccount.holderHint')} error={errors.holder} required>
              <TextInput name="holderName" value={holderName} onChange={(event) => setHolderName(event.target.value)} />
            </Field>
            {errors.form && <p role="alert">{errors.form}</p>}
            <Stack direction="row" gap="sm" wrap>
              <Button type="submit" loading={busy}>
                {t('bankAccount.save')}
              </Button>
              <Button type="button" variant="ghost" onClick={onCancel}>
                {t('common.cancel')}
              </Button>
            </Stack>
          </Stack>
        </form>
      )}
    </Card>
  );
}
