import styled from '@emotion/styled';
import { tokens, type CashoutStatus, type TopUpStatus } from '@pasar/shared';

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

export const TOPUP_TONE: Record<TopUpStatus, BadgeTone> = { PENDING: 'warning', PAID: 'success', EXPIRED: 'neutral' };

export const CASHOUT_TONE: Record<CashoutStatus, BadgeTone> = {
  PENDING_REVIEW: 'warning',
  PAID: 'success',
  REJECTED: 'danger',
  CANCELLED: 'neutral',
};
