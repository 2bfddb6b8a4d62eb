import { css } from '@emotion/react';
import styled from '@emotion/styled';
import type { ComponentPropsWithRef, MouseEvent, ReactNode } from 'react';
import { tokens } from '../theme/css-variables';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'buy' | 'sell' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Busy: shows a spinner, sets aria-busy, ignores clicks, keeps focus and width. */
  loading?: boolean;
  fullWidth?: boolean;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
}

const { colors } = tokens;

const filled = (background: string, hover: string, text: string) => css`
  background: ${background};
  color: ${text};
  border-color: ${background};
  &:hover:not(:disabled):not([aria-disabled='true']) {
    background: ${hover};
    border-color: ${hover};
  }
`;

export const buttonVariantStyles: Record<ButtonVariant, ReturnType<typeof css>> = {
  primary: filled(colors.primary, colors.primaryHover, colors.onPrimary),
  buy: filled(colors.buy, colors.buyHover, colors.onBuy),
  sell: filled(colors.sell, colors.sellHover, colors.onSell),
  danger: filled(colors.danger, colors.dangerHover, colors.onDanger),
  secondary: css`
    background: ${colors.surface};
    color: ${colors.text};
    border-color: ${colors.borderStrong};
    &:hover:not(:disabled):not([aria-disabled='true']) {
      background: ${colors.surfaceSunken};
    }
  `,
  ghost: css`
    background: transparent;
    color: ${colors.primaryText};
    border-color: transparent;
    &:hover:not(:disabled):not([aria-disabled='true']) {
      background: ${colors.surfaceSunken};
    }
  `,
};

export const buttonSizeStyles: Record<ButtonSize, ReturnType<typeof css>> = {
  sm: css`
    min-height: 32px;
    padding: 0 ${tokens.space.md};
    font-size: ${tokens.fontSizes.sm};
  `,
  md: css`
    min-height: 40px;
    padding: 0 ${tokens.space.lg};
    font-size: ${tokens.fontSizes.md};
  `,
  lg: css`
    min-height: 48px;
    padding: 0 ${tokens.space.xl};
    font-size: ${tokens.fontSizes.md};
  `,
};

interface StyleProps {
  $variant: ButtonVariant;
  $size: ButtonSize;
  $fullWidth: boolean;
  $loading: boolean;
}

const StyledButton = styled.button<StyleProps>`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${tokens.space.sm};
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  border: 1px solid transparent;
  border-radius: ${tokens.radii.md};
  font-weight: ${tokens.fontWeights.semibold};
  line-height: ${tokens.lineHeights.tight};
  text-align: center;
  cursor: pointer;
  user-select: none;
  -webkit-tap-highlight-color: transparent;
  transition:
    background-color ${tokens.motion.fast} ${tokens.motion.easing},
    border-color ${tokens.motion.fast} ${tokens.motion.easing};
  ${({ $variant }) => buttonVariantStyles[$variant]}
  ${({ $size }) => buttonSizeStyles[$size]}

  &:disabled,
  &[aria-disabled='true']:not([aria-busy='true']) {
    cursor: not-allowed;
    opacity: 0.5;
  }
  ${({ $loading }) =>
    $loading &&
    css`
      cursor: progress;
    `}
`;

// The label stays in the accessibility tree while the spinner covers it (opacity, not visibility).
const Content = styled.span<{ $hidden: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${tokens.space.sm};
  opacity: ${({ $hidden }) => ($hidden ? 0 : 1)};
`;

const SpinnerSlot = styled.span`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
`;

export const Button = ({
  variant = 'primary',
  size = 'md',
  loading = false,
  fullWidth = false,
  startIcon,
  endIcon,
  type = 'button',
  onClick,
  children,
  ...rest
}: ButtonProps) => {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    // A second click while busy must not send a second order.
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <StyledButton
      type={type}
      $variant={variant}
      $size={size}
      $fullWidth={fullWidth}
      $loading={loading}
      aria-busy={loading || undefined}
      aria-disabled={loading || rest['aria-disabled'] || undefined}
      onClick={handleClick}
      {...rest}
    >
      <Content $hidden={loading}>
        {startIcon}
        {children}
        {endIcon}
      </Content>
      {loading && (
        <SpinnerSlot>
          <Spinner size="sm" decorative />
        </SpinnerSlot>
      )}
    </StyledButton>
  );
};
