import { Route, Routes, WALLET_PATHS, type InputVariables } from '@pasar/shared';
import { createTestApiClient } from '@pasar/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { method, registerWalletTranslations, renderPage, topUp } from '../testing/wallet-fixtures';
import { TopUpDetailPage } from './TopUpDetailPage';
import { TopUpPage } from './TopUpPage';

beforeAll(registerWalletTranslations);

const METHODS = [
  method(),
  method({ channel: 'MANDIRI_VA', name: 'Mandiri Virtual Account', bankCode: '008', enabled: false }),
  method({ channel: 'GOPAY', kind: 'EWALLET', name: 'GoPay <b>promo</b>', bankCode: null, maxAmount: '10000000', fee: '1500' }),
];

const inputs = (over: Partial<InputVariables> = {}): InputVariables => ({
  channel: 'BCA_VA',
  minAmount: '10000',
  maxAmount: '50000000',
  fee: '4000',
  presetAmounts: ['100000', '500000', '1000000'],
  expiryMinutes: 1440,
  steps: [],
  ...over,
});

function setup() {
  return createTestApiClient()
    .reply('GET', WALLET_PATHS.topupMethods, { methods: METHODS })
    .on('GET', WALLET_PATHS.inputVariables, (request) => ({
      body: {
        status: 'success',
        data: request.query.paymentChannel === 'GOPAY' ? inputs({ channel: 'GOPAY', maxAmount: '10000000', fee: '1500', presetAmounts: ['50000'] }) : inputs(),
      },
    }))
    .reply('GET', WALLET_PATHS.topups, { items: [] });
}

const Pages = () => (
  <Routes>
    <Route path="/balance/topup" element={<TopUpPage />} />
    <Route path="/balance/topup/:id" element={<TopUpDetailPage />} />
  </Routes>
);

const render = (language: 'id' | 'en' = 'en', api = setup()) => renderPage(<Pages />, { api, language, route: '/balance/topup' });

describe('choosing a top-up channel', () => {
  it('groups the channels with their fee and limits; a disabled one cannot be chosen', async () => {
    render('en');
    const va = await screen.findByRole('group', { name: 'Bank virtual account' });
    expect(within(va).getByRole('radio', { name: /BCA Virtual Account/ })).toBeEnabled();
    expect(within(va).getByText('Fee Rp4,000 · Rp10,000–Rp50,000,000')).toBeInTheDocument();
    expect(within(va).getByRole('radio', { name: /Mandiri Virtual Account/ })).toBeDisabled();
    expect(within(va).getByText('Unavailable right now')).toBeInTheDocument();
    const ewallet = screen.getByRole('group', { name: 'E-wallet' });
    // A name with markup is text.
    expect(within(ewallet).getByText('GoPay <b>promo</b>')).toBeInTheDocument();
  });

  it('shows the limits in Indonesian and fills a preset amount', async () => {
    const { user } = render('id');
    await user.click(await screen.findByRole('radio', { name: /BCA Virtual Account/ }));
    expect(await screen.findByText('Minimal Rp10.000, maksimal Rp50.000.000')).toBeInTheDocument();
    const presets = screen.getByRole('group', { name: 'Jumlah cepat' });
    await user.click(within(presets).getByRole('button', { name: 'Rp500.000' }));
    expect(screen.getByRole('textbox', { name: 'Jumlah isi saldo' })).toHaveValue('500.000');
    expect(within(presets).getByRole('button', { name: 'Rp500.000' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows a failed load of the channels with a retry', async () => {
    const api = setup().replyError('GET', WALLET_PATHS.topupMethods, { code: '003', message: 'Not found', status: 404 });
    const { user } = render('en', api);
    expect(await screen.findByText('Not found')).toBeInTheDocument();
    api.reply('GET', WALLET_PATHS.topupMethods, { methods: METHODS });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('radio', { name: /BCA Virtual Account/ })).toBeInTheDocument();
  });
});

describe('top-up validation', () => {
  it('asks for a channel and an amount, and sends nothing', async () => {
    const { user, api } = render('en');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose a payment method.')).toBeInTheDocument();
    expect(screen.getByText('Enter the top-up amount.')).toBeInTheDocument();
    expect(api.callsTo('POST', WALLET_PATHS.topups)).toHaveLength(0);
  });

  it.each([
    ['5000', 'The minimum is Rp10,000.'],
    ['60000000', 'The maximum is Rp50,000,000.'],
  ])('refuses %s before anything is sent', async (amount, message) => {
    const { user, api } = render('en');
    await user.click(await screen.findByRole('radio', { name: /BCA Virtual Account/ }));
    await screen.findByText('At least Rp10,000, at most Rp50,000,000');
    await user.type(screen.getByRole('textbox', { name: 'Top-up amount' }), amount);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Top-up amount' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('region', { name: 'Check your top-up' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', WALLET_PATHS.topups)).toHaveLength(0);
  });

  it('takes no letters in the amount', async () => {
    const { user } = render('en');
    await user.click(await screen.findByRole('radio', { name: /BCA Virtual Account/ }));
    await user.type(screen.getByRole('textbox', { name: 'Top-up amount' }), 'abc12x5');
    expect(screen.getByRole('textbox', { name: 'Top-up amount' })).toHaveValue('125');
  });
});

