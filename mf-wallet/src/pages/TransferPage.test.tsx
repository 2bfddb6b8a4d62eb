import { cryptoBalancePath, FX_WALLET_PATHS, WALLET_PATHS, type LeverageDetailsResponse, type StockTransferEstimate } from '@pasar/shared';
import { createTestApiClient } from '@pasar/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { registerWalletTranslations, renderPage, walletBalance } from '../testing/wallet-fixtures';
import { TransferPage } from './TransferPage';

beforeAll(registerWalletTranslations);
afterEach(() => jest.useRealTimers());

const ESTIMATE: StockTransferEstimate = { wallet: 'paln', direction: 'TO_USD', idrAmount: '1000000', usdAmount: '61.15', price: '16331.25', spreadPercent: '0.5' };

const LEVERAGE: LeverageDetailsResponse = {
  palnUsdCash: '1234.56',
  wallets: [
    { wallet: 'leverage', leverage: 2, collateral: '100', usdMargin: '0', buyingPower: '200', withdrawable: '100' },
    { wallet: 'intraday', leverage: 4, collateral: '0', usdMargin: '0', buyingPower: '0', withdrawable: '0' },
  ],
};

function setup(balance = walletBalance()) {
  return createTestApiClient()
    .reply('GET', WALLET_PATHS.walletBalance, balance)
    .on('GET', FX_WALLET_PATHS.stockTransferEstimate, (request) => ({
      body: { status: 'success', data: { ...ESTIMATE, direction: request.query.direction, idrAmount: String(request.query.amount) } },
    }))
    .reply('GET', FX_WALLET_PATHS.leverageDetails, LEVERAGE)
    .reply('GET', WALLET_PATHS.accounts, { cashAccount: { cashBalance: '500000', voucherBalance: '0', freeBalance: '0', cashOnHold: '0' } })
    .reply('GET', FX_WALLET_PATHS.stockBalance, { paln: balance.stockWallets.paln, leverage: balance.stockWallets.leverage, intraday: balance.stockWallets.intraday })
    .reply('GET', FX_WALLET_PATHS.perpBalance, balance.perp);
}

const render = (language: 'id' | 'en' = 'en', api = setup(), tab?: string) =>
  renderPage(<TransferPage />, { api, language, route: `/balance/transfer${tab ? `?tab=${tab}` : ''}` });

