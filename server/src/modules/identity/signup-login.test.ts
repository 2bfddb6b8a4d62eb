import { ErrorEnvelope, IDENTITY_PATHS, REFRESH_COOKIE_NAME } from '@pasar/shared/contract';
import { freshPin, latestOtp, logInTestUser, randomTestIp, randomTestPhone, signUpTestUser } from '../../testing/auth-fixture';
import { createTestApp, type TestApp } from '../../testing/app-fixture';

describe('sign-up and login by phone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}, ip = randomTestIp()) =>
    t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });
  const errorOf = (body: string) => ErrorEnvelope.parse(JSON.parse(body));

  it('signs up through OTP and PIN, and the token opens authenticated routes', async () => {
    const user = await signUpTestUser(t.app, { name: 'Budi' });
    expect(user.phone).toMatch(/^\+628\d+$/);
    const devices = await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.devices, headers: user.headers });
    expect(devices.statusCode).toBe(200);
    expect(devices.json().data).toMatchObject({ page: 0, size: 10, total: 1 });
    expect(devices.json().data.items[0]).toMatchObject({ current: true, status: 'ACTIVE', blocked: false, deviceType: 'desktop', os: 'Linux' });
    await freshPin(t.app, user);
  });

  it('normalises 08…, 628… and +628… to one number', async () => {
    const phone = randomTestPhone();
    const national = phone.slice(3);
    for (const form of [`0${national}`, `62${national}`, phone, `+62 ${national.slice(0, 3)}-${national.slice(3)}`]) {
      const response = await post(IDENTITY_PATHS.validatePhone, { phone: form });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({ phone, registered: false });
    }
  });

  it('refuses to sign up a registered phone, and tells an unknown phone to sign up', async () => {
    const user = await signUpTestUser(t.app);
    const again = await post(IDENTITY_PATHS.signupPhone, { phone: user.phone }, { 'x-language-code': 'en' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again.body)).toMatchObject({ error_code: '2001', error_message: expect.stringContaining('log in') });
    const unknown = await post(IDENTITY_PATHS.loginPhone, { phone: randomTestPhone() });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown.body).error_code).toBe('2002');
  });

  it('logs in with OTP then PIN as a second device session', async () => {
    const user = await signUpTestUser(t.app);
    const second = await logInTestUser(t.app, user);
    expect(second.userId).toBe(user.userId);
    const devices = await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.devices, headers: second.headers });
    expect(devices.json().data.total).toBe(2);
  });

  it('a signup token is single use', async () => {
    const phone = randomTestPhone();
    const ip = randomTestIp();
    await post(IDENTITY_PATHS.signupPhone, { phone }, {}, ip);
    const otp = await latestOtp(t.app, phone);
    const verified = await post(IDENTITY_PATHS.signupVerifyOtp, { phone, otp }, {}, ip);
    const { signupToken } = verified.json().data;
    expect((await post(IDENTITY_PATHS.registerPin, { signupToken, pin: '135790' }, {}, ip)).statusCode).toBe(200);
    const replay = await post(IDENTITY_PATHS.registerPin, { signupToken, pin: '135790' }, {}, ip);
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay.body).error_code).toBe('009');
  });

  it('documents every identity call in the OpenAPI description', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths as Record<string, unknown>);
    const expected = Object.values(IDENTITY_PATHS);
    expect(expected.filter((p) => !paths.includes(p))).toEqual([]);
    expect(paths).toEqual(expect.arrayContaining(['/api/devices/{id}/logout', '/api/devices/{id}/unblock']));
  });

  it('sets the refresh cookie HttpOnly, SameSite=Strict, on /api/auth', async () => {
    const phone = randomTestPhone();
    await post(IDENTITY_PATHS.signupPhone, { phone });
    const verified = await post(IDENTITY_PATHS.signupVerifyOtp, { phone, otp: await latestOtp(t.app, phone) });
    const registered = await post(IDENTITY_PATHS.registerPin, { signupToken: verified.json().data.signupToken, pin: '135790' });
    const cookie = registered.cookies.find((c) => c.name === REFRESH_COOKIE_NAME);
    expect(cookie).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Strict' });
    expect(cookie?.secure).toBeFalsy();
  });
});
