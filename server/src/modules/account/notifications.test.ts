import { sql } from 'drizzle-orm';
import {
  ACCOUNT_PATHS,
  ErrorEnvelope,
  IDENTITY_PATHS,
  NOTIFICATION_TYPES,
  NotificationPage,
  NotificationSettingsResponse,
  SalesforceWebInfo,
  TelegramDeeplinkResponse,
  UserNotification,
  notificationReadPath,
  successEnvelope,
  type DevInboxResponse,
} from '@pasar/shared/contract';
import { SETUP_TIMEOUT_MS } from './test-support';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { freshPin, latestOtp, signUpTestUser, type TestUser } from '../../testing/auth-fixture';
import { createNotificationRepo } from './notification-repo';
import { createNotificationService, sha256 } from './notification-service';
import { createAccountRepo } from './repo';

const WEBHOOK_SECRET = 'telegram-webhook-secret-for-tests';

describe('notifications', () => {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;
  let service: ReturnType<typeof createNotificationService>;
  beforeAll(async () => {
    t = await createTestApp({ env: { KYC_AUTO_APPROVE_SECONDS: 'off', TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET, TELEGRAM_BOT_USERNAME: 'PasarTestBot' } });
    user = await signUpTestUser(t.app);
    other = await signUpTestUser(t.app);
    service = createNotificationService({ repo: createAccountRepo(t.testDatabase.database.db, t.app.identity.userRecords), messages: t.app.messages, telegramBotUsername: 'PasarTestBot' });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const get = (url: string, u: TestUser = user) => t.app.inject({ method: 'GET', url, headers: u.headers });
  const send = (method: 'POST' | 'PUT', url: string, payload?: object, u: TestUser = user) =>
    t.app.inject({ method, url, headers: { ...u.headers, 'x-language-code': 'en' }, ...(payload ? { payload } : {}) });
  const errorOf = (response: { json(): unknown }) => ErrorEnvelope.parse(response.json());
  const settings = async (u: TestUser = user) =>
    successEnvelope(NotificationSettingsResponse).strict().parse((await get(ACCOUNT_PATHS.notificationSettings, u)).json()).data;
  const page = async (query = '', u: TestUser = user) =>
    successEnvelope(NotificationPage).strict().parse((await get(`${ACCOUNT_PATHS.notifications}${query}`, u)).json()).data;
  const inbox = async (to: string) =>
    ((await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.devInbox, query: { to } })).json() as { data: DevInboxResponse }).data.messages;

  describe('settings', () => {
    it('answers every type × channel with defaults; SECURITY in-app on; Telegram not connected', async () => {
      const data = await settings();
      expect(data.items.map((i) => i.type)).toEqual([...NOTIFICATION_TYPES]);
      expect(data.items.map((i) => i.type)).toEqual(expect.arrayContaining(['MARGIN_CALL', 'ACCOUNT_LIQUIDATION', 'ORDER_FILLED', 'PRICE_ALERT', 'DEPOSIT', 'CASHOUT', 'SECURITY', 'PROMOTION']));
      expect(data.items.find((i) => i.type === 'SECURITY')).toEqual({ type: 'SECURITY', inApp: true, email: true, telegram: false });
      expect(data.items.find((i) => i.type === 'PROMOTION')).toEqual({ type: 'PROMOTION', inApp: true, email: false, telegram: false });
      expect(data.items.every((i) => i.inApp && !i.telegram)).toBe(true);
      expect(data.telegramConnected).toBe(false);
    });

    it('saves changes per type and keeps the others', async () => {
      const response = await send('PUT', ACCOUNT_PATHS.notificationSettings, {
        items: [
          { type: 'PRICE_ALERT', inApp: false, email: true, telegram: true },
          { type: 'SECURITY', inApp: true, email: false, telegram: true },
        ],
      });
      expect(response.statusCode).toBe(200);
      const data = await settings();
      expect(data.items.find((i) => i.type === 'PRICE_ALERT')).toEqual({ type: 'PRICE_ALERT', inApp: false, email: true, telegram: true });
      expect(data.items.find((i) => i.type === 'SECURITY')).toEqual({ type: 'SECURITY', inApp: true, email: false, telegram: true });
      expect(data.items.find((i) => i.type === 'MARGIN_CALL')).toEqual({ type: 'MARGIN_CALL', inApp: true, email: true, telegram: false });
      expect((await settings(other)).items.find((i) => i.type === 'PRICE_ALERT')?.inApp).toBe(true);
    });

    it('refuses turning in-app security notifications off (2401), changing nothing', async () => {
      const before = await settings();
      const response = await send('PUT', ACCOUNT_PATHS.notificationSettings, {
        items: [
          { type: 'ORDER_FILLED', inApp: false, email: false, telegram: false },
          { type: 'SECURITY', inApp: false, email: false, telegram: false },
        ],
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ error_code: '2401', error_message: 'In-app security notifications are always on' });
      expect(await settings()).toEqual(before);
    });

    it.each([
      ['an unknown type', { items: [{ type: 'SPAM', inApp: true, email: true, telegram: true }] }],
      ['a type twice', { items: [{ type: 'DEPOSIT', inApp: true, email: true, telegram: true }, { type: 'DEPOSIT', inApp: false, email: true, telegram: true }] }],
      ['a missing channel', { items: [{ type: 'DEPOSIT', inApp: true, email: true }] }],
      ['no items', { items: [] }],
    ])('refuses %s with 002', async (_what, payload) => {
      const response = await send('PUT', ACCOUNT_PATHS.notificationSettings, payload);
      expect(errorOf(response).error_code).toBe('002');
    });
  });

  describe('Telegram', () => {
    let token: string;

    it('gives a one-time t.me link that expires in 10 minutes; only its hash is stored', async () => {
      const before = Date.now();
      const response = await send('POST', ACCOUNT_PATHS.telegramDeeplink);
      const data = successEnvelope(TelegramDeeplinkResponse).strict().parse(response.json()).data;
      const match = /^https:\/\/t\.me\/PasarTestBot\?start=([A-Za-z0-9_-]{32})$/.exec(data.url);
      expect(match).not.toBeNull();
      token = match![1]!;
      const ttl = Date.parse(data.expiresAt) - before;
      expect(ttl).toBeGreaterThan(590_000);
      expect(ttl).toBeLessThanOrEqual(601_000);
      const rows = await t.testDatabase.database.db.execute<{ token_hash: string }>(sql`select token_hash from telegram_link_tokens where user_id = ${user.userId}`);
      expect(rows.rows).toEqual([{ token_hash: sha256(token) }]);
    });

    it('the webhook refuses a wrong or missing secret (2403) and an unknown token (2402)', async () => {
      for (const headers of [{}, { 'x-telegram-webhook-secret': 'wrong-secret-wrong-secret' }]) {
        const response = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.telegramWebhook, payload: { token, chatId: 12345 }, headers });
        expect(response.statusCode).toBe(401);
        expect(errorOf(response).error_code).toBe('2403');
      }
      const unknown = await t.app.inject({
        method: 'POST',
        url: ACCOUNT_PATHS.telegramWebhook,
        payload: { token: 'x'.repeat(32), chatId: 12345 },
        headers: { 'x-telegram-webhook-secret': WEBHOOK_SECRET },
      });
      expect(errorOf(unknown).error_code).toBe('2402');
      expect((await settings()).telegramConnected).toBe(false);
    });

    it('links the chat once; the token cannot be used again', async () => {
      const webhook = () =>
        t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.telegramWebhook, payload: { token, chatId: 777001 }, headers: { 'x-telegram-webhook-secret': WEBHOOK_SECRET } });
      const linked = await webhook();
      expect(linked.statusCode).toBe(200);
      expect(linked.json()).toEqual({ status: 'success', data: { linked: true } });
      expect((await settings()).telegramConnected).toBe(true);
      expect((await settings(other)).telegramConnected).toBe(false);
      expect(errorOf(await webhook()).error_code).toBe('2402');
      // SECURITY has Telegram on (saved above): the "connected" notice went to the chat too.
      expect((await inbox('777001')).map((m) => m.channel)).toContain('telegram');
    });

    it('refuses an expired token, and a token replaced by a newer link', async () => {
      const first = successEnvelope(TelegramDeeplinkResponse).parse((await send('POST', ACCOUNT_PATHS.telegramDeeplink, undefined, other)).json()).data;
      const second = successEnvelope(TelegramDeeplinkResponse).parse((await send('POST', ACCOUNT_PATHS.telegramDeeplink, undefined, other)).json()).data;
      const tokenOf = (url: string) => new URL(url).searchParams.get('start')!;
      const late = createNotificationService({
        repo: createAccountRepo(t.testDatabase.database.db, t.app.identity.userRecords),
        telegramBotUsername: 'PasarTestBot',
        telegramWebhookSecret: WEBHOOK_SECRET,
        now: () => new Date(Date.now() + 11 * 60_000),
      });
      await expect(late.telegramWebhook(WEBHOOK_SECRET, tokenOf(second.url), '42')).rejects.toMatchObject({ code: '2402' });
      const replaced = await t.app.inject({
        method: 'POST',
        url: ACCOUNT_PATHS.telegramWebhook,
        payload: { token: tokenOf(first.url), chatId: '42' },
        headers: { 'x-telegram-webhook-secret': WEBHOOK_SECRET },
      });
      expect(errorOf(replaced).error_code).toBe('2402');
      expect((await settings(other)).telegramConnected).toBe(false);
    });

    it('disconnects', async () => {
      const response = await send('POST', ACCOUNT_PATHS.telegramDisconnect);
      expect(response.json()).toEqual({ status: 'success', data: { telegramConnected: false } });
      expect((await settings()).telegramConnected).toBe(false);
    });
  });

  describe('notify (for other modules) and the centre', () => {
    it('respects the in-app setting of the type; SECURITY always reaches the centre', async () => {
      const before = (await page()).total;
      // PRICE_ALERT in-app is off for this user (saved above).
      await expect(service.notify(user.userId, { type: 'PRICE_ALERT', title: 'BTC', body: 'BTC-IDR crossed 1.000.000.000' })).resolves.toBeNull();
      expect((await page()).total).toBe(before);
      const created = await service.notify(user.userId, { type: 'MARGIN_CALL', title: { id: 'Margin call', en: 'Margin call' }, body: { id: 'Rasio margin 85%', en: 'Margin ratio 85%' } });
      expect(created).toMatchObject({ type: 'MARGIN_CALL', body: 'Rasio margin 85%', readAt: null });
      expect((await page()).total).toBe(before + 1);
      await expect(service.notify('00000000-0000-4000-8000-000000000000', { type: 'SECURITY', title: 'x', body: 'y' })).resolves.toBeNull();
    });

    it('also e-mails when the type’s e-mail switch is on and the address is verified', async () => {
      await freshPin(t.app, other);
      await send('POST', ACCOUNT_PATHS.emailChangeOtp, { email: 'sari@example.id' }, other);
      await send('POST', ACCOUNT_PATHS.emailChangeVerify, { otp: await latestOtp(t.app, 'sari@example.id') }, other);
      await service.notify(other.userId, { type: 'DEPOSIT', title: 'Top up berhasil', body: 'Rp100.000 masuk' });
      await service.notify(other.userId, { type: 'PROMOTION', title: 'Promo', body: 'Diskon biaya' });
      const mails = await inbox('sari@example.id');
      expect(mails.some((m) => m.channel === 'email' && m.subject === 'Top up berhasil')).toBe(true);
      expect(mails.some((m) => m.subject === 'Promo')).toBe(false);
    });

    it('with the store it decides from the saved setting in the statement that writes: saved rows, defaults, SECURITY always in-app, a key once', async () => {
      // `other` has a verified e-mail (above) and no saved row but these two.
      // As the app builds it: with the store, whose one statement reads the setting and writes.
      const { notify } = createNotificationService({
        repo: createAccountRepo(t.testDatabase.database.db, t.app.identity.userRecords),
        store: createNotificationRepo(t.testDatabase.database.db),
        messages: t.app.messages,
        telegramBotUsername: 'PasarTestBot',
      });
      await t.testDatabase.database.db.execute(sql`
        insert into notification_settings (user_id, type, in_app, email, telegram, updated_at) values
          (${other.userId}, 'PROMOTION', false, true, false, now()), (${other.userId}, 'SECURITY', false, false, false, now())`);
      const before = (await page('', other)).total;
      const mailed = async (subject: string) => (await inbox('sari@example.id')).filter((m) => m.channel === 'email' && m.subject === subject).length;

      // Saved: not in-app, e-mailed; its key makes the second call send nothing on any channel.
      await expect(notify(other.userId, { type: 'PROMOTION', title: 'Promo app', body: 'x', key: 'promo:1' })).resolves.toBeNull();
      await expect(notify(other.userId, { type: 'PROMOTION', title: 'Promo app', body: 'x', key: 'promo:1' })).resolves.toBeNull();
      expect(await mailed('Promo app')).toBe(1);
      // No row: the type's defaults (DEPOSIT in-app and e-mail; ORDER_FILLED in-app only).
      await expect(notify(other.userId, { type: 'DEPOSIT', title: 'Deposit app', body: 'x' })).resolves.toMatchObject({ type: 'DEPOSIT', title: 'Deposit app' });
      expect(await mailed('Deposit app')).toBe(1);
      const filled = await notify(other.userId, { type: 'ORDER_FILLED', title: { id: 'Terisi', en: 'Filled' }, body: 'x', key: 'fill:1' });
      expect(filled).toMatchObject({ type: 'ORDER_FILLED', title: 'Terisi', readAt: null });
      await expect(notify(other.userId, { type: 'ORDER_FILLED', title: 'Terisi', body: 'x', key: 'fill:1' })).resolves.toBeNull();
      expect(await mailed('Terisi')).toBe(0);
      // SECURITY reaches the centre even with a saved row that says otherwise (and is not e-mailed: the row says no).
      await expect(notify(other.userId, { type: 'SECURITY', title: 'Security app', body: 'x' })).resolves.toMatchObject({ type: 'SECURITY' });
      expect(await mailed('Security app')).toBe(0);

      const after = await page('', other);
      expect(after.total).toBe(before + 3);
      expect(after.items.slice(0, 3).map((n) => n.title)).toEqual(['Security app', 'Terisi', 'Deposit app']);
      expect(after.items[1]!.id).toBe(filled!.id);
    });

    it('lists newest first with paging, total and unread count; stores markup as text', async () => {
      const fresh = await signUpTestUser(t.app);
      const base = Date.now();
      for (let i = 0; i < 5; i += 1) {
        const at = new Date(base + i * 1000);
        const timed = createNotificationService({ repo: createAccountRepo(t.testDatabase.database.db, t.app.identity.userRecords), telegramBotUsername: 'x', now: () => at });
        await timed.notify(fresh.userId, { type: 'ORDER_FILLED', title: `Order ${i}`, body: i === 4 ? '<img src=x onerror=alert(1)>' : `filled ${i}` });
      }
      const first = await page('?page=0&size=2', fresh);
      expect(first).toMatchObject({ page: 0, size: 2, total: 5, unreadCount: 5 });
      expect(first.items.map((n) => n.title)).toEqual(['Order 4', 'Order 3']);
      expect(first.items[0]!.body).toBe('<img src=x onerror=alert(1)>');
      const last = await page('?page=2&size=2', fresh);
      expect(last.items.map((n) => n.title)).toEqual(['Order 0']);
      expect((await page('?page=3&size=2', fresh)).items).toEqual([]);
      expect(errorOf(await get(`${ACCOUNT_PATHS.notifications}?size=1000`, fresh)).error_code).toBe('002');
      expect(errorOf(await get(`${ACCOUNT_PATHS.notifications}?page=-1`, fresh)).error_code).toBe('002');

      const target = first.items[1]!;
      const read = await send('POST', notificationReadPath(target.id), undefined, fresh);
      const readData = successEnvelope(UserNotification).parse(read.json()).data;
      expect(readData.readAt).not.toBeNull();
      const again = successEnvelope(UserNotification).parse((await send('POST', notificationReadPath(target.id), undefined, fresh)).json()).data;
      expect(again.readAt).toBe(readData.readAt);
      expect((await page('', fresh)).unreadCount).toBe(4);

      const all = await send('POST', ACCOUNT_PATHS.notificationsReadAll, undefined, fresh);
      expect(all.json()).toEqual({ status: 'success', data: { updated: 4, unreadCount: 0 } });
      expect((await page('', fresh)).items.every((n) => n.readAt !== null)).toBe(true);
    });
  });

  describe('Salesforce web-info', () => {
    it('answers a stable opaque identifier per user and no login URL when none is configured', async () => {
      const a1 = successEnvelope(SalesforceWebInfo).strict().parse((await get(ACCOUNT_PATHS.salesforceWebInfo)).json()).data;
      const a2 = successEnvelope(SalesforceWebInfo).parse((await get(ACCOUNT_PATHS.salesforceWebInfo)).json()).data;
      const b = successEnvelope(SalesforceWebInfo).parse((await get(ACCOUNT_PATHS.salesforceWebInfo, other)).json()).data;
      expect(a1.salesforceIdentifier).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(a1).toEqual(a2);
      expect(a1.loginUrl).toBeNull();
      expect(b.salesforceIdentifier).not.toBe(a1.salesforceIdentifier);
      expect(a1.salesforceIdentifier).not.toContain(user.userId.slice(0, 8));
      expect((await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.salesforceWebInfo })).statusCode).toBe(401);
    });

    it('builds the login URL from SALESFORCE_LOGIN_URL with the identifier', async () => {
      const configured = await t.sibling({ SALESFORCE_LOGIN_URL: 'https://login.example.com/sso?client=pasar', KYC_AUTO_APPROVE_SECONDS: 'off' });
      const plain = successEnvelope(SalesforceWebInfo).parse((await get(ACCOUNT_PATHS.salesforceWebInfo)).json()).data;
      const data = successEnvelope(SalesforceWebInfo).parse(
        (await configured.inject({ method: 'GET', url: ACCOUNT_PATHS.salesforceWebInfo, headers: user.headers })).json(),
      ).data;
      expect(data.salesforceIdentifier).toBe(plain.salesforceIdentifier);
      const url = new URL(data.loginUrl!);
      expect(url.origin + url.pathname).toBe('https://login.example.com/sso');
      expect(url.searchParams.get('client')).toBe('pasar');
      expect(url.searchParams.get('salesforceIdentifier')).toBe(data.salesforceIdentifier);
    });
  });
});
