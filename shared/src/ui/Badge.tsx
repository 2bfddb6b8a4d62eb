// A short status label (KYC state, top-up state, "primary", "this device") in the colour of its tone.
// Each remote keeps the map from its own statuses to tones.
import styled from '@emotion/styled';
import { tokens } from '../theme/css-variables';

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger';

const COLORS: Record<BadgeTone, string> = {
  neutral: tokens.colors.textMuted,
  success: tokens.colors.buyText,
  warning: tokens.colors.warningText,
  danger: tokens.colors.dangerText,
};

export const Badge = styled.span<{ $tone: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  padding: 2px ${tokens.space.sm};
  border: 1px solid currentColor;
  border-radius: ${tokens.radii.pill};
  color: ${({ $tone }) => COLORS[$tone]};
  font-size: ${tokens.fontSizes.xs};
  font-weight: ${tokens.fontWeights.semibold};
  white-space: nowrap;
`;
