import { sql } from 'drizzle-orm';
import {
  ACCOUNT_PATHS,
  ErrorEnvelope,
  UserMe,
  UserStatusResponse,
  successEnvelope,
} from '@pasar/shared/contract';
import { SETUP_TIMEOUT_MS } from './test-support';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { createProfileService } from './profile-service';
import { createAccountRepo } from './repo';
import { freshPin, latestOtp, randomTestPhone, signUpTestUser, type TestUser } from '../../testing/auth-fixture';

describe('profile', () => {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ env: { KYC_AUTO_APPROVE_SECONDS: 'off' } });
    user = await signUpTestUser(t.app, { name: 'Budi' });
    other = await signUpTestUser(t.app, { name: 'Sari' });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const get = (url: string, u: TestUser = user, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...u.headers, ...headers }, remoteAddress: u.ip });
  const send = (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object, u: TestUser = user, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...u.headers, ...headers }, remoteAddress: u.ip, ...(payload ? { payload } : {}) });
  const me = async (u: TestUser = user) => successEnvelope(UserMe).parse((await get(ACCOUNT_PATHS.me, u)).json()).data;
  const errorOf = (response: { json(): unknown }) => ErrorEnvelope.parse(response.json());
  const admin = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'x-admin-token': t.app.adminToken } });

  it('answers the signed-in user, and 401/009 without a token', async () => {
    const response = await get(ACCOUNT_PATHS.me);
    expect(response.statusCode).toBe(200);
    expect(successEnvelope(UserMe).strict().parse(response.json()).data).toMatchObject({
      id: user.userId,
      phone: user.phone,
      name: 'Budi',
      email: null,
      emailVerified: false,
      language: 'id',
      kycStatus: 'NOT_SUBMITTED',
      gssKycStatus: 'NOT_SUBMITTED',
      bappebtiAcceptedAt: null,
      status: 'ACTIVE',
    });
    const anonymous = await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.me });
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).error_code).toBe('009');
  });

  describe('name and language', () => {
    it('trims the name and stores markup as plain text, returned as JSON text, never HTML', async () => {
      const markup = '  <script>alert("x")</script><b>Budi</b> & co  ';
      const response = await send('PATCH', ACCOUNT_PATHS.me, { name: markup });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(successEnvelope(UserMe).parse(response.json()).data.name).toBe('<script>alert("x")</script><b>Budi</b> & co');
      expect((await me()).name).toBe('<script>alert("x")</script><b>Budi</b> & co');
    });

    it.each([
      ['empty after trimming', { name: '   ' }],
      ['longer than 100 characters', { name: 'x'.repeat(101) }],
      ['with a control character', { name: 'Budi\u0007' }],
      ['an unknown language', { language: 'fr' }],
      ['nothing to change', {}],
    ])('refuses %s with 002 and changes nothing', async (_what, payload) => {
      const before = await me();
      const response = await send('PATCH', ACCOUNT_PATHS.me, payload);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).error_code).toBe('002');
      expect(await me()).toEqual(before);
    });

    it('accepts exactly 100 characters and switches the language', async () => {
      const response = await send('PATCH', ACCOUNT_PATHS.me, { name: 'y'.repeat(100), language: 'en' });
      expect(response.statusCode).toBe(200);
      expect(await me()).toMatchObject({ name: 'y'.repeat(100), language: 'en' });
      await send('PATCH', ACCOUNT_PATHS.me, { name: 'Budi', language: 'id' });
    });

    it('answers errors in the user’s language when the request names none, the header winning', async () => {
      await send('PATCH', ACCOUNT_PATHS.me, { language: 'en' });
      const english = await send('PATCH', ACCOUNT_PATHS.me, { name: '' });
      expect(errorOf(english).error_message).toBe('Invalid input');
      const header = await send('PATCH', ACCOUNT_PATHS.me, { name: '' }, user, { 'x-language-code': 'id' });
      expect(errorOf(header).error_message).toBe('Data yang dikirim tidak valid');
      await send('PATCH', ACCOUNT_PATHS.me, { language: 'id' });
      const indonesian = await send('PATCH', ACCOUNT_PATHS.me, { name: '' });
      expect(errorOf(indonesian).error_message).toBe('Data yang dikirim tidak valid');
    });
  });

  describe('status, tags and Bappebti terms', () => {
    it('answers the user status', async () => {
      const response = await get(ACCOUNT_PATHS.userStatus);
      expect(successEnvelope(UserStatusResponse).strict().parse(response.json()).data).toEqual({
        status: 'ACTIVE',
        kycStatus: 'NOT_SUBMITTED',
        gssKycStatus: 'NOT_SUBMITTED',
        bappebtiAccepted: false,
        emailVerified: false,
        bankAccountCount: 0,
      });
    });

    it('tags a pro user through the operator route; only the operator may', async () => {
      expect((await get(ACCOUNT_PATHS.userTags)).json()).toEqual({ status: 'success', data: { tags: [] } });
      const refused = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.adminUserTag, payload: { phone: user.phone, tag: 'PRO_USER' }, headers: user.headers });
      expect(refused.statusCode).toBe(401);
      const tagged = await admin(ACCOUNT_PATHS.adminUserTag, { phone: user.phone, tag: 'PRO_USER' });
      expect(tagged.json()).toEqual({ status: 'success', data: { phone: user.phone, tags: ['PRO_USER'] } });
      await admin(ACCOUNT_PATHS.adminUserTag, { phone: user.phone, tag: 'PRO_USER' });
      expect((await get(ACCOUNT_PATHS.userTags)).json()).toEqual({ status: 'success', data: { tags: ['PRO_USER'] } });
      expect((await get(ACCOUNT_PATHS.userTags, other)).json()).toEqual({ status: 'success', data: { tags: [] } });
      const unknown = await admin(ACCOUNT_PATHS.adminUserTag, { phone: randomTestPhone(), tag: 'PRO_USER' });
      expect(unknown.statusCode).toBe(404);
      await admin(ACCOUNT_PATHS.adminUserTag, { phone: user.phone, tag: 'PRO_USER', remove: true });
      expect((await get(ACCOUNT_PATHS.userTags)).json()).toEqual({ status: 'success', data: { tags: [] } });
    });

    it('records the Bappebti acceptance once; assertBappebtiAccepted answers 018 until then', async () => {
      const profile = createProfileService({
        repo: createAccountRepo(t.testDatabase.database.db, t.app.identity.userRecords),
        otp: { issue: async () => ({ expiresInSeconds: 0, resendInSeconds: 0 }), verify: async () => undefined },
        notify: async () => null,
      });
      await expect(profile.assertBappebtiAccepted(user.userId)).rejects.toMatchObject({ code: '018', httpStatus: 403 });
      const first = await send('POST', ACCOUNT_PATHS.bappebtiTnc);
      expect(first.statusCode).toBe(200);
      const acceptedAt = (first.json() as { data: { acceptedAt: string } }).data.acceptedAt;
      expect(Number.isNaN(Date.parse(acceptedAt))).toBe(false);
      const again = await send('POST', ACCOUNT_PATHS.bappebtiTnc);
      expect((again.json() as { data: { acceptedAt: string } }).data.acceptedAt).toBe(acceptedAt);
      await expect(profile.assertBappebtiAccepted(user.userId)).resolves.toBeUndefined();
      await expect(profile.assertBappebtiAccepted(other.userId)).rejects.toMatchObject({ code: '018' });
      expect((await me()).bappebtiAcceptedAt).toBe(acceptedAt);
    });
  });

  describe('feedback', () => {
    it('stores feedback and refuses bad input', async () => {
      const response = await send('POST', ACCOUNT_PATHS.feedback, { category: 'SUGGESTION', message: '  Tambah <i>dark</i> mode  ', rating: 5 });
      expect(response.statusCode).toBe(200);
      const { id } = (response.json() as { data: { id: string } }).data;
      const rows = await t.testDatabase.database.db.execute<{ user_id: string; message: string; rating: number }>(
        sql`select user_id, message, rating from feedback where id = ${id}`,
      );
      expect(rows.rows).toEqual([{ user_id: user.userId, message: 'Tambah <i>dark</i> mode', rating: 5 }]);
      for (const payload of [{ category: 'RANT', message: 'x' }, { category: 'BUG', message: '' }, { category: 'BUG', message: 'x', rating: 6 }]) {
        const bad = await send('POST', ACCOUNT_PATHS.feedback, payload);
        expect(bad.statusCode).toBe(400);
        expect(errorOf(bad).error_code).toBe('002');
      }
    });
  });

  describe('e-mail change', () => {
    it('needs a fresh PIN (040), then sends the OTP to the NEW address and verifies it', async () => {
      const stale = await send('POST', ACCOUNT_PATHS.emailChangeOtp, { email: 'budi@example.id' });
      expect(stale.statusCode).toBe(400);
      expect(errorOf(stale).error_code).toBe('040');
      const stalePhone = await send('POST', ACCOUNT_PATHS.phoneChangeOtp, { phone: randomTestPhone() });
      expect(errorOf(stalePhone).error_code).toBe('040');

      await freshPin(t.app, user);
      const challenge = await send('POST', ACCOUNT_PATHS.emailChangeOtp, { email: ' Budi@Example.ID ' });
      expect(challenge.statusCode).toBe(200);
      expect((challenge.json() as { data: object }).data).toMatchObject({ destination: 'budi@example.id', channel: 'email', expiresInSeconds: 300 });
      const code = await latestOtp(t.app, 'budi@example.id');

      const wrong = await send('POST', ACCOUNT_PATHS.emailChangeVerify, { otp: code === '000000' ? '111111' : '000000' });
      expect(errorOf(wrong).error_code).toBe('10001');
      expect((await me()).email).toBeNull();

      const five = await send('POST', ACCOUNT_PATHS.emailChangeVerify, { otp: '12345' });
      expect(errorOf(five).error_code).toBe('002');

      const verified = await send('POST', ACCOUNT_PATHS.emailChangeVerify, { otp: code });
      expect(verified.statusCode).toBe(200);
      expect(successEnvelope(UserMe).parse(verified.json()).data).toMatchObject({ email: 'budi@example.id', emailVerified: true });

      const reused = await send('POST', ACCOUNT_PATHS.emailChangeVerify, { otp: code });
      expect(errorOf(reused).error_code).toBe('10002');
    });

    it('refuses an e-mail another account uses (2302), and a verify without a request (10002)', async () => {
      await freshPin(t.app, other);
      const taken = await send('POST', ACCOUNT_PATHS.emailChangeOtp, { email: 'budi@example.id' }, other);
      expect(taken.statusCode).toBe(409);
      expect(errorOf(taken).error_code).toBe('2302');
      const nothing = await send('POST', ACCOUNT_PATHS.emailChangeVerify, { otp: '123456' }, other);
      expect(errorOf(nothing).error_code).toBe('10002');
      const invalid = await send('POST', ACCOUNT_PATHS.emailChangeOtp, { email: 'not-an-email' }, other);
      expect(errorOf(invalid).error_code).toBe('002');
      expect((await me(other)).email).toBeNull();
    });
  });

  describe('phone change', () => {
    it('refuses a phone another account uses (2301), a malformed phone (002) and the same phone (2303)', async () => {
      await freshPin(t.app, other);
      const taken = await send('POST', ACCOUNT_PATHS.phoneChangeOtp, { phone: user.phone.replace('+62', '0') }, other);
      expect(taken.statusCode).toBe(409);
      expect(errorOf(taken).error_code).toBe('2301');
      const malformed = await send('POST', ACCOUNT_PATHS.phoneChangeOtp, { phone: '12345' }, other, { 'x-language-code': 'en' });
      expect(malformed.statusCode).toBe(400);
      expect(errorOf(malformed)).toMatchObject({ error_code: '002', details: [{ path: 'phone', message: expect.stringContaining('Indonesian') }] });
      const same = await send('POST', ACCOUNT_PATHS.phoneChangeOtp, { phone: other.phone }, other);
      expect(errorOf(same).error_code).toBe('2303');
      expect((await me(other)).phone).toBe(other.phone);
    });

    it('sends the OTP to the new phone and moves the account there', async () => {
      const newPhone = randomTestPhone();
      await freshPin(t.app, other);
      const challenge = await send('POST', ACCOUNT_PATHS.phoneChangeOtp, { phone: newPhone.replace('+62', '0') }, other);
      expect(challenge.statusCode).toBe(200);
      expect((challenge.json() as { data: object }).data).toMatchObject({ destination: newPhone, channel: 'sms' });
      const code = await latestOtp(t.app, newPhone);
      const verified = await send('POST', ACCOUNT_PATHS.phoneChangeVerify, { otp: code }, other);
      expect(verified.statusCode).toBe(200);
      expect((await me(other)).phone).toBe(newPhone);
    });
  });
});
