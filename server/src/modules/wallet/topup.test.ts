/** @jest-environment node */
import fs from 'node:fs/promises';
import Decimal from 'decimal.js';
import {
  ACCOUNT_PATHS,
  InputVariables,
  NotificationPage,
  TOPUP_CHANNELS,
  TOPUP_SIGNATURE_HEADER,
  TopUpList,
  TopUpMethodsResponse,
  TopUpWebhookResponse,
  WALLET_PATHS,
  successEnvelope,
  topupPath,
  topupSimulatePath,
  type TopUpWebhookBody,
} from '@pasar/shared/contract';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp, TEST_PLUGIN_TIMEOUT_MS } from '../../testing/app-fixture';
import { PRODUCTION_TEST_ENV, signUpTestUser, type TestUser } from '../../testing/auth-fixture';
import { createWalletRepo } from './repo';
import {
  SETUP_TIMEOUT_MS,
  cashAccountOf,
  createTopUp,
  errorCodeOf,
  expectLedgerClean,
  expectStatus,
  houseBalance,
  topUpOf,
  verifiedUser,
  webhookSecretOf,
} from './test-support';
import { createTopUpService } from './topup-service';
import { checkSignature, loadPaymentWebhookSecret, paymentWebhookSecretFile, signatureHeader, signatureOf } from './webhook-signature';

describe('the gateway signature', () => {
  const secret = 's'.repeat(40);
  const body = '{"topUpId":"x"}';
  const now = 1_800_000_000;

  it('accepts the HMAC of "<t>.<raw body>" within five minutes, either way', () => {
    expect(checkSignature(signatureHeader(secret, body, now), body, secret, now)).toBe('ok');
    expect(checkSignature(signatureHeader(secret, body, now - 300), body, secret, now)).toBe('ok');
    expect(checkSignature(signatureHeader(secret, body, now + 300), body, secret, now)).toBe('ok');
    expect(checkSignature(`t=${now},v1=${'0'.repeat(64)},v1=${signatureOf(secret, now, body)}`, body, secret, now)).toBe('ok');
  });

  it('refuses old or future timestamps, another secret, another body, and malformed headers', () => {
    expect(checkSignature(signatureHeader(secret, body, now - 301), body, secret, now)).toBe('stale');
    expect(checkSignature(signatureHeader(secret, body, now + 301), body, secret, now)).toBe('stale');
    expect(checkSignature(signatureHeader('o'.repeat(40), body, now), body, secret, now)).toBe('mismatch');
    expect(checkSignature(signatureHeader(secret, body, now), `${body} `, secret, now)).toBe('mismatch');
    expect(checkSignature(undefined, body, secret, now)).toBe('missing');
    for (const header of ['garbage', `t=${now}`, `t=abc,v1=${'a'.repeat(64)}`, `t=${now},v1=xyz`, `t=${now},t=${now},v1=${'a'.repeat(64)}`]) {
      expect({ header, verdict: checkSignature(header, body, secret, now) }).toEqual({ header, verdict: 'malformed' });
    }
  });
});

