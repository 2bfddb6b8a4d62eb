import styled from '@emotion/styled';
import { keyframes } from '@emotion/react';
import { tokens } from '@pasar/shared';
import { useShellT } from '../i18n/shell-i18n';

const shimmer = keyframes`
  from { background-position: 100% 0; }
  to { background-position: -100% 0; }
`;

const Bar = styled.div<{ $width: string; $height: string }>`
  width: ${({ $width }) => $width};
  height: ${({ $height }) => $height};
  margin-bottom: ${tokens.space.md};
  border-radius: ${tokens.radii.md};
  background: linear-gradient(90deg, ${tokens.colors.skeleton} 25%, ${tokens.colors.skeletonHighlight} 50%, ${tokens.colors.skeleton} 75%);
  background-size: 200% 100%;
  animation: ${shimmer} 1.4s linear infinite;
`;

const Area = styled.div`
  padding: ${tokens.space.lg};
`;

/** Suspense fallback of a remote area: the page's rough shape, announced as loading. */
export function RemoteSkeleton() {
  const t = useShellT();
  return (
    <Area role="status" aria-live="polite" aria-busy="true" data-testid="remote-loading">
      <span className="sr-only">{t('loading')}</span>
      <Bar $width="40%" $height="28px" aria-hidden="true" />
      <Bar $width="100%" $height="180px" aria-hidden="true" />
      <Bar $width="70%" $height="16px" aria-hidden="true" />
    </Area>
  );
}