describe('IDR ↔ USD wallet', () => {
  it('estimates once the typing stops, with price and spread', async () => {
    // Fake timers: however slow the machine, the keystrokes land before the debounce can fire.
    jest.useFakeTimers();
    const { user, api } = renderPage(<TransferPage />, { api: setup(), language: 'en', route: '/balance/transfer', userEventOptions: { advanceTimers: jest.advanceTimersByTime } });
    const amount = await screen.findByRole('textbox', { name: 'Amount (IDR)' });
    expect(screen.getByText('Rp1,500,000 available')).toBeInTheDocument();
    await user.type(amount, '1000000');
    const estimate = await screen.findByTestId('estimate');
    expect(within(estimate).getByTestId('estimate-receive')).toHaveTextContent('$61.15');
    expect(within(estimate).getByTestId('estimate-price')).toHaveTextContent('1 USD = Rp16,331.25');
    expect(estimate).toHaveTextContent('0.5%');
    // Debounced: one request for the settled amount, not one per keystroke.
    const calls = api.callsTo('GET', FX_WALLET_PATHS.stockTransferEstimate);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.query).toMatchObject({ wallet: 'paln', direction: 'TO_USD', amount: '1000000' });
  });

  it('shows the figures in Indonesian', async () => {
    const { user } = render('id');
    await user.type(await screen.findByRole('textbox', { name: 'Jumlah (IDR)' }), '1000000');
    expect(await screen.findByTestId('estimate-price')).toHaveTextContent('1 USD = Rp16.331,25');
    expect(screen.getByTestId('estimate-receive')).toHaveTextContent('$61,15');
  });

  it('reviews, then moves the money and refreshes the stock wallets', async () => {
    const api = setup().reply('POST', FX_WALLET_PATHS.stockTransfer, { ...ESTIMATE, transferId: 'tr1', createdAt: '2026-11-22T08:00:00.000Z' });
    const { user } = render('en', api);
    await user.type(await screen.findByRole('textbox', { name: 'Amount (IDR)' }), '1000000');
    await screen.findByTestId('estimate');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Check your transfer' });
    expect(dialog).toHaveTextContent('Rupiah balance');
    expect(dialog).toHaveTextContent('No leverage');
    expect(dialog).toHaveTextContent('Rp1,000,000');
    expect(api.callsTo('POST', FX_WALLET_PATHS.stockTransfer)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('transfer-result')).toHaveTextContent('Done: Rp1,000,000 ↔ $61.15 at Rp16,331.25.');
    expect(api.callsTo('POST', FX_WALLET_PATHS.stockTransfer)[0]!.body).toEqual({ wallet: 'paln', direction: 'TO_USD', amount: '1000000' });
    await waitFor(() => expect(api.callsTo('GET', FX_WALLET_PATHS.stockBalance)).toHaveLength(1));
    expect(api.callsTo('GET', WALLET_PATHS.accounts)).toHaveLength(1);
    // The page's own figures are read again too.
    await waitFor(() => expect(api.callsTo('GET', WALLET_PATHS.walletBalance)).toHaveLength(2));
  });

  it('refuses more than the available IDR before asking', async () => {
    const { user, api } = render('en');
    await user.type(await screen.findByRole('textbox', { name: 'Amount (IDR)' }), '2000000');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('Not enough balance (Rp1,500,000 available).')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', FX_WALLET_PATHS.stockTransfer)).toHaveLength(0);
  });

  it('USD → IDR takes dollars with cents from the chosen wallet and shows a 1117 refusal', async () => {
    const api = setup().replyError('POST', FX_WALLET_PATHS.stockTransfer, { code: '1117', message: 'Insufficient forex balance' });
    const { user } = render('en', api);
    await user.click(await screen.findByRole('button', { name: 'USD → Rupiah' }));
    expect(screen.getByRole('button', { name: 'USD → Rupiah' })).toHaveAttribute('aria-pressed', 'true');
    await user.selectOptions(screen.getByRole('combobox', { name: 'USD wallet' }), 'leverage');
    expect(screen.getByText('$100.00 available')).toBeInTheDocument();
    const amount = screen.getByRole('textbox', { name: 'Amount (USD)' });
    await user.type(amount, '12.345');
    expect(amount).toHaveValue('12.34');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Insufficient forex balance');
    expect(api.callsTo('POST', FX_WALLET_PATHS.stockTransfer)[0]!.body).toEqual({ wallet: 'leverage', direction: 'TO_IDR', amount: '12.34' });
  });

  it('without the US-stock declaration, shows the way to it instead of the form', async () => {
    const { user } = render('id', setup(walletBalance({ stockWalletsAvailable: false })));
    expect(await screen.findByTestId('gss-notice')).toHaveTextContent('Dompet saham AS belum aktif');
    expect(screen.queryByRole('textbox', { name: 'Jumlah (IDR)' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Dompet leverage' }));
    expect(await screen.findByTestId('gss-notice')).toBeInTheDocument();
  });
});

describe('the tabs', () => {
  it('open from the query and move with the arrow keys', async () => {
    const { user } = render('en', setup(), 'perps');
    const perps = await screen.findByRole('tab', { name: 'Perpetuals margin' });
    expect(perps).toHaveAttribute('aria-selected', 'true');
    perps.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'USD wallets' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'USD wallets' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Leverage wallets' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows a failed load of the balances with a retry', async () => {
    const api = setup().replyError('GET', WALLET_PATHS.walletBalance, { code: '003', message: 'Not found', status: 404 });
    const { user } = render('en', api);
    expect(await screen.findByText('Not found')).toBeInTheDocument();
    api.reply('GET', WALLET_PATHS.walletBalance, walletBalance());
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('tab', { name: 'USD wallets' })).toBeInTheDocument();
  });
});

describe('leverage wallets', () => {
  it('shows them, calculates the result, then deposits after review', async () => {
    const api = setup()
      .reply('GET', FX_WALLET_PATHS.leverageCalculate, { wallet: 'leverage', direction: 'DEPOSIT', amount: '50', palnUsdCashAfter: '1184.56', collateralAfter: '150', buyingPowerAfter: '300' })
      .reply('POST', FX_WALLET_PATHS.leverageDeposit, { ok: true });
    const { user } = render('en', api, 'leverage');
    expect(await screen.findByTestId('leverage-paln')).toHaveTextContent('$1,234.56');
    expect(screen.getByTestId('leverage-collateral-leverage')).toHaveTextContent('$100.00');
    await user.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '50');
    expect(screen.queryByRole('button', { name: 'Review' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    const after = await screen.findByTestId('leverage-calculation');
    expect(after).toHaveTextContent('$1,184.56');
    expect(after).toHaveTextContent('$300.00');
    expect(api.callsTo('GET', FX_WALLET_PATHS.leverageCalculate)[0]!.query).toMatchObject({ wallet: 'leverage', direction: 'DEPOSIT', amount: '50' });
    await user.click(screen.getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Check your transfer' });
    expect(api.callsTo('POST', FX_WALLET_PATHS.leverageDeposit)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.callsTo('POST', FX_WALLET_PATHS.leverageDeposit)).toHaveLength(1));
    expect(api.callsTo('POST', FX_WALLET_PATHS.leverageDeposit)[0]!.body).toEqual({ wallet: 'leverage', amount: '50' });
    await waitFor(() => expect(api.callsTo('GET', FX_WALLET_PATHS.leverageDetails)).toHaveLength(2));
  });

  it('withdraws only what is withdrawable', async () => {
    const { user, api } = render('en', setup(), 'leverage');
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
    await user.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '150');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await screen.findByText('Not enough balance ($100.00 available).')).toBeInTheDocument();
    expect(api.callsTo('GET', FX_WALLET_PATHS.leverageCalculate)).toHaveLength(0);
  });
});

describe('perpetuals margin', () => {
  it('deposits from IDR after an estimate and a review, then refreshes the margin wallet', async () => {
    const api = setup()
      .reply('GET', FX_WALLET_PATHS.perpMarginEstimate, { direction: 'DEPOSIT', counterpart: 'IDR', usdtAmount: '30.674846', idrAmount: '500000', price: '16300' })
      .reply('POST', FX_WALLET_PATHS.perpMarginDeposit, {
        direction: 'DEPOSIT',
        counterpart: 'IDR',
        usdtAmount: '30.674846',
        idrAmount: '500000',
        price: '16300',
        transferId: 'p1',
        balance: { ...walletBalance().perp, walletBalance: '81.174846' },
      });
    const { user } = render('en', api, 'perps');
    await user.type(await screen.findByRole('textbox', { name: 'Amount (IDR)' }), '500000');
    expect(await screen.findByTestId('estimate-usdt')).toHaveTextContent('₮30.674846');
    expect(screen.getByTestId('estimate-price')).toHaveTextContent('1 USDT = Rp16,300');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('transfer-result')).toHaveTextContent('The margin wallet now holds ₮81.174846');
    expect(api.callsTo('POST', FX_WALLET_PATHS.perpMarginDeposit)[0]!.body).toEqual({ source: 'IDR', amount: '500000' });
    await waitFor(() => expect(api.callsTo('GET', FX_WALLET_PATHS.perpBalance)).toHaveLength(1));
  });

  it('deposits from the user’s USDT up to its available amount and shows 9504', async () => {
    const api = setup()
      .reply('GET', cryptoBalancePath('USDT-IDR'), { symbol: 'USDT-IDR', balance: '12.5', available: '10.25' })
      .reply('GET', FX_WALLET_PATHS.perpMarginEstimate, { direction: 'DEPOSIT', counterpart: 'USDT', usdtAmount: '10', idrAmount: '0', price: '0' })
      .replyError('POST', FX_WALLET_PATHS.perpMarginDeposit, { code: '9504', message: 'Insufficient crypto balance' });
    const { user } = render('en', api, 'perps');
    await user.click(await screen.findByRole('button', { name: 'My USDT' }));
    expect(await screen.findByText('₮10.25 available')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Amount (USDT)' }), '10');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Insufficient crypto balance');
    expect(api.callsTo('POST', FX_WALLET_PATHS.perpMarginDeposit)[0]!.body).toEqual({ source: 'USDT', amount: '10' });
  });

  it('withdraws to IDR and explains KYC incomplete (007)', async () => {
    const api = setup()
      .replyError('GET', FX_WALLET_PATHS.perpMarginEstimate, { code: '007', message: 'Identity verification (KYC) is incomplete', status: 403 })
      .replyError('POST', FX_WALLET_PATHS.perpMarginWithdraw, { code: '007', message: 'Identity verification (KYC) is incomplete', status: 403 });
    const { user } = render('en', api, 'perps');
    await user.click(await screen.findByRole('button', { name: 'Withdraw margin' }));
    expect(screen.getByText('₮50.5 available')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Amount (USDT)' }), '5');
    expect(await screen.findByTestId('kyc-notice')).toHaveTextContent('Identity verification (KYC) is incomplete');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.callsTo('POST', FX_WALLET_PATHS.perpMarginWithdraw)).toHaveLength(1));
    expect(api.callsTo('POST', FX_WALLET_PATHS.perpMarginWithdraw)[0]!.body).toEqual({ target: 'IDR', amount: '5' });
  });
});
