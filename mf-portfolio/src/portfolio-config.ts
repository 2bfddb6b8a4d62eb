// The portfolio page's tunables in one place (style habit 11).
import { POSITION_HISTORY_PAGE_SIZE } from '@pasar/shared';

export const PORTFOLIO_UI_CONFIG = {
  /** Fills per page of the position history. */
  historyPageSize: POSITION_HISTORY_PAGE_SIZE,
  /** Where the empty state sends a new investor. */
  tradeHome: '/trade',
} as const;
