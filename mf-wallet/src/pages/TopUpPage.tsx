// `/balance/topup`: choose a channel (virtual accounts, e-wallets; fee and limits from the
// server), an amount (presets, min/max), review what will be paid, then create the top-up and go
// to its payment instructions. Recent top-ups below.
import styled from '@emotion/styled';
import {
  api,
  Badge,
  Button,
  Card,
  createUuid,
  EmptyState,
  Field,
  Link,
  NumericInput,
  Stack,
  tokens,
  TOPUP_CHANNEL_KINDS,
  useApiData,
  useNavigate,
  WALLET_PATHS,
  type InputVariables,
  type TopUp,
  type TopUpChannel,
  type TopUpList,
  type TopUpMethod,
  type TopUpMethodsResponse,
} from '@pasar/shared';
import { useState, type FormEvent } from 'react';
import { Picks } from '../components/Choice';
import { Figures } from '../components/Figures';
import { canonical, isAbove, isBelow, isZero, sum, useFormat } from '../components/money';
import { TOPUP_TONE } from '../components/status-tones';
import { ErrorText, FormError, LoadState, Muted, WalletPage } from '../components/WalletPage';
import { useWalletT } from '../i18n';
import { WALLET_UI_CONFIG } from '../wallet-config';

const Options = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: ${tokens.space.sm};
`;

const OptionLabel = styled.label<{ $checked: boolean; $disabled: boolean }>`
  display: flex;
  gap: ${tokens.space.sm};
  align-items: flex-start;
  padding: ${tokens.space.md};
  border: 1px solid ${({ $checked }) => ($checked ? tokens.colors.primary : tokens.colors.border)};
  border-radius: ${tokens.radii.md};
  background: ${({ $checked }) => ($checked ? tokens.colors.surfaceSunken : 'transparent')};
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  opacity: ${({ $disabled }) => ($disabled ? 0.6 : 1)};
  input {
    margin-top: 3px;
  }
`;

const OptionName = styled.span`
  display: block;
  font-weight: ${tokens.fontWeights.semibold};
  overflow-wrap: anywhere;
`;

const OptionMeta = styled.span`
  display: block;
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.sm};
`;

const GroupTitle = styled.legend`
  padding: 0;
  margin-bottom: ${tokens.space.sm};
  font-weight: ${tokens.fontWeights.semibold};
`;

const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;

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
  padding: ${tokens.space.sm} ${tokens.space.md};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.md};
`;

const PickButton = styled(Button)`
  font-variant-numeric: tabular-nums;
`;

type Step = 'form' | 'review';

