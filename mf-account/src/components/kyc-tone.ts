import type { BadgeTone } from '@pasar/shared';

/** The badge tone of each KYC status; an unknown status is drawn neutral by the caller. */
export const KYC_TONE: Record<string, BadgeTone> = {
  NOT_SUBMITTED: 'neutral',
  PENDING: 'warning',
  VERIFIED: 'success',
  REJECTED: 'danger',
};
