// The transaction history: a row per ledger transfer that moved the person's money or assets,
// read through the reports repository; the filters, keyset cursor, the detail with its ledger legs
// and the CSV export (read in batches while it streams, never the whole history at once).
// A ledger transfer is COMPLETED. A top-up or cashout not finished has no transfer: the wallet
// lists those (PENDING, EXPIRED, REJECTED, CANCELLED) and they merge into the same (time, id)
// order; once one is paid its transfer is the row, so it is never listed twice.
import {
  TRANSACTION_PRODUCTS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionAmount,
  type TransactionCharge,
  type TransactionDetail,
  type TransactionFilterQuery,
  type TransactionFiltersResponse,
  type TransactionHistoryResponse,
  type TransactionLeg,
  type TransactionProduct,
  type TransactionRow,
  type TransactionStatus,
  type TransactionType,
} from '@pasar/shared/contract';
import { AppError } from '../../http/app-error';
import type { ReportsConfig } from './config';
import { csvLine } from './csv';
import type { Cursor, EntryRow, ReportsRepo, TransferFilter, TransferRow } from './repo';

/** A top-up or cashout that no ledger transfer has finished (the wallet module's). */
export interface UnfinishedPayment {
  readonly id: string;
  readonly kind: 'TOPUP' | 'CASHOUT';
  readonly status: string;
  readonly amount: string;
  readonly fee: string;
  readonly createdAt: Date;
}

/** The wallet's unfinished top-ups and cashouts (`app.wallet`), newest first by (time, id). */
export interface UnfinishedPayments {
  unfinishedPayments(
    userId: string,
    query: {
      readonly kinds: readonly ('TOPUP' | 'CASHOUT')[];
      readonly statuses?: readonly string[];
      readonly from?: Date;
      readonly until?: Date;
      readonly before?: Cursor;
      readonly id?: string;
      readonly limit: number;
    },
  ): Promise<UnfinishedPayment[]>;
}

export interface ReportsServiceDeps {
  readonly repo: ReportsRepo;
  readonly payments: UnfinishedPayments;
  readonly config: ReportsConfig;
}

