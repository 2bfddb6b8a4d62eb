// The transaction history: a row per ledger transfer that moved the person's money or assets,
// read through the reports repository; the filters, keyset cursor, the detail with its ledger legs
// and the CSV export (read in batches while it streams, never the whole history at once).
// Rows are ledger transfers, so each is COMPLETED: a top-up not yet paid and a cashout not yet
// paid out have no transfer and are not listed.
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
  type TransactionType,
} from '@pasar/shared/contract';
import { AppError } from '../../http/app-error';
import type { ReportsConfig } from './config';
import { csvLine } from './csv';
import type { Cursor, EntryRow, ReportsRepo, TransferFilter, TransferRow } from './repo';

export interface ReportsServiceDeps {
  readonly repo: ReportsRepo;
  readonly config: ReportsConfig;
}

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
  const { repo, config } = deps;

  const dayStart = (day: string): Date => new Date(`${day}T00:00:00${config.dayOffset}`);

  function filterOf(query: TransactionFilterQuery): TransferFilter | null {
    // Every ledger row is COMPLETED; another status has no rows.
    if (query.status !== undefined && query.status !== 'COMPLETED') return null;
    const filter: { -readonly [K in keyof TransferFilter]: TransferFilter[K] } = {};
    if (query.product) filter.product = query.product;
    if (query.type) filter.type = query.type;
    if (query.from) filter.from = dayStart(query.from);
    if (query.to) filter.until = new Date(dayStart(query.to).getTime() + 24 * 60 * 60 * 1000);
    if (query.symbol) filter.symbol = query.symbol;
    return filter;
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

  async function rowsOf(userId: string, transfers: readonly TransferRow[]): Promise<TransactionRow[]> {
    const entries = await repo.entries(userId, transfers.map((t) => t.id));
    const byTransfer = new Map<string, EntryRow[]>();
    for (const entry of entries) byTransfer.set(entry.transferId, [...(byTransfer.get(entry.transferId) ?? []), entry]);
    return transfers.map((t) => rowOf(t, byTransfer.get(t.id) ?? []));
  }

  const amountText = (a: TransactionAmount): string => `${a.currency} ${a.wallet} ${a.amount}`;
  const chargeText = (c: TransactionCharge): string => `${c.currency} ${c.amount}`;

  return {
    async list(userId: string, query: TransactionFilterQuery & { readonly cursor?: string | undefined }): Promise<TransactionHistoryResponse> {
      const cursor = query.cursor ? decodeCursor(query.cursor) : null;
      const filter = filterOf(query);
      const pageSize = config.pageSize;
      if (!filter) return { items: [], nextCursor: null, pageSize };
      const transfers = await repo.page(userId, filter, cursor, pageSize + 1);
      const page = transfers.slice(0, pageSize);
      const last = page[page.length - 1];
      return { items: await rowsOf(userId, page), nextCursor: transfers.length > pageSize && last ? encodeCursor(last) : null, pageSize };
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
      if (!transfer) throw new AppError('003');
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
      const filter = filterOf(query);
      if (!filter) return;
      for (let cursor: Cursor | null = null; ; ) {
        const transfers = await repo.page(userId, filter, cursor, config.csvBatchSize);
        for (const row of await rowsOf(userId, transfers)) {
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
        const last = transfers[transfers.length - 1];
        if (transfers.length < config.csvBatchSize || !last) return;
        cursor = { at: last.createdAt, id: last.id };
      }
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
