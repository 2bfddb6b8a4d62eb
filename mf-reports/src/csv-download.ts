// Saves the CSV export of a filtered range of the transaction history.
import type { TransactionFilterQuery } from '@pasar/shared';
import { transactionsCsvUrl } from '@pasar/shared/reports-client';
import { downloadFile } from './file-download';

export const CSV_FILE_NAME = 'transactions.csv';

export const downloadTransactionsCsv = (filters: TransactionFilterQuery): Promise<void> => downloadFile(transactionsCsvUrl(filters), CSV_FILE_NAME);
