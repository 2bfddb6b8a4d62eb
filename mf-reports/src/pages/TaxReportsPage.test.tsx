import { registerTranslations, type TaxReport } from '@pasar/shared';
import { createTestApiClient, renderWithShell, type TestApiClient } from '@pasar/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { downloadFile } from '../file-download';
import { REPORTS_NAMESPACE, reportsTranslations } from '../i18n';
import { TaxReportsPage } from './TaxReportsPage';

jest.mock('../file-download', () => ({ downloadFile: jest.fn(async () => undefined) }));

const SIGNED_IN = { accessToken: 'test-access-token-0123456789', userDetails: { id: 'u1', gssKycStatus: 'VERIFIED' as const } };
const PATH = '/tax-reports';
const LIST = '/api/reports/tax';
const READY_ID = '0b7d3c1e-6f0a-4c55-9a51-2f1d4f6b8a10';
const RUNNING_ID = '1c8e4d2f-7a1b-4d66-8b62-3a2e5a7c9b21';
const FAILED_ID = '2d9f5e3a-8b2c-4e77-9c73-4b3f6b8d0c32';

const ready: TaxReport = {
  id: READY_ID,
  period: 'YEAR',
  year: 2025,
  month: null,
  status: 'READY',
  progress: 100,
  summary: {
    costMethod: 'AVERAGE_COST',
    cryptoSales: 2,
    cryptoSaleValue: '3149055',
    cryptoTaxWithheld: '5789',
    cryptoVatWithheld: '0',
    idxSales: 0,
    idxSaleValue: '0',
    idxTaxWithheld: '0',
    usRealizedIdr: '0',
    usDividendsIdr: '0',
    usDividendTaxIdr: '0',
    usFinancingIdr: '0',
    perpsRealizedIdr: '0',
    perpsFeesIdr: '0',
    perpsFundingIdr: '0',
    holdingsValueIdr: '1000000',
    mismatches: 1,
  },
  createdAt: '2026-11-27T03:00:00.000Z',
  finishedAt: '2026-11-27T03:00:05.000Z',
};
const running: TaxReport = { ...ready, id: RUNNING_ID, period: 'MONTH', month: 3, year: 2026, status: 'RUNNING', progress: 40, summary: null, finishedAt: null };
const failed: TaxReport = { ...ready, id: FAILED_ID, year: 2024, status: 'FAILED', progress: 60, summary: null };

const apiWith = (items: TaxReport[]): TestApiClient => createTestApiClient({ logger: { error: () => undefined } }).reply('GET', LIST, { items });
const render = (api: TestApiClient, language: 'id' | 'en' = 'en') => renderWithShell(<TaxReportsPage />, { api, route: PATH, path: PATH, language, auth: SIGNED_IN });

beforeAll(() => registerTranslations(REPORTS_NAMESPACE, reportsTranslations));
beforeEach(() => jest.mocked(downloadFile).mockClear());