describe('top-up', () => {
  let t: TestApp;
  let user: TestUser;
  let secret: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { KYC_AUTO_APPROVE_SECONDS: 'off' } });
    user = await verifiedUser(t.app);
    secret = await webhookSecretOf(t.config.dataDir);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());
  afterEach(() => expectLedgerClean(t.app));

  const get = (url: string, u: TestUser = user) => t.app.inject({ method: 'GET', url, headers: { ...u.headers, 'x-language-code': 'en' } });
  const listOf = async (u: TestUser = user) => successEnvelope(TopUpList).parse((await get(WALLET_PATHS.topups, u)).json()).data.items;
  const webhook = (payload: string, header: string | undefined) =>
    t.app.inject({
      method: 'POST',
      url: WALLET_PATHS.topupWebhook,
      payload,
      headers: { 'content-type': 'application/json', ...(header === undefined ? {} : { [TOPUP_SIGNATURE_HEADER]: header }) },
    });
  const bodyFor = (id: string, amountPaid: string, status: 'PAID' | 'FAILED' = 'PAID'): string =>
    JSON.stringify({ topUpId: id, paymentReference: `PAY-${id.slice(0, 8)}`, amountPaid, status, paidAt: new Date().toISOString() } satisfies TopUpWebhookBody);

  it('lists the virtual accounts and e-wallets with limits and a fixed fee', async () => {
    const response = await get(WALLET_PATHS.topupMethods);
    const { methods } = successEnvelope(TopUpMethodsResponse).parse(response.json()).data;
    expect(methods.map((m) => m.channel)).toEqual([...TOPUP_CHANNELS]);
    expect(methods.find((m) => m.channel === 'BCA_VA')).toEqual({
      channel: 'BCA_VA',
      kind: 'VIRTUAL_ACCOUNT',
      name: 'BCA Virtual Account',
      bankCode: '014',
      minAmount: '10000',
      maxAmount: '50000000',
      fee: '4000',
      enabled: true,
    });
    expect(methods.find((m) => m.channel === 'OVO')).toMatchObject({ kind: 'EWALLET', bankCode: null, maxAmount: '10000000', fee: '2500', enabled: true });
  });

  it('gives a channel’s form: limits, fee, quick picks inside the limits, expiry and steps in both languages', async () => {
    const response = await get(`${WALLET_PATHS.inputVariables}?paymentChannel=GOPAY`);
    const form = successEnvelope(InputVariables).parse(response.json()).data;
    expect(form).toMatchObject({ channel: 'GOPAY', minAmount: '10000', maxAmount: '10000000', fee: '2500', expiryMinutes: 30 });
    expect(form.presetAmounts).toEqual(['100000', '250000', '500000', '1000000', '5000000']);
    expect(form.steps.length).toBeGreaterThanOrEqual(3);
    for (const step of form.steps) expect(step.id).not.toBe(step.en);
    expect(errorCodeOf(await get(`${WALLET_PATHS.inputVariables}?paymentChannel=PAYPAL`))).toBe('002');
  });

  it('needs a verified identity (007) and creates nothing', async () => {
    const unverified = await signUpTestUser(t.app);
    const response = await createTopUp(t.app, unverified, '100000');
    expect(response.statusCode).toBe(403);
    expect(errorCodeOf(response)).toBe('007');
    expect(await listOf(unverified)).toEqual([]);
  });

  it.each([
    ['below the minimum', 'BCA_VA', '9999', '3402', 400],
    ['above the VA maximum', 'MANDIRI_VA', '50000001', '3405', 400],
    ['above the e-wallet maximum', 'DANA', '10000001', '3405', 400],
    ['a fraction of a Rupiah', 'BCA_VA', '10000.5', '002', 400],
    ['zero', 'BCA_VA', '0', '002', 400],
  ] as const)('refuses an amount %s (%s %s → %s) and creates nothing', async (_what, channel, amount, code, status) => {
    const before = (await listOf()).length;
    const response = await createTopUp(t.app, user, amount, channel);
    expect(response.statusCode).toBe(status);
    expect(errorCodeOf(response)).toBe(code);
    expect(await listOf()).toHaveLength(before);
  });

  it('creates a pending VA top-up: 16-digit number with the bank prefix, amount + fee to pay, 24 hours', async () => {
    const response = await createTopUp(t.app, user, '150000', 'BCA_VA', { 'x-language-code': 'en' });
    expectStatus(response, 200);
    const topUp = topUpOf(response);
    expect(topUp).toMatchObject({ channel: 'BCA_VA', amount: '150000', fee: '4000', totalToPay: '154000', status: 'PENDING', paidAt: null, canSimulate: true });
    expect(topUp.paymentCode).toMatch(/^39358\d{11}$/);
    expect(Date.parse(topUp.expiresAt) - Date.parse(topUp.createdAt)).toBe(24 * 3600 * 1000);
    expect(topUp.steps.some((s) => s.en.includes(topUp.paymentCode) && s.id.includes(topUp.paymentCode))).toBe(true);
    expect(topUp.steps.some((s) => s.en.includes('Rp154,000') && s.id.includes('Rp154.000'))).toBe(true);
    const read = await get(topupPath(topUp.id));
    expect(topUpOf(read)).toEqual(topUp);
    expect((await listOf())[0]).toEqual(topUp);
  });

  it('creates an e-wallet top-up payable for 30 minutes with a code', async () => {
    const topUp = topUpOf(await createTopUp(t.app, user, '50000', 'SHOPEEPAY'));
    expect(topUp).toMatchObject({ amount: '50000', fee: '2500', totalToPay: '52500', status: 'PENDING' });
    expect(topUp.paymentCode).toMatch(/^SP[2-9A-HJ-NP-Z]{12}$/);
    expect(Date.parse(topUp.expiresAt) - Date.parse(topUp.createdAt)).toBe(30 * 60 * 1000);
  });

  it('is idempotent on x-request-id: the same request again answers the same top-up; another body with it is refused', async () => {
    const before = (await listOf()).length;
    const headers = { 'x-request-id': `topup-retry-${Date.now()}` };
    const first = topUpOf(await createTopUp(t.app, user, '200000', 'BRI_VA', headers));
    const again = topUpOf(await createTopUp(t.app, user, '200000', 'BRI_VA', headers));
    expect(again.id).toBe(first.id);
    expect(await listOf()).toHaveLength(before + 1);
    const other = await createTopUp(t.app, user, '300000', 'BRI_VA', headers);
    expect(other.statusCode).toBe(409);
    expect(errorCodeOf(other)).toBe('042');
    expect(await listOf()).toHaveLength(before + 1);
  });

  it('keeps each top-up private: another user gets 404', async () => {
    const topUp = topUpOf(await createTopUp(t.app, user, '100000'));
    const stranger = await signUpTestUser(t.app);
    for (const response of [
      await get(topupPath(topUp.id), stranger),
      await t.app.inject({ method: 'POST', url: topupSimulatePath(topUp.id), headers: stranger.headers }),
      await get(topupPath('not-a-uuid')),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(errorCodeOf(response)).toBe('3403');
    }
    expect(topUpOf(await get(topupPath(topUp.id))).status).toBe('PENDING');
  });

  it('simulated payment credits the amount to cash and the fee to the house, once, and tells the user', async () => {
    const payer = await verifiedUser(t.app);
    const fees = await houseBalance(t.app, 'FEES');
    const topUp = topUpOf(await createTopUp(t.app, payer, '250000', 'MANDIRI_VA'));
    const paid = await t.app.inject({ method: 'POST', url: topupSimulatePath(topUp.id), headers: payer.headers });
    expectStatus(paid, 200);
    expect(topUpOf(paid)).toMatchObject({ id: topUp.id, status: 'PAID' });
    expect(topUpOf(paid).paidAt).not.toBeNull();
    expect(await cashAccountOf(t.app, payer)).toEqual({ cashBalance: '250000', voucherBalance: '0', freeBalance: '0', cashOnHold: '0' });
    expect(new Decimal(await houseBalance(t.app, 'FEES')).minus(fees).toFixed()).toBe('4000');
    const transfer = await t.app.ledger.transferByKey(`topup:${topUp.id}`);
    expect(transfer?.kind).toBe('TOPUP');

    // Paying again is refused; the balance is unchanged.
    const again = await t.app.inject({ method: 'POST', url: topupSimulatePath(topUp.id), headers: payer.headers });
    expect(again.statusCode).toBe(409);
    expect(errorCodeOf(again)).toBe('3406');
    expect((await cashAccountOf(t.app, payer)).cashBalance).toBe('250000');

    const notifications = successEnvelope(NotificationPage).parse((await get(ACCOUNT_PATHS.notifications, payer)).json()).data;
    expect(notifications.items.filter((n) => n.type === 'DEPOSIT')).toHaveLength(1);
    expect(notifications.items[0]!.body).toBe('Rp250.000 lewat Mandiri Virtual Account sudah masuk ke saldo Anda.');
  });

  it('a repeated webhook credits once (credited: false the second time)', async () => {
    const payer = await verifiedUser(t.app);
    const topUp = topUpOf(await createTopUp(t.app, payer, '100000', 'OVO'));
    const body = bodyFor(topUp.id, topUp.totalToPay);
    const first = await webhook(body, signatureHeader(secret, body));
    const second = await webhook(body, signatureHeader(secret, body));
    expect(successEnvelope(TopUpWebhookResponse).parse(first.json()).data).toEqual({ received: true, credited: true });
    expect(successEnvelope(TopUpWebhookResponse).parse(second.json()).data).toEqual({ received: true, credited: false });
    expect((await cashAccountOf(t.app, payer)).cashBalance).toBe('100000');
  });

  it('concurrent webhooks for one top-up credit once', async () => {
    const payer = await verifiedUser(t.app);
    const topUp = topUpOf(await createTopUp(t.app, payer, '120000'));
    const body = bodyFor(topUp.id, topUp.totalToPay);
    const answers = await Promise.all(Array.from({ length: 5 }, () => webhook(body, signatureHeader(secret, body))));
    const credited = answers.map((a) => successEnvelope(TopUpWebhookResponse).parse(a.json()).data.credited);
    expect(credited.filter(Boolean)).toHaveLength(1);
    expect((await cashAccountOf(t.app, payer)).cashBalance).toBe('120000');
  });

  it('refuses a bad signature, an old timestamp, a missing header or a changed body with 401, and changes nothing', async () => {
    const payer = await verifiedUser(t.app);
    const topUp = topUpOf(await createTopUp(t.app, payer, '100000'));
    const body = bodyFor(topUp.id, topUp.totalToPay);
    const now = Math.floor(Date.now() / 1000);
    const attempts: [string, string, string | undefined][] = [
      ['another secret', body, signatureHeader('x'.repeat(40), body)],
      ['an old timestamp', body, signatureHeader(secret, body, now - 6 * 60)],
      ['no header', body, undefined],
      ['a changed body', body.replace(topUp.totalToPay, '1'), signatureHeader(secret, body)],
      ['a signature that is not hex', body, `t=${now},v1=${'z'.repeat(64)}`],
    ];
    for (const [what, payload, header] of attempts) {
      const response = await webhook(payload, header);
      expect({ what, status: response.statusCode, code: errorCodeOf(response) }).toEqual({ what, status: 401, code: '3407' });
    }
    expect(topUpOf(await get(topupPath(topUp.id), payer)).status).toBe('PENDING');
    expect((await cashAccountOf(t.app, payer)).cashBalance).toBe('0');
  });

  it('refuses a paid amount that differs from the amount due, and ignores a failed payment', async () => {
    const payer = await verifiedUser(t.app);
    const topUp = topUpOf(await createTopUp(t.app, payer, '100000'));
    for (const amountPaid of ['100000', '104001', '0']) {
      const body = bodyFor(topUp.id, amountPaid);
      const response = await webhook(body, signatureHeader(secret, body));
      expect({ amountPaid, status: response.statusCode, code: errorCodeOf(response) }).toEqual({ amountPaid, status: 400, code: '3404' });
    }
    const failed = bodyFor(topUp.id, topUp.totalToPay, 'FAILED');
    const response = await webhook(failed, signatureHeader(secret, failed));
    expect(successEnvelope(TopUpWebhookResponse).parse(response.json()).data).toEqual({ received: true, credited: false });
    expect(topUpOf(await get(topupPath(topUp.id), payer)).status).toBe('PENDING');
    expect((await cashAccountOf(t.app, payer)).cashBalance).toBe('0');

    const unknown = bodyFor('00000000-0000-4000-8000-000000000000', '1');
    const missing = await webhook(unknown, signatureHeader(secret, unknown));
    expect(missing.statusCode).toBe(404);
    expect(errorCodeOf(missing)).toBe('3403');
    const invalid = '{"topUpId": 1}';
    expect(errorCodeOf(await webhook(invalid, signatureHeader(secret, invalid)))).toBe('002');
  });

  it('reads as EXPIRED past its expiry (no simulation then), yet a late payment is still credited', async () => {
    const payer = await verifiedUser(t.app);
    const topUp = topUpOf(await createTopUp(t.app, payer, '75000', 'DANA'));
    const later = createTopUpService({
      repo: createWalletRepo(t.app.database.db),
      people: t.app.identity,
      ledger: t.app.ledger,
      notify: async () => null,
      disabledChannels: [],
      canSimulate: true,
      now: () => new Date(Date.parse(topUp.expiresAt) + 1000),
    });
    expect((await later.get(payer.userId, topUp.id)).status).toBe('EXPIRED');
    await expect(later.simulationBody(payer.userId, topUp.id)).rejects.toMatchObject({ code: '3406' });
    const result = await later.receivePayment(JSON.parse(bodyFor(topUp.id, topUp.totalToPay)) as TopUpWebhookBody);
    expect(result).toEqual({ received: true, credited: true });
    expect(await later.get(payer.userId, topUp.id)).toMatchObject({ status: 'PAID' });
    expect((await cashAccountOf(t.app, payer)).cashBalance).toBe('75000');
  });

  it('switches channels off by configuration (3401)', async () => {
    const limited = await t.sibling({ KYC_AUTO_APPROVE_SECONDS: 'off', TOPUP_DISABLED_CHANNELS: 'BNI_VA,OVO' });
    const { methods } = successEnvelope(TopUpMethodsResponse).parse(
      (await limited.inject({ method: 'GET', url: WALLET_PATHS.topupMethods, headers: user.headers })).json(),
    ).data;
    expect(methods.filter((m) => !m.enabled).map((m) => m.channel)).toEqual(['BNI_VA', 'OVO']);
    const refused = await limited.inject({ method: 'POST', url: WALLET_PATHS.topups, headers: user.headers, payload: { paymentChannel: 'OVO', amount: '100000' } });
    expect(refused.statusCode).toBe(400);
    expect(errorCodeOf(refused)).toBe('3401');
    const form = await limited.inject({ method: 'GET', url: `${WALLET_PATHS.inputVariables}?paymentChannel=BNI_VA`, headers: user.headers });
    expect(errorCodeOf(form)).toBe('3401');
  });

  it('keeps the development secret in the data folder, private, and the same across starts', async () => {
    const file = paymentWebhookSecretFile(t.config.dataDir);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    await expect(loadPaymentWebhookSecret(undefined, t.config.dataDir, 'development')).resolves.toBe(secret);
    expect(secret.length).toBeGreaterThanOrEqual(32);
  });

  describe('in production', () => {
    it('has no simulate route, and takes callbacks signed with PAYMENT_WEBHOOK_SECRET', async () => {
      const production = await t.sibling({ ...PRODUCTION_TEST_ENV, KYC_AUTO_APPROVE_SECONDS: 'off' });
      const payer = await verifiedUser(t.app);
      const topUp = topUpOf(await createTopUp(t.app, payer, '100000'));
      // Development answers 401 without a session (the route exists); production has no such route.
      expect((await t.app.inject({ method: 'POST', url: topupSimulatePath(topUp.id) })).statusCode).toBe(401);
      const simulate = await production.inject({ method: 'POST', url: topupSimulatePath(topUp.id) });
      expect(simulate.statusCode).toBe(404);

      const body = bodyFor(topUp.id, topUp.totalToPay);
      const devSigned = await production.inject({
        method: 'POST',
        url: WALLET_PATHS.topupWebhook,
        payload: body,
        headers: { 'content-type': 'application/json', [TOPUP_SIGNATURE_HEADER]: signatureHeader(secret, body) },
      });
      expect(devSigned.statusCode).toBe(401);
      const signed = await production.inject({
        method: 'POST',
        url: WALLET_PATHS.topupWebhook,
        payload: body,
        headers: { 'content-type': 'application/json', [TOPUP_SIGNATURE_HEADER]: signatureHeader(PRODUCTION_TEST_ENV.PAYMENT_WEBHOOK_SECRET!, body) },
      });
      expect(successEnvelope(TopUpWebhookResponse).parse(signed.json()).data.credited).toBe(true);
      expect((await cashAccountOf(t.app, payer)).cashBalance).toBe('100000');
    });

    it('refuses to start without PAYMENT_WEBHOOK_SECRET', async () => {
      const config = loadConfig({ ...PRODUCTION_TEST_ENV, PAYMENT_WEBHOOK_SECRET: '', DATA_DIR: t.config.dataDir, ...t.testDatabase.env });
      const app = buildApp(config, { database: t.testDatabase.database, pluginTimeoutMs: TEST_PLUGIN_TIMEOUT_MS });
      await expect(app.ready()).rejects.toThrow(/PAYMENT_WEBHOOK_SECRET: required in production/);
      await app.close().catch(() => undefined);
    });
  });
});
