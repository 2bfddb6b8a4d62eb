import styled from '@emotion/styled';
import { Skeleton, tokens, VisuallyHidden } from '@pasar/shared';
import { useShellT } from '../i18n/shell-i18n';

const Area = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.md};
  padding: ${tokens.space.lg};
`;

/** Suspense fallback of a remote area: the page's rough shape, announced as loading. */
export function RemoteSkeleton() {
  const t = useShellT();
  return (
    <Area role="status" aria-busy="true" data-testid="remote-loading">
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
      <Skeleton width="40%" height={28} />
      <Skeleton variant="rect" height={180} />
      <Skeleton lines={2} />
    </Area>
  );
}
