// Saves the CSV export of a filtered range. The export is a file, not an API envelope, so it is
// fetched as a blob with the session's token and handed to the browser as a download.
import { api, appStore, type TransactionFilterQuery } from '@pasar/shared';
import { transactionsCsvUrl } from '@pasar/shared/reports-client';

export const CSV_FILE_NAME = 'transactions.csv';

export async function downloadTransactionsCsv(filters: TransactionFilterQuery): Promise<void> {
  const token = appStore.getState().auth.accessToken;
  const base = api.hostOf('main').replace(/\/+$/, '');
  const response = await api.axios.get<Blob>(`${base}${transactionsCsvUrl(filters)}`, {
    responseType: 'blob',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  // The client's axios accepts every status (the API client reads envelopes); a refusal is an error here.
  if (response.status !== 200) throw new Error(`CSV export answered ${response.status}`);
  const href = URL.createObjectURL(response.data);
  try {
    const link = document.createElement('a');
    link.href = href;
    link.download = CSV_FILE_NAME;
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    URL.revokeObjectURL(href);
  }
}
