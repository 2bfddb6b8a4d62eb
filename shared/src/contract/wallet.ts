// Wallet (issue 5): cash account, top-up, cashout, the whole-wallet summary, the USD stock
// wallets, the leverage wallet, the perpetuals margin wallet and USD yield — zod schemas and
// their types. Paths and plain constants: `wallet-paths.ts`. Money is a decimal string.
import { DecimalString } from './envelope';
import { z } from './zod';
import { plainLine, plainMultiLine } from './text';
import {
  CASHOUT_STATUSES,
  FX_TRANSFER_DIRECTIONS,
  LEVERAGE_WALLETS,
  MARGIN_DIRECTIONS,
  PERP_MARGIN_SOURCES,
  STOCK_WALLETS,
  TOPUP_CHANNEL_KINDS,
  TOPUP_CHANNELS,
  TOPUP_STATUSES,
  WALLET_ACCOUNT_PURPOSES,
} from './wallet-paths';

const IsoDateTime = z.string().describe('ISO 8601 date-time');
const Localized = z.object({ id: z.string(), en: z.string() });

/** A whole number of Rupiah above zero, as a string ("150000"). */
export const IdrAmount = z.string().regex(/^[1-9]\d{0,14}$/, 'must be a whole number of Rupiah above 0');
/** US dollars above zero with at most 2 decimals ("12.5"). */
export const UsdAmount = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be an amount in dollars with at most 2 decimals')
  .refine((v) => Number(v) > 0, 'must be above 0');
/** USDT above zero with at most 6 decimals. */
export const UsdtAmount = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,6})?$/, 'must be an amount in USDT with at most 6 decimals')
  .refine((v) => Number(v) > 0, 'must be above 0');

// ---- Cash account (§3 "Account balance") ----

export const CashAccount = z.object({
  /** Available IDR cash (balance − holds). */
  cashBalance: DecimalString,
  voucherBalance: DecimalString,
  freeBalance: DecimalString,
  /** IDR cash reserved by pending cashouts and open orders (not in cashBalance). */
  cashOnHold: DecimalString,
});
export type CashAccount = z.infer<typeof CashAccount>;
export const AccountsResponse = z.object({ cashAccount: CashAccount });
export type AccountsResponse = z.infer<typeof AccountsResponse>;

/** §7 "account balance by symbol": data holds balance (the base asset's units, after holds in available). */
export const CryptoBalanceResponse = z.object({ symbol: z.string(), balance: DecimalString, available: DecimalString });
export type CryptoBalanceResponse = z.infer<typeof CryptoBalanceResponse>;

// ---- Stock wallets (§3 "Global stock wallet balance") ----

export const StockWalletNameEnum = z.enum(STOCK_WALLETS);
export const StockWallet = z.object({
  /** USD available in the wallet. */
  usdCash: DecimalString,
  /** USD margin of the open leveraged positions (held on the wallet, so already out of usdCash). */
  usdMargin: DecimalString,
  /** usdCash in Rupiah at the sell price. */
  idrCash: DecimalString,
  /** USD the wallet can buy with now: usdCash (less any loss at the marks not yet held) × leverage. */
  buyingPower: DecimalString,
  /** USD/IDR mid price used (default 1 when missing, §9). */
  usdIdrPrice: DecimalString,
});
export type StockWallet = z.infer<typeof StockWallet>;
export const StockBalanceResponse = z.object({ paln: StockWallet, leverage: StockWallet, intraday: StockWallet });
export type StockBalanceResponse = z.infer<typeof StockBalanceResponse>;

// ---- Perpetuals margin wallet (§3) ----

export const PerpBalance = z.object({
  /** USDT that can open new positions (available × 1; leverage applies per order). */
  buyingPower: DecimalString,
  /** maintenance margin / margin balance × 100 ("0" with no positions). */
  marginRatioPercentage: DecimalString,
  /** USDT in the margin wallet. */
  walletBalance: DecimalString,
  /** walletBalance − margin in use − held by open orders. */
  availableBalance: DecimalString,
  unrealizedPnl: DecimalString,
  positionMargin: DecimalString,
});
export type PerpBalance = z.infer<typeof PerpBalance>;

