import { ACCOUNT_PATHS, registerTranslations, setPromptHandler, type UserMe } from '@pasar/shared';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import { ACCOUNT_NAMESPACE, accountTranslations } from '../i18n';
import { ProfilePage } from './ProfilePage';

beforeAll(() => registerTranslations(ACCOUNT_NAMESPACE, accountTranslations));

let offPrompt: () => void = () => undefined;
afterEach(() => offPrompt());

const me = (over: Partial<UserMe> = {}): UserMe => ({
  id: 'u1',
  name: 'Siti Rahayu',
  phone: '+6281234567890',
  email: null,
  emailVerified: false,
  language: 'id',
  kycStatus: 'VERIFIED',
  gssKycStatus: 'NOT_SUBMITTED',
  bappebtiAcceptedAt: null,
  status: 'ACTIVE',
  createdAt: '2026-11-01T08:00:00.000Z',
  ...over,
});

const renderPage = (user: UserMe, language: 'id' | 'en' = 'id') => {
  const api = createTestApiClient().reply('GET', ACCOUNT_PATHS.me, user);
  return renderWithShell(<ProfilePage />, { route: '/account/profile', api, language });
};

describe('profile', () => {
  it('renders a name with markup as text, creating no element', async () => {
    // What survives the client's response sanitizer (event handlers are dropped there).
    const name = '<b>Siti</b><img src="x">';
    renderPage(me({ name }), 'id');
    expect(await screen.findByTestId('profile-name')).toHaveTextContent(name);
    expect(screen.getByTestId('profile-name').children).toHaveLength(0);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Nama' })).toHaveValue(name);
  });

  it.each([
    ['id', 'Belum diisi', 'Belum ada email'],
    ['en', 'Not set', 'No email yet'],
  ] as const)('says when the name and e-mail are not set (%s)', async (language, noName, noEmail) => {
    renderPage(me({ name: null }), language);
    expect(await screen.findByTestId('profile-name')).toHaveTextContent(noName);
    expect(screen.getByText(noEmail)).toBeInTheDocument();
  });

  it('refuses an empty name and sends nothing', async () => {
    const { user, api } = renderPage(me(), 'id');
    const input = await screen.findByRole('textbox', { name: 'Nama' });
    await user.clear(input);
    await user.type(input, '   ');
    await user.click(screen.getAllByRole('button', { name: 'Simpan' })[0]);
    expect(await screen.findByText('Nama tidak boleh kosong.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', ACCOUNT_PATHS.me)).toHaveLength(0);
  });

  it('saves a trimmed name with PATCH and shows the answer', async () => {
    const { user, api } = renderPage(me(), 'en');
    api.on('PATCH', ACCOUNT_PATHS.me, (request) => ({
      body: { status: 'success', data: me({ name: (request.body as { name: string }).name }) },
    }));
    const input = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(input);
    await user.type(input, '  Budi Santoso  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH', ACCOUNT_PATHS.me)).toHaveLength(1));
    expect(api.callsTo('PATCH', ACCOUNT_PATHS.me)[0].body).toEqual({ name: 'Budi Santoso' });
    await waitFor(() => expect(screen.getByTestId('profile-name')).toHaveTextContent('Budi Santoso'));
  });

  it.each([
    ['id', 'Email baru', 'Kirim kode', 'Masukkan alamat email yang valid.'],
    ['en', 'New email', 'Send code', 'Enter a valid email address.'],
  ] as const)('refuses an invalid e-mail before asking for a code (%s)', async (language, label, send, invalid) => {
    const { user, api } = renderPage(me(), language);
    await user.type(await screen.findByRole('textbox', { name: label }), 'siti@contoh');
    await user.click(screen.getAllByRole('button', { name: send })[0]);
    expect(await screen.findByText(invalid)).toBeInTheDocument();
    expect(api.callsTo('POST', ACCOUNT_PATHS.emailChangeOtp)).toHaveLength(0);
  });

  it('changes the e-mail: PIN prompt on 040, a code to the new address, then verify', async () => {
    const prompts: string[] = [];
    offPrompt = setPromptHandler(async (code) => {
      prompts.push(code);
      return true;
    });
    const { user, api } = renderPage(me(), 'en');
    let attempt = 0;
    api.on('POST', ACCOUNT_PATHS.emailChangeOtp, () =>
      ++attempt === 1
        ? { status: 400, body: { status: 'error', error_code: '040', error_message: 'PIN required' } }
        : { body: { status: 'success', data: { destination: 's***@contoh.id', channel: 'email', expiresInSeconds: 300, resendInSeconds: 60 } } },
    );
    api.reply('POST', ACCOUNT_PATHS.emailChangeVerify, me({ email: 'siti@contoh.id', emailVerified: true }));

    await user.type(await screen.findByRole('textbox', { name: 'New email' }), 'siti@contoh.id');
    await user.click(screen.getAllByRole('button', { name: 'Send code' })[0]);
    expect(await screen.findByText('A 6-digit code was sent to s***@contoh.id.')).toBeInTheDocument();
    expect(prompts).toEqual(['040']);
    const otpCalls = api.callsTo('POST', ACCOUNT_PATHS.emailChangeOtp);
    expect(otpCalls).toHaveLength(2);
    expect(otpCalls[1].body).toEqual({ email: 'siti@contoh.id' });

    api.reply('GET', ACCOUNT_PATHS.me, me({ email: 'siti@contoh.id', emailVerified: true }));
    await user.type(screen.getByPlaceholderText('••••••'), '123456');
    await waitFor(() => expect(api.callsTo('POST', ACCOUNT_PATHS.emailChangeVerify)).toHaveLength(1));
    expect(api.callsTo('POST', ACCOUNT_PATHS.emailChangeVerify)[0].body).toEqual({ otp: '123456' });
    expect(await screen.findByText('siti@contoh.id')).toBeInTheDocument();
  });

  it('sends a phone change in the normalised +62 form', async () => {
    const { user, api } = renderPage(me(), 'id');
    api.reply('POST', ACCOUNT_PATHS.phoneChangeOtp, { destination: '+62 812-****-999', channel: 'sms', expiresInSeconds: 300, resendInSeconds: 60 });
    await user.type(await screen.findByRole('textbox', { name: 'Nomor HP baru' }), '0812 3456 7999');
    const sends = screen.getAllByRole('button', { name: 'Kirim kode' });
    await user.click(sends[sends.length - 1]);
    await waitFor(() => expect(api.callsTo('POST', ACCOUNT_PATHS.phoneChangeOtp)).toHaveLength(1));
    expect(api.callsTo('POST', ACCOUNT_PATHS.phoneChangeOtp)[0].body).toEqual({ phone: '+6281234567999' });
  });
});
