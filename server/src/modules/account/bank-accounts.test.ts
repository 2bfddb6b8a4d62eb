import {
  ACCOUNT_PATHS,
  BankAccount,
  BankAccountList,
  BankList,
  ErrorEnvelope,
  INDONESIAN_BANKS,
  bankAccountPath,
  bankAccountPrimaryPath,
  successEnvelope,
} from '@pasar/shared/contract';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { freshPin, logInTestUser, signUpTestUser, type TestUser } from '../../testing/auth-fixture';
import { VALID_KYC_FIELDS, ktpFile, multipart, selfieFile, SETUP_TIMEOUT_MS } from './test-support';

describe('bank accounts', () => {
  let t: TestApp;
  let user: TestUser;
  let unverified: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ env: { KYC_AUTO_APPROVE_SECONDS: 'off' } });
    user = await signUpTestUser(t.app);
    unverified = await signUpTestUser(t.app);
    const body = multipart({ ...VALID_KYC_FIELDS, fullName: 'Budi   Santoso' }, [ktpFile(), selfieFile()]);
    const submitted = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.kyc, payload: body.payload, headers: { ...user.headers, ...body.headers } });
    expect(submitted.statusCode).toBe(200);
    const approved = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.adminKycApprove, payload: { phone: user.phone }, headers: { 'x-admin-token': t.app.adminToken } });
    expect(approved.statusCode).toBe(200);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const errorOf = (response: { json(): unknown }) => ErrorEnvelope.parse(response.json());
  const list = async (u: TestUser = user) =>
    successEnvelope(BankAccountList).parse((await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.bankAccounts, headers: u.headers })).json()).data;
  const add = (payload: object, u: TestUser = user) =>
    t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.bankAccounts, payload, headers: { ...u.headers, 'x-language-code': 'en' }, remoteAddress: u.ip });
  const added = (response: { json(): unknown }) => successEnvelope(BankAccount).parse(response.json()).data;

  it('lists about twenty Indonesian banks with their codes, without signing in', async () => {
    const response = await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.banks });
    const banks = successEnvelope(BankList).parse(response.json()).data;
    expect(banks.length).toBeGreaterThanOrEqual(20);
    expect(banks).toEqual(
      expect.arrayContaining([
        { code: '014', name: 'BCA' },
        { code: '008', name: 'Bank Mandiri' },
        { code: '002', name: 'BRI' },
        { code: '009', name: 'BNI' },
        { code: '022', name: 'CIMB Niaga' },
        { code: '451', name: 'Bank Syariah Indonesia (BSI)' },
        { code: '200', name: 'BTN' },
      ]),
    );
    expect(new Set(banks.map((b) => b.code)).size).toBe(banks.length);
  });

  it('needs a fresh PIN to add (040)', async () => {
    const response = await add({ bankCode: '014', accountNumber: '1234567890', holderName: 'Budi Santoso' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error_code).toBe('040');
    expect(await list()).toEqual([]);
  });

  it('needs a verified identity (007)', async () => {
    await freshPin(t.app, unverified);
    const response = await add({ bankCode: '014', accountNumber: '1234567890', holderName: 'Budi Santoso' }, unverified);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).error_code).toBe('007');
    expect(await list(unverified)).toEqual([]);
  });

  it.each([
    ['a 5-digit account number', { accountNumber: '12345' }, '002'],
    ['a 21-digit account number', { accountNumber: '1'.repeat(21) }, '002'],
    ['letters in the account number', { accountNumber: '12345abc' }, '002'],
    ['an unknown bank', { bankCode: '999' }, '2104'],
    ['a holder who is not the verified person', { holderName: 'Andi Wijaya' }, '2101'],
  ])('refuses %s (%s)', async (_what, change, code) => {
    await freshPin(t.app, user);
    const response = await add({ bankCode: '014', accountNumber: '1234567890', holderName: 'Budi Santoso', ...change });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error_code).toBe(code);
    expect(await list()).toEqual([]);
  });

  it('explains a holder-name mismatch clearly', async () => {
    await freshPin(t.app, user);
    const response = await add({ bankCode: '014', accountNumber: '1234567890', holderName: 'Budi Santosa' });
    expect(errorOf(response)).toMatchObject({
      error_code: '2101',
      error_message: 'The account holder name must match the name on your verified ID card',
      details: [{ path: 'holderName' }],
    });
  });

  it('adds accounts (holder matched case- and space-insensitively); the first is primary; at most 3', async () => {
    await freshPin(t.app, user);
    const first = await add({ bankCode: '014', accountNumber: '1234-567-890', holderName: 'BUDI SANTOSO' });
    expect(first.statusCode).toBe(200);
    expect(added(first)).toMatchObject({ bankCode: '014', bankName: 'BCA', accountNumber: '1234567890', holderName: 'Budi Santoso', primary: true });
    const second = added(await add({ bankCode: '008', accountNumber: '9876543210', holderName: 'budisantoso' }));
    expect(second.primary).toBe(false);
    const duplicate = await add({ bankCode: '014', accountNumber: '1234567890', holderName: 'Budi Santoso' });
    expect(duplicate.statusCode).toBe(409);
    expect(errorOf(duplicate).error_code).toBe('2103');
    added(await add({ bankCode: '002', accountNumber: '555566667777', holderName: 'Budi Santoso' }));
    const fourth = await add({ bankCode: '009', accountNumber: '111122223333', holderName: 'Budi Santoso' });
    expect(fourth.statusCode).toBe(400);
    expect(errorOf(fourth).error_code).toBe('2102');
    const accounts = await list();
    expect(accounts.map((a) => [a.bankCode, a.primary])).toEqual([
      ['014', true],
      ['008', false],
      ['002', false],
    ]);
  });

  it('keeps the limit under concurrent adds', async () => {
    const racer = unverified;
    // Give the racer a verified identity, then race five adds.
    const body = multipart({ ...VALID_KYC_FIELDS, fullName: 'Sari Dewi' }, [ktpFile(), selfieFile()]);
    await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.kyc, payload: body.payload, headers: { ...racer.headers, ...body.headers } });
    await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.adminKycApprove, payload: { phone: racer.phone }, headers: { 'x-admin-token': t.app.adminToken } });
    await freshPin(t.app, racer);
    const results = await Promise.all(
      ['11111111', '22222222', '33333333', '44444444', '55555555'].map((n) => add({ bankCode: '014', accountNumber: n, holderName: 'Sari Dewi' }, racer)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const accounts = await list(racer);
    expect(accounts).toHaveLength(3);
    expect(accounts.filter((a) => a.primary)).toHaveLength(1);
  });

  it('sets the primary account', async () => {
    const [, second] = await list();
    const response = await t.app.inject({ method: 'POST', url: bankAccountPrimaryPath(second!.id), headers: user.headers });
    expect(response.statusCode).toBe(200);
    const accounts = successEnvelope(BankAccountList).parse(response.json()).data;
    expect(accounts.filter((a) => a.primary).map((a) => a.id)).toEqual([second!.id]);
    const missing = await t.app.inject({ method: 'POST', url: bankAccountPrimaryPath('00000000-0000-4000-8000-000000000000'), headers: user.headers });
    expect(missing.statusCode).toBe(404);
    const notUuid = await t.app.inject({ method: 'POST', url: bankAccountPrimaryPath('abc'), headers: user.headers });
    expect(notUuid.statusCode).toBe(404);
  });

  it('removes with a fresh PIN; removing the primary promotes another', async () => {
    const before = await list();
    const primary = before.find((a) => a.primary)!;
    // Another (PIN-fresh) user cannot remove it: not found.
    const byAnother = await t.app.inject({ method: 'DELETE', url: bankAccountPath(primary.id), headers: unverified.headers });
    expect(byAnother.statusCode).toBe(404);
    // A session that has not verified the PIN recently is asked for it (040), and nothing changes.
    const secondDevice = await logInTestUser(t.app, user);
    const stale = await t.app.inject({ method: 'DELETE', url: bankAccountPath(primary.id), headers: secondDevice.headers });
    expect(stale.statusCode).toBe(400);
    expect(errorOf(stale).error_code).toBe('040');
    expect(await list()).toEqual(before);
    await freshPin(t.app, user);
    const response = await t.app.inject({ method: 'DELETE', url: bankAccountPath(primary.id), headers: user.headers });
    expect(response.statusCode).toBe(200);
    const after = successEnvelope(BankAccountList).parse(response.json()).data;
    expect(after).toHaveLength(2);
    expect(after.filter((a) => a.primary)).toHaveLength(1);
    expect(after.map((a) => a.id)).not.toContain(primary.id);
    expect((await t.app.inject({ method: 'DELETE', url: bankAccountPath(primary.id), headers: user.headers })).statusCode).toBe(404);
  });
});
