// A placeholder while data loads. Hidden from screen readers: the region that loads says it
// is busy (aria-busy or a Spinner); a stack of grey boxes means nothing when read out.
import { keyframes } from '@emotion/react';
import styled from '@emotion/styled';
import type { CSSProperties } from 'react';
import { tokens } from '../theme/css-variables';
import { reducedMotion, type RadiusKey } from '../theme/theme-definitions';

export type SkeletonVariant = 'text' | 'rect' | 'circle';

export interface SkeletonProps {
  variant?: SkeletonVariant;
  /** CSS length or px number; text lines default to 100%. */
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** Several text lines, the last one shorter. */
  lines?: number;
  radius?: RadiusKey;
  className?: string;
}

const shimmer = keyframes`
  from { background-position: 100% 0; }
  to { background-position: -100% 0; }
`;

const Block = styled.span<{ $radius: string }>`
  display: block;
  border-radius: ${({ $radius }) => $radius};
  background: linear-gradient(
    90deg,
    ${tokens.colors.skeleton} 25%,
    ${tokens.colors.skeletonHighlight} 50%,
    ${tokens.colors.skeleton} 75%
  );
  background-size: 200% 100%;
  animation: ${shimmer} 1.4s ease-in-out infinite;
  ${reducedMotion} {
    animation: none !important;
    background: ${tokens.colors.skeleton};
  }
`;

const Lines = styled.span`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.sm};
`;

const DEFAULT_HEIGHT: Record<SkeletonVariant, string> = { text: '1em', rect: '64px', circle: '40px' };

export const Skeleton = ({ variant = 'text', width, height, lines = 1, radius, className }: SkeletonProps) => {
  const resolvedRadius =
    variant === 'circle' ? tokens.radii.pill : radius ? tokens.radii[radius] : variant === 'text' ? tokens.radii.sm : tokens.radii.md;
  const size = {
    width: width ?? (variant === 'circle' ? DEFAULT_HEIGHT.circle : '100%'),
    height: height ?? DEFAULT_HEIGHT[variant],
  };
  if (variant === 'text' && lines > 1) {
    return (
      <Lines className={className} aria-hidden="true" data-skeleton="">
        {Array.from({ length: lines }, (_, index) => (
          <Block
            key={index}
            $radius={resolvedRadius}
            style={index === lines - 1 ? { ...size, width: '60%' } : size}
          />
        ))}
      </Lines>
    );
  }
  return <Block className={className} aria-hidden="true" data-skeleton="" $radius={resolvedRadius} style={size} />;
};
