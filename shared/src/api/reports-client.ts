// The transaction history calls, one typed function per endpoint (style 16), as
// `@pasar/shared/reports-client`: signed-in pages import it, so it is not part of the guest first
// load. The CSV export is a file, not an envelope: `transactionsCsvUrl` gives its address.
//   const reports = createReportsClient(api);
//   const page = await reports.transactions({ product: 'CRYPTO' }); // TransactionHistoryResponse
import type { z } from 'zod';
import { REPORT_PATHS, transactionPath } from '../contract/reports-paths';
import type {
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
}

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
  };
}
