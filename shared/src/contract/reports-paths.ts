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

/**
 * Tax reports (§7 "reports: tax"): a person's year or month, generated in the background
 * (QUEUED → RUNNING with progress → READY or FAILED, a failed one may be retried), its PDF and CSV
 * kept and downloadable again. Another person's report id answers 404 (003).
 */
export const TAX_REPORT_PATHS = {
  /** GET: the person's reports, newest first (TaxReportList); POST CreateTaxReportRequest (x-request-id): queues one (TaxReport). */
  reports: '/api/reports/tax',
} as const;

/** `/api/reports/tax/:id`: one report's status, progress and summary (TaxReport). */
export const taxReportPath = (id: string): string => `${TAX_REPORT_PATHS.reports}/${encodeURIComponent(id)}`;
/** `/api/reports/tax/:id/pdf` and `/csv`: the kept files of a READY report. */
export const taxReportFilePath = (id: string, format: 'pdf' | 'csv'): string => `${taxReportPath(id)}/${format}`;
/** `/api/reports/tax/:id/retry` (POST): a FAILED report queued again. */
export const taxReportRetryPath = (id: string): string => `${taxReportPath(id)}/retry`;

export const TAX_REPORT_PERIODS = ['YEAR', 'MONTH'] as const;
export const TAX_REPORT_STATUSES = ['QUEUED', 'RUNNING', 'READY', 'FAILED'] as const;
/** The reports the list shows at most. */
export const TAX_REPORT_LIST_MAX = 50;
