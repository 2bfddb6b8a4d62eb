import { FX_WALLET_PATHS, WALLET_PATHS, type UsdYieldOnboarding, type WalletHistoryEntry } from '@pasar/shared';
import { createTestApiClient } from '@pasar/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { deferred, emptyBalance, registerWalletTranslations, renderPage, walletBalance } from '../testing/wallet-fixtures';
import { BalancePage } from './BalancePage';

beforeAll(registerWalletTranslations);

const entry = (over: Partial<WalletHistoryEntry> = {}): WalletHistoryEntry => ({
  transferId: 'tr1',
  kind: 'TOPUP',
  amount: '150000',
  balanceAfter: '1500000',
  createdAt: '2026-11-22T08:00:00.000Z',
  description: 'Isi saldo BCA Virtual Account',
  ...over,
});

const YIELD: UsdYieldOnboarding = {
  optedIn: false,
  annualRatePercent: '4.5',
  eligibleBalance: '1234.56',
  accruedTotal: '0',
  lastAccrualDate: null,
  optedInAt: null,
};

function setup(options: { balance?: ReturnType<typeof walletBalance>; history?: WalletHistoryEntry[]; hasMore?: boolean } = {}) {
  return createTestApiClient()
    .reply('GET', WALLET_PATHS.walletBalance, options.balance ?? walletBalance())
    .reply('GET', WALLET_PATHS.walletHistory, { items: options.history ?? [entry()], hasMore: options.hasMore ?? false })
    .reply('GET', FX_WALLET_PATHS.usdYieldOnboarding, YIELD);
}

const card = (name: string) => screen.getByRole('region', { name });

