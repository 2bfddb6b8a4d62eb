import { ACCOUNT_PATHS, cashoutCancelPath, setPromptHandler, WALLET_PATHS, type CashoutReview } from '@pasar/shared';
import { createTestApiClient } from '@pasar/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { bankAccount, cashout, cashoutLimit, registerWalletTranslations, renderPage } from '../testing/wallet-fixtures';
import { CashoutPage } from './CashoutPage';

beforeAll(registerWalletTranslations);

let offPrompt: () => void = () => undefined;
afterEach(() => offPrompt());

const BCA = bankAccount();
const MANDIRI = bankAccount({ id: '9a1c2f7e-5a43-4d2b-9a55-0a1b2c3d4e5f', bankName: 'Bank Mandiri', accountNumber: '9876543210', primary: false, holderName: '<b>Budi</b> & Santoso' });

const review = (over: Partial<CashoutReview> = {}): CashoutReview => ({
  amount: '500000',
  fee: '2500',
  amountReceived: '497500',
  bankAccount: cashout().bankAccount,
  autoApproved: true,
  remainingTodayAfter: '99500000',
  ...over,
});

function setup(options: { limit?: ReturnType<typeof cashoutLimit>; banks?: ReturnType<typeof bankAccount>[]; items?: ReturnType<typeof cashout>[] } = {}) {
  return createTestApiClient()
    .reply('GET', WALLET_PATHS.cashoutLimit, options.limit ?? cashoutLimit())
    .reply('GET', ACCOUNT_PATHS.bankAccounts, options.banks ?? [MANDIRI, BCA])
    .reply('GET', WALLET_PATHS.cashout, { items: options.items ?? [] })
    .reply('GET', WALLET_PATHS.accounts, { cashAccount: { cashBalance: '1000000', voucherBalance: '0', freeBalance: '0', cashOnHold: '500000' } });
}

const render = (language: 'id' | 'en' = 'en', api = setup()) => renderPage(<CashoutPage />, { api, language, route: '/balance/cashout' });

const amountBox = (language: 'id' | 'en' = 'en') => screen.getByRole('textbox', { name: language === 'en' ? 'Cashout amount' : 'Jumlah penarikan' });

