import { css } from '@emotion/react';
import styled from '@emotion/styled';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { tokens } from '../theme/css-variables';
import { buttonVariantStyles, type ButtonVariant } from './Button';

export type IconButtonSize = 'sm' | 'md' | 'lg';

export interface IconButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'aria-label' | 'children'> {
  /** An icon has no text, so the name is required. */
  'aria-label': string;
  icon: ReactNode;
  variant?: ButtonVariant;
  size?: IconButtonSize;
}

const SIZE_PX: Record<IconButtonSize, number> = { sm: 32, md: 40, lg: 48 };

const StyledIconButton = styled.button<{ $variant: ButtonVariant; $size: IconButtonSize }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  padding: 0;
  border: 1px solid transparent;
  border-radius: ${tokens.radii.md};
  cursor: pointer;
  -webkit-tap-highlight-color: transparent;
  transition: background-color ${tokens.motion.fast} ${tokens.motion.easing};
  ${({ $variant }) => buttonVariantStyles[$variant]}
  ${({ $variant }) =>
    $variant === 'ghost' &&
    css`
      color: ${tokens.colors.textMuted};
      &:hover:not(:disabled) {
        color: ${tokens.colors.text};
      }
    `}
  ${({ $size }) => css`
    width: ${SIZE_PX[$size]}px;
    height: ${SIZE_PX[$size]}px;
  `}

  &:disabled,
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.5;
  }
`;

export const IconButton = ({ icon, variant = 'ghost', size = 'md', type = 'button', ...rest }: IconButtonProps) => (
  <StyledIconButton type={type} $variant={variant} $size={size} {...rest}>
    {icon}
  </StyledIconButton>
);
