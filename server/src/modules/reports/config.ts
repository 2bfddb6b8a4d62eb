// The transaction reports' settings, with their defaults.
import { TRANSACTION_HISTORY_PAGE_SIZE } from '@pasar/shared/contract';

export interface ReportsConfig {
  /** Rows per history page (§9). */
  readonly pageSize: number;
  /** Rows the CSV export reads per query while it streams. */
  readonly csvBatchSize: number;
  /** Symbols the filters call lists at most. */
  readonly maxSymbolOptions: number;
  /** The offset of the calendar days the date filters name: WIB, UTC+7, no daylight saving. */
  readonly dayOffset: string;
}

export const REPORTS_CONFIG: ReportsConfig = {
  pageSize: TRANSACTION_HISTORY_PAGE_SIZE,
  csvBatchSize: 500,
  maxSymbolOptions: 200,
  dayOffset: '+07:00',
};
