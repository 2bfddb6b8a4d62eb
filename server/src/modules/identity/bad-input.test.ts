// Malformed phone, 5-digit OTP, letters in a PIN: 002 with a localized message, nothing changes.
import { ErrorEnvelope, IDENTITY_PATHS } from '@pasar/shared/contract';
import { sql } from 'drizzle-orm';
import { latestOtp, randomTestIp, randomTestPhone, signUpTestUser } from '../../testing/auth-fixture';
import { createTestApp, type TestApp } from '../../testing/app-fixture';

describe('bad input to the identity routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, language = 'en', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: randomTestIp(), headers: { 'x-language-code': language, ...headers } });
  const counts = async () => {
    const one = async (table: string) =>
      Number(((await t.app.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))).rows[0] as { n: number }).n);
    return {
      users: await one('users'),
      otps: await one('otp_challenges'),
      inbox: await one('dev_inbox_messages'),
      sessions: await one('device_sessions'),
      steps: await one('auth_step_tokens'),
    };
  };

  it.each([
    ['12345', 'too short, no prefix'],
    ['+6571234567', 'not Indonesian'],
    ['0812', 'too short'],
    ['08123456789012345', 'too long'],
    ['0212345678', 'a landline'],
    ['08abc4567890', 'letters'],
    ['<b>0812345678</b>', 'markup'],
  ])('refuses the phone %s (%s) with 002 and sends nothing', async (phone) => {
    const before = await counts();
    for (const url of [IDENTITY_PATHS.signupPhone, IDENTITY_PATHS.loginPhone, IDENTITY_PATHS.validatePhone, IDENTITY_PATHS.forgotPinSendOtp]) {
      const response = await post(url, { phone });
      expect(response.statusCode).toBe(400);
      const body = ErrorEnvelope.parse(response.json());
      expect(body.error_code).toBe('002');
      expect(body.details).toEqual([{ path: 'phone', message: expect.stringContaining('Indonesian mobile number') }]);
    }
    expect(await counts()).toEqual(before);
  });

  it('explains the phone rule in Indonesian by default', async () => {
    const response = await post(IDENTITY_PATHS.signupPhone, { phone: '12345' }, 'id');
    expect(ErrorEnvelope.parse(response.json()).details?.[0].message).toContain('Nomor HP harus nomor Indonesia');
  });

  it('refuses a 5-digit OTP with 002 and keeps the challenge usable', async () => {
    const phone = randomTestPhone();
    await post(IDENTITY_PATHS.signupPhone, { phone });
    const otp = await latestOtp(t.app, phone);
    const before = await counts();
    for (const bad of [otp.slice(0, 5), `${otp}1`, 'abcdef', '12 456']) {
      const response = await post(IDENTITY_PATHS.signupVerifyOtp, { phone, otp: bad }, 'id');
      expect(response.statusCode).toBe(400);
      const body = ErrorEnvelope.parse(response.json());
      expect(body.error_code).toBe('002');
      expect(body.details).toEqual([{ path: 'otp', message: 'Kode OTP harus 6 angka' }]);
    }
    expect(await counts()).toEqual(before);
    // The malformed tries did not count against the code: the right one still works.
    expect((await post(IDENTITY_PATHS.signupVerifyOtp, { phone, otp })).statusCode).toBe(200);
  });

  it('refuses letters in a PIN with 002 and creates no user', async () => {
    const phone = randomTestPhone();
    await post(IDENTITY_PATHS.signupPhone, { phone });
    const verified = await post(IDENTITY_PATHS.signupVerifyOtp, { phone, otp: await latestOtp(t.app, phone) });
    const { signupToken } = verified.json().data;
    const before = await counts();
    for (const pin of ['12a456', 'abcdef', '12345', '1234567', '١٢٣٤٥٦']) {
      const response = await post(IDENTITY_PATHS.registerPin, { signupToken, pin });
      expect(response.statusCode).toBe(400);
      expect(ErrorEnvelope.parse(response.json())).toMatchObject({ error_code: '002', details: [{ path: 'pin', message: 'The PIN must be 6 digits' }] });
    }
    expect(await counts()).toEqual(before);
    // The sign-up token was not spent by the refusals.
    expect((await post(IDENTITY_PATHS.registerPin, { signupToken, pin: '102938' })).statusCode).toBe(200);
  });

  it('refuses letters in a new PIN and keeps the old one', async () => {
    const user = await signUpTestUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: IDENTITY_PATHS.pinUpdate,
      headers: user.headers,
      payload: { oldPin: user.pin, newPin: '12345a' },
    });
    expect(response.statusCode).toBe(400);
    expect(ErrorEnvelope.parse(response.json()).error_code).toBe('002');
    const verify = await t.app.inject({ method: 'POST', url: IDENTITY_PATHS.pinVerify, headers: user.headers, payload: { pin: user.pin } });
    expect(verify.statusCode).toBe(200);
  });

  it('keeps a name with markup as plain text', async () => {
    const phone = randomTestPhone();
    await post(IDENTITY_PATHS.signupPhone, { phone });
    const { signupToken } = (await post(IDENTITY_PATHS.signupVerifyOtp, { phone, otp: await latestOtp(t.app, phone) })).json().data;
    const response = await post(IDENTITY_PATHS.registerPin, { signupToken, pin: '102938', name: '<img src=x onerror=alert(1)>' });
    expect(response.json().data.user.name).toBe('<img src=x onerror=alert(1)>');
  });
});
