// The box shared by TextInput, Select and NumericInput: border, focus ring, invalid state.
import styled from '@emotion/styled';
import { tokens } from '../theme/css-variables';

export type ControlSize = 'sm' | 'md' | 'lg';

export const CONTROL_HEIGHT: Record<ControlSize, string> = { sm: '32px', md: '40px', lg: '48px' };

export const InputFrame = styled.div<{ $invalid: boolean; $disabled: boolean; $size: ControlSize }>`
  position: relative;
  display: flex;
  align-items: center;
  width: 100%;
  min-width: 0;
  min-height: ${({ $size }) => CONTROL_HEIGHT[$size]};
  border: 1px solid ${({ $invalid }) => ($invalid ? tokens.colors.dangerText : tokens.colors.borderStrong)};
  border-radius: ${tokens.radii.md};
  background: ${tokens.colors.surface};
  color: ${tokens.colors.text};
  opacity: ${({ $disabled }) => ($disabled ? 0.6 : 1)};
  transition: border-color ${tokens.motion.fast} ${tokens.motion.easing};

  &:focus-within {
    border-color: ${tokens.colors.focusRing};
    box-shadow: 0 0 0 1px ${tokens.colors.focusRing};
  }
`;

export const BareInput = styled.input`
  flex: 1 1 auto;
  width: 100%;
  min-width: 0;
  align-self: stretch;
  padding: 0 ${tokens.space.md};
  border: 0;
  background: transparent;
  color: inherit;
  font: inherit;
  font-size: ${tokens.fontSizes.md};
  /* 16px keeps iOS Safari from zooming on focus. */
  &:focus,
  &:focus-visible {
    outline: none;
  }
  &::placeholder {
    color: ${tokens.colors.textMuted};
    opacity: 1;
  }
  &:disabled {
    cursor: not-allowed;
  }
`;

export const Adornment = styled.span`
  display: inline-flex;
  align-items: center;
  flex: none;
  padding: 0 ${tokens.space.sm};
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.sm};
  white-space: nowrap;
`;
