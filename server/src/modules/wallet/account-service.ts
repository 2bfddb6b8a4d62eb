// The user's balances as the specification names them: the cash account (§3 "Account balance"),
// the history of one ledger account with readable descriptions, and a crypto balance by symbol.
import Decimal from 'decimal.js';
import {
  WALLET_HISTORY_PAGE_SIZE,
  type CashAccount,
  type CryptoBalanceResponse,
  type Language,
  type WalletHistoryQuery,
  type WalletHistoryResponse,
} from '@pasar/shared/contract';
import { AppError } from '../../http/app-error';
import type { HistoryEntry, Ledger } from '../../ledger/api';
import { channelSpec } from './channels';
import { decimalText } from './money';

export interface AccountServiceDeps {
  readonly ledger: Ledger;
  /** The instrument of a symbol (the market's catalogue). */
  readonly instrument: (symbol: string) => { readonly symbol: string; readonly kind: string; readonly shortName: string } | undefined;
}

type Describe = (memo: Record<string, unknown>, amount: Decimal) => { id: string; en: string };

const text = (id: string, en: string): Describe => () => ({ id, en });

/** Descriptions by transfer kind; kinds of later issues fall back to a generic line. */
const DESCRIPTIONS: Record<string, Describe> = {
  TOPUP: (memo) => {
    const name = typeof memo.channel === 'string' ? channelSpec(memo.channel)?.name : undefined;
    return name ? { id: `Top up lewat ${name}`, en: `Top-up via ${name}` } : { id: 'Top up', en: 'Top-up' };
  },
  CASHOUT: (memo) => {
    const last4 = typeof memo.accountLast4 === 'string' ? ` •••• ${memo.accountLast4}` : '';
    return { id: `Penarikan dana ke rekening${last4}`, en: `Cashout to bank account${last4}` };
  },
  FX: (memo) => {
    const request = (memo.request ?? {}) as { direction?: unknown };
    if (request.direction === 'TO_USD') return { id: 'Konversi Rupiah ke USD', en: 'Rupiah converted to USD' };
    if (request.direction === 'TO_IDR') return { id: 'Konversi USD ke Rupiah', en: 'USD converted to Rupiah' };
    return { id: 'Konversi mata uang', en: 'Currency conversion' };
  },
  LEVERAGE_DEPOSIT: text('Setoran ke dompet leverage', 'Deposit to a leverage wallet'),
  LEVERAGE_WITHDRAW: text('Penarikan dari dompet leverage', 'Withdrawal from a leverage wallet'),
  PERP_MARGIN_DEPOSIT: text('Setoran margin perpetual', 'Perpetual margin deposit'),
  PERP_MARGIN_WITHDRAW: text('Penarikan margin perpetual', 'Perpetual margin withdrawal'),
  USD_YIELD: text('Imbal hasil USD', 'USD yield'),
  ORDER_FILL: text('Transaksi order', 'Order fill'),
  VOUCHER: text('Voucher', 'Voucher'),
  PROMOTION: text('Promosi', 'Promotion'),
};

const moneyInOrOut: Describe = (_memo, amount) =>
  amount.isNegative() ? { id: 'Dana keluar', en: 'Money out' } : { id: 'Dana masuk', en: 'Money in' };

export function describeEntry(entry: Pick<HistoryEntry, 'kind' | 'memo' | 'amount'>, language: Language): string {
  const describe = DESCRIPTIONS[entry.kind] ?? moneyInOrOut;
  return describe(entry.memo ?? {}, new Decimal(entry.amount))[language];
}

/** The cash account of §3 from the user's IDR accounts (a missing account counts as 0). */
export function cashAccountFrom(
  of: (purpose: 'CASH' | 'VOUCHER' | 'FREE') => { readonly available: Decimal.Value; readonly held: Decimal.Value } | undefined,
): CashAccount {
  const cash = of('CASH');
  return {
    cashBalance: decimalText(cash?.available ?? '0'),
    voucherBalance: decimalText(of('VOUCHER')?.available ?? '0'),
    freeBalance: decimalText(of('FREE')?.available ?? '0'),
    cashOnHold: decimalText(cash?.held ?? '0'),
  };
}

export function createAccountService(deps: AccountServiceDeps) {
  const { ledger } = deps;

  return {
    /** Available IDR cash, voucher and free balances, and the cash held; missing accounts are "0". */
    async cashAccount(userId: string): Promise<CashAccount> {
      const balances = await ledger.userBalances(userId);
      return cashAccountFrom((purpose) =>
        balances.find((b) => b.currency === 'IDR' && 'purpose' in b.account && b.account.purpose === purpose),
      );
    },

    async history(userId: string, query: WalletHistoryQuery, language: Language): Promise<WalletHistoryResponse> {
      const limit = query.limit ?? WALLET_HISTORY_PAGE_SIZE;
      const before = query.before ? new Date(query.before) : undefined;
      if (before && Number.isNaN(before.getTime())) {
        throw new AppError('002', { details: [{ path: 'before', message: 'must be an ISO 8601 date-time' }] });
      }
      const entries = await ledger.history(
        { userId, currency: query.currency, purpose: query.purpose },
        { ...(before ? { before } : {}), limit: limit + 1 },
      );
      return {
        items: entries.slice(0, limit).map((entry) => ({
          transferId: entry.transferId,
          kind: entry.kind,
          amount: decimalText(entry.amount),
          balanceAfter: decimalText(entry.balanceAfter),
          createdAt: entry.createdAt.toISOString(),
          description: describeEntry(entry, language),
        })),
        hasMore: entries.length > limit,
      };
    },

    /** The SPOT balance of a crypto pair's base asset (`BTC-IDR` → BTC); 003 for anything else. */
    async cryptoBalance(userId: string, symbol: string): Promise<CryptoBalanceResponse> {
      const instrument = deps.instrument(symbol);
      if (!instrument || instrument.kind !== 'crypto') throw new AppError('003');
      const balance = await ledger.balance({ userId, currency: instrument.shortName, purpose: 'SPOT' });
      return { symbol: instrument.symbol, balance: decimalText(balance.balance), available: decimalText(balance.available) };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
