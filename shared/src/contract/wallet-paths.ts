// Paths of the wallet calls (issue 5) and the wallet area's plain constants (plain values: the
// browser index exports them without zod). Schemas: `wallet.ts`.
//
// IDR side (module `server/src/modules/wallet`): cash account, top-up, cashout, the whole-wallet
// summary. Foreign-currency side (module `server/src/modules/fx-wallet`): the three USD stock
// wallets, the leverage wallet, the USDT perpetuals margin wallet, USD yield.

export const WALLET_PATHS = {
  // ---- cash account and summary ----
  /** GET: `{ cashAccount: { cashBalance, voucherBalance, freeBalance, cashOnHold } }` (§3, §7 accounts). */
  accounts: '/api/accounts',
  /** GET: every wallet with totals in IDR and USD (§7 wallet balance). */
  walletBalance: '/api/wallet/balance',
  /** GET ?currency=IDR&purpose=CASH&before=&limit=: the ledger history of one of the user's accounts. */
  walletHistory: '/api/wallet/history',

  // ---- top-up ----
  /** GET: the payment channels (virtual accounts and e-wallets) with limits and fees. */
  topupMethods: '/api/wallet/topup-methods',
  /** GET ?paymentChannel=BCA_VA: the channel's form inputs (limits, fee, preset amounts, steps). */
  inputVariables: '/api/wallet/input-variables',
  /** POST { paymentChannel, amount } → TopUp with payment instructions; GET → the user's top-ups (newest first). */
  topups: '/api/wallet/topups',
  /** Called by the payment gateway: signed body (header TOPUP_SIGNATURE_HEADER). */
  topupWebhook: '/api/wallet/topup-webhook',

  // ---- cashout ----
  /** GET: daily limit, used today, remaining, minimum, fee, auto-approval threshold. */
  cashoutLimit: '/api/cashout/limit',
  /** POST { amount, bankAccountId }: the review step (fee, amount received, bank, auto-approved or not). Changes nothing. */
  cashoutReview: '/api/cashout/review',
  /** GET: whether this user's cashouts may be approved automatically, and up to what amount. */
  cashoutAutoApproval: '/api/cashout/auto-approval-status',
  /** POST { amount, bankAccountId } (fresh PIN, 040): holds the funds; GET: the user's cashouts (newest first). */
  cashout: '/api/cashout',

  // ---- operator ----
  adminCashoutPending: '/api/admin/cashout/pending',
  adminCashoutApprove: '/api/admin/cashout/approve',
  adminCashoutReject: '/api/admin/cashout/reject',
} as const;

/** `/api/wallet/topups/:id` (GET): one top-up with its instructions and status. */
export const topupPath = (id: string): string => `${WALLET_PATHS.topups}/${encodeURIComponent(id)}`;
/** `/api/wallet/topups/:id/simulate-payment` (POST, development mode only): pays it through the signed webhook. */
export const topupSimulatePath = (id: string): string => `${topupPath(id)}/simulate-payment`;
/** `/api/crypto/balance/:symbol` (GET, symbol like BTC-IDR): `{ symbol, balance, available }` of the base asset (§7 account balance by symbol). */
export const cryptoBalancePath = (symbol: string): string => `/api/crypto/balance/${encodeURIComponent(symbol)}`;
/** `/api/cashout/:id` (GET): one cashout. */
export const cashoutPath = (id: string): string => `${WALLET_PATHS.cashout}/${encodeURIComponent(id)}`;
/** `/api/cashout/:id/cancel` (POST): cancels a cashout still waiting for review; the hold is released. */
export const cashoutCancelPath = (id: string): string => `${cashoutPath(id)}/cancel`;

/** The gateway's signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const TOPUP_SIGNATURE_HEADER = 'x-callback-signature';

export const TOPUP_CHANNELS = [
  'BCA_VA',
  'MANDIRI_VA',
  'BRI_VA',
  'BNI_VA',
  'PERMATA_VA',
  'CIMB_VA',
  'BSI_VA',
  'GOPAY',
  'OVO',
  'DANA',
  'SHOPEEPAY',
] as const;
export type TopUpChannel = (typeof TOPUP_CHANNELS)[number];
export const TOPUP_CHANNEL_KINDS = ['VIRTUAL_ACCOUNT', 'EWALLET'] as const;
export type TopUpChannelKind = (typeof TOPUP_CHANNEL_KINDS)[number];

/** PENDING until paid or past its expiry. */
export const TOPUP_STATUSES = ['PENDING', 'PAID', 'EXPIRED'] as const;
export type TopUpStatus = (typeof TOPUP_STATUSES)[number];

