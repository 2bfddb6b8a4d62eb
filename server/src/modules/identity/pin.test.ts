import { ACCOUNT_PATHS, ErrorEnvelope, IDENTITY_PATHS } from '@pasar/shared/contract';
import { freshPin, latestOtp, logInTestUser, randomTestIp, randomTestPhone, signUpTestUser, type TestUser } from '../../testing/auth-fixture';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { VALID_KYC_FIELDS, ktpFile, multipart, selfieFile } from '../account/test-support';
import { hashPin, verifyPin } from './secrets';

describe('PIN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const verify = (user: TestUser, pin: string) =>
    t.app.inject({ method: 'POST', url: IDENTITY_PATHS.pinVerify, headers: user.headers, payload: { pin }, remoteAddress: user.ip });
  const post = (url: string, payload: object, ip = randomTestIp()) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: { 'x-language-code': 'en' } });
  const codeOf = (response: { body: string }) => ErrorEnvelope.parse(JSON.parse(response.body)).error_code;

  async function forgotPin(user: TestUser, newPin: string): Promise<void> {
    expect((await post(IDENTITY_PATHS.forgotPinSendOtp, { phone: user.phone }, user.ip)).statusCode).toBe(200);
    const otp = await latestOtp(t.app, user.phone);
    const verified = await post(IDENTITY_PATHS.forgotPinVerifyOtp, { phone: user.phone, otp }, user.ip);
    expect(verified.statusCode).toBe(200);
    const reset = await post(IDENTITY_PATHS.pinReset, { resetToken: verified.json().data.resetToken, newPin }, user.ip);
    expect(reset.statusCode).toBe(200);
  }

  it('stores only a salted scrypt hash, different for the same PIN', async () => {
    const [a, b] = await Promise.all([hashPin('123456'), hashPin('123456')]);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('123456');
    await expect(verifyPin('123456', a)).resolves.toBe(true);
    await expect(verifyPin('123457', a)).resolves.toBe(false);
    await expect(verifyPin('123456', 'garbage')).resolves.toBe(false);
  });

  it("hashes new PINs at the configured cost, and a hash names its own: one made at another cost still verifies", async () => {
    const user = await signUpTestUser(t.app);
    const stored = await t.testDatabase.database.withRawTransaction((tx) =>
      tx.query<{ pin_hash: string }>('select pin_hash from users where id = $1', [user.userId]),
    );
    expect(stored[0]?.pin_hash).toMatch(new RegExp(`^scrypt\\$${2 ** t.config.identity.pinHashCost}\\$8\\$1\\$`));
    const cheap = await hashPin('135790', 10);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    await expect(verifyPin('135790', cheap)).resolves.toBe(true);
    await expect(verifyPin('135791', cheap)).resolves.toBe(false);
    // The highest cost the setting allows (2^17, 128 MiB) hashes and verifies too.
    await expect(verifyPin('135790', await hashPin('135790', 17))).resolves.toBe(true);
  });

  it('verify marks the session PIN-fresh and answers the time', async () => {
    const user = await signUpTestUser(t.app);
    const response = await verify(user, user.pin);
    expect(response.statusCode).toBe(200);
    expect(Date.parse(response.json().data.verifiedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('climbs the ladder 0004, 0004, 1114, 1114, 1119, stays blocked, and forgot-PIN unblocks it', async () => {
    const user = await signUpTestUser(t.app);
    const codes: string[] = [];
    for (let i = 0; i < 5; i += 1) codes.push(codeOf(await verify(user, '000000')));
    expect(codes).toEqual(['0004', '0004', '1114', '1114', '1119']);

    // Blocked: even the right PIN answers 1119 (HTTP 403), on every route that checks the PIN.
    const right = await verify(user, user.pin);
    expect(right.statusCode).toBe(403);
    expect(codeOf(right)).toBe('1119');
    const login = await logInTestUser(t.app, user).catch((e: Error) => e);
    expect(String(login)).toContain('1119');

    await forgotPin(user, '975312');
    expect((await verify(user, '975312')).statusCode).toBe(200);
    expect(codeOf(await verify(user, user.pin))).toBe('0004');
  });

  it('a right PIN resets the count', async () => {
    const user = await signUpTestUser(t.app);
    expect(codeOf(await verify(user, '000000'))).toBe('0004');
    expect(codeOf(await verify(user, '000000'))).toBe('0004');
    expect((await verify(user, user.pin)).statusCode).toBe(200);
    expect(codeOf(await verify(user, '000000'))).toBe('0004');
    expect(codeOf(await verify(user, '000000'))).toBe('0004');
    expect(codeOf(await verify(user, '000000'))).toBe('1114');
  });

  it('the login PIN step uses the same ladder', async () => {
    const user = await signUpTestUser(t.app);
    const ip = randomTestIp();
    await post(IDENTITY_PATHS.loginPhone, { phone: user.phone }, ip);
    const otp = await latestOtp(t.app, user.phone);
    const { loginToken } = (await post(IDENTITY_PATHS.loginVerifyOtp, { phone: user.phone, otp }, ip)).json().data;
    const codes: string[] = [];
    for (let i = 0; i < 5; i += 1) codes.push(codeOf(await post(IDENTITY_PATHS.loginVerifyPin, { loginToken, pin: '111111' }, ip)));
    expect(codes).toEqual(['0004', '0004', '1114', '1114', '1119']);
    expect(codeOf(await post(IDENTITY_PATHS.loginVerifyPin, { loginToken, pin: user.pin }, ip))).toBe('1119');
  });

  it('update asks for the old PIN, then the new one works and the old one does not', async () => {
    const user = await signUpTestUser(t.app);
    const update = (oldPin: string, newPin: string) =>
      t.app.inject({ method: 'POST', url: IDENTITY_PATHS.pinUpdate, headers: user.headers, payload: { oldPin, newPin }, remoteAddress: user.ip });
    const wrong = await update('999999', '314159');
    expect(codeOf(wrong)).toBe('0004');
    expect((await update(user.pin, '314159')).statusCode).toBe(200);
    expect((await verify(user, '314159')).statusCode).toBe(200);
    expect(codeOf(await verify(user, user.pin))).toBe('0004');
  });

  it('a reset token is single use and forgot-PIN refuses an unknown phone', async () => {
    const user = await signUpTestUser(t.app);
    await post(IDENTITY_PATHS.forgotPinSendOtp, { phone: user.phone }, user.ip);
    const otp = await latestOtp(t.app, user.phone);
    const { resetToken } = (await post(IDENTITY_PATHS.forgotPinVerifyOtp, { phone: user.phone, otp }, user.ip)).json().data;
    expect((await post(IDENTITY_PATHS.pinReset, { resetToken, newPin: '864200' })).statusCode).toBe(200);
    const replay = await post(IDENTITY_PATHS.pinReset, { resetToken, newPin: '000111' });
    expect(replay.statusCode).toBe(401);
    expect((await verify(user, '864200')).statusCode).toBe(200);
    expect(codeOf(await post(IDENTITY_PATHS.forgotPinSendOtp, { phone: '081299990000' }))).toBe('2002');
  });

  it('PIN routes need a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: IDENTITY_PATHS.pinVerify, payload: { pin: '123456' } });
    expect(response.statusCode).toBe(401);
    expect(codeOf(response)).toBe('009');
  });

  it('freshPin (fixture) leaves the ladder at zero', async () => {
    const user = await signUpTestUser(t.app);
    await freshPin(t.app, user);
    expect(codeOf(await verify(user, '000000'))).toBe('0004');
  });
  describe('weak PINs are refused on the server (2004, by the field, in the caller\'s language)', () => {
    const detailsOf = (response: { body: string }) => ErrorEnvelope.parse(JSON.parse(response.body)).details ?? [];

    it('register refuses a sequence and a repeat, then accepts a strong PIN', async () => {
      const phone = randomTestPhone();
      const ip = randomTestIp();
      await post(IDENTITY_PATHS.signupPhone, { phone }, ip);
      const otp = await latestOtp(t.app, phone);
      const { signupToken } = (await post(IDENTITY_PATHS.signupVerifyOtp, { phone, otp }, ip)).json().data;
      for (const pin of ['123456', '654321', '111111']) {
        const refused = await post(IDENTITY_PATHS.registerPin, { signupToken, pin }, ip);
        expect(refused.statusCode).toBe(400);
        expect(codeOf(refused)).toBe('2004');
        expect(detailsOf(refused).map((d) => d.path)).toEqual(['pin']);
      }
      const indonesian = await t.app.inject({
        method: 'POST',
        url: IDENTITY_PATHS.registerPin,
        payload: { signupToken, pin: '000000' },
        remoteAddress: ip,
        headers: { 'x-language-code': 'id' },
      });
      expect(JSON.parse(indonesian.body).error_message).toMatch(/PIN terlalu mudah ditebak/);
      // The refusals did not spend the sign-up token.
      expect((await post(IDENTITY_PATHS.registerPin, { signupToken, pin: '246813' }, ip)).statusCode).toBe(200);
    });

    it('update and reset refuse weak PINs and, once the identity check knows it, the birth date', async () => {
      const user = await signUpTestUser(t.app);
      let current = user.pin;
      const update = (newPin: string) =>
        t.app.inject({ method: 'POST', url: IDENTITY_PATHS.pinUpdate, headers: { ...user.headers, 'x-language-code': 'en' }, payload: { oldPin: current, newPin }, remoteAddress: user.ip });
      const weak = await update('222222');
      expect(codeOf(weak)).toBe('2004');
      expect(detailsOf(weak).map((d) => d.path)).toEqual(['newPin']);
      // Before the identity check the birth date is unknown: 230490 is an ordinary PIN.
      expect((await update('230490')).statusCode).toBe(200);
      current = '230490';

      const body = multipart({ ...VALID_KYC_FIELDS }, [ktpFile(), selfieFile()]);
      const submitted = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.kyc, payload: body.payload, headers: { ...user.headers, ...body.headers }, remoteAddress: user.ip });
      expect(submitted.statusCode).toBe(200);
      // VALID_KYC_FIELDS.birthDate is 1990-04-23.
      for (const pin of ['900423', '042390']) expect(codeOf(await update(pin))).toBe('2004');

      await post(IDENTITY_PATHS.forgotPinSendOtp, { phone: user.phone }, user.ip);
      const otp = await latestOtp(t.app, user.phone);
      const { resetToken } = (await post(IDENTITY_PATHS.forgotPinVerifyOtp, { phone: user.phone, otp }, user.ip)).json().data;
      for (const newPin of ['230490', '987654']) {
        const refused = await post(IDENTITY_PATHS.pinReset, { resetToken, newPin }, user.ip);
        expect(codeOf(refused)).toBe('2004');
        expect(detailsOf(refused).map((d) => d.path)).toEqual(['newPin']);
      }
      expect((await post(IDENTITY_PATHS.pinReset, { resetToken, newPin: '864209' }, user.ip)).statusCode).toBe(200);
    });
  });
});