describe('cashout limits and form', () => {
  it.each([
    ['id', 'Rp1.500.000', 'Rp100.000.000', 'Penarikan hingga Rp10.000.000 diproses otomatis'],
    ['en', 'Rp1,500,000', 'Rp100,000,000', 'Cashouts up to Rp10,000,000 are processed automatically'],
  ] as const)('shows the limits in %s', async (language, available, remaining, auto) => {
    render(language);
    expect(await screen.findByTestId('cashout-available')).toHaveTextContent(available);
    expect(screen.getByTestId('cashout-remaining')).toHaveTextContent(remaining);
    expect(screen.getByText(new RegExp(auto))).toBeInTheDocument();
  });

  it('picks the primary account first and shows names with markup as text', async () => {
    render('en');
    const select = await screen.findByRole('combobox', { name: 'To account' });
    expect(select).toHaveValue(BCA.id);
    expect(within(select).getByRole('option', { name: 'Bank Mandiri · 9876543210 · <b>Budi</b> & Santoso' })).toBeInTheDocument();
  });

  it('without a bank account, leads to adding one', async () => {
    render('id', setup({ banks: [] }));
    expect(await screen.findByRole('heading', { name: 'Belum ada rekening bank' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tambah rekening bank' })).toHaveAttribute('href', '/account/bankAccount');
    expect(screen.queryByRole('textbox', { name: 'Jumlah penarikan' })).not.toBeInTheDocument();
  });

  it('bounds the quick picks and "All" by the available amount and today’s remaining limit', async () => {
    const { user } = render('en', setup({ limit: cashoutLimit({ available: '1500000', remainingToday: '700000' }) }));
    const picks = await screen.findByRole('group', { name: 'Quick amounts' });
    expect(within(picks).getAllByRole('button').map((b) => b.textContent)).toEqual(['Rp100,000', 'Rp500,000', 'All']);
    await user.click(within(picks).getByRole('button', { name: 'All' }));
    expect(amountBox()).toHaveValue('700,000');
  });

  it.each([
    ['', 'Enter the cashout amount.'],
    ['5000', 'The minimum cashout is Rp10,000.'],
    ['2000000', 'More than your available balance (Rp1,500,000).'],
  ])('refuses %p before anything is sent', async (amount, message) => {
    const { user, api } = render('en');
    await screen.findByRole('combobox', { name: 'To account' });
    if (amount) await user.type(amountBox(), amount);
    await user.click(screen.getByRole('button', { name: 'Review cashout' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(api.callsTo('POST', WALLET_PATHS.cashoutReview)).toHaveLength(0);
    expect(api.callsTo('POST', WALLET_PATHS.cashout)).toHaveLength(0);
  });

  it('refuses more than what is left of today’s limit', async () => {
    const { user, api } = render('id', setup({ limit: cashoutLimit({ remainingToday: '300000' }) }));
    await user.type(await screen.findByRole('textbox', { name: 'Jumlah penarikan' }), '400000');
    await user.click(screen.getByRole('button', { name: 'Periksa penarikan' }));
    expect(await screen.findByText('Melebihi sisa batas hari ini (Rp300.000).')).toBeInTheDocument();
    expect(api.callsTo('POST', WALLET_PATHS.cashoutReview)).toHaveLength(0);
  });

  it('explains KYC incomplete (007) with a link to verification', async () => {
    const api = setup().replyError('GET', WALLET_PATHS.cashoutLimit, { code: '007', message: 'Verifikasi identitas (KYC) belum lengkap', status: 403 });
    render('id', api);
    const notice = await screen.findByTestId('kyc-notice');
    expect(notice).toHaveTextContent('Verifikasi identitas (KYC) belum lengkap');
    expect(within(notice).getByRole('link', { name: 'Lengkapi verifikasi' })).toHaveAttribute('href', '/account/identity-verification');
    expect(screen.queryByRole('textbox', { name: 'Jumlah penarikan' })).not.toBeInTheDocument();
  });
});

describe('review, then confirm with the PIN', () => {
  const toReview = async (language: 'id' | 'en', api = setup()) => {
    const rendered = render(language, api);
    await screen.findByRole('combobox', { name: language === 'en' ? 'To account' : 'Rekening tujuan' });
    await rendered.user.type(amountBox(language), '500000');
    await rendered.user.click(screen.getByRole('button', { name: language === 'en' ? 'Review cashout' : 'Periksa penarikan' }));
    return rendered;
  };

  it('shows fee, amount received, bank and processing before money moves', async () => {
    const api = setup().reply('POST', WALLET_PATHS.cashoutReview, review({ autoApproved: false }));
    await toReview('id', api);
    const card = await screen.findByRole('region', { name: 'Periksa penarikan' });
    expect(within(card).getByTestId('review-fee')).toHaveTextContent('Rp2.500');
    expect(within(card).getByTestId('review-received')).toHaveTextContent('Rp497.500');
    expect(within(card).getByTestId('review-bank')).toHaveTextContent('BCA •••• 7890 · Budi Santoso');
    expect(within(card).getByTestId('review-process')).toHaveTextContent('Ditinjau tim kami lebih dulu');
    expect(api.callsTo('POST', WALLET_PATHS.cashoutReview)[0]!.body).toEqual({ amount: '500000', bankAccountId: BCA.id });
    expect(api.callsTo('POST', WALLET_PATHS.cashout)).toHaveLength(0);
  });

  it('asks for the PIN on 040, sends the same cashout again, shows it held and refreshes the balances', async () => {
    const prompts: string[] = [];
    offPrompt = setPromptHandler(async (code) => {
      prompts.push(code);
      return true;
    });
    let attempt = 0;
    const api = setup()
      .reply('POST', WALLET_PATHS.cashoutReview, review({ autoApproved: false }))
      .on('POST', WALLET_PATHS.cashout, () =>
        ++attempt === 1
          ? { status: 400, body: { status: 'error', error_code: '040', error_message: 'Enter your PIN to continue' } }
          : { body: { status: 'success', data: cashout({ status: 'PENDING_REVIEW', autoApproved: false, decidedAt: null }) } },
      );
    const { user } = await toReview('en', api);
    api.reply('GET', WALLET_PATHS.cashout, { items: [cashout({ status: 'PENDING_REVIEW', autoApproved: false, decidedAt: null })] });
    await user.click(await screen.findByRole('button', { name: 'Confirm cashout' }));

    expect(await screen.findByTestId('cashout-result-status')).toHaveTextContent('Waiting for review');
    expect(screen.getByText('The cashout is waiting for review. The money is held from your balance until then.')).toBeInTheDocument();
    expect(prompts).toEqual(['040']);
    const posts = api.callsTo('POST', WALLET_PATHS.cashout);
    expect(posts).toHaveLength(2);
    expect(posts[1]!.body).toEqual(posts[0]!.body);
    expect(posts[1]!.body).toEqual({ amount: '500000', bankAccountId: BCA.id });
    await waitFor(() => expect(api.callsTo('GET', WALLET_PATHS.accounts)).toHaveLength(1));
    expect(await screen.findByTestId('cashout-status')).toHaveTextContent('Waiting for review');
  });

  it('keeps the review and shows the refusal when the PIN prompt is cancelled', async () => {
    offPrompt = setPromptHandler(async () => false);
    const api = setup()
      .reply('POST', WALLET_PATHS.cashoutReview, review())
      .replyError('POST', WALLET_PATHS.cashout, { code: '040', message: 'Enter your PIN to continue' });
    const { user } = await toReview('en', api);
    await user.click(await screen.findByRole('button', { name: 'Confirm cashout' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Enter your PIN to continue');
    expect(screen.getByRole('button', { name: 'Confirm cashout' })).toBeInTheDocument();
    expect(api.callsTo('POST', WALLET_PATHS.cashout)).toHaveLength(1);
  });

  it.each([
    ['1115', 'Insufficient wallet balance'],
    ['008', 'Cashout limit reached'],
  ])('shows the server’s refusal %s', async (code, message) => {
    offPrompt = setPromptHandler(async () => true);
    const api = setup().reply('POST', WALLET_PATHS.cashoutReview, review()).replyError('POST', WALLET_PATHS.cashout, { code, message });
    const { user } = await toReview('en', api);
    await user.click(await screen.findByRole('button', { name: 'Confirm cashout' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent(message);
    expect(screen.queryByTestId('cashout-result-status')).not.toBeInTheDocument();
  });

  it('an automatic cashout is paid at once', async () => {
    offPrompt = setPromptHandler(async () => true);
    const api = setup().reply('POST', WALLET_PATHS.cashoutReview, review()).reply('POST', WALLET_PATHS.cashout, cashout());
    const { user } = await toReview('id', api);
    expect(await screen.findByTestId('review-process')).toHaveTextContent('Otomatis, segera dikirim');
    await user.click(screen.getByRole('button', { name: 'Konfirmasi penarikan' }));
    expect(await screen.findByTestId('cashout-result-status')).toHaveTextContent('Dibayar');
    expect(screen.getByText('Dana sudah dikirim ke rekening Anda.')).toBeInTheDocument();
  });

  it('explains a KYC refusal at review', async () => {
    const api = setup().replyError('POST', WALLET_PATHS.cashoutReview, { code: '007', message: 'Identity verification (KYC) is incomplete', status: 403 });
    await toReview('en', api);
    expect(await screen.findByTestId('kyc-notice')).toHaveTextContent('Complete verification');
  });
});

describe('cashout history', () => {
  const ITEMS = [
    cashout({ id: 'p', status: 'PENDING_REVIEW', amount: '20000000', autoApproved: false, decidedAt: null }),
    cashout({ id: 'r', status: 'REJECTED', rejectionReason: 'Nama <i>tidak</i> cocok' }),
    cashout({ id: 'x', status: 'CANCELLED' }),
    cashout({ id: 'd', status: 'PAID' }),
  ];

  it('shows each status, the rejection reason as text, and Cancel only for the one waiting', async () => {
    render('id', setup({ items: ITEMS }));
    const rows = await screen.findAllByTestId('cashout-row');
    expect(rows.map((row) => within(row).getByTestId('cashout-status').textContent)).toEqual(['Menunggu peninjauan', 'Ditolak', 'Dibatalkan', 'Dibayar']);
    expect(rows[1]).toHaveTextContent('Alasan: Nama <i>tidak</i> cocok');
    expect(rows[1]!.querySelector('i')).toBeNull();
    expect(within(rows[0]!).getByRole('button', { name: 'Batalkan penarikan Rp20.000.000' })).toBeInTheDocument();
    expect(rows.slice(1).every((row) => within(row).queryByRole('button') === null)).toBe(true);
  });

  it('cancels a pending cashout after confirming', async () => {
    const api = setup({ items: ITEMS }).reply('POST', '/api/cashout/:id/cancel', cashout({ id: 'p', status: 'CANCELLED' }));
    const { user } = render('en', api);
    await user.click(await screen.findByRole('button', { name: 'Cancel the cashout of Rp20,000,000' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this cashout?' });
    expect(api.callsTo('POST', '/api/cashout/:id/cancel')).toHaveLength(0);
    api.reply('GET', WALLET_PATHS.cashout, { items: [cashout({ id: 'p', status: 'CANCELLED' })] });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(api.callsTo('POST', cashoutCancelPath('p'))).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('cashout-status')).toHaveTextContent('Cancelled'));
    await waitFor(() => expect(api.callsTo('GET', WALLET_PATHS.accounts)).toHaveLength(1));
  });

  it('keeps it when the dialog is dismissed', async () => {
    const api = setup({ items: ITEMS });
    const { user } = render('en', api);
    await user.click(await screen.findByRole('button', { name: 'Cancel the cashout of Rp20,000,000' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this cashout?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/cashout/:id/cancel')).toHaveLength(0);
  });

  it('says when there are none', async () => {
    render('en');
    expect(await screen.findByRole('heading', { name: 'No cashouts yet' })).toBeInTheDocument();
  });
});
