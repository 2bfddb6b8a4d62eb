import { keyframes } from '@emotion/react';
import styled from '@emotion/styled';
import { reducedMotion } from '../theme/theme-definitions';
import { visuallyHiddenStyles } from '../theme/visually-hidden';
import { useUiText } from './use-ui-text';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export interface SpinnerProps {
  size?: SpinnerSize;
  /** What is loading, read by screen readers; defaults to "Loading". */
  label?: string;
  /** Inside a control that already says it is busy (a loading Button): hidden from readers. */
  decorative?: boolean;
  className?: string;
}

const SIZE_PX: Record<SpinnerSize, number> = { sm: 16, md: 24, lg: 40 };

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Ring = styled.svg`
  display: block;
  animation: ${spin} 0.8s linear infinite;
  ${reducedMotion} {
    /* A slow turn still says "busy" without constant motion. */
    animation-duration: 2.4s !important;
    animation-iteration-count: infinite !important;
  }
`;

const Root = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  color: currentColor;
`;

const Label = styled.span`
  ${visuallyHiddenStyles}
`;

export const Spinner = ({ size = 'md', label, decorative = false, className }: SpinnerProps) => {
  const { t } = useUiText();
  const px = SIZE_PX[size];
  const ring = (
    <Ring width={px} height={px} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </Ring>
  );
  if (decorative) {
    return (
      <Root className={className} aria-hidden="true">
        {ring}
      </Root>
    );
  }
  return (
    <Root className={className} role="status">
      {ring}
      <Label>{label ?? t('loading')}</Label>
    </Root>
  );
};
