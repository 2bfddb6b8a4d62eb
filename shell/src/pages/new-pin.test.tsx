// Choosing a PIN (sign-up, forgot PIN): a PIN that is easy to guess is refused by its field, in
// the page's language, before it is sent; a refusal of the server (the birth date it knows) takes
// the person back to the step where the PIN is chosen, with the message by the field.
import { configure, fireEvent, screen } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { api } from '@pasar/shared';
import { renderShell, resetPage, settle } from '../testing/shell-test-kit';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);

const sent: InternalAxiosRequestConfig[] = [];
const ok = (data: unknown) => ({ status: 200, body: { status: 'success', data } });
const answering =
  (routes: Record<string, { status: number; body: unknown }>): AxiosAdapter =>
  async (config) => {
    sent.push(config);
    const reply = routes[`${(config.method ?? 'get').toUpperCase()} ${config.url}`];
    if (!reply) return { status: 404, statusText: '', headers: {}, config, data: { status: 'error', error_code: '003' } };
    return { status: reply.status, statusText: '', headers: {}, config, data: reply.body };
  };

beforeEach(async () => {
  await resetPage();
  sent.length = 0;
  api.configure({ retries: 0, sleep: async () => undefined });
});

const typeInto = (label: string | RegExp, value: string) =>
  settle(async () => fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } }));

async function reachPinStep(path: string, phoneLabel: RegExp, otpLabel: string, pinLabel: string): Promise<void> {
  await renderShell(path);
  fireEvent.change(screen.getByRole('textbox', { name: phoneLabel }), { target: { value: '081234567890' } });
  await settle(async () => fireEvent.click(screen.getAllByRole('button', { name: /^(Continue|Lanjut)/ })[0]!));
  const otp = await screen.findByRole('textbox', { name: otpLabel });
  await settle(async () => fireEvent.change(otp, { target: { value: '123456' } }));
  await screen.findByLabelText(pinLabel, { selector: 'input' });
}

const signupRoutes = (register: { status: number; body: unknown }) =>
  answering({
    'POST /api/auth/validate-phone': ok({ phone: '+6281234567890', registered: false }),
    'POST /api/auth/signup/phone': ok({ phone: '+6281234567890', expiresInSeconds: 300, resendInSeconds: 60 }),
    'POST /api/auth/signup/verify-otp': ok({ signupToken: 'signup-token-0123456789abcdef' }),
    'POST /api/auth/register-pin': register,
  });

describe('choosing a PIN', () => {
  it.each([
    ['en', '/en/signup', /Phone number/, 'Verification code', 'Create a PIN', /This PIN is too easy to guess/],
    ['id', '/signup', /Nomor HP/, 'Kode verifikasi', 'Buat PIN', /PIN terlalu mudah ditebak/],
  ])('sign-up (%s) refuses a sequence and a repeat by the field, sending nothing', async (_language, path, phone, otp, pinLabel, message) => {
    api.configure({ adapter: signupRoutes(ok({})) });
    await reachPinStep(path, phone, otp, pinLabel);
    for (const weak of ['123456', '111111']) {
      await typeInto(pinLabel, weak);
      const field = screen.getByLabelText(pinLabel, { selector: 'input' });
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')).toHaveTextContent(message);
    }
    expect(sent.some((config) => config.url === '/api/auth/register-pin')).toBe(false);
  });

  it('a refusal of the server goes back to choosing the PIN, its message by the field', async () => {
    const message = 'This PIN is too easy to guess. Avoid sequences, repeated digits and your birth date';
    api.configure({ adapter: signupRoutes({ status: 400, body: { status: 'error', error_code: '2004', error_message: message, details: [{ path: 'pin', message }] } }) });
    await reachPinStep('/en/signup', /Phone number/, 'Verification code', 'Create a PIN');
    await typeInto('Create a PIN', '230490');
    await typeInto('Repeat your PIN', '230490');
    const field = await screen.findByLabelText('Create a PIN', { selector: 'input' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')).toHaveTextContent(message);
  });

  it('forgot PIN refuses a sequence before sending it', async () => {
    api.configure({
      adapter: answering({
        'POST /api/auth/validate-phone': ok({ phone: '+6281234567890', registered: true }),
        'POST /api/forgot-pin/send-otp': ok({ phone: '+6281234567890', expiresInSeconds: 300, resendInSeconds: 60 }),
        'POST /api/forgot-pin/verify-otp': ok({ resetToken: 'reset-token-0123456789abcdef' }),
        'POST /api/pin/reset': ok({}),
      }),
    });
    await reachPinStep('/en/login?forgot=pin', /Phone number/, 'Verification code', 'Create a new PIN');
    await typeInto('Create a new PIN', '654321');
    const field = screen.getByLabelText('Create a new PIN', { selector: 'input' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')).toHaveTextContent(/too easy to guess/);
    expect(screen.queryByLabelText('Repeat the new PIN', { selector: 'input' })).toBeNull();
    expect(sent.some((config) => config.url === '/api/pin/reset')).toBe(false);
  });
});
