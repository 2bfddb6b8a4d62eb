import { ACCOUNT_PATHS, MAX_BANK_ACCOUNTS, registerTranslations, setPromptHandler, type BankAccount } from '@pasar/shared';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_NAMESPACE, accountTranslations } from '../i18n';
import { BankAccountPage } from './BankAccountPage';

beforeAll(() => registerTranslations(ACCOUNT_NAMESPACE, accountTranslations));

let offPrompt: () => void = () => undefined;
afterEach(() => offPrompt());

const account = (over: Partial<BankAccount>): BankAccount => ({
  id: 'b1',
  bankCode: '014',
  bankName: 'BCA',
  accountNumber: '1234567890',
  holderName: 'Siti Rahayu',
  primary: false,
  createdAt: '2026-11-01T08:00:00.000Z',
  ...over,
});

const BCA = account({ id: 'b1' });
const MANDIRI = account({ id: 'b2', bankCode: '008', bankName: 'Bank Mandiri', accountNumber: '9876543210', primary: true });
const BANKS = [
  { code: '014', name: 'BCA' },
  { code: '008', name: 'Bank Mandiri' },
];

const renderPage = (accounts: BankAccount[], language: 'id' | 'en' = 'id') => {
  const api = createTestApiClient().reply('GET', ACCOUNT_PATHS.bankAccounts, accounts).reply('GET', ACCOUNT_PATHS.banks, BANKS);
  return renderWithShell(<BankAccountPage />, { route: '/account/bankAccount', api, language });
};

const rows = () => screen.getAllByRole('listitem');