describe('the balance page', () => {
  it('shows skeletons while the balance loads, then the figures', async () => {
    const api = setup();
    const release = deferred(api, 'GET', WALLET_PATHS.walletBalance, walletBalance());
    renderPage(<BalancePage />, { api, language: 'en' });
    expect(await screen.findAllByLabelText('Loading')).not.toHaveLength(0);
    expect(screen.queryByTestId('total-idr')).not.toBeInTheDocument();
    act(release);
    expect(await screen.findByTestId('total-idr')).toHaveTextContent('Rp45,468,150');
    expect(screen.getByTestId('total-usd')).toHaveTextContent('≈ $2,798.04');
  });

  it.each([
    ['id', 'Isi total', 'Kripto', 'Rp1.500.000', 'Margin perpetual (USDT)', 'Rp823.150', 'Rp45.468.150'],
    ['en', 'What the total counts', 'Crypto', 'Rp1,500,000', 'Perpetuals margin (USDT)', 'Rp823,150', 'Rp45,468,150'],
  ] as const)('the total is the server\'s one figure, every wallet and holding counted, in %s', async (language, label, crypto, cryptoValue, margin, marginValue, total) => {
    renderPage(<BalancePage />, { api: setup(), language });
    expect(await screen.findByTestId('total-idr')).toHaveTextContent(total);
    const parts = screen.getByLabelText(label);
    expect(within(parts).getByText(crypto)).toBeInTheDocument();
    expect(screen.getByTestId('worth-CRYPTO')).toHaveTextContent(cryptoValue);
    expect(within(parts).getByText(margin)).toBeInTheDocument();
    expect(screen.getByTestId('worth-USDT_MARGIN')).toHaveTextContent(marginValue);
    // A part worth nothing is not listed.
    expect(screen.queryByTestId('worth-USSTOCK')).not.toBeInTheDocument();
  });

  it('names a part a newer market adds', async () => {
    const base = walletBalance();
    const balance = walletBalance({ netWorth: { ...base.netWorth, parts: [...base.netWorth.parts, { key: 'SOMETHING_NEW', valueIdr: '5000' }] } });
    renderPage(<BalancePage />, { api: setup({ balance }), language: 'en' });
    expect(await screen.findByTestId('worth-SOMETHING_NEW')).toHaveTextContent('Rp5,000');
    expect(screen.getByText('Other holdings')).toBeInTheDocument();
  });

  it.each([
    ['id', 'Rp1.525.000', 'Rp1.500.000', 'Rp20.000.000', '$1.234,56', '₮50,5'],
    ['en', 'Rp1,525,000', 'Rp1,500,000', 'Rp20,000,000', '$1,234.56', '₮50.5'],
  ] as const)('breaks every wallet down in %s', async (language, shown, available, onHold, paln, perp) => {
    renderPage(<BalancePage />, { api: setup(), language });
    // §3: the shown IDR total is cash + voucher + free.
    expect(await screen.findByTestId('idr-total')).toHaveTextContent(shown);
    expect(screen.getByTestId('idr-available')).toHaveTextContent(available);
    expect(screen.getByTestId('idr-on-hold')).toHaveTextContent(onHold);
    expect(screen.getByTestId('usd-cash-paln')).toHaveTextContent(paln);
    expect(screen.getByTestId('perp-wallet')).toHaveTextContent(perp);
    const leverage = screen.getByTestId('usd-wallet-leverage');
    expect(within(leverage).getByText('Leverage 2x')).toBeInTheDocument();
    expect(leverage).toHaveTextContent(language === 'en' ? '$200.00' : '$200,00');
  });

  it('offers top-up, cashout and transfer', async () => {
    renderPage(<BalancePage />, { api: setup(), language: 'id' });
    await screen.findByTestId('total-idr');
    expect(screen.getByRole('link', { name: 'Isi saldo' })).toHaveAttribute('href', '/balance/topup');
    expect(screen.getByRole('link', { name: 'Tarik dana' })).toHaveAttribute('href', '/balance/cashout');
    expect(screen.getByRole('link', { name: 'Pindah dana' })).toHaveAttribute('href', '/balance/transfer');
  });

  it('sends a user without the US-stock declaration to it instead of showing USD wallets', async () => {
    const balance = walletBalance({ stockWalletsAvailable: false });
    renderPage(<BalancePage />, { api: setup({ balance }), language: 'en' });
    const usd = await waitFor(() => card('US stock wallets (USD)'));
    expect(within(usd).getByTestId('gss-notice')).toHaveTextContent('US stock wallets are not active yet');
    expect(within(usd).getByRole('link', { name: 'Fill in the US-stock declaration' })).toHaveAttribute('href', '/account/identity-verification');
    expect(screen.queryByTestId('usd-cash-paln')).not.toBeInTheDocument();
    // No yield offer without USD wallets.
    expect(screen.queryByRole('region', { name: 'USD Yield' })).not.toBeInTheDocument();
  });

  it('welcomes a new user with an empty state leading to top-up', async () => {
    renderPage(<BalancePage />, { api: setup({ balance: emptyBalance(), history: [] }), language: 'id' });
    expect(await screen.findByRole('heading', { name: 'Saldo Anda masih kosong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Isi saldo sekarang' })).toHaveAttribute('href', '/balance/topup');
    expect(screen.getByRole('heading', { name: 'Belum ada transaksi' })).toBeInTheDocument();
    expect(screen.queryByTestId('total-idr')).not.toBeInTheDocument();
  });

  it('shows a failed load with the server’s message and loads again on retry', async () => {
    const api = setup().replyError('GET', WALLET_PATHS.walletBalance, { code: '003', message: 'Layanan sedang sibuk', status: 404 });
    const { user } = renderPage(<BalancePage />, { api, language: 'id' });
    expect(await screen.findByText('Layanan sedang sibuk')).toBeInTheDocument();
    expect(screen.queryByTestId('total-idr')).not.toBeInTheDocument();
    api.reply('GET', WALLET_PATHS.walletBalance, walletBalance());
    await user.click(screen.getAllByRole('button', { name: 'Coba lagi' })[0]!);
    expect(await screen.findByTestId('total-idr')).toHaveTextContent('Rp45.468.150');
  });

  it('loads the figures again when the person comes back to the tab', async () => {
    const api = setup();
    renderPage(<BalancePage />, { api, language: 'en' });
    expect(await screen.findByTestId('idr-available')).toHaveTextContent('Rp1,500,000');
    api.reply('GET', WALLET_PATHS.walletBalance, walletBalance({ cashAccount: { cashBalance: '1650000', voucherBalance: '25000', freeBalance: '0', cashOnHold: '0' } }));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(screen.getByTestId('idr-available')).toHaveTextContent('Rp1,650,000'));
    expect(api.callsTo('GET', WALLET_PATHS.walletBalance)).toHaveLength(2);
  });
});

