// The frame of every wallet page (back link, title, subtitle, actions) and the states each part
// of a page shares: loading skeletons, a failed load with retry, and the refusals that send the
// person elsewhere (identity verification, the US-stock declaration).
import styled from '@emotion/styled';
import {
  ButtonLink,
  ErrorState,
  isApiError,
  Page,
  PageHeader,
  Skeleton,
  Stack,
  TextLink,
  tokens,
} from '@pasar/shared';
import type { ReactNode } from 'react';
import { useWalletT } from '../i18n';
import { ACCOUNT_LINKS } from '../wallet-config';

export interface WalletPageProps {
  title: string;
  subtitle?: string;
  /** A back link to the balance page unless null. */
  back?: null;
  actions?: ReactNode;
  narrow?: boolean;
  children: ReactNode;
}

export function WalletPage({ title, subtitle, back, actions, narrow = false, children }: WalletPageProps) {
  const { t } = useWalletT();
  return (
    <Page narrow={narrow}>
      <PageHeader
        before={back === null ? undefined : <TextLink to="/balance">{t('common.backToBalance')}</TextLink>}
        title={title}
        subtitle={subtitle}
        actions={actions}
      />
      <Stack gap="lg">{children}</Stack>
    </Page>
  );
}

/** The catalogue code of a refusal ('1115'), or null. */
export const errorCode = (error: unknown): string | null => (isApiError(error) ? error.code : null);

/** The message of a failed call, as the server (localized) or the client wrote it. */
export const errorText = (error: unknown): string =>
  isApiError(error) ? error.message : error instanceof Error ? error.message : String(error);

export const KYC_INCOMPLETE = '007';

export function Loading({ lines = 3 }: { lines?: number }) {
  const { t } = useWalletT();
  return (
    <div role="status" aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton lines={lines} />
    </div>
  );
}

/** Skeleton while the first load runs, the error with a retry if it failed; nothing otherwise. */
export function LoadState({ loading, error, onRetry, lines }: { loading: boolean; error: unknown; onRetry: () => void; lines?: number }) {
  const { t } = useWalletT();
  if (error) {
    if (errorCode(error) === KYC_INCOMPLETE) return <KycNotice message={errorText(error)} />;
    return <ErrorState title={t('common.loadFailed')} description={errorText(error)} onRetry={onRetry} />;
  }
  if (loading) return <Loading lines={lines} />;
  return null;
}

const Notice = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.sm};
  padding: ${tokens.space.md};
  border: 1px solid ${tokens.colors.border};
  border-left: 4px solid ${tokens.colors.warning};
  border-radius: ${tokens.radii.md};
  background: ${tokens.colors.surfaceSunken};
  p {
    margin: 0;
  }
`;

const NoticeTitle = styled.p`
  font-weight: ${tokens.fontWeights.semibold};
`;

/** 007: the server's message, what it means, and the way to the verification page. */
export function KycNotice({ message }: { message?: string }) {
  const { t } = useWalletT();
  return (
    <Notice role="note" data-testid="kyc-notice">
      <NoticeTitle>{message ?? t('kyc.title')}</NoticeTitle>
      <p>{t('kyc.body')}</p>
      <div>
        <ButtonLink to={ACCOUNT_LINKS.identity}>{t('kyc.link')}</ButtonLink>
      </div>
    </Notice>
  );
}

/** Stock wallets need the US-stock declaration approved (§4: gssKycStatus VERIFIED). */
export function GssNotice() {
  const { t } = useWalletT();
  return (
    <Notice role="note" data-testid="gss-notice">
      <NoticeTitle>{t('gss.title')}</NoticeTitle>
      <p>{t('gss.body')}</p>
      <div>
        <TextLink to={ACCOUNT_LINKS.identity}>{t('gss.link')}</TextLink>
      </div>
    </Notice>
  );
}

/** An inline refusal under a form: 007 gets its explanation, anything else the server's message. */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  if (errorCode(error) === KYC_INCOMPLETE) return <KycNotice message={errorText(error)} />;
  return (
    <ErrorText role="alert" data-testid="form-error">
      {errorText(error)}
    </ErrorText>
  );
}

export const ErrorText = styled.p`
  margin: 0;
  color: ${tokens.colors.dangerText};
  font-weight: ${tokens.fontWeights.medium};
`;

export const Muted = styled.p`
  margin: 0;
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.sm};
  overflow-wrap: anywhere;
`;