/**
 * PENDING_REVIEW: waiting for an operator (funds held). PAID: sent to the bank (hold captured).
 * REJECTED: refused by an operator (hold released). CANCELLED: cancelled by the user while waiting.
 */
export const CASHOUT_STATUSES = ['PENDING_REVIEW', 'PAID', 'REJECTED', 'CANCELLED'] as const;
export type CashoutStatus = (typeof CASHOUT_STATUSES)[number];

/** Account purposes a user can read the history of (the ledger's user purposes). */
export const WALLET_ACCOUNT_PURPOSES = [
  'CASH',
  'VOUCHER',
  'FREE',
  'USD_PALN',
  'USD_LEVERAGE',
  'USD_INTRADAY',
  'PERP_MARGIN',
  'SPOT',
] as const;
export type WalletAccountPurpose = (typeof WALLET_ACCOUNT_PURPOSES)[number];

export const WALLET_HISTORY_PAGE_SIZE = 30;

// ---- Foreign-currency wallets ----

export const FX_WALLET_PATHS = {
  /** GET: `{ paln, leverage, intraday }`, each a StockWallet (§3, §7 global stock balance). 007 unless gssKycStatus is VERIFIED. */
  stockBalance: '/api/global-stock/balance',
  /** GET ?wallet=paln&direction=TO_USD|TO_IDR&amount=: the estimate of a transfer (no change). */
  stockTransferEstimate: '/api/global-stock/transfer/estimate',
  /** POST { wallet, direction, amount }: moves money between IDR cash and a USD wallet at the quoted price. */
  stockTransfer: '/api/global-stock/transfer',
  /** GET: the leverage wallets (2x and 4x intraday): collateral, buying power, margin in use. */
  leverageDetails: '/api/leverage-wallet/details',
  /** GET ?wallet=leverage|intraday&direction=DEPOSIT|WITHDRAW&amount=: what the wallets would be after. */
  leverageCalculate: '/api/leverage-wallet/calculate',
  /** POST { wallet: leverage|intraday, amount (USD) }: USD from the paln wallet into that wallet. */
  leverageDeposit: '/api/leverage-wallet/deposit',
  /** POST { wallet: leverage|intraday, amount (USD) }: USD back to the paln wallet (only what is not in use). */
  leverageWithdraw: '/api/leverage-wallet/withdraw',
  /** GET: `{ buyingPower, marginRatioPercentage, walletBalance, availableBalance, … }` (§3, §7 perp balance). */
  perpBalance: '/api/perp/balance',
  /** GET ?direction=DEPOSIT|WITHDRAW&source=IDR|USDT&amount=: the estimate (price, amounts). */
  perpMarginEstimate: '/api/perp/margin/estimate',
  /** POST { source: IDR|USDT, amount }: into the margin wallet (IDR converted at the USDT-IDR quote). */
  perpMarginDeposit: '/api/perp/margin/deposit',
  /** POST { target: IDR|USDT, amount (USDT) }: out of the margin wallet. */
  perpMarginWithdraw: '/api/perp/margin/withdraw',
  /** GET: the USD yield offer and the user's state (rate, opted in, accrued). */
  usdYieldOnboarding: '/api/usd-yield/onboarding',
  /** POST { optIn: boolean }. */
  usdYieldOptin: '/api/usd-yield/optin',
} as const;

/** The three USD stock wallets of §3: paln (no leverage), leverage (2x), intraday (4x). */
export const STOCK_WALLETS = ['paln', 'leverage', 'intraday'] as const;
export type StockWalletName = (typeof STOCK_WALLETS)[number];
export const LEVERAGE_WALLETS = ['leverage', 'intraday'] as const;
export type LeverageWalletName = (typeof LEVERAGE_WALLETS)[number];
/** Buying power multiple of each wallet (leverage 4 = intraday, §9). */
export const STOCK_WALLET_LEVERAGE: Record<StockWalletName, number> = { paln: 1, leverage: 2, intraday: 4 };

export const FX_TRANSFER_DIRECTIONS = ['TO_USD', 'TO_IDR'] as const;
export type FxTransferDirection = (typeof FX_TRANSFER_DIRECTIONS)[number];
export const MARGIN_DIRECTIONS = ['DEPOSIT', 'WITHDRAW'] as const;
export type MarginDirection = (typeof MARGIN_DIRECTIONS)[number];
export const PERP_MARGIN_SOURCES = ['IDR', 'USDT'] as const;
export type PerpMarginSource = (typeof PERP_MARGIN_SOURCES)[number];
