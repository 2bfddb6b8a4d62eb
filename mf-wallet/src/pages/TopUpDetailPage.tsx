// `/balance/topup/:id`: how to pay one top-up — the payment code with a copy button, the exact
// total, the time left, the steps — and its status, polled until PAID or EXPIRED. In development
// mode the server lets a person pay it with one click ("Simulate payment", the same signed webhook).
import styled from '@emotion/styled';
import {
  api,
  Badge,
  Button,
  ButtonLink,
  Card,
  CheckIcon,
  showToast,
  Spinner,
  Stack,
  tokens,
  topupPath,
  topupSimulatePath,
  useApiData,
  useParams,
  useSecondsLeft,
  type TopUp,
} from '@pasar/shared';
import { useEffect, useRef, useState } from 'react';
import { ActionLink } from '../components/ActionLink';
import { Figures } from '../components/Figures';
import { useFormat } from '../components/money';
import { refreshAfterMove } from '../components/refresh';
import { TOPUP_TONE } from '../components/status-tones';
import { FormError, LoadState, Muted, WalletPage } from '../components/WalletPage';
import { useWalletT } from '../i18n';
import { WALLET_UI_CONFIG } from '../wallet-config';

const Code = styled.p`
  margin: 0;
  font-family: ${tokens.fonts.mono};
  font-size: ${tokens.fontSizes.xl};
  font-weight: ${tokens.fontWeights.bold};
  letter-spacing: 0.04em;
  overflow-wrap: anywhere;
`;

const Copyable = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space.sm};
  padding: ${tokens.space.md};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.md};
  background: ${tokens.colors.surfaceSunken};
`;

const Label = styled.p`
  margin: 0 0 ${tokens.space.xxs};
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.sm};
`;

const Steps = styled.ol`
  margin: 0;
  padding-left: ${tokens.space.lg};
  li + li {
    margin-top: ${tokens.space.xs};
  }
`;

const DevCard = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.sm};
  padding: ${tokens.space.md};
  border: 2px dashed ${tokens.colors.warning};
  border-radius: ${tokens.radii.md};
  p {
    margin: 0;
  }
`;

const Success = styled.div`
  display: flex;
  align-items: center;
  gap: ${tokens.space.sm};
  color: ${tokens.colors.buyText};
  font-weight: ${tokens.fontWeights.semibold};
  font-size: ${tokens.fontSizes.lg};
`;

/** "23:59:10" or "09:58". */
const clock = (seconds: number): string => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
};

export function TopUpDetailPage() {
  const { t } = useWalletT();
  const { id = '' } = useParams();
  const topUp = useApiData(() => api.get<TopUp>(topupPath(id), { language: true }), [id]);
  const status = topUp.data?.status;

  // Poll while waiting for the payment.
  useEffect(() => {
    if (status !== 'PENDING') return undefined;
    const timer = setInterval(() => void topUp.refresh(), WALLET_UI_CONFIG.topupPollMs);
    return () => clearInterval(timer);
  }, [status, topUp.refresh]);

  // Seen going from PENDING to PAID on this page: the balances changed.
  const lastStatus = useRef(status);
  useEffect(() => {
    if (lastStatus.current === 'PENDING' && status === 'PAID') refreshAfterMove();
    lastStatus.current = status;
  }, [status]);

  return (
    <WalletPage narrow title={t('topupDetail.title')} subtitle={t('topupDetail.description')}>
      {!topUp.data && <LoadState loading={topUp.loading} error={topUp.error} onRetry={() => void topUp.reload()} />}
      {topUp.data && <TopUpView topUp={topUp.data} onChange={topUp.setData} onExpired={() => void topUp.refresh()} />}
    </WalletPage>
  );
}

