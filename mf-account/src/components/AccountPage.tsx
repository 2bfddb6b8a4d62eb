// The frame of every account page: a back link, the title and subtitle, then the content with
// its loading and error states.
import { ErrorState, isApiError, Page, PageHeader, Skeleton, Stack, TextLink } from '@pasar/shared';
import type { ReactNode } from 'react';
import { useAccountT } from '../i18n';

export interface AccountPageProps {
  /** Section of the `account` namespace with `title` and `description`. */
  section: string;
  back?: { path: string; label: string } | null;
  actions?: ReactNode;
  children: ReactNode;
}

export function AccountPage({ section, back, actions, children }: AccountPageProps) {
  const { t } = useAccountT();
  const backLink = back === undefined ? { path: '/account', label: t('common.backToAccount') } : back;
  return (
    <Page narrow>
      <PageHeader
        before={backLink && <TextLink to={backLink.path}>{backLink.label}</TextLink>}
        title={t(`${section}.title`)}
        subtitle={t(`${section}.description`)}
        actions={actions}
      />
      <Stack gap="lg">{children}</Stack>
    </Page>
  );
}

/** The message of a failed call, as the server (localized) or the client wrote it. */
export const errorText = (error: unknown): string =>
  isApiError(error) ? error.message : error instanceof Error ? error.message : String(error);

export function LoadState({ loading, error, onRetry }: { loading: boolean; error: unknown; onRetry: () => void }) {
  const { t } = useAccountT();
  if (error) return <ErrorState title={t('common.loadFailed')} description={errorText(error)} onRetry={onRetry} />;
  if (loading) {
    return (
      <div role="status" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton lines={3} />
      </div>
    );
  }
  return null;
}
