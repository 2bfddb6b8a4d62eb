// A second user tries every account route with the first user's ids: 404, and nothing changes.
import {
  ACCOUNT_PATHS,
  BankAccountList,
  ErrorEnvelope,
  NotificationPage,
  bankAccountPath,
  bankAccountPrimaryPath,
  notificationReadPath,
  successEnvelope,
} from '@pasar/shared/contract';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { freshPin, signUpTestUser, type TestUser } from '../../testing/auth-fixture';
import { createNotificationService } from './notification-service';
import { createAccountRepo } from './repo';
import { VALID_KYC_FIELDS, ktpFile, multipart, selfieFile, SETUP_TIMEOUT_MS } from './test-support';

describe('a second user cannot reach the first user’s account data', () => {
  let t: TestApp;
  let owner: TestUser;
  let intruder: TestUser;
  let bankIds: string[];
  let notificationIds: string[];

  const verify = async (u: TestUser, fullName: string) => {
    const body = multipart({ ...VALID_KYC_FIELDS, fullName }, [ktpFile(), selfieFile()]);
    await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.kyc, payload: body.payload, headers: { ...u.headers, ...body.headers } });
    await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.adminKycApprove, payload: { phone: u.phone }, headers: { 'x-admin-token': t.app.adminToken } });
  };
  const snapshot = async (u: TestUser) => {
    const [me, banks, notes, settings, kyc] = await Promise.all(
      [ACCOUNT_PATHS.me, ACCOUNT_PATHS.bankAccounts, ACCOUNT_PATHS.notifications, ACCOUNT_PATHS.notificationSettings, ACCOUNT_PATHS.kyc].map(
        async (url) => (await t.app.inject({ method: 'GET', url, headers: u.headers })).json() as unknown,
      ),
    );
    return { me, banks, notes, settings, kyc };
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { KYC_AUTO_APPROVE_SECONDS: 'off' } });
    owner = await signUpTestUser(t.app, { name: 'Owner' });
    intruder = await signUpTestUser(t.app, { name: 'Intruder' });
    await verify(owner, 'Budi Santoso');
    await verify(intruder, 'Andi Wijaya');
    await freshPin(t.app, owner);
    for (const accountNumber of ['1234567890', '0987654321']) {
      await t.app.inject({
        method: 'POST',
        url: ACCOUNT_PATHS.bankAccounts,
        payload: { bankCode: '014', accountNumber, holderName: 'Budi Santoso' },
        headers: owner.headers,
      });
    }
    bankIds = successEnvelope(BankAccountList).parse((await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.bankAccounts, headers: owner.headers })).json()).data.map((a) => a.id);
    const service = createNotificationService({ repo: createAccountRepo(t.testDatabase.database.db, t.app.identity.userRecords), telegramBotUsername: 'x' });
    await service.notify(owner.userId, { type: 'DEPOSIT', title: 'Top up', body: 'Rp50.000' });
    notificationIds = successEnvelope(NotificationPage).parse((await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.notifications, headers: owner.headers })).json()).data.items.map((n) => n.id);
    expect(bankIds).toHaveLength(2);
    expect(notificationIds.length).toBeGreaterThanOrEqual(2);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('answers 404 for every route that takes the owner’s ids, and changes nothing', async () => {
    const before = await snapshot(owner);
    await freshPin(t.app, intruder);
    const attempts = [
      ...bankIds.flatMap((id) => [
        { method: 'POST' as const, url: bankAccountPrimaryPath(id) },
        { method: 'DELETE' as const, url: bankAccountPath(id) },
      ]),
      ...notificationIds.map((id) => ({ method: 'POST' as const, url: notificationReadPath(id) })),
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject({ ...attempt, headers: intruder.headers });
      expect({ ...attempt, status: response.statusCode }).toEqual({ ...attempt, status: 404 });
      expect(ErrorEnvelope.parse(response.json()).error_code).toBe('003');
    }
    expect(await snapshot(owner)).toEqual(before);
  });

  it('sees only its own data on the list routes, and its bulk actions touch only its own', async () => {
    const before = await snapshot(owner);
    const mine = await snapshot(intruder);
    expect(JSON.stringify(mine)).not.toContain(owner.userId);
    expect((mine.banks as { data: unknown[] }).data).toEqual([]);
    const readAll = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.notificationsReadAll, headers: intruder.headers });
    expect(readAll.statusCode).toBe(200);
    await t.app.inject({ method: 'PUT', url: ACCOUNT_PATHS.notificationSettings, payload: { items: [{ type: 'DEPOSIT', inApp: false, email: false, telegram: false }] }, headers: intruder.headers });
    await t.app.inject({ method: 'PATCH', url: ACCOUNT_PATHS.me, payload: { name: 'Changed' }, headers: intruder.headers });
    await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.telegramDisconnect, headers: intruder.headers });
    expect(await snapshot(owner)).toEqual(before);
  });

  it('cannot add a bank account in the owner’s name', async () => {
    await freshPin(t.app, intruder);
    const response = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.bankAccounts,
      payload: { bankCode: '014', accountNumber: '1234567890', holderName: 'Budi Santoso' },
      headers: intruder.headers,
    });
    expect(ErrorEnvelope.parse(response.json()).error_code).toBe('2101');
  });
});