type PaymentQuery = Omit<Parameters<UnfinishedPayments['unfinishedPayments']>[1], 'before' | 'limit' | 'id'>;
/** One listed item before it becomes a row: a ledger transfer or an unfinished payment. */
type Listed = { readonly createdAt: Date; readonly id: string } & ({ readonly transfer: TransferRow } | { readonly payment: UnfinishedPayment });
const PAYMENT_TYPES: readonly TransactionType[] = ['TOPUP', 'CASHOUT'];
/** Newest first by (time, id): the order of both sources' keyset pages. */
const newestFirst = (a: Listed, b: Listed): number =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(row: { readonly createdAt: Date; readonly id: string }): string {
  return Buffer.from(`${row.createdAt.getTime()}:${row.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(text: string): Cursor {
  const [ms, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split(':');
  const at = new Date(Number(ms));
  if (rest.length > 0 || !ms || !/^\d+$/.test(ms) || Number.isNaN(at.getTime()) || !id || !UUID.test(id)) {
    throw new AppError('002', { details: [{ path: 'cursor', message: 'is not a cursor of this list' }] });
  }
  return { at, id: id.toLowerCase() };
}

/** Signed decimal text without a plus sign or trailing zeros ("-1500", "0.001"). */
const decimal = (text: string): string => {
  if (!text.includes('.')) return text;
  const trimmed = text.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '-0' ? '0' : trimmed;
};
const isZero = (text: string): boolean => /^-?0*(\.0*)?$/.test(text);

export function createReportsService(deps: ReportsServiceDeps) {
  const { repo, payments, config } = deps;

  const dayStart = (day: string): Date => new Date(`${day}T00:00:00${config.dayOffset}`);

  const rangeOf = (query: TransactionFilterQuery): { from?: Date; until?: Date } => ({
    ...(query.from ? { from: dayStart(query.from) } : {}),
    ...(query.to ? { until: new Date(dayStart(query.to).getTime() + 24 * 60 * 60 * 1000) } : {}),
  });

  /** The ledger's part of the filter; null when no ledger row can match (every one is COMPLETED). */
  function filterOf(query: TransactionFilterQuery): TransferFilter | null {
    if (query.status !== undefined && query.status !== 'COMPLETED') return null;
    const filter: { -readonly [K in keyof TransferFilter]: TransferFilter[K] } = rangeOf(query);
    if (query.product) filter.product = query.product;
    if (query.type) filter.type = query.type;
    if (query.symbol) filter.symbol = query.symbol;
    return filter;
  }

  /** The wallet's part of the filter; null when no unfinished top-up or cashout can match. */
  function paymentQueryOf(query: TransactionFilterQuery): PaymentQuery | null {
    if (query.status === 'COMPLETED' || query.symbol) return null;
    if (query.product !== undefined && query.product !== 'WALLET') return null;
    if (query.type !== undefined && !PAYMENT_TYPES.includes(query.type)) return null;
    const kinds = query.type ? [query.type as 'TOPUP' | 'CASHOUT'] : (['TOPUP', 'CASHOUT'] as const);
    return { kinds, ...(query.status ? { statuses: [query.status] } : {}), ...rangeOf(query) };
  }

  /** Up to `limit` items of both sources after `cursor`, newest first, and whether more follow. */
  async function itemsOf(userId: string, query: TransactionFilterQuery, cursor: Cursor | null, limit: number): Promise<{ items: Listed[]; more: boolean }> {
    const filter = filterOf(query);
    const paymentQuery = paymentQueryOf(query);
    const [transfers, unfinished] = await Promise.all([
      filter ? repo.page(userId, filter, cursor, limit + 1) : [],
      paymentQuery ? payments.unfinishedPayments(userId, { ...paymentQuery, ...(cursor ? { before: cursor } : {}), limit: limit + 1 }) : [],
    ]);
    const all: Listed[] = [
      ...transfers.map((transfer) => ({ createdAt: transfer.createdAt, id: transfer.id, transfer })),
      ...unfinished.map((payment) => ({ createdAt: payment.createdAt, id: payment.id, payment })),
    ].sort(newestFirst);
    return { items: all.slice(0, limit), more: all.length > limit };
  }

  /** An unfinished top-up (money to come in) or cashout (money to go out), from the person's side. */
  function paymentRowOf(payment: UnfinishedPayment): TransactionRow {
    const amount = decimal(payment.amount);
    return {
      id: payment.id,
      product: 'WALLET',
      type: payment.kind,
      status: payment.status as TransactionStatus,
      kind: payment.kind,
      symbol: null,
      amounts: [{ currency: 'IDR', wallet: 'CASH', amount: payment.kind === 'CASHOUT' ? `-${amount}` : amount }],
      fees: isZero(payment.fee) ? [] : [{ currency: 'IDR', amount: decimal(payment.fee) }],
      taxes: [],
      createdAt: payment.createdAt.toISOString(),
    };
  }

  function rowOf(transfer: TransferRow, entries: readonly EntryRow[]): TransactionRow {
    const charges = (house: string): TransactionCharge[] =>
      entries.filter((e) => e.house === house && !isZero(e.amount)).map((e) => ({ currency: e.currency, amount: decimal(e.amount) }));
    const amounts: TransactionAmount[] = entries
      .filter((e) => e.purpose !== null && !isZero(e.amount))
      .map((e) => ({ currency: e.currency, wallet: e.purpose as string, amount: decimal(e.amount) }));
    return {
      id: transfer.id,
      product: transfer.product as TransactionProduct,
      type: transfer.type as TransactionType,
      status: 'COMPLETED',
      kind: transfer.kind,
      symbol: transfer.symbol,
      amounts,
      fees: charges('FEES'),
      taxes: charges('TAX_PAYABLE'),
      createdAt: transfer.createdAt.toISOString(),
    };
  }

  async function rowsOf(userId: string, items: readonly Listed[]): Promise<TransactionRow[]> {
    const entries = await repo.entries(userId, items.flatMap((item) => ('transfer' in item ? [item.id] : [])));
    const byTransfer = new Map<string, EntryRow[]>();
    for (const entry of entries) byTransfer.set(entry.transferId, [...(byTransfer.get(entry.transferId) ?? []), entry]);
    return items.map((item) => ('transfer' in item ? rowOf(item.transfer, byTransfer.get(item.id) ?? []) : paymentRowOf(item.payment)));
  }

  const amountText = (a: TransactionAmount): string => `${a.currency} ${a.wallet} ${a.amount}`;
  const chargeText = (c: TransactionCharge): string => `${c.currency} ${c.amount}`;

  return {
    async list(userId: string, query: TransactionFilterQuery & { readonly cursor?: string | undefined }): Promise<TransactionHistoryResponse> {
      const cursor = query.cursor ? decodeCursor(query.cursor) : null;
      const pageSize = config.pageSize;
      const { items, more } = await itemsOf(userId, query, cursor, pageSize);
      const last = items[items.length - 1];
      return { items: await rowsOf(userId, items), nextCursor: more && last ? encodeCursor(last) : null, pageSize };
    },

    async filters(userId: string): Promise<TransactionFiltersResponse> {
      return {
        products: [...TRANSACTION_PRODUCTS],
        types: [...TRANSACTION_TYPES],
        statuses: [...TRANSACTION_STATUSES],
        symbols: await repo.symbols(userId, config.maxSymbolOptions),
      };
    },

    /** One of the person's rows with every ledger leg behind it; 003 (404) for any other id. */
    async detail(userId: string, id: string): Promise<TransactionDetail> {
      const transfer = await repo.one(userId, id);
      if (!transfer) {
        const [payment] = await payments.unfinishedPayments(userId, { kinds: ['TOPUP', 'CASHOUT'], id, limit: 1 });
        if (!payment) throw new AppError('003');
        return { ...paymentRowOf(payment), legs: [], memo: {} };
      }
      const entries = await repo.entries(userId, [transfer.id]);
      const legs: TransactionLeg[] = entries.map((e) => ({
        owner: e.house === null ? 'YOU' : 'HOUSE',
        account: e.house ?? (e.purpose as string),
        currency: e.currency,
        amount: decimal(e.amount),
        balanceAfter: e.house === null ? decimal(e.balanceAfter) : null,
      }));
      return { ...rowOf(transfer, entries), legs, memo: transfer.memo };
    },

    /** The filtered range as CSV lines (a header first), newest first, read a batch at a time. */
    async *csv(userId: string, query: TransactionFilterQuery): AsyncGenerator<string> {
      yield csvLine(['id', 'time', 'product', 'type', 'status', 'symbol', 'amounts', 'fees', 'taxes']);
      for (let cursor: Cursor | null = null; ; ) {
        const { items, more } = await itemsOf(userId, query, cursor, config.csvBatchSize);
        for (const row of await rowsOf(userId, items)) {
          yield csvLine([
            row.id,
            row.createdAt,
            row.product,
            row.type,
            row.status,
            row.symbol ?? '',
            row.amounts.map(amountText).join('; '),
            row.fees.map(chargeText).join('; '),
            row.taxes.map(chargeText).join('; '),
          ]);
        }
        const last = items[items.length - 1];
        if (!more || !last) return;
        cursor = { at: last.createdAt, id: last.id };
      }
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
