import type { BadgeTone, CashoutStatus, TopUpStatus } from '@pasar/shared';

/** The badge tone of each top-up status. */
export const TOPUP_TONE: Record<TopUpStatus, BadgeTone> = { PENDING: 'warning', PAID: 'success', EXPIRED: 'neutral' };

/** The badge tone of each cashout status. */
export const CASHOUT_TONE: Record<CashoutStatus, BadgeTone> = {
  PENDING_REVIEW: 'warning',
  PAID: 'success',
  REJECTED: 'danger',
  CANCELLED: 'neutral',
};