describe('the tax reports page', () => {
  it('shows each report with its state: ready with downloads, generating with progress, failed with a retry', async () => {
    render(apiWith([running, ready, failed]));
    // The first render of the file loads the contract's schemas.
    const items = await screen.findAllByTestId('tax-report', {}, { timeout: 5000 });
    expect(items).toHaveLength(3);
    const [gen, done, bad] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(gen).toHaveTextContent('March 2026');
    expect(gen).toHaveTextContent('Generating');
    expect(within(gen).getByRole('progressbar', { name: 'Generation progress: March 2026' })).toHaveAttribute('value', '40');
    expect(within(gen).queryByRole('button')).not.toBeInTheDocument();

    expect(done).toHaveTextContent('Year 2025');
    expect(done).toHaveTextContent('Ready');
    expect(done).toHaveTextContent('Crypto final PPh 22 withheld: Rp5,789');
    expect(done).toHaveTextContent('1 sales were withheld differently');
    expect(within(done).getByRole('button', { name: 'Download PDF: Year 2025' })).toBeEnabled();

    expect(within(bad).getByRole('alert')).toHaveTextContent('The report could not be generated.');
    expect(within(bad).getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('speaks Indonesian', async () => {
    render(apiWith([ready, failed]), 'id');
    const [done, bad] = (await screen.findAllByTestId('tax-report')) as [HTMLElement, HTMLElement];
    expect(done).toHaveTextContent('Tahun 2025');
    expect(done).toHaveTextContent('Siap');
    expect(done).toHaveTextContent('PPh 22 final kripto dipotong: Rp5.789');
    expect(within(done).getByRole('button', { name: 'Unduh PDF: Tahun 2025' })).toBeInTheDocument();
    expect(within(bad).getByRole('alert')).toHaveTextContent('Laporan gagal dibuat.');
    expect(within(bad).getByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
  });

  it('says honestly when there are no reports yet, in both languages', async () => {
    const { unmount } = render(apiWith([]));
    expect(await screen.findByRole('heading', { level: 2, name: 'No tax reports yet' })).toBeInTheDocument();
    unmount();
    render(apiWith([]), 'id');
    expect(await screen.findByRole('heading', { level: 2, name: 'Belum ada laporan pajak' })).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    const api = createTestApiClient({ logger: { error: () => undefined } }).replyError('GET', LIST, { code: '002', message: 'Invalid input', status: 400 });
    render(api);
    const heading = await screen.findByRole('heading', { name: 'Tax reports could not be loaded' }, { timeout: 5000 });
    const state = heading.closest('[role="alert"]') as HTMLElement;
    expect(state).toHaveTextContent('Invalid input');
    expect(within(state).getByRole('button')).toBeEnabled();
  });

  it('requests a monthly report with a request id, then lists it', async () => {
    let items: TaxReport[] = [];
    const api = createTestApiClient({ logger: { error: () => undefined } })
      .on('GET', LIST, () => ({ body: { status: 'success', data: { items } } }))
      .on('POST', LIST, () => {
        items = [{ ...running, status: 'QUEUED', progress: 0, month: 1 }];
        return { body: { status: 'success', data: items[0] } };
      });
    const { user } = render(api);
    await screen.findByRole('heading', { level: 2, name: 'No tax reports yet' });
    const form = screen.getByRole('form', { name: 'Request a tax report' });
    await user.selectOptions(within(form).getByLabelText('Period'), 'MONTH');
    await user.selectOptions(within(form).getByLabelText('Month'), '1');
    await user.click(within(form).getByRole('button', { name: 'Request report' }));
    const [post] = api.callsTo('POST', LIST);
    expect(post!.body).toEqual({ period: 'MONTH', year: new Date(Date.now() + 7 * 3600_000).getUTCFullYear(), month: 1 });
    expect(post!.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Waiting')).toBeInTheDocument();
  });

  it('retries a failed report and downloads a ready one’s PDF and CSV', async () => {
    const api = apiWith([ready, failed]).reply('POST', `${LIST}/:id/retry`, { ...failed, status: 'QUEUED', progress: 0 });
    const { user } = render(api);
    const [done, bad] = (await screen.findAllByTestId('tax-report')) as [HTMLElement, HTMLElement];
    await user.click(within(bad).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.callsTo('POST', `${LIST}/:id/retry`)).toHaveLength(1));
    expect(api.callsTo('POST', `${LIST}/:id/retry`)[0]!.path).toBe(`${LIST}/${FAILED_ID}/retry`);

    await user.click(within(done).getByRole('button', { name: 'Download PDF: Year 2025' }));
    await user.click(within(done).getByRole('button', { name: 'Download CSV: Year 2025' }));
    expect(jest.mocked(downloadFile).mock.calls).toEqual([
      [`${LIST}/${READY_ID}/pdf`, 'tax-report-2025.pdf'],
      [`${LIST}/${READY_ID}/csv`, 'tax-report-2025.csv'],
    ]);
  });
});