// ---- What a person owns, in one figure ----

/**
 * Every wallet and holding in whole Rupiah, one part per wallet or market (`IDR_CASH`,
 * `USD_WALLETS`, `USDT_MARGIN`, `CRYPTO`, `USSTOCK`, and whatever a market adds), each rounded
 * down; `totalIdr` is their sum. The balance page's total and the portfolio's total are this one
 * figure (the server's `app.netWorth`).
 */
export const NetWorthPart = z.object({ key: z.string().regex(/^[A-Z][A-Z0-9_]*$/), valueIdr: DecimalString });
export type NetWorthPart = z.infer<typeof NetWorthPart>;
export const NetWorth = z.object({
  totalIdr: DecimalString,
  /** In the order the parts were registered; zero parts included. */
  parts: z.array(NetWorthPart),
  /** The mids the foreign parts were valued at, IDR per unit (2 decimals). */
  usdIdr: DecimalString,
  usdtIdr: DecimalString,
  at: z.number().int(),
});
export type NetWorth = z.infer<typeof NetWorth>;

// ---- The whole wallet (§7 wallet balance) ----

export const WalletBalanceResponse = z.object({
  cashAccount: CashAccount,
  /** Zeros and `stockWalletsAvailable: false` unless gssKycStatus is VERIFIED (§4). */
  stockWallets: StockBalanceResponse,
  stockWalletsAvailable: z.boolean(),
  perp: PerpBalance,
  /** USDT price in IDR (mid) and USD/IDR mid used for the totals. */
  usdtIdrPrice: DecimalString,
  usdIdrPrice: DecimalString,
  /** Everything the person owns in IDR: `netWorth.totalIdr` (every wallet and every market's holdings). */
  totalIdr: DecimalString,
  netWorth: NetWorth,
  /** totalIdr / usdIdrPrice, 2 decimals. */
  totalUsd: DecimalString,
  updatedAt: z.number().int(),
});
export type WalletBalanceResponse = z.infer<typeof WalletBalanceResponse>;