function TopUpView({ topUp, onChange, onExpired }: { topUp: TopUp; onChange: (next: TopUp) => void; onExpired: () => void }) {
  const { t } = useWalletT();
  const f = useFormat();
  const expiresAt = Date.parse(topUp.expiresAt);
  const seconds = useSecondsLeft(topUp.status === 'PENDING' && !Number.isNaN(expiresAt) ? expiresAt : null);
  const [simulating, setSimulating] = useState(false);
  const [error, setError] = useState<unknown>(null);

  // The time ran out on screen: ask the server, which now says EXPIRED (or PAID, if it arrived).
  const expiredAsked = useRef(false);
  useEffect(() => {
    if (topUp.status === 'PENDING' && seconds === 0 && !expiredAsked.current && !Number.isNaN(expiresAt) && expiresAt <= Date.now()) {
      expiredAsked.current = true;
      onExpired();
    }
  }, [seconds, topUp.status, expiresAt, onExpired]);

  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      showToast({ kind: 'success', title: t('topupDetail.copied', { what }) });
    } catch {
      showToast({ kind: 'error', title: t('topupDetail.copyFailed') });
    }
  };

  const simulate = async () => {
    setSimulating(true);
    setError(null);
    try {
      onChange(await api.post<TopUp>(topupSimulatePath(topUp.id), undefined, { language: true }));
    } catch (failure) {
      setError(failure);
    } finally {
      setSimulating(false);
    }
  };

  const codeLabel = t(topUp.channel.endsWith('_VA') ? 'topupDetail.vaNumber' : 'topupDetail.paymentCode');
  const language = f.lng;

  return (
    <Stack gap="lg">
      <Card
        title={t(`channels.${topUp.channel}`)}
        actions={
          <Badge $tone={TOPUP_TONE[topUp.status]} data-testid="topup-status">
            {t(`topupStatus.${topUp.status}`)}
          </Badge>
        }
      >
        {topUp.status === 'PAID' && (
          <Stack gap="md">
            <Success role="status">
              <CheckIcon size={24} aria-hidden="true" />
              {t('topupDetail.paidTitle')}
            </Success>
            <Figures
              items={[
                { label: t('topup.amountCredited'), value: f.idr(topUp.amount), testId: 'paid-amount', strong: true },
                topUp.paidAt && { label: t('topupDetail.paidAt'), value: f.dateTime(topUp.paidAt) },
              ]}
            />
            <Stack direction="row" gap="sm" wrap>
              <ButtonLink to="/balance">{t('topupDetail.seeBalance')}</ButtonLink>
              <ActionLink to="/balance/topup">{t('topupDetail.again')}</ActionLink>
            </Stack>
          </Stack>
        )}

        {topUp.status === 'EXPIRED' && (
          <Stack gap="md">
            <p role="status">{t('topupDetail.expiredBody')}</p>
            <div>
              <ButtonLink to="/balance/topup">{t('topupDetail.newTopup')}</ButtonLink>
            </div>
          </Stack>
        )}

        {topUp.status === 'PENDING' && (
          <Stack gap="lg">
            <Copyable>
              <div>
                <Label>{codeLabel}</Label>
                <Code data-testid="payment-code">{topUp.paymentCode}</Code>
              </div>
              <Button size="sm" variant="secondary" onClick={() => void copy(topUp.paymentCode, codeLabel)} aria-label={t('topupDetail.copyNamed', { what: codeLabel })}>
                {t('topupDetail.copy')}
              </Button>
            </Copyable>
            <Copyable>
              <div>
                <Label>{t('topup.totalToPay')}</Label>
                <Code data-testid="total-to-pay">{f.idr(topUp.totalToPay)}</Code>
              </div>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => void copy(topUp.totalToPay, t('topup.totalToPay'))}
                aria-label={t('topupDetail.copyNamed', { what: t('topup.totalToPay') })}
              >
                {t('topupDetail.copy')}
              </Button>
            </Copyable>
            <Muted>{t('topupDetail.exactNote')}</Muted>
            <Figures
              items={[
                { label: t('topup.amountCredited'), value: f.idr(topUp.amount) },
                { label: t('topup.fee'), value: f.idr(topUp.fee) },
                { label: t('topupDetail.expiresAt'), value: f.dateTime(topUp.expiresAt) },
                { label: t('topupDetail.timeLeft'), value: <span role="timer" aria-live="off">{clock(seconds)}</span>, testId: 'time-left' },
              ]}
            />
            <Stack direction="row" gap="sm" align="center">
              <Spinner size="sm" decorative />
              <Muted role="status">{t('topupDetail.waiting')}</Muted>
            </Stack>
          </Stack>
        )}
      </Card>

      {topUp.status === 'PENDING' && topUp.steps.length > 0 && (
        <Card title={t('topupDetail.stepsTitle')}>
          <Steps>
            {topUp.steps.map((step, i) => (
              <li key={i}>{language === 'en' ? step.en : step.id}</li>
            ))}
          </Steps>
        </Card>
      )}

      {topUp.status === 'PENDING' && topUp.canSimulate && (
        <DevCard data-testid="simulate-card">
          <p>
            <strong>{t('topupDetail.devTitle')}</strong>
          </p>
          <p>{t('topupDetail.devBody')}</p>
          <FormError error={error} />
          <div>
            <Button variant="secondary" onClick={() => void simulate()} loading={simulating}>
              {t('topupDetail.simulate')}
            </Button>
          </div>
        </DevCard>
      )}
    </Stack>
  );
}
