// Rate limits through the routes: the catalogue codes 1143–1150 with HTTP 429 and retry-after.
import { ErrorEnvelope, IDENTITY_PATHS } from '@pasar/shared/contract';
import { latestOtp, randomTestPhone, signUpTestUser } from '../../testing/auth-fixture';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { createRateLimiter, RATE_RULES } from './rate-limit';

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The production factor (1): the per-IP limits as written in RATE_RULES.
    t = await createTestApp({ env: { RATE_LIMIT_IP_FACTOR: '1' } });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, ip: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers });
  const expect429 = (response: { statusCode: number; body: string; headers: Record<string, unknown> }, code: string) => {
    expect({ status: response.statusCode, code: ErrorEnvelope.parse(JSON.parse(response.body)).error_code }).toEqual({ status: 429, code });
    const retryAfter = Number(response.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    return retryAfter;
  };

  it('1143: a second OTP for the same phone within 60 s, with retry-after', async () => {
    const phone = randomTestPhone();
    expect((await post(IDENTITY_PATHS.signupPhone, { phone }, '192.0.2.1')).statusCode).toBe(200);
    const again = await post(IDENTITY_PATHS.signupPhone, { phone }, '192.0.2.2', { 'x-language-code': 'en' });
    expect(expect429(again, '1143')).toBeLessThanOrEqual(60);
    expect(again.json().error_message).toBe('Too many OTP requests. Try again later');
  });

  it('1149: OTP requests from one IP past 20 an hour', async () => {
    const ip = '192.0.2.10';
    for (let i = 0; i < RATE_RULES.otpRequestIp.limit; i += 1) {
      expect((await post(IDENTITY_PATHS.signupPhone, { phone: randomTestPhone() }, ip)).statusCode).toBe(200);
    }
    expect429(await post(IDENTITY_PATHS.signupPhone, { phone: randomTestPhone() }, ip), '1149');
    // Another address is not affected.
    expect((await post(IDENTITY_PATHS.signupPhone, { phone: randomTestPhone() }, '192.0.2.11')).statusCode).toBe(200);
  });

  it('1144: OTP checks for one phone past 10 in 15 minutes, even with the right code', async () => {
    const phone = randomTestPhone();
    await post(IDENTITY_PATHS.signupPhone, { phone }, '192.0.2.20');
    const otp = await latestOtp(t.app, phone);
    for (let i = 0; i < RATE_RULES.otpCheckAccount.limit; i += 1) {
      const response = await post(IDENTITY_PATHS.signupVerifyOtp, { phone, otp: '000000' === otp ? '000001' : '000000' }, `192.0.2.${30 + i}`);
      expect(response.statusCode).toBe(400);
    }
    expect429(await post(IDENTITY_PATHS.signupVerifyOtp, { phone, otp }, '192.0.2.99'), '1144');
  });

  it('1146: OTP checks from one IP past 50 in 15 minutes', async () => {
    const ip = '192.0.2.100';
    const phones = Array.from({ length: 6 }, () => randomTestPhone());
    for (let i = 0; i < RATE_RULES.otpCheckIp.limit; i += 1) {
      const response = await post(IDENTITY_PATHS.loginVerifyOtp, { phone: phones[i % 6], otp: '123456' }, ip);
      expect(response.statusCode).not.toBe(429);
    }
    expect429(await post(IDENTITY_PATHS.signupVerifyOtp, { phone: randomTestPhone(), otp: '123456' }, ip), '1146');
  });

  it('1145: PIN checks for one account past 20 in 15 minutes', async () => {
    const user = await signUpTestUser(t.app);
    const verify = (ip: string) =>
      t.app.inject({ method: 'POST', url: IDENTITY_PATHS.pinVerify, headers: user.headers, payload: { pin: user.pin }, remoteAddress: ip });
    for (let i = 0; i < RATE_RULES.pinCheckAccount.limit; i += 1) expect((await verify(`198.51.100.${i}`)).statusCode).toBe(200);
    expect429(await verify('198.51.100.200'), '1145');
  }, 240_000);

  it('1150: PIN checks from one IP past 50 in 15 minutes, across accounts', async () => {
    const ip = '203.0.113.7';
    const users = await Promise.all([signUpTestUser(t.app), signUpTestUser(t.app), signUpTestUser(t.app)]);
    let last;
    for (let i = 0; i < RATE_RULES.pinCheckIp.limit; i += 1) {
      const user = users[i % 3];
      last = await t.app.inject({ method: 'POST', url: IDENTITY_PATHS.pinVerify, headers: user.headers, payload: { pin: user.pin }, remoteAddress: ip });
      expect(last.statusCode).toBe(200);
    }
    expect429(
      await t.app.inject({ method: 'POST', url: IDENTITY_PATHS.pinVerify, headers: users[0].headers, payload: { pin: users[0].pin }, remoteAddress: ip }),
      '1150',
    );
  }, 240_000);

  it('fixed windows end: a stranger can slow an account, never lock it out for good', async () => {
    let clock = Date.parse('2026-11-22T10:00:00Z');
    const limiter = createRateLimiter({ db: t.app.database.db, now: () => new Date(clock) });
    const rule = { name: 'test-window', limit: 2, windowSeconds: 60, code: '1145' } as const;
    await limiter.hit(rule, 'victim');
    await limiter.hit(rule, 'victim');
    clock += 20_000;
    await expect(limiter.hit(rule, 'victim')).rejects.toMatchObject({ code: '1145', retryAfterSeconds: 40 });
    // Hammering during the window does not push its end further away.
    for (let i = 0; i < 10; i += 1) await limiter.hit(rule, 'victim').catch(() => undefined);
    clock += 40_000;
    await expect(limiter.hit(rule, 'victim')).resolves.toBeUndefined();
    await expect(limiter.hit(rule, 'someone-else')).resolves.toBeUndefined();
  });
});