describe('bank accounts list', () => {
  it('shows the primary account first with its badge, the others with a make-primary button', async () => {
    renderPage([BCA, MANDIRI], 'en');
    await screen.findByText('Bank Mandiri · 9876543210');
    const [first, second] = rows();
    expect(first).toHaveTextContent('Bank Mandiri · 9876543210');
    expect(within(first).getByText('Primary')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Make primary' })).not.toBeInTheDocument();
    expect(second).toHaveTextContent('BCA · 1234567890');
    expect(within(second).queryByText('Primary')).not.toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Make primary' })).toBeInTheDocument();
  });

  it.each([
    ['id', 'Belum ada rekening bank', 'Tambah rekening'],
    ['en', 'No bank account yet', 'Add account'],
  ] as const)('shows the empty state in %s', async (language, empty, add) => {
    renderPage([], language);
    expect(await screen.findByText(empty)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: add })).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('offers no add button at the maximum', async () => {
    const full = Array.from({ length: MAX_BANK_ACCOUNTS }, (_, i) => account({ id: `b${i}`, accountNumber: `12345678${i}`, primary: i === 0 }));
    renderPage(full, 'en');
    expect(await screen.findByText(`At most ${MAX_BANK_ACCOUNTS} accounts.`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add account' })).not.toBeInTheDocument();
  });

  it('makes another account primary and reloads', async () => {
    const { user, api } = renderPage([BCA, MANDIRI], 'en');
    api.reply('POST', '/api/bank-accounts/:id/primary', {});
    const button = await screen.findByRole('button', { name: 'Make primary' });
    api.reply('GET', ACCOUNT_PATHS.bankAccounts, [{ ...BCA, primary: true }, { ...MANDIRI, primary: false }]);
    await user.click(button);
    await waitFor(() => expect(api.callsTo('POST', '/api/bank-accounts/:id/primary')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/bank-accounts/:id/primary')[0].params.id).toBe('b1');
    await waitFor(() => expect(rows()[0]).toHaveTextContent('BCA · 1234567890'));
  });
});

describe('removing a bank account', () => {
  it('asks first and calls DELETE only after confirming', async () => {
    const { user, api } = renderPage([BCA, MANDIRI], 'id');
    api.reply('DELETE', '/api/bank-accounts/:id', {});
    await user.click(await screen.findByRole('button', { name: 'Hapus BCA 1234567890' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Hapus rekening ini?' });
    expect(dialog).toHaveTextContent('BCA 1234567890 tidak bisa lagi dipakai untuk penarikan.');
    expect(api.callsTo('DELETE', '/api/bank-accounts/:id')).toHaveLength(0);

    api.reply('GET', ACCOUNT_PATHS.bankAccounts, [MANDIRI]);
    await user.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/bank-accounts/:id')).toHaveLength(1));
    expect(api.callsTo('DELETE', '/api/bank-accounts/:id')[0].params.id).toBe('b1');
    await waitFor(() => expect(screen.queryByText('BCA · 1234567890')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('does nothing when cancelled', async () => {
    const { user, api } = renderPage([BCA, MANDIRI], 'en');
    await user.click(await screen.findByRole('button', { name: 'Remove BCA 1234567890' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/bank-accounts/:id')).toHaveLength(0);
    expect(screen.getByText('BCA · 1234567890')).toBeInTheDocument();
  });
});

describe.each([
  {
    language: 'id' as const,
    add: 'Tambah rekening',
    bank: 'Bank',
    number: 'Nomor rekening',
    holder: 'Nama pemilik rekening',
    save: 'Simpan rekening',
    bankRequired: 'Pilih bank.',
    numberInvalid: 'Nomor rekening harus 6–20 angka.',
    holderRequired: 'Isi nama pemilik rekening.',
  },
  {
    language: 'en' as const,
    add: 'Add account',
    bank: 'Bank',
    number: 'Account number',
    holder: 'Account holder name',
    save: 'Save account',
    bankRequired: 'Choose a bank.',
    numberInvalid: 'The account number must be 6–20 digits.',
    holderRequired: 'Enter the account holder’s name.',
  },
])('adding a bank account in $language', (text) => {
  const openForm = async (accounts: BankAccount[] = []) => {
    const rendered = renderPage(accounts, text.language);
    await rendered.user.click(await screen.findByRole('button', { name: text.add }));
    await screen.findByRole('combobox', { name: text.bank });
    return rendered;
  };

  it('refuses an empty form with a message per field and posts nothing', async () => {
    const { user, api } = await openForm();
    await user.click(screen.getByRole('button', { name: text.save }));
    expect(await screen.findByText(text.bankRequired)).toBeInTheDocument();
    expect(screen.getByText(text.numberInvalid)).toBeInTheDocument();
    expect(screen.getByText(text.holderRequired)).toBeInTheDocument();
    expect(api.callsTo('POST', ACCOUNT_PATHS.bankAccounts)).toHaveLength(0);
  });

  it.each(['12345', '123456789012345678901', '12345a78'])('refuses the account number %s', async (number) => {
    const { user, api } = await openForm();
    await user.selectOptions(screen.getByRole('combobox', { name: text.bank }), '014');
    await user.type(screen.getByRole('textbox', { name: text.number }), number);
    await user.type(screen.getByRole('textbox', { name: text.holder }), 'Siti Rahayu');
    await user.click(screen.getByRole('button', { name: text.save }));
    expect(await screen.findByText(text.numberInvalid)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: text.number })).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', ACCOUNT_PATHS.bankAccounts)).toHaveLength(0);
  });

  it('posts a valid account (6 digits, spaces and dashes dropped) and lists it', async () => {
    const { user, api } = await openForm();
    api.reply('POST', ACCOUNT_PATHS.bankAccounts, account({ id: 'new', accountNumber: '123456', primary: true }));
    await user.selectOptions(screen.getByRole('combobox', { name: text.bank }), '014');
    await user.type(screen.getByRole('textbox', { name: text.number }), '123-456');
    await user.type(screen.getByRole('textbox', { name: text.holder }), '  Siti Rahayu ');
    api.reply('GET', ACCOUNT_PATHS.bankAccounts, [account({ id: 'new', accountNumber: '123456', primary: true })]);
    await user.click(screen.getByRole('button', { name: text.save }));

    await waitFor(() => expect(api.callsTo('POST', ACCOUNT_PATHS.bankAccounts)).toHaveLength(1));
    expect(api.callsTo('POST', ACCOUNT_PATHS.bankAccounts)[0].body).toEqual({
      bankCode: '014',
      accountNumber: '123456',
      holderName: 'Siti Rahayu',
    });
    expect(await screen.findByText('BCA · 123456')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.save })).not.toBeInTheDocument();
  });
});

describe('the PIN (040) path', () => {
  const fillAndSave = async () => {
    const rendered = renderPage([], 'en');
    const { user } = rendered;
    await user.click(await screen.findByRole('button', { name: 'Add account' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Bank' }), '008');
    await user.type(screen.getByRole('textbox', { name: 'Account number' }), '9876543210');
    await user.type(screen.getByRole('textbox', { name: 'Account holder name' }), 'Siti Rahayu');
    return rendered;
  };

  it('asks for the PIN on 040, then sends the same call again', async () => {
    const prompts: string[] = [];
    offPrompt = setPromptHandler(async (code) => {
      prompts.push(code);
      return true;
    });
    const { user, api } = await fillAndSave();
    let attempt = 0;
    api.on('POST', ACCOUNT_PATHS.bankAccounts, () =>
      ++attempt === 1
        ? { status: 400, body: { status: 'error', error_code: '040', error_message: 'PIN diperlukan' } }
        : { body: { status: 'success', data: MANDIRI } },
    );
    api.reply('GET', ACCOUNT_PATHS.bankAccounts, [MANDIRI]);
    await user.click(screen.getByRole('button', { name: 'Save account' }));

    expect(await screen.findByText('Bank Mandiri · 9876543210')).toBeInTheDocument();
    expect(prompts).toEqual(['040']);
    const posts = api.callsTo('POST', ACCOUNT_PATHS.bankAccounts);
    expect(posts).toHaveLength(2);
    expect(posts[1].body).toEqual(posts[0].body);
  });

  it('shows the refusal in the form when the PIN prompt is cancelled', async () => {
    offPrompt = setPromptHandler(async () => false);
    const { user, api } = await fillAndSave();
    api.replyError('POST', ACCOUNT_PATHS.bankAccounts, { code: '040', message: 'Please enter your PIN first' });
    await user.click(screen.getByRole('button', { name: 'Save account' }));
    expect(await screen.findByText('Please enter your PIN first', { selector: '[role="alert"]' })).toBeInTheDocument();
    expect(api.callsTo('POST', ACCOUNT_PATHS.bankAccounts)).toHaveLength(1);
    // The form stays, filled in, for another try.
    expect(screen.getByRole('textbox', { name: 'Account number' })).toHaveValue('9876543210');
  });

  it('is usable from the keyboard: the add button, the form fields in order', async () => {
    const { user } = renderPage([], 'id');
    const add = await screen.findByRole('button', { name: 'Tambah rekening' });
    await user.tab(); // the back link
    await user.tab();
    expect(add).toHaveFocus();
    await user.keyboard('{Enter}');
    const bank = await screen.findByRole('combobox', { name: 'Bank' });
    bank.focus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Nomor rekening' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Nama pemilik rekening' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Simpan rekening' })).toHaveFocus();
  });
});