describe('the IDR cash history', () => {
  it('shows descriptions as text, signed amounts and the balance after', async () => {
    const history = [
      entry({ transferId: 'a', description: '<img src=x onerror=alert(1)>Cashout <b>BCA</b>', amount: '-500000', balanceAfter: '1000000' }),
      entry({ transferId: 'b' }),
    ];
    renderPage(<BalancePage />, { api: setup({ history }), language: 'en' });
    const rows = await screen.findAllByTestId('history-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Cashout <b>BCA</b>');
    expect(rows[0]!.querySelector('b, img')).toBeNull();
    expect(rows[0]).toHaveTextContent('-Rp500,000');
    expect(rows[0]).toHaveTextContent('Balance Rp1,000,000');
    expect(rows[1]).toHaveTextContent('+Rp150,000');
  });

  it('asks for IDR cash and loads older rows before the last one', async () => {
    const api = setup({ history: [entry({ transferId: 'a', createdAt: '2026-11-22T08:00:00.000Z' })], hasMore: true });
    const { user } = renderPage(<BalancePage />, { api, language: 'en' });
    await screen.findAllByTestId('history-row');
    expect(api.callsTo('GET', WALLET_PATHS.walletHistory)[0]!.query).toMatchObject({ currency: 'IDR', purpose: 'CASH' });
    api.reply('GET', WALLET_PATHS.walletHistory, { items: [entry({ transferId: 'older', description: 'Older top-up', createdAt: '2026-11-21T08:00:00.000Z' })], hasMore: false });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older top-up')).toBeInTheDocument();
    expect(api.callsTo('GET', WALLET_PATHS.walletHistory)[1]!.query).toMatchObject({ before: '2026-11-22T08:00:00.000Z' });
    expect(screen.getAllByTestId('history-row')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

describe('USD yield on the balance page', () => {
  it('shows the rate and opts in', async () => {
    const api = setup();
    const { user } = renderPage(<BalancePage />, { api, language: 'id' });
    const yieldCard = await waitFor(() => card('USD Yield'));
    expect(await within(yieldCard).findByTestId('yield-rate')).toHaveTextContent('4,5% per tahun');
    api.reply('POST', FX_WALLET_PATHS.usdYieldOptin, { ...YIELD, optedIn: true });
    api.reply('GET', FX_WALLET_PATHS.usdYieldOnboarding, { ...YIELD, optedIn: true });
    await user.click(within(yieldCard).getByRole('button', { name: 'Aktifkan USD Yield' }));
    expect(await within(yieldCard).findByText('Aktif')).toBeInTheDocument();
    expect(api.callsTo('POST', FX_WALLET_PATHS.usdYieldOptin)[0]!.body).toEqual({ optIn: true });
  });

  it('asks before opting out and shows a refusal', async () => {
    const api = setup().reply('GET', FX_WALLET_PATHS.usdYieldOnboarding, { ...YIELD, optedIn: true });
    const { user } = renderPage(<BalancePage />, { api, language: 'en' });
    const yieldCard = await waitFor(() => card('USD Yield'));
    api.replyError('POST', FX_WALLET_PATHS.usdYieldOptin, { code: '007', message: 'Identity verification (KYC) is incomplete', status: 403 });
    await user.click(await within(yieldCard).findByRole('button', { name: 'Turn off USD Yield' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Turn off USD Yield?' });
    expect(api.callsTo('POST', FX_WALLET_PATHS.usdYieldOptin)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Turn off USD Yield' }));
    expect(await within(yieldCard).findByTestId('kyc-notice')).toHaveTextContent('Identity verification (KYC) is incomplete');
    expect(api.callsTo('POST', FX_WALLET_PATHS.usdYieldOptin)[0]!.body).toEqual({ optIn: false });
  });
});
