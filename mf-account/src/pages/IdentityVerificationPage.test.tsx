import { ACCOUNT_PATHS, KYC_MAX_IMAGE_BYTES, KYC_MAX_VIDEO_BYTES, registerTranslations, type KycStatusResponse } from '@pasar/shared';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_NAMESPACE, accountTranslations } from '../i18n';
import { fileProblem, IdentityVerificationPage } from './IdentityVerificationPage';

beforeAll(() => registerTranslations(ACCOUNT_NAMESPACE, accountTranslations));
// Whole forms typed key by key on a busy two-core machine.
jest.setTimeout(30_000);

const kyc = (over: Partial<KycStatusResponse> = {}): KycStatusResponse => ({
  status: 'NOT_SUBMITTED',
  rejectionReason: null,
  submittedAt: null,
  reviewedAt: null,
  fullName: null,
  address: null,
  birthDate: null,
  gssKycStatus: 'NOT_SUBMITTED',
  gssRejectionReason: null,
  gssSubmittedAt: null,
  gssReviewedAt: null,
  ...over,
});

/** The first bytes of a real file of each type (the page reads them, as the server does). */
const MAGIC: Record<string, number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13],
  'video/mp4': [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d],
  'video/webm': [0x1a, 0x45, 0xdf, 0xa3],
};