export const WalletHistoryQuery = z.object({
  currency: z.string().regex(/^[A-Z0-9]{2,12}$/),
  purpose: z.enum(WALLET_ACCOUNT_PURPOSES),
  before: IsoDateTime.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type WalletHistoryQuery = z.infer<typeof WalletHistoryQuery>;
export const WalletHistoryEntry = z.object({
  transferId: z.string(),
  kind: z.string(),
  /** Signed: negative left the account. */
  amount: DecimalString,
  balanceAfter: DecimalString,
  createdAt: IsoDateTime,
  /** Human description (localized). */
  description: z.string(),
});
export type WalletHistoryEntry = z.infer<typeof WalletHistoryEntry>;
export const WalletHistoryResponse = z.object({ items: z.array(WalletHistoryEntry), hasMore: z.boolean() });
export type WalletHistoryResponse = z.infer<typeof WalletHistoryResponse>;

// ---- Top-up ----

export const TopUpChannelEnum = z.enum(TOPUP_CHANNELS);
export const TopUpMethod = z.object({
  channel: TopUpChannelEnum,
  kind: z.enum(TOPUP_CHANNEL_KINDS),
  name: z.string(),
  /** Bank code for virtual accounts (BCA 014 …), null for e-wallets. */
  bankCode: z.string().nullable(),
  minAmount: DecimalString,
  maxAmount: DecimalString,
  /** Fixed fee in IDR added to what the user pays. */
  fee: DecimalString,
  enabled: z.boolean(),
});
export type TopUpMethod = z.infer<typeof TopUpMethod>;
export const TopUpMethodsResponse = z.object({ methods: z.array(TopUpMethod) });
export type TopUpMethodsResponse = z.infer<typeof TopUpMethodsResponse>;

export const InputVariablesQuery = z.object({ paymentChannel: TopUpChannelEnum });
export const InputVariables = z.object({
  channel: TopUpChannelEnum,
  minAmount: DecimalString,
  maxAmount: DecimalString,
  fee: DecimalString,
  /** Suggested amounts for quick picks. */
  presetAmounts: z.array(DecimalString),
  /** Minutes a created top-up stays payable. */
  expiryMinutes: z.number().int(),
  /** How to pay, step by step, in both languages. */
  steps: z.array(Localized),
});
export type InputVariables = z.infer<typeof InputVariables>;

export const CreateTopUpRequest = z.object({ paymentChannel: TopUpChannelEnum, amount: IdrAmount });
export type CreateTopUpRequest = z.infer<typeof CreateTopUpRequest>;

export const TopUp = z.object({
  id: z.string(),
  channel: TopUpChannelEnum,
  /** What will be credited. */
  amount: DecimalString,
  fee: DecimalString,
  /** The exact amount to pay (amount + fee). */
  totalToPay: DecimalString,
  /** Virtual account number, or the e-wallet payment code. */
  paymentCode: z.string(),
  status: z.enum(TOPUP_STATUSES),
  expiresAt: IsoDateTime,
  createdAt: IsoDateTime,
  paidAt: IsoDateTime.nullable(),
  steps: z.array(Localized),
  /** True in development mode: the page may offer "simulate payment". */
  canSimulate: z.boolean(),
});
export type TopUp = z.infer<typeof TopUp>;
export const TopUpList = z.object({ items: z.array(TopUp) });
export type TopUpList = z.infer<typeof TopUpList>;

/** The gateway's callback body (signed). */
export const TopUpWebhookBody = z.object({
  topUpId: plainLine(),
  /** Gateway's own payment id (kept for reconciliation). */
  paymentReference: plainLine().min(1).max(100),
  /** What was paid; must equal totalToPay. */
  amountPaid: DecimalString,
  status: z.enum(['PAID', 'FAILED']),
  paidAt: plainLine().describe('ISO 8601 date-time'),
});
export type TopUpWebhookBody = z.infer<typeof TopUpWebhookBody>;
export const TopUpWebhookResponse = z.object({ received: z.literal(true), credited: z.boolean() });
export type TopUpWebhookResponse = z.infer<typeof TopUpWebhookResponse>;

/** Params of `topupPath(id)`, `topupSimulatePath(id)`, `cashoutPath(id)`, `cashoutCancelPath(id)`. */
export const WalletIdParams = z.object({ id: z.string().min(1).max(64) });
export type WalletIdParams = z.infer<typeof WalletIdParams>;
/** Params of `cryptoBalancePath(symbol)`. */
export const CryptoBalanceParams = z.object({ symbol: z.string().min(1).max(32) });
export type CryptoBalanceParams = z.infer<typeof CryptoBalanceParams>;

// ---- Cashout ----

export const CashoutLimit = z.object({
  dailyLimit: DecimalString,
  usedToday: DecimalString,
  remainingToday: DecimalString,
  minAmount: DecimalString,
  fee: DecimalString,
  /** Cashouts up to this amount are approved automatically. */
  autoApproveMax: DecimalString,
  /** Available IDR cash (cashBalance). */
  available: DecimalString,
});
export type CashoutLimit = z.infer<typeof CashoutLimit>;

export const CashoutRequest = z.object({ amount: IdrAmount, bankAccountId: z.string().uuid() });
export type CashoutRequest = z.infer<typeof CashoutRequest>;

export const CashoutBank = z.object({
  id: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  /** "•••• 7890" */
  maskedAccountNumber: z.string(),
  holderName: z.string(),
});
export type CashoutBank = z.infer<typeof CashoutBank>;

export const CashoutReview = z.object({
  /** Taken from the cash balance. */
  amount: DecimalString,
  fee: DecimalString,
  /** amount − fee: what arrives at the bank. */
  amountReceived: DecimalString,
  bankAccount: CashoutBank,
  /** Paid at once (true) or after an operator's review (false). */
  autoApproved: z.boolean(),
  remainingTodayAfter: DecimalString,
});
export type CashoutReview = z.infer<typeof CashoutReview>;

export const CashoutAutoApprovalStatus = z.object({ enabled: z.boolean(), maxAmount: DecimalString });
export type CashoutAutoApprovalStatus = z.infer<typeof CashoutAutoApprovalStatus>;

export const Cashout = z.object({
  id: z.string(),
  amount: DecimalString,
  fee: DecimalString,
  amountReceived: DecimalString,
  status: z.enum(CASHOUT_STATUSES),
  bankAccount: CashoutBank,
  autoApproved: z.boolean(),
  rejectionReason: z.string().nullable(),
  createdAt: IsoDateTime,
  decidedAt: IsoDateTime.nullable(),
});
export type Cashout = z.infer<typeof Cashout>;
export const CashoutList = z.object({ items: z.array(Cashout) });
export type CashoutList = z.infer<typeof CashoutList>;

export const AdminCashoutDecision = z.object({ id: z.string().uuid(), reason: plainMultiLine().min(1).max(300).optional() });
export type AdminCashoutDecision = z.infer<typeof AdminCashoutDecision>;
export const AdminCashoutPending = z.object({ items: z.array(Cashout.extend({ phone: z.string() })) });
export type AdminCashoutPending = z.infer<typeof AdminCashoutPending>;

// ---- USD stock wallets: transfers ----

export const FxTransferDirectionEnum = z.enum(FX_TRANSFER_DIRECTIONS);
/** amount: IDR (whole) for TO_USD, USD (2 decimals) for TO_IDR. */
export const StockTransferRequest = z.object({
  wallet: StockWalletNameEnum,
  direction: FxTransferDirectionEnum,
  amount: plainLine(),
});
export type StockTransferRequest = z.infer<typeof StockTransferRequest>;
export const StockTransferEstimate = z.object({
  wallet: StockWalletNameEnum,
  direction: FxTransferDirectionEnum,
  /** IDR leaving (TO_USD) or arriving (TO_IDR). */
  idrAmount: DecimalString,
  /** USD arriving (TO_USD) or leaving (TO_IDR). */
  usdAmount: DecimalString,
  /** IDR per USD applied: the buy price for TO_USD, the sell price for TO_IDR. */
  price: DecimalString,
  spreadPercent: DecimalString,
});
export type StockTransferEstimate = z.infer<typeof StockTransferEstimate>;
export const StockTransferResult = StockTransferEstimate.extend({ transferId: z.string(), createdAt: IsoDateTime });
/** Query of `stockTransferEstimate`: the same fields as the transfer (amount checked by direction). */
export const StockTransferEstimateQuery = StockTransferRequest;
export type StockTransferEstimateQuery = z.infer<typeof StockTransferEstimateQuery>;
export type StockTransferResult = z.infer<typeof StockTransferResult>;

// ---- Leverage wallet ----

export const LeverageWalletNameEnum = z.enum(LEVERAGE_WALLETS);
export const LeverageWalletDetail = z.object({
  wallet: LeverageWalletNameEnum,
  leverage: z.number().int(),
  /** USD collateral in the wallet. */
  collateral: DecimalString,
  usdMargin: DecimalString,
  buyingPower: DecimalString,
  /** Collateral not backing open positions (what may be withdrawn). */
  withdrawable: DecimalString,
});
export type LeverageWalletDetail = z.infer<typeof LeverageWalletDetail>;
export const LeverageDetailsResponse = z.object({
  /** USD in the paln wallet (the source of deposits). */
  palnUsdCash: DecimalString,
  wallets: z.array(LeverageWalletDetail),
});
export type LeverageDetailsResponse = z.infer<typeof LeverageDetailsResponse>;
export const LeverageMoveRequest = z.object({ wallet: LeverageWalletNameEnum, amount: UsdAmount });
export type LeverageMoveRequest = z.infer<typeof LeverageMoveRequest>;
export const LeverageCalculation = z.object({
  wallet: LeverageWalletNameEnum,
  direction: z.enum(MARGIN_DIRECTIONS),
  amount: DecimalString,
  palnUsdCashAfter: DecimalString,
  collateralAfter: DecimalString,
  buyingPowerAfter: DecimalString,
});
export type LeverageCalculation = z.infer<typeof LeverageCalculation>;
export const LeverageCalculateQuery = z.object({ wallet: LeverageWalletNameEnum, direction: z.enum(MARGIN_DIRECTIONS), amount: UsdAmount });
export type LeverageCalculateQuery = z.infer<typeof LeverageCalculateQuery>;
/** Answer of leverage deposit and withdraw: the wallets after the move. */
export const LeverageMoveResult = LeverageDetailsResponse.extend({ transferId: z.string() });
export type LeverageMoveResult = z.infer<typeof LeverageMoveResult>;

// ---- Perpetuals margin moves ----

export const PerpMarginDepositRequest = z.object({ source: z.enum(PERP_MARGIN_SOURCES), amount: plainLine() });
export type PerpMarginDepositRequest = z.infer<typeof PerpMarginDepositRequest>;
export const PerpMarginWithdrawRequest = z.object({ target: z.enum(PERP_MARGIN_SOURCES), amount: UsdtAmount });
export type PerpMarginWithdrawRequest = z.infer<typeof PerpMarginWithdrawRequest>;
export const PerpMarginEstimate = z.object({
  direction: z.enum(MARGIN_DIRECTIONS),
  /** IDR or USDT: where the money comes from (DEPOSIT) or goes to (WITHDRAW). */
  counterpart: z.enum(PERP_MARGIN_SOURCES),
  usdtAmount: DecimalString,
  /** IDR paid or received ("0" when the counterpart is USDT). */
  idrAmount: DecimalString,
  /** IDR per USDT applied (ask for deposits from IDR, bid for withdrawals to IDR; the mid, for information, when the counterpart is USDT). */
  price: DecimalString,
});
export type PerpMarginEstimate = z.infer<typeof PerpMarginEstimate>;
/** Query of `perpMarginEstimate`: `source` is where a deposit comes from or where a withdrawal goes. */
export const PerpMarginEstimateQuery = z.object({ direction: z.enum(MARGIN_DIRECTIONS), source: z.enum(PERP_MARGIN_SOURCES), amount: z.string() });
export type PerpMarginEstimateQuery = z.infer<typeof PerpMarginEstimateQuery>;
export const PerpMarginResult = PerpMarginEstimate.extend({ transferId: z.string(), balance: PerpBalance });
export type PerpMarginResult = z.infer<typeof PerpMarginResult>;

// ---- USD yield ----

export const UsdYieldOnboarding = z.object({
  optedIn: z.boolean(),
  /** Annual rate in percent ("4.5"). */
  annualRatePercent: DecimalString,
  /** USD earning yield now (the paln wallet's cash). */
  eligibleBalance: DecimalString,
  /** USD paid so far. */
  accruedTotal: DecimalString,
  lastAccrualDate: z.string().nullable(),
  optedInAt: IsoDateTime.nullable(),
});
export type UsdYieldOnboarding = z.infer<typeof UsdYieldOnboarding>;
export const UsdYieldOptinRequest = z.object({ optIn: z.boolean() });
export type UsdYieldOptinRequest = z.infer<typeof UsdYieldOptinRequest>;
