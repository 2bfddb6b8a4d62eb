// The transaction history calls, one typed function per endpoint (style 16), as
// `@pasar/shared/reports-client`: signed-in pages import it, so it is not part of the guest first
// load. The CSV export is a file, not an envelope: `transactionsCsvUrl` gives its address.
//   const reports = createReportsClient(api);
//   const page = await reports.transactions({ product: 'CRYPTO' }); // TransactionHistoryResponse
import type { z } from 'zod';
import { REPORT_PATHS, TAX_REPORT_PATHS, taxReportFilePath, taxReportPath, taxReportRetryPath, transactionPath } from '../contract/reports-paths';
import type {
  CreateTaxReportRequest,
  TaxReport,
  TaxReportList,
  TransactionDetail,
  TransactionFilterQuery,
  TransactionFiltersResponse,
  TransactionHistoryQuery,
  TransactionHistoryResponse,
} from '../contract/reports';
import type { ApiClient } from './api-client';
import { callEndpoint, type CallOptions } from './endpoint';

type ReportSchemas = typeof import('../contract/reports');
const reports =
  <T>(pick: (schemas: ReportSchemas) => z.ZodType<T>) =>
  async (): Promise<z.ZodType<T>> =>
    pick(await import('../contract/reports'));

export interface ReportsClient {
  /** GET one page of the person's transactions, newest first (pass `nextCursor` as `cursor`). */
  transactions(query?: TransactionHistoryQuery, options?: CallOptions): Promise<TransactionHistoryResponse>;
  /** GET the options of every filter. */
  transactionFilters(options?: CallOptions): Promise<TransactionFiltersResponse>;
  /** GET one transaction with the ledger legs behind it (404 for an id that is not the person's). */
  transaction(id: string, options?: CallOptions): Promise<TransactionDetail>;
  /** GET the person's tax reports, newest first. */
  taxReports(options?: CallOptions): Promise<TaxReportList>;
  /** POST: queues a tax report of a year or a month (the same `requestId` again returns the same report). */
  requestTaxReport(body: CreateTaxReportRequest, options?: CallOptions): Promise<TaxReport>;
  /** GET one tax report's status, progress and summary. */
  taxReport(id: string, options?: CallOptions): Promise<TaxReport>;
  /** POST: queues a failed tax report again. */
  retryTaxReport(id: string, options?: CallOptions): Promise<TaxReport>;
}

/** The address of a ready tax report's PDF or CSV (fetched with the session's token, saved as a file). */
export const taxReportFileUrl = (id: string, format: 'pdf' | 'csv'): string => taxReportFilePath(id, format);

const paramsOf = (query: TransactionFilterQuery & { cursor?: string }): Record<string, string> =>
  Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));

/** The address of the CSV export of a filtered range (the page fetches it with the session's token and saves the file). */
export function transactionsCsvUrl(query: TransactionFilterQuery = {}): string {
  const search = new URLSearchParams(paramsOf(query)).toString();
  return search ? `${REPORT_PATHS.transactionsCsv}?${search}` : REPORT_PATHS.transactionsCsv;
}

export function createReportsClient(client: ApiClient): ReportsClient {
  return {
    transactions: (query = {}, options) =>
      callEndpoint(client, { method: 'GET', path: REPORT_PATHS.transactions, params: paramsOf(query), schema: reports((s) => s.TransactionHistoryResponse) }, options),
    transactionFilters: (options) =>
      callEndpoint(client, { method: 'GET', path: REPORT_PATHS.transactionFilters, schema: reports((s) => s.TransactionFiltersResponse) }, options),
    transaction: (id, options) => callEndpoint(client, { method: 'GET', path: transactionPath(id), schema: reports((s) => s.TransactionDetail) }, options),
    taxReports: (options) => callEndpoint(client, { method: 'GET', path: TAX_REPORT_PATHS.reports, schema: reports((s) => s.TaxReportList) }, options),
    requestTaxReport: (body, options) =>
      callEndpoint(client, { method: 'POST', path: TAX_REPORT_PATHS.reports, body, schema: reports((s) => s.TaxReport) }, options),
    taxReport: (id, options) => callEndpoint(client, { method: 'GET', path: taxReportPath(id), schema: reports((s) => s.TaxReport) }, options),
    retryTaxReport: (id, options) => callEndpoint(client, { method: 'POST', path: taxReportRetryPath(id), schema: reports((s) => s.TaxReport) }, options),
  };
}