export function TopUpPage() {
  const { t } = useWalletT();
  const f = useFormat();
  const navigate = useNavigate();
  const methods = useApiData(() => api.get<TopUpMethodsResponse>(WALLET_PATHS.topupMethods, { language: true }));
  const [channel, setChannel] = useState<TopUpChannel | ''>('');
  const inputs = useApiData(
    () => api.get<InputVariables>(WALLET_PATHS.inputVariables, { params: { paymentChannel: channel }, language: true }),
    [channel],
    channel !== '',
  );
  const recent = useApiData(() => api.get<TopUpList>(WALLET_PATHS.topups, { language: true }));
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ channel?: string; amount?: string }>({});
  const [step, setStep] = useState<Step>('form');
  // One id per reviewed top-up: pressing Create again after a lost answer creates it once.
  const [requestId, setRequestId] = useState(createUuid);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const method = methods.data?.methods.find((m) => m.channel === channel);
  const limits = inputs.data && inputs.data.channel === channel ? inputs.data : method;
  const fee = limits?.fee ?? '0';

  const choose = (next: TopUpChannel) => {
    setChannel(next);
    setErrors({});
    setError(null);
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    const found: { channel?: string; amount?: string } = {};
    if (!channel || !limits) found.channel = t('topup.channelRequired');
    if (amount === '' || isZero(amount)) found.amount = t('topup.amountRequired');
    else if (limits && isBelow(amount, limits.minAmount)) found.amount = t('topup.belowMin', { min: f.idr(limits.minAmount) });
    else if (limits && isAbove(amount, limits.maxAmount)) found.amount = t('topup.aboveMax', { max: f.idr(limits.maxAmount) });
    setErrors(found);
    if (found.channel || found.amount) return;
    setError(null);
    setRequestId(createUuid());
    setStep('review');
  };

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const topUp = await api.post<TopUp>(WALLET_PATHS.topups, { paymentChannel: channel, amount: canonical(amount) }, { language: true, requestId });
      navigate(`/balance/topup/${encodeURIComponent(topUp.id)}`);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const byKind = (kind: TopUpMethod['kind']) => methods.data?.methods.filter((m) => m.kind === kind) ?? [];

  return (
    <WalletPage narrow title={t('topup.title')} subtitle={t('topup.description')}>
      {step === 'form' && (
        <Card title={t('topup.formTitle')}>
          {!methods.data && <LoadState loading={methods.loading} error={methods.error} onRetry={() => void methods.reload()} />}
          {methods.data && methods.data.methods.length === 0 && <EmptyState compact title={t('topup.noMethods')} />}
          {methods.data && methods.data.methods.length > 0 && (
            <form onSubmit={review} noValidate>
              <Stack gap="lg">
                {TOPUP_CHANNEL_KINDS.map((kind) =>
                  byKind(kind).length === 0 ? null : (
                    <Fieldset key={kind}>
                      <GroupTitle>{t(`topup.kind.${kind}`)}</GroupTitle>
                      <Options>
                        {byKind(kind).map((m) => (
                          <OptionLabel key={m.channel} $checked={m.channel === channel} $disabled={!m.enabled}>
                            <input
                              type="radio"
                              name="paymentChannel"
                              value={m.channel}
                              checked={m.channel === channel}
                              disabled={!m.enabled}
                              onChange={() => choose(m.channel)}
                            />
                            <span>
                              <OptionName>{m.name}</OptionName>
                              <OptionMeta>
                                {m.enabled ? t('topup.methodMeta', { fee: f.idr(m.fee), min: f.idr(m.minAmount), max: f.idr(m.maxAmount) }) : t('topup.unavailable')}
                              </OptionMeta>
                            </span>
                          </OptionLabel>
                        ))}
                      </Options>
                    </Fieldset>
                  ),
                )}
                {errors.channel && <ErrorText role="alert">{errors.channel}</ErrorText>}
                <Field
                  label={t('topup.amount')}
                  hint={limits ? t('topup.limits', { min: f.idr(limits.minAmount), max: f.idr(limits.maxAmount) }) : undefined}
                  error={errors.amount}
                  required
                >
                  <NumericInput name="amount" value={amount} onChange={setAmount} precision={0} unit="IDR" />
                </Field>
                {inputs.data && inputs.data.channel === channel && inputs.data.presetAmounts.length > 0 && (
                  <Picks role="group" aria-label={t('topup.presets')}>
                    {inputs.data.presetAmounts.map((preset) => (
                      <PickButton
                        key={preset}
                        size="sm"
                        variant="secondary"
                        aria-pressed={canonical(preset) === canonical(amount)}
                        onClick={() => setAmount(canonical(preset))}
                      >
                        {f.idr(preset)}
                      </PickButton>
                    ))}
                  </Picks>
                )}
                {channel && inputs.error ? <FormError error={inputs.error} /> : null}
                <div>
                  <Button type="submit">{t('topup.continue')}</Button>
                </div>
              </Stack>
            </form>
          )}
        </Card>
      )}

      {step === 'review' && method && (
        <Card title={t('topup.reviewTitle')}>
          <Stack gap="lg">
            <Figures
              items={[
                { label: t('topup.method'), value: method.name },
                { label: t('topup.amountCredited'), value: f.idr(amount), testId: 'review-amount' },
                { label: t('topup.fee'), value: f.idr(fee), testId: 'review-fee' },
                { label: t('topup.totalToPay'), value: f.idr(sum(amount, fee)), testId: 'review-total', strong: true },
              ]}
            />
            {inputs.data && <Muted>{t('topup.expiryNote', { minutes: inputs.data.expiryMinutes })}</Muted>}
            <FormError error={error} />
            <Stack direction="row" gap="sm" wrap>
              <Button onClick={() => void create()} loading={busy}>
                {t('topup.create')}
              </Button>
              <Button variant="ghost" onClick={() => setStep('form')} disabled={busy}>
                {t('common.edit')}
              </Button>
            </Stack>
          </Stack>
        </Card>
      )}

      <Card title={t('topup.recentTitle')}>
        {!recent.data && <LoadState loading={recent.loading} error={recent.error} onRetry={() => void recent.reload()} lines={2} />}
        {recent.data && recent.data.items.length === 0 && <EmptyState compact headingLevel={3} title={t('topup.recentEmpty')} />}
        {recent.data && recent.data.items.length > 0 && (
          <Rows>
            {recent.data.items.slice(0, WALLET_UI_CONFIG.recentTopups).map((item) => (
              <Row key={item.id} data-testid="recent-topup">
                <div>
                  <Link to={`/balance/topup/${encodeURIComponent(item.id)}`}>
                    {t(`channels.${item.channel}`)} · {f.idr(item.amount)}
                  </Link>
                  <Muted>{f.dateTime(item.createdAt)}</Muted>
                </div>
                <Badge $tone={TOPUP_TONE[item.status]}>{t(`topupStatus.${item.status}`)}</Badge>
              </Row>
            ))}
          </Rows>
        )}
      </Card>
    </WalletPage>
  );
}
