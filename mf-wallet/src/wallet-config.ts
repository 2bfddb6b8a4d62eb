// The wallet pages' tunables in one place (style habit 11): polling, debounce, list sizes, quick picks.
export const WALLET_UI_CONFIG = {
  /** A pending top-up's status is polled this often until PAID or EXPIRED. */
  topupPollMs: 3000,
  /** Transfer estimates wait this long after the last keystroke. */
  estimateDebounceMs: 300,
  /** IDR cash history rows per page on /balance. */
  historyPageSize: 10,
  /** Recent top-ups listed under the top-up form. */
  recentTopups: 5,
  /** Cashout quick picks (IDR), shown when within the available amount and today's remaining limit. */
  cashoutQuickPicks: ['100000', '500000', '1000000'],
} as const;

/** Pages of the account remote the wallet pages send people to. */
export const ACCOUNT_LINKS = {
  identity: '/account/identity-verification',
  bankAccounts: '/account/bankAccount',
} as const;

/** The symbol whose base asset is the user's own (spot) USDT. */
export const USDT_SPOT_SYMBOL = 'USDT-IDR';
