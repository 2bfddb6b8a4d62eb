import { topupPath, topupSimulatePath, WALLET_PATHS } from '@pasar/shared';
import { createTestApiClient } from '@pasar/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { registerWalletTranslations, renderPage, topUp } from '../testing/wallet-fixtures';
import { TopUpDetailPage } from './TopUpDetailPage';

beforeAll(registerWalletTranslations);
afterEach(() => jest.useRealTimers());

const ROUTE = '/balance/topup/:id';
const render = (api: ReturnType<typeof createTestApiClient>, language: 'id' | 'en' = 'en', options: Parameters<typeof renderPage>[1] = {}) =>
  renderPage(<TopUpDetailPage />, { api, language, route: '/balance/topup/t1', path: ROUTE, ...options });

describe('payment instructions of a pending top-up', () => {
  it('show the code, the exact total, the time left and the steps in the reader’s language', async () => {
    const api = createTestApiClient().reply('GET', topupPath('t1'), topUp());
    render(api, 'id');
    expect(await screen.findByTestId('payment-code')).toHaveTextContent('01408123456789');
    expect(screen.getByTestId('total-to-pay')).toHaveTextContent('Rp154.000');
    expect(screen.getByText('Nomor virtual account')).toBeInTheDocument();
    expect(screen.getByTestId('topup-status')).toHaveTextContent('Menunggu pembayaran');
    expect(screen.getByRole('timer')).toHaveTextContent(/^[12]:\d\d:\d\d$/);
    const steps = screen.getByRole('region', { name: 'Cara membayar' });
    expect(within(steps).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Buka BCA mobile, pilih m-Transfer',
      'Masukkan nomor virtual account',
    ]);
    // Not a development server: no simulation.
    expect(screen.queryByRole('button', { name: 'Simulasikan pembayaran' })).not.toBeInTheDocument();
  });

  it('copies the payment code', async () => {
    const api = createTestApiClient().reply('GET', topupPath('t1'), topUp());
    const { user } = render(api, 'en');
    await user.click(await screen.findByRole('button', { name: 'Copy Virtual account number' }));
    expect(await navigator.clipboard.readText()).toBe('01408123456789');
    expect(await screen.findByText('Virtual account number copied')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy Total to pay' }));
    expect(await navigator.clipboard.readText()).toBe('154000');
  });

  it('calls an e-wallet code a payment code', async () => {
    const api = createTestApiClient().reply('GET', topupPath('t1'), topUp({ channel: 'GOPAY', paymentCode: 'GP-7731' }));
    render(api, 'en');
    expect(await screen.findByText('Payment code')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'GoPay' })).toBeInTheDocument();
  });

  it('polls the status until it is paid, then shows success and refreshes the balances', async () => {
    jest.useFakeTimers();
    let reads = 0;
    const api = createTestApiClient().on('GET', topupPath('t1'), () => ({
      body: { status: 'success', data: ++reads < 3 ? topUp() : topUp({ status: 'PAID', paidAt: new Date().toISOString() }) },
    }));
    api.reply('GET', WALLET_PATHS.accounts, { cashAccount: { cashBalance: '150000', voucherBalance: '0', freeBalance: '0', cashOnHold: '0' } });
    render(api, 'en', { userEventOptions: { advanceTimers: jest.advanceTimersByTime } });
    expect(await screen.findByTestId('payment-code')).toBeInTheDocument();
    expect(await screen.findByText('Top-up received', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByTestId('paid-amount')).toHaveTextContent('Rp150,000');
    expect(screen.queryByTestId('payment-code')).not.toBeInTheDocument();
    expect(reads).toBe(3);
    await waitFor(() => expect(api.callsTo('GET', WALLET_PATHS.accounts)).toHaveLength(1));
    // Paid: no more polling.
    jest.advanceTimersByTime(30_000);
    expect(reads).toBe(3);
  });
});

describe('simulated payment (development mode)', () => {
  it('is clearly marked, pays through the server and shows the result', async () => {
    const api = createTestApiClient()
      .reply('GET', topupPath('t1'), topUp({ canSimulate: true }))
      .reply('POST', topupSimulatePath('t1'), topUp({ status: 'PAID', paidAt: '2026-11-22T08:05:00.000Z', canSimulate: true }))
      .reply('GET', WALLET_PATHS.accounts, { cashAccount: { cashBalance: '150000', voucherBalance: '0', freeBalance: '0', cashOnHold: '0' } });
    const { user } = render(api, 'id');
    const dev = await screen.findByTestId('simulate-card');
    expect(dev).toHaveTextContent('Mode pengembangan');
    await user.click(within(dev).getByRole('button', { name: 'Simulasikan pembayaran' }));
    expect(await screen.findByText('Isi saldo berhasil')).toBeInTheDocument();
    expect(screen.getByTestId('topup-status')).toHaveTextContent('Berhasil');
    expect(screen.getByRole('link', { name: 'Lihat saldo' })).toHaveAttribute('href', '/balance');
    expect(api.callsTo('POST', topupSimulatePath('t1'))).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET', WALLET_PATHS.accounts)).toHaveLength(1));
  });

  it('shows a refusal', async () => {
    const api = createTestApiClient()
      .reply('GET', topupPath('t1'), topUp({ canSimulate: true }))
      .replyError('POST', topupSimulatePath('t1'), { code: '3410', message: 'Top-up is no longer pending' });
    const { user } = render(api, 'en');
    await user.click(await screen.findByRole('button', { name: 'Simulate payment' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Top-up is no longer pending');
    expect(screen.getByTestId('payment-code')).toBeInTheDocument();
  });
});

describe('other states', () => {
  it('an expired top-up says not to pay and leads to a new one', async () => {
    const api = createTestApiClient().reply('GET', topupPath('t1'), topUp({ status: 'EXPIRED', expiresAt: '2026-11-21T08:00:00.000Z' }));
    render(api, 'en');
    expect(await screen.findByText('The time to pay has run out. Do not pay to this code; create a new top-up.')).toBeInTheDocument();
    expect(screen.queryByTestId('payment-code')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New top-up' })).toHaveAttribute('href', '/balance/topup');
  });

  it('asks the server again when the time runs out on screen', async () => {
    let reads = 0;
    const api = createTestApiClient().on('GET', topupPath('t1'), () => ({
      body: { status: 'success', data: ++reads === 1 ? topUp({ expiresAt: new Date(Date.now() + 1500).toISOString() }) : topUp({ status: 'EXPIRED' }) },
    }));
    render(api, 'en');
    expect(await screen.findByTestId('payment-code')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('topup-status')).toHaveTextContent('Expired'), { timeout: 4000 });
    expect(reads).toBe(2);
  });

  it('shows a top-up that is not found', async () => {
    const api = createTestApiClient().replyError('GET', topupPath('t1'), { code: '3404', message: 'Top-up not found', status: 404 });
    render(api, 'en');
    expect(await screen.findByText('Top-up not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