describe('reviewing and creating a top-up', () => {
  const fillAndReview = async (language: 'id' | 'en', api = setup()) => {
    const rendered = render(language, api);
    const { user } = rendered;
    await user.click(await screen.findByRole('radio', { name: /BCA Virtual Account/ }));
    await screen.findByRole('group', { name: language === 'en' ? 'Quick amounts' : 'Jumlah cepat' });
    await user.type(screen.getByRole('textbox', { name: language === 'en' ? 'Top-up amount' : 'Jumlah isi saldo' }), '150000');
    await user.click(screen.getByRole('button', { name: language === 'en' ? 'Continue' : 'Lanjutkan' }));
    return rendered;
  };

  it('shows amount, fee and total to pay before anything is created', async () => {
    const { api } = await fillAndReview('id');
    const review = await screen.findByRole('region', { name: 'Periksa isi saldo' });
    expect(within(review).getByTestId('review-amount')).toHaveTextContent('Rp150.000');
    expect(within(review).getByTestId('review-fee')).toHaveTextContent('Rp4.000');
    expect(within(review).getByTestId('review-total')).toHaveTextContent('Rp154.000');
    expect(api.callsTo('POST', WALLET_PATHS.topups)).toHaveLength(0);
  });

  it('creates it and opens its payment instructions', async () => {
    const api = setup().reply('POST', WALLET_PATHS.topups, topUp({ id: 'new-1' })).reply('GET', '/api/wallet/topups/:id', topUp({ id: 'new-1' }));
    const { user } = await fillAndReview('en', api);
    await user.click(await screen.findByRole('button', { name: 'Get payment instructions' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment instructions' })).toBeInTheDocument();
    expect(await screen.findByTestId('payment-code')).toHaveTextContent('01408123456789');
    const posts = api.callsTo('POST', WALLET_PATHS.topups);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ paymentChannel: 'BCA_VA', amount: '150000' });
    expect(api.callsTo('GET', '/api/wallet/topups/:id')[0]!.params.id).toBe('new-1');
  });

  it('shows the server’s refusal (3405) and keeps the review for another try with the same request id', async () => {
    const api = setup().replyError('POST', WALLET_PATHS.topups, { code: '3405', message: 'Jumlah top up melebihi batas' });
    const { user } = await fillAndReview('id', api);
    await user.click(await screen.findByRole('button', { name: 'Buat instruksi pembayaran' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Jumlah top up melebihi batas');
    await user.click(screen.getByRole('button', { name: 'Buat instruksi pembayaran' }));
    await waitFor(() => expect(api.callsTo('POST', WALLET_PATHS.topups)).toHaveLength(2));
    const [first, second] = api.callsTo('POST', WALLET_PATHS.topups);
    expect(second!.headers['x-request-id']).toBe(first!.headers['x-request-id']);
  });

  it('goes back to edit the amount', async () => {
    const { user } = await fillAndReview('en');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('textbox', { name: 'Top-up amount' })).toHaveValue('150,000');
  });

  it('explains a KYC refusal (007) with a link to verification', async () => {
    const api = setup().replyError('POST', WALLET_PATHS.topups, { code: '007', message: 'Identity verification (KYC) is incomplete', status: 403 });
    const { user } = await fillAndReview('en', api);
    await user.click(await screen.findByRole('button', { name: 'Get payment instructions' }));
    const notice = await screen.findByTestId('kyc-notice');
    expect(notice).toHaveTextContent('Identity verification (KYC) is incomplete');
    expect(within(notice).getByRole('link', { name: 'Complete verification' })).toHaveAttribute('href', '/account/identity-verification');
  });
});

describe('recent top-ups', () => {
  it('lists them with their status, linking to each', async () => {
    const api = setup().reply('GET', WALLET_PATHS.topups, {
      items: [topUp({ id: 'a', status: 'PAID', amount: '250000' }), topUp({ id: 'b', status: 'EXPIRED', channel: 'GOPAY' })],
    });
    render('id', api);
    const rows = await screen.findAllByTestId('recent-topup');
    expect(rows[0]).toHaveTextContent('BCA Virtual Account · Rp250.000');
    expect(rows[0]).toHaveTextContent('Berhasil');
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/balance/topup/a');
    expect(rows[1]).toHaveTextContent('GoPay');
    expect(rows[1]).toHaveTextContent('Kedaluwarsa');
  });

  it('says when there are none', async () => {
    render('en');
    expect(await screen.findByRole('heading', { name: 'No top-ups yet' })).toBeInTheDocument();
  });
});
