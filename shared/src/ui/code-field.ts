// What the PIN pad and the OTP input share: the column they sit in, the label, the large
// centred monospace field, and the rule that keeps only digits.
import styled from '@emotion/styled';
import { tokens } from '../theme/css-variables';
import { visuallyHiddenStyles } from '../theme/visually-hidden';

export const CodeRoot = styled.div`
  display: flex;
  flex-direction: column;
  width: 100%;
  max-width: 320px;
`;

export const CodeLabel = styled.label<{ $hidden?: boolean }>`
  font-size: ${tokens.fontSizes.sm};
  font-weight: ${tokens.fontWeights.medium};
  ${({ $hidden }) => ($hidden ? visuallyHiddenStyles : '')}
`;

export const CodeField = styled.input<{ $invalid: boolean; $spacing: string }>`
  width: 100%;
  min-height: 56px;
  padding: 0 ${tokens.space.md};
  border: 1px solid ${({ $invalid }) => ($invalid ? tokens.colors.dangerText : tokens.colors.borderStrong)};
  border-radius: ${tokens.radii.md};
  background: ${tokens.colors.surface};
  color: ${tokens.colors.text};
  font-family: ${tokens.fonts.mono};
  font-size: ${tokens.fontSizes.xxl};
  letter-spacing: ${({ $spacing }) => $spacing};
  text-align: center;
  &::placeholder {
    color: ${tokens.colors.textMuted};
    opacity: 0.6;
  }
  &:focus {
    outline: none;
    border-color: ${tokens.colors.focusRing};
    box-shadow: 0 0 0 1px ${tokens.colors.focusRing};
  }
  &:disabled {
    opacity: 0.6;
  }
`;

/** Keeps the digits of `raw`, at most `length`; says whether anything else was typed. */
export function cleanDigits(raw: string, length: number): { digits: string; rejected: boolean } {
  const digits = raw.replace(/\D/g, '');
  return { digits: digits.slice(0, length), rejected: digits.length !== raw.length };
}