/** A file of `size` bytes (without allocating them) whose content starts as its type's does. */
const fileOf = (name: string, type: string, size = 1024): File => {
  const file = new File([new Uint8Array(MAGIC[type] ?? [0x78])], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

const renderPage = (status: Partial<KycStatusResponse>, language: 'id' | 'en' = 'id') => {
  const api = createTestApiClient().reply('GET', ACCOUNT_PATHS.kyc, kyc(status));
  return renderWithShell(<IdentityVerificationPage />, { route: '/account/identity-verification', api, language });
};

const TEXT = {
  id: {
    nik: 'NIK',
    fullName: 'Nama lengkap sesuai KTP',
    birthPlace: 'Tempat lahir',
    birthDate: 'Tanggal lahir',
    address: 'Alamat',
    ktp: /^Foto KTP/,
    selfie: /^Selfie dengan KTP/,
    submit: 'Kirim verifikasi',
    nikInvalid: 'NIK harus tepat 16 angka.',
    nikDigits: 'NIK hanya berisi angka.',
    required: 'Wajib diisi.',
    nameInvalid: "Nama hanya boleh huruf, spasi dan . , ' -",
    notImage: 'Isi berkas ini bukan gambar JPEG atau PNG.',
    tooLarge: 'Berkas terlalu besar (maks. 5 MB).',
    wrongType: 'Berkas harus gambar JPEG atau PNG.',
    controlCharacters: 'Tidak boleh berisi karakter kontrol (karakter tak terlihat, sering ikut saat menempel teks)',
  },
  en: {
    nik: 'NIK',
    fullName: 'Full name as on the KTP',
    birthPlace: 'Place of birth',
    birthDate: 'Date of birth',
    address: 'Address',
    ktp: /^KTP photo/,
    selfie: /^Selfie with your KTP/,
    submit: 'Submit verification',
    nikInvalid: 'The NIK must be exactly 16 digits.',
    nikDigits: 'The NIK has digits only.',
    required: 'Required.',
    nameInvalid: "The name may contain only letters, spaces and . , ' -",
    notImage: 'This file is not a JPEG or PNG image.',
    tooLarge: 'The file is too large (up to 5 MB).',
    wrongType: 'The file must be a JPEG or PNG image.',
    controlCharacters: 'Must not contain control characters (invisible characters, often carried in with pasted text)',
  },
} as const;

describe('fileProblem', () => {
  it('takes JPEG/PNG up to the image limit for the KTP photo', () => {
    expect(fileProblem(fileOf('ktp.jpg', 'image/jpeg', KYC_MAX_IMAGE_BYTES), 'ktpPhoto')).toBeNull();
    expect(fileProblem(fileOf('ktp.jpg', 'image/jpeg', KYC_MAX_IMAGE_BYTES + 1), 'ktpPhoto')).toEqual({
      key: 'identity.fileTooLarge',
      values: { max: 5 },
    });
    expect(fileProblem(fileOf('ktp.pdf', 'application/pdf'), 'ktpPhoto')).toEqual({ key: 'identity.fileTypeImage' });
    expect(fileProblem(fileOf('ktp.mp4', 'video/mp4'), 'ktpPhoto')).toEqual({ key: 'identity.fileTypeImage' });
  });

  it('lets the selfie be a video up to the video limit', () => {
    expect(fileProblem(fileOf('me.mp4', 'video/mp4', KYC_MAX_VIDEO_BYTES), 'selfie')).toBeNull();
    expect(fileProblem(fileOf('me.webm', 'video/webm', KYC_MAX_VIDEO_BYTES + 1), 'selfie')).toEqual({
      key: 'identity.fileTooLarge',
      values: { max: 8 },
    });
    expect(fileProblem(fileOf('me.gif', 'image/gif'), 'selfie')).toEqual({ key: 'identity.fileTypeSelfie' });
  });
});

describe.each(['id', 'en'] as const)('identity verification form in %s', (language) => {
  const text = TEXT[language];

  const fillValid = async (user: ReturnType<typeof renderPage>['user']) => {
    await user.type(screen.getByRole('textbox', { name: text.nik }), '3171012345678901');
    await user.type(screen.getByRole('textbox', { name: text.fullName }), 'Siti Rahayu');
    await user.type(screen.getByRole('textbox', { name: text.birthPlace }), 'Jakarta');
    fireEvent.change(screen.getByLabelText(text.birthDate, { exact: false }), { target: { value: '1990-05-17' } });
    await user.type(screen.getByRole('textbox', { name: text.address }), 'Jl. Merdeka No. 1, Jakarta');
  };

  it('refuses a 15-digit NIK with the localized message and posts nothing', async () => {
    const { user, api } = renderPage({ status: 'NOT_SUBMITTED' }, language);
    await screen.findByRole('button', { name: text.submit });
    await fillValid(user);
    const nik = screen.getByRole('textbox', { name: text.nik });
    await user.clear(nik);
    await user.type(nik, '317101234567890');
    await user.upload(screen.getByLabelText(text.ktp), fileOf('ktp.jpg', 'image/jpeg'));
    await user.upload(screen.getByLabelText(text.selfie), fileOf('me.png', 'image/png'));
    await user.click(screen.getByRole('button', { name: text.submit }));

    expect(await screen.findByText(text.nikInvalid)).toBeInTheDocument();
    expect(nik).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', ACCOUNT_PATHS.kyc)).toHaveLength(0);
  });

  it('refuses a pasted ESC character in the place of birth with the localized message and posts nothing', async () => {
    const { user, api } = renderPage({ status: 'NOT_SUBMITTED' }, language);
    await screen.findByRole('button', { name: text.submit });
    await fillValid(user);
    const birthPlace = screen.getByRole('textbox', { name: text.birthPlace });
    await user.clear(birthPlace);
    await user.click(birthPlace);
    await user.paste('Jakarta\u001b[2J');
    expect(await screen.findByText(text.controlCharacters)).toBeInTheDocument();
    expect(birthPlace).toHaveAttribute('aria-invalid', 'true');
    await user.upload(screen.getByLabelText(text.ktp), fileOf('ktp.jpg', 'image/jpeg'));
    await user.upload(screen.getByLabelText(text.selfie), fileOf('me.png', 'image/png'));
    await user.click(screen.getByRole('button', { name: text.submit }));
    expect(screen.getByText(text.controlCharacters)).toBeInTheDocument();
    expect(api.callsTo('POST', ACCOUNT_PATHS.kyc)).toHaveLength(0);
  });

  it('refuses a KTP photo over the size limit before any upload', async () => {
    const { user, api } = renderPage({ status: 'NOT_SUBMITTED' }, language);
    const input = await screen.findByLabelText(text.ktp);
    await user.upload(input, fileOf('ktp.jpg', 'image/jpeg', KYC_MAX_IMAGE_BYTES + 1));
    expect(await screen.findByText(text.tooLarge)).toBeInTheDocument();
    expect((input as HTMLInputElement).value).toBe('');
    expect(api.callsTo('POST', ACCOUNT_PATHS.kyc)).toHaveLength(0);
  });

  it('refuses a KTP photo of the wrong type', async () => {
    renderPage({ status: 'NOT_SUBMITTED' }, language);
    const input = await screen.findByLabelText(text.ktp);
    // The accept attribute only filters the picker; a dropped or forced file must still be refused.
    fireEvent.change(input, { target: { files: [fileOf('ktp.pdf', 'application/pdf')] } });
    expect(await screen.findByText(text.wrongType)).toBeInTheDocument();
  });

  it('posts the fields and both files as multipart when everything is valid', async () => {
    const { user, api } = renderPage({ status: 'NOT_SUBMITTED' }, language);
    api.reply('POST', ACCOUNT_PATHS.kyc, kyc({ status: 'PENDING' }));
    await screen.findByRole('button', { name: text.submit });
    await fillValid(user);
    const ktp = fileOf('ktp.jpg', 'image/jpeg');
    const selfie = fileOf('me.mp4', 'video/mp4', 6 * 1024 * 1024);
    await user.upload(screen.getByLabelText(text.ktp), ktp);
    await user.upload(screen.getByLabelText(text.selfie), selfie);
    // After the post the page asks for the status again: under review now.
    api.reply('GET', ACCOUNT_PATHS.kyc, kyc({ status: 'PENDING' }));
    await user.click(screen.getByRole('button', { name: text.submit }));

    await waitFor(() => expect(api.callsTo('POST', ACCOUNT_PATHS.kyc)).toHaveLength(1));
    const [call] = api.callsTo('POST', ACCOUNT_PATHS.kyc);
    expect(call.body).toBeInstanceOf(FormData);
    const form = call.body as FormData;
    expect(form.get('nik')).toBe('3171012345678901');
    expect(form.get('fullName')).toBe('Siti Rahayu');
    expect(form.get('birthPlace')).toBe('Jakarta');
    expect(form.get('birthDate')).toBe('1990-05-17');
    expect(form.get('address')).toBe('Jl. Merdeka No. 1, Jakarta');
    expect((form.get('ktpPhoto') as File).name).toBe('ktp.jpg');
    expect((form.get('selfie') as File).name).toBe('me.mp4');
    expect(call.headers['content-type'] ?? '').not.toContain('application/json');

    expect(await screen.findByTestId('kyc-status')).toHaveTextContent(language === 'id' ? 'Sedang ditinjau' : 'Under review');
    expect(screen.queryByRole('button', { name: text.submit })).not.toBeInTheDocument();
  });

  it('asks for both files', async () => {
    const { user, api } = renderPage({ status: 'NOT_SUBMITTED' }, language);
    await screen.findByRole('button', { name: text.submit });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: text.submit }));
    expect(await screen.findAllByText(language === 'id' ? 'Pilih berkas.' : 'Choose a file.')).toHaveLength(2);
    expect(api.callsTo('POST', ACCOUNT_PATHS.kyc)).toHaveLength(0);
  });

  const describedBy = (control: HTMLElement) =>
    (control.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');

  it('an empty submit says "required" by every field, not "only letters"', async () => {
    const { user, api } = renderPage({ status: 'NOT_SUBMITTED' }, language);
    await user.click(await screen.findByRole('button', { name: text.submit }));
    for (const name of [text.nik, text.fullName, text.birthPlace, text.address]) {
      const field = screen.getByRole('textbox', { name });
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(describedBy(field)).toContain(text.required);
    }
    expect(describedBy(screen.getByLabelText(text.birthDate, { exact: false }))).toContain(text.required);
    expect(screen.queryByText(text.nameInvalid)).not.toBeInTheDocument();
    expect(api.callsTo('POST', ACCOUNT_PATHS.kyc)).toHaveLength(0);
  });

  it('checks each field as it is typed, by the field: letters in the NIK, a digit in the name', async () => {
    const { user } = renderPage({ status: 'NOT_SUBMITTED' }, language);
    const nik = await screen.findByRole('textbox', { name: text.nik });
    await user.type(nik, '3171ab');
    expect(nik).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(nik)).toContain(text.nikDigits);
    await user.clear(nik);
    await user.type(nik, '3171012345678901');
    expect(nik).not.toHaveAttribute('aria-invalid');
    const name = screen.getByRole('textbox', { name: text.fullName });
    await user.type(name, 'Siti 2');
    expect(describedBy(name)).toContain(text.nameInvalid);
    await user.type(name, '{Backspace}{Backspace}');
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a file that is not an image when it is chosen (its first bytes), by the field, without a preview', async () => {
    const { user, api } = renderPage({ status: 'NOT_SUBMITTED' }, language);
    const input = await screen.findByLabelText(text.ktp);
    // A text file named like a photo: the browser declares image/jpeg from the name.
    const fake = new File(['this is not a photo'], 'ktp.jpg', { type: 'image/jpeg' });
    await user.upload(input, fake);
    await waitFor(() => expect(describedBy(input)).toContain(text.notImage));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect((input as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(api.callsTo('POST', ACCOUNT_PATHS.kyc)).toHaveLength(0);
  });

  it("puts the server's refusal of a file by that file's field", async () => {
    const { user, api } = renderPage({ status: 'NOT_SUBMITTED' }, language);
    api.on('POST', ACCOUNT_PATHS.kyc, () => ({
      status: 400,
      body: { status: 'error', error_code: '2203', error_message: 'Jenis file tidak didukung', details: [{ path: 'selfie', message: 'unsupported file type' }] },
    }));
    await screen.findByRole('button', { name: text.submit });
    await fillValid(user);
    await user.upload(screen.getByLabelText(text.ktp), fileOf('ktp.jpg', 'image/jpeg'));
    await user.upload(screen.getByLabelText(text.selfie), fileOf('me.png', 'image/png'));
    await user.click(screen.getByRole('button', { name: text.submit }));
    const selfie = screen.getByLabelText(text.selfie);
    await waitFor(() => expect(describedBy(selfie)).toContain('Jenis file tidak didukung'));
    expect(screen.queryByText('Jenis file tidak didukung', { selector: '[role="alert"]' })).not.toBeInTheDocument();
  });

  it('shows the server refusal in the form', async () => {
    const { user, api } = renderPage({ status: 'NOT_SUBMITTED' }, language);
    api.replyError('POST', ACCOUNT_PATHS.kyc, { code: '002', message: 'NIK sudah terdaftar' });
    await screen.findByRole('button', { name: text.submit });
    await fillValid(user);
    await user.upload(screen.getByLabelText(text.ktp), fileOf('ktp.jpg', 'image/jpeg'));
    await user.upload(screen.getByLabelText(text.selfie), fileOf('me.png', 'image/png'));
    await user.click(screen.getByRole('button', { name: text.submit }));
    expect(await screen.findByText('NIK sudah terdaftar', { selector: '[role="alert"]' })).toBeInTheDocument();
  });
});

describe('identity verification status', () => {
  it.each([
    ['NOT_SUBMITTED', 'Belum dikirim', 'Not submitted', true],
    ['PENDING', 'Sedang ditinjau', 'Under review', false],
    ['VERIFIED', 'Terverifikasi', 'Verified', false],
    ['REJECTED', 'Ditolak', 'Rejected', true],
  ] as const)('%s shows its badge in both languages, the form only when it can be sent', async (status, idText, enText, form) => {
    const { unmount } = renderPage({ status }, 'id');
    expect(await screen.findByTestId('kyc-status')).toHaveTextContent(idText);
    expect(screen.queryByRole('button', { name: 'Kirim verifikasi' }) !== null).toBe(form);
    unmount();
    renderPage({ status }, 'en');
    expect(await screen.findByTestId('kyc-status')).toHaveTextContent(enText);
    expect(screen.queryByRole('button', { name: 'Submit verification' }) !== null).toBe(form);
  });

  it('shows the rejection reason', async () => {
    renderPage({ status: 'REJECTED', rejectionReason: 'Foto KTP buram' }, 'id');
    expect(await screen.findByRole('note')).toHaveTextContent('Alasan: Foto KTP buram');
  });

  it.each(['NOT_SUBMITTED', 'PENDING', 'REJECTED'] as const)('%s offers no US-stock declaration', async (status) => {
    renderPage({ status }, 'en');
    await screen.findByTestId('kyc-status');
    expect(screen.queryByTestId('gss-status')).not.toBeInTheDocument();
    expect(screen.queryByText('US stocks (W-8BEN form)')).not.toBeInTheDocument();
  });

  it('offers the US-stock declaration after VERIFIED and posts it', async () => {
    const { user, api } = renderPage({ status: 'VERIFIED', fullName: 'Siti Rahayu' }, 'en');
    api.reply('POST', ACCOUNT_PATHS.kycGss, kyc({ status: 'VERIFIED', gssKycStatus: 'PENDING' }));
    const submit = await screen.findByRole('button', { name: 'Submit declaration' });
    expect(screen.getByTestId('gss-status')).toHaveTextContent('Not submitted');
    expect(screen.getByRole('textbox', { name: 'Full legal name' })).toHaveValue('Siti Rahayu');

    await user.type(screen.getByRole('textbox', { name: 'Permanent address' }), 'Jl. Merdeka No. 1, Jakarta');
    fireEvent.change(screen.getByLabelText('Date of birth', { exact: false }), { target: { value: '1990-05-17' } });
    await user.type(screen.getByRole('textbox', { name: 'Electronic signature' }), 'Siti Rahayu');
    // Not certified yet: refused, nothing sent.
    await user.click(submit);
    expect(await screen.findByText('Tick the not-a-US-person declaration.', { selector: '[role="alert"]' })).toBeInTheDocument();
    expect(api.callsTo('POST', ACCOUNT_PATHS.kycGss)).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: /not a citizen or resident of the United States/ }));
    api.reply('GET', ACCOUNT_PATHS.kyc, kyc({ status: 'VERIFIED', gssKycStatus: 'PENDING' }));
    await user.click(submit);
    await waitFor(() => expect(api.callsTo('POST', ACCOUNT_PATHS.kycGss)).toHaveLength(1));
    expect(api.callsTo('POST', ACCOUNT_PATHS.kycGss)[0].body).toEqual({
      declaration: expect.objectContaining({
        fullLegalName: 'Siti Rahayu',
        countryOfCitizenship: 'ID',
        permanentAddress: 'Jl. Merdeka No. 1, Jakarta',
        dateOfBirth: '1990-05-17',
        notUsPerson: true,
        treatyCountry: 'ID',
        signature: 'Siti Rahayu',
      }),
    });
    expect(await screen.findByTestId('gss-status')).toHaveTextContent('Under review');
  });

  it('prefills the declaration with the name, address and birth date of the approved identity', async () => {
    renderPage({ status: 'VERIFIED', fullName: 'Siti Rahayu', address: 'Jl. Merdeka No. 1, Jakarta', birthDate: '1990-05-17' }, 'en');
    await screen.findByRole('button', { name: 'Submit declaration' });
    expect(screen.getByRole('textbox', { name: 'Full legal name' })).toHaveValue('Siti Rahayu');
    expect(screen.getByRole('textbox', { name: 'Permanent address' })).toHaveValue('Jl. Merdeka No. 1, Jakarta');
    expect(screen.getByLabelText('Date of birth', { exact: false })).toHaveValue('1990-05-17');
  });

  it('refuses a signature that is not the legal name', async () => {
    const { user, api } = renderPage({ status: 'VERIFIED', fullName: 'Siti Rahayu' }, 'id');
    const card = (await screen.findByTestId('gss-status')).closest('section') ?? document.body;
    await user.click(within(card as HTMLElement).getByRole('checkbox'));
    await user.type(screen.getByRole('textbox', { name: 'Tanda tangan elektronik' }), 'Budi');
    await user.click(screen.getByRole('button', { name: 'Kirim pernyataan' }));
    expect(await screen.findByText('Tanda tangan harus sama dengan nama lengkap.', { selector: '[role="alert"]' })).toBeInTheDocument();
    expect(api.callsTo('POST', ACCOUNT_PATHS.kycGss)).toHaveLength(0);
  });
});
