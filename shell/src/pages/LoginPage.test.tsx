import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { api, appStore } from '@pasar/shared';
import { renderShell, resetPage, settle } from '../testing/shell-test-kit';

// Each test walks a whole flow; a busy machine (two cores, a browser suite beside) needs the room.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);

const sent: InternalAxiosRequestConfig[] = [];

/** Answers by `METHOD path`; anything else 404. */
const answering =
  (routes: Record<string, { status?: number; body: unknown; headers?: Record<string, string> }>): AxiosAdapter =>
  async (config) => {
    sent.push(config);
    const reply = routes[`${(config.method ?? 'get').toUpperCase()} ${config.url}`];
    if (!reply) return { status: 404, statusText: '', headers: {}, config, data: { status: 'error', error_code: '003' } };
    return { status: reply.status ?? 200, statusText: '', headers: reply.headers ?? {}, config, data: reply.body };
  };

const ok = (data: unknown) => ({ body: { status: 'success', data } });

beforeEach(async () => {
  await resetPage();
  sent.length = 0;
  api.configure({ retries: 0, sleep: async () => undefined });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

const phoneField = () => screen.getByRole('textbox', { name: /Phone number/ });
const submit = () => settle(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })));

describe('login: phone step', () => {
  it('refuses a number that is not Indonesian, in the reader’s language, and sends nothing', async () => {
    api.configure({ adapter: answering({}) });
    await renderShell('/en/login');
    fireEvent.change(phoneField(), { target: { value: '+1 415 555 0100' } });
    await submit();
    expect(await screen.findByText(/Enter an Indonesian mobile number/)).toBeInTheDocument();
    expect(phoneField()).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(phoneField(), { target: { value: '' } });
    await submit();
    expect(await screen.findByText('Enter your phone number.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('says when the number has no account, with a way to sign up', async () => {
    api.configure({ adapter: answering({ 'POST /api/auth/validate-phone': ok({ phone: '+6281234567890', registered: false }) }) });
    await renderShell('/en/login');
    fireEvent.change(phoneField(), { target: { value: '0812-3456-7890' } });
    await submit();
    expect(await screen.findByText('This number is not registered with Pasar.')).toBeInTheDocument();
    expect(JSON.parse(String(sent[0].data))).toEqual({ phone: '+6281234567890' });
    expect(screen.getAllByRole('link', { name: 'Sign up' }).length).toBeGreaterThan(0);
  });

  it('shows the wait of a rate limit', async () => {
    api.configure({
      adapter: answering({
        'POST /api/auth/validate-phone': ok({ phone: '+6281234567890', registered: true }),
        'POST /api/auth/login/phone': {
          status: 429,
          headers: { 'retry-after': '125' },
          body: { status: 'error', error_code: '1143', error_message: 'Too many OTP requests. Try again later' },
        },
      }),
    });
    await renderShell('/en/login');
    fireEvent.change(phoneField(), { target: { value: '081234567890' } });
    await submit();
    expect(await screen.findByText('Too many OTP requests. Try again later Try again in 3 min.')).toBeInTheDocument();
  });

  it('goes through code and PIN to a session, warning on the PIN ladder', async () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSIsImV4cCI6NDEwMjQ0NDgwMH0.sig';
    let pinTries = 0;
    const routes = answering({
      'POST /api/auth/validate-phone': ok({ phone: '+6281234567890', registered: true }),
      'POST /api/auth/login/phone': ok({ phone: '+6281234567890', expiresInSeconds: 300, resendInSeconds: 60 }),
      'POST /api/auth/login/verify-otp': ok({ loginToken: 'login-token-0123456789abcdef' }),
    });
    api.configure({
      adapter: async (config) => {
        if (config.url === '/api/auth/login/verify-pin') {
          sent.push(config);
          pinTries += 1;
          const body =
            pinTries === 1
              ? { status: 'error', error_code: '1114', error_message: 'x' }
              : {
                  status: 'success',
                  data: { accessToken: token, expiresInSeconds: 900, user: { id: 'u1', phone: '+6281234567890', name: 'Budi', kycStatus: 'VERIFIED', gssKycStatus: 'VERIFIED' } },
                };
          return { status: pinTries === 1 ? 400 : 200, statusText: '', headers: {}, config, data: body };
        }
        return routes(config);
      },
    });
    await renderShell('/en/login');
    fireEvent.change(phoneField(), { target: { value: '081234567890' } });
    await submit();
    const otp = await screen.findByRole('textbox', { name: 'Verification code' });
    await settle(async () => fireEvent.change(otp, { target: { value: '123456' } }));
    const pin = await screen.findByLabelText('Enter your PIN', { selector: 'input' });
    await settle(async () => fireEvent.change(pin, { target: { value: '111111' } }));
    expect(await screen.findByText(/One or two more wrong tries will block your PIN/)).toBeInTheDocument();
    await settle(async () => fireEvent.change(screen.getByLabelText('Enter your PIN', { selector: 'input' }), { target: { value: '135792' } }));
    await waitFor(() => expect(appStore.getState().auth.accessToken).toBe(token));
    await waitFor(() => expect(window.location.pathname).toBe('/en/trade'));
  });
});
