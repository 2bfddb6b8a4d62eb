// Loading and failure states the portfolio's sections share.
import { ErrorState, isApiError, Skeleton } from '@pasar/shared';
import { usePortfolioT } from '../i18n';

/** The message of a failed call, as the server (localized) or the client wrote it. */
export const errorText = (error: unknown): string =>
  isApiError(error) ? error.message : error instanceof Error ? error.message : String(error);

export const errorCode = (error: unknown): string | null => (isApiError(error) ? error.code : null);

export function Loading({ lines = 3 }: { lines?: number }) {
  const { t } = usePortfolioT();
  return (
    <div role="status" aria-busy="true" aria-label={t('page.loading')}>
      <Skeleton lines={lines} />
    </div>
  );
}

export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = usePortfolioT();
  return <ErrorState compact headingLevel={3} title={t('page.loadFailed')} description={errorText(error)} onRetry={onRetry} />;
}
