// Saves a file the API serves (a CSV export, a tax report's PDF or CSV). A file is not an API
// envelope, so it is fetched as a blob with the session's token and handed to the browser as a
// download.
import { api, appStore } from '@pasar/shared';

export async function downloadFile(path: string, fileName: string): Promise<void> {
  const token = appStore.getState().auth.accessToken;
  const base = api.hostOf('main').replace(/\/+$/, '');
  const response = await api.axios.get<Blob>(`${base}${path}`, {
    responseType: 'blob',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  // The client's axios accepts every status (the API client reads envelopes); a refusal is an error here.
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  const href = URL.createObjectURL(response.data);
  try {
    const link = document.createElement('a');
    link.href = href;
    link.download = fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    URL.revokeObjectURL(href);
  }
}
