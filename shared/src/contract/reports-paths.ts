// Paths of the transaction reports (§7 Other: "reports (tax, transaction, filters)") and the area's
// plain constants (plain values: the browser index exports them without zod). Schemas: `reports.ts`.
//
// A row is one ledger transfer that moved the signed-in person's money or assets, or a top-up or
// cashout not finished (its id, no ledger legs); another person's transaction id answers 404 (003),
// revealing nothing.

export const REPORT_PATHS = {
  /** GET TransactionHistoryQuery: one page of rows, newest first (TransactionHistoryResponse). */
  transactions: '/api/reports/transactions',
  /** GET: the options of every filter (TransactionFiltersResponse). */
  transactionFilters: '/api/reports/transactions/filters',
  /** GET TransactionHistoryQuery without the cursor: the whole filtered range as CSV, streamed. */
  transactionsCsv: '/api/reports/transactions/export.csv',
} as const;

/** `/api/reports/transactions/:id`: one row with the ledger legs behind it (TransactionDetail). */
export const transactionPath = (id: string): string => `${REPORT_PATHS.transactions}/${encodeURIComponent(id)}`;

/** Rows per page of the transaction history (§9), one constant with the formatting kit's. */
export { TRANSACTION_HISTORY_PAGE_SIZE } from '../format/constants';

/** The product a row belongs to. */
export const TRANSACTION_PRODUCTS = ['WALLET', 'CRYPTO', 'US_STOCK', 'IDX', 'PERPS', 'OTHER'] as const;

/** What a row did. */
export const TRANSACTION_TYPES = [
  'TOPUP',
  'CASHOUT',
  'TRANSFER',
  'BUY',
  'SELL',
  'FUNDING',
  'FINANCING',
  'LIQUIDATION',
  'SETTLEMENT',
  'DIVIDEND',
  'SPLIT',
  'YIELD',
  'OTHER',
] as const;

/**
 * A row's status: a ledger transfer is COMPLETED when it exists; a top-up or cashout without one is
 * PENDING (waiting for payment or review), EXPIRED (a top-up not paid in time), REJECTED or CANCELLED.
 */
export const TRANSACTION_STATUSES = ['COMPLETED', 'PENDING', 'EXPIRED', 'REJECTED', 'CANCELLED'] as const;
