/** @jest-environment node */
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import {
  ACCOUNT_PATHS,
  AdminCashoutPending,
  Cashout,
  CashoutAutoApprovalStatus,
  CashoutLimit,
  CashoutList,
  CashoutReview,
  NotificationPage,
  WALLET_PATHS,
  cashoutCancelPath,
  cashoutPath,
  successEnvelope,
} from '@pasar/shared/contract';
import { runAdminCli } from '../../admin/admin-cli';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { freshPin, signUpTestUser, type TestUser } from '../../testing/auth-fixture';
import {
  SETUP_TIMEOUT_MS,
  addBankAccount,
  cashAccountOf,
  errorCodeOf,
  expectLedgerClean,
  expectStatus,
  fund,
  houseBalance,
  verifiedUser,
} from './test-support';

// Small numbers keep the scenarios readable: paid at once up to Rp1 juta, Rp20 juta a day.
const ENV = {
  KYC_AUTO_APPROVE_SECONDS: 'off',
  CASHOUT_AUTO_APPROVE_MIN_AGE_HOURS: '0',
  CASHOUT_AUTO_APPROVE_MAX: '1000000',
  CASHOUT_DAILY_LIMIT: '20000000',
};

interface Customer {
  readonly user: TestUser;
  readonly bankAccountId: string;
}

describe('cashout', () => {
  let t: TestApp;
  const admin = () => ({ 'x-admin-token': t.app.adminToken });
  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());
  afterEach(() => expectLedgerClean(t.app));

  /** A verified user with a bank account, `amount` of cash, and a PIN-fresh session. */
  async function customer(amount: string | null): Promise<Customer> {
    const user = await verifiedUser(t.app);
    const bankAccountId = await addBankAccount(t.app, user);
    if (amount) await fund(t.app, user, amount);
    await freshPin(t.app, user);
    return { user, bankAccountId };
  }
  const request = (c: Customer, amount: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: WALLET_PATHS.cashout,
      headers: { ...c.user.headers, ...headers },
      payload: { amount, bankAccountId: c.bankAccountId },
    });
  const cashoutOf = (response: { json(): unknown }) => successEnvelope(Cashout).parse(response.json()).data;
  const requested = async (c: Customer, amount: string) => {
    const response = await request(c, amount);
    expectStatus(response, 200);
    return cashoutOf(response);
  };
  const get = (url: string, user: TestUser) => t.app.inject({ method: 'GET', url, headers: user.headers });
  const decide = (verb: 'approve' | 'reject', payload: object) =>
    t.app.inject({ method: 'POST', url: verb === 'approve' ? WALLET_PATHS.adminCashoutApprove : WALLET_PATHS.adminCashoutReject, headers: admin(), payload });
  const notificationsOf = async (user: TestUser) =>
    successEnvelope(NotificationPage).parse((await get(ACCOUNT_PATHS.notifications, user)).json()).data.items;
  const delta = (after: string, before: string) => new Decimal(after).minus(before).toFixed();

  it('needs a verified identity (007), a fresh PIN (040), the minimum (3501) and the user’s own bank account (3502)', async () => {
    const unverified = await signUpTestUser(t.app);
    await freshPin(t.app, unverified);
    const body = { amount: '50000', bankAccountId: randomUUID() };
    const kyc = await t.app.inject({ method: 'POST', url: WALLET_PATHS.cashout, headers: unverified.headers, payload: body });
    expect([kyc.statusCode, errorCodeOf(kyc)]).toEqual([403, '007']);

    const stale = await verifiedUser(t.app);
    const pin = await t.app.inject({ method: 'POST', url: WALLET_PATHS.cashout, headers: stale.headers, payload: body });
    expect([pin.statusCode, errorCodeOf(pin)]).toEqual([400, '040']);

    const c = await customer('100000');
    const below = await request(c, '9999');
    expect([below.statusCode, errorCodeOf(below)]).toEqual([400, '3501']);
    const other = await customer(null);
    for (const bankAccountId of [randomUUID(), other.bankAccountId]) {
      const response = await t.app.inject({ method: 'POST', url: WALLET_PATHS.cashout, headers: c.user.headers, payload: { amount: '50000', bankAccountId } });
      expect([response.statusCode, errorCodeOf(response)]).toEqual([404, '3502']);
    }
    expect(await cashAccountOf(t.app, c.user)).toMatchObject({ cashBalance: '100000', cashOnHold: '0' });
    expect(successEnvelope(CashoutList).parse((await get(WALLET_PATHS.cashout, c.user)).json()).data.items).toEqual([]);
  });

  it('refuses more than the available cash (1115) and holds nothing', async () => {
    const c = await customer('100000');
    const response = await request(c, '100001');
    expect([response.statusCode, errorCodeOf(response)]).toEqual([400, '1115']);
    expect(await cashAccountOf(t.app, c.user)).toMatchObject({ cashBalance: '100000', cashOnHold: '0' });
  });

  it('pays a small cashout at once: cash down by the amount, the bank payout gets amount − fee, the house the fee', async () => {
    const c = await customer('600000');
    const [payout, fees] = [await houseBalance(t.app, 'BANK_PAYOUT'), await houseBalance(t.app, 'FEES')];
    const cashout = await requested(c, '500000');
    expect(cashout).toMatchObject({ amount: '500000', fee: '2500', amountReceived: '497500', status: 'PAID', autoApproved: true, rejectionReason: null });
    expect(cashout.bankAccount).toMatchObject({ id: c.bankAccountId, bankCode: '014', bankName: 'BCA', holderName: 'Budi Santoso' });
    expect(cashout.bankAccount.maskedAccountNumber).toMatch(/^•••• \d{4}$/);
    expect(cashout.decidedAt).not.toBeNull();
    expect(await cashAccountOf(t.app, c.user)).toMatchObject({ cashBalance: '100000', cashOnHold: '0' });
    expect(delta(await houseBalance(t.app, 'BANK_PAYOUT'), payout)).toBe('497500');
    expect(delta(await houseBalance(t.app, 'FEES'), fees)).toBe('2500');
    expect((await notificationsOf(c.user)).filter((n) => n.type === 'CASHOUT')).toHaveLength(1);
    expect(cashoutOf(await get(cashoutPath(cashout.id), c.user))).toEqual(cashout);
  });

  it('holds a large cashout for review; the operator approves it and it is paid', async () => {
    const c = await customer('6000000');
    const payout = await houseBalance(t.app, 'BANK_PAYOUT');
    const cashout = await requested(c, '5000000');
    expect(cashout).toMatchObject({ status: 'PENDING_REVIEW', autoApproved: false, decidedAt: null });
    expect(await cashAccountOf(t.app, c.user)).toMatchObject({ cashBalance: '1000000', cashOnHold: '5000000' });

    const pending = successEnvelope(AdminCashoutPending).parse((await t.app.inject({ method: 'GET', url: WALLET_PATHS.adminCashoutPending, headers: admin() })).json()).data;
    expect(pending.items.find((i) => i.id === cashout.id)).toMatchObject({ phone: c.user.phone, amount: '5000000' });
    expect((await t.app.inject({ method: 'GET', url: WALLET_PATHS.adminCashoutPending })).statusCode).toBe(401);

    const approved = await decide('approve', { id: cashout.id });
    expectStatus(approved, 200);
    expect(cashoutOf(approved)).toMatchObject({ id: cashout.id, status: 'PAID', amountReceived: '4997500' });
    expect(await cashAccountOf(t.app, c.user)).toMatchObject({ cashBalance: '1000000', cashOnHold: '0' });
    expect(delta(await houseBalance(t.app, 'BANK_PAYOUT'), payout)).toBe('4997500');

    const again = await decide('reject', { id: cashout.id, reason: 'late' });
    expect([again.statusCode, errorCodeOf(again)]).toEqual([409, '3504']);
    const unknown = await decide('approve', { id: randomUUID() });
    expect([unknown.statusCode, errorCodeOf(unknown)]).toEqual([404, '3505']);
  });

  it('an operator’s rejection (reason required) releases the hold and tells the user why', async () => {
    const c = await customer('3000000');
    const cashout = await requested(c, '2000000');
    const noReason = await decide('reject', { id: cashout.id });
    expect([noReason.statusCode, errorCodeOf(noReason)]).toEqual([400, '002']);
    const rejected = await decide('reject', { id: cashout.id, reason: 'Nama rekening tidak sesuai' });
    expectStatus(rejected, 200);
    expect(cashoutOf(rejected)).toMatchObject({ status: 'REJECTED', rejectionReason: 'Nama rekening tidak sesuai' });
    expect(await cashAccountOf(t.app, c.user)).toMatchObject({ cashBalance: '3000000', cashOnHold: '0' });
    const note = (await notificationsOf(c.user)).find((n) => n.type === 'CASHOUT');
    expect(note?.body).toContain('Nama rekening tidak sesuai');
    const approveLate = await decide('approve', { id: cashout.id });
    expect([approveLate.statusCode, errorCodeOf(approveLate)]).toEqual([409, '3504']);
  });

  it('two operators deciding at once: exactly one decision, one payment', async () => {
    const c = await customer('4000000');
    const payout = await houseBalance(t.app, 'BANK_PAYOUT');
    const cashout = await requested(c, '3000000');
    const answers = await Promise.all([
      decide('approve', { id: cashout.id }),
      decide('approve', { id: cashout.id }),
      decide('reject', { id: cashout.id, reason: 'duplicate review' }),
    ]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409).map(errorCodeOf)).toEqual(['3504', '3504']);
    const final = cashoutOf(await get(cashoutPath(cashout.id), c.user));
    expect(await cashAccountOf(t.app, c.user)).toMatchObject({ cashOnHold: '0', cashBalance: final.status === 'PAID' ? '1000000' : '4000000' });
    expect(delta(await houseBalance(t.app, 'BANK_PAYOUT'), payout)).toBe(final.status === 'PAID' ? '2997500' : '0');
  });

  it('the user may cancel while it waits (hold released), not afterwards; others see 404', async () => {
    const c = await customer('2500000');
    const cashout = await requested(c, '2000000');
    const stranger = await verifiedUser(t.app);
    for (const response of [
      await get(cashoutPath(cashout.id), stranger),
      await t.app.inject({ method: 'POST', url: cashoutCancelPath(cashout.id), headers: stranger.headers }),
      await get(cashoutPath('nope'), c.user),
    ]) {
      expect([response.statusCode, errorCodeOf(response)]).toEqual([404, '3505']);
    }
    const cancelled = await t.app.inject({ method: 'POST', url: cashoutCancelPath(cashout.id), headers: c.user.headers });
    expectStatus(cancelled, 200);
    expect(cashoutOf(cancelled)).toMatchObject({ status: 'CANCELLED' });
    expect(await cashAccountOf(t.app, c.user)).toMatchObject({ cashBalance: '2500000', cashOnHold: '0' });
    const again = await t.app.inject({ method: 'POST', url: cashoutCancelPath(cashout.id), headers: c.user.headers });
    expect([again.statusCode, errorCodeOf(again)]).toEqual([409, '3503']);
    const approve = await decide('approve', { id: cashout.id });
    expect(errorCodeOf(approve)).toBe('3504');
  });

  it('counts waiting and paid cashouts of the WIB day against the daily limit (008); cancelled ones free it', async () => {
    const c = await customer('25000000');
    await requested(c, '15000000');
    const over = await request(c, '5000001');
    expect([over.statusCode, errorCodeOf(over)]).toEqual([400, '008']);
    const last = await requested(c, '5000000');
    const limit = async () => successEnvelope(CashoutLimit).parse((await get(WALLET_PATHS.cashoutLimit, c.user)).json()).data;
    expect(await limit()).toEqual({
      dailyLimit: '20000000',
      usedToday: '20000000',
      remainingToday: '0',
      minAmount: '10000',
      fee: '2500',
      autoApproveMax: '1000000',
      available: '5000000',
    });
    expect(errorCodeOf(await request(c, '10000'))).toBe('008');
    expectStatus(await t.app.inject({ method: 'POST', url: cashoutCancelPath(last.id), headers: c.user.headers }), 200);
    expect(await limit()).toMatchObject({ usedToday: '15000000', remainingToday: '5000000', available: '10000000' });
  });

  it('reviews a cashout without changing anything, with the same refusals as the request', async () => {
    const c = await customer('3000000');
    const review = async (amount: string) =>
      t.app.inject({ method: 'POST', url: WALLET_PATHS.cashoutReview, headers: c.user.headers, payload: { amount, bankAccountId: c.bankAccountId } });
    const small = successEnvelope(CashoutReview).parse((await review('800000')).json()).data;
    expect(small).toMatchObject({ amount: '800000', fee: '2500', amountReceived: '797500', autoApproved: true, remainingTodayAfter: '19200000' });
    expect(small.bankAccount.id).toBe(c.bankAccountId);
    expect(successEnvelope(CashoutReview).parse((await review('2000000')).json()).data.autoApproved).toBe(false);
    expect(errorCodeOf(await review('3000001'))).toBe('1115');
    expect(errorCodeOf(await review('9000'))).toBe('3501');
    expect(await cashAccountOf(t.app, c.user)).toMatchObject({ cashBalance: '3000000', cashOnHold: '0' });
  });

  it('is idempotent on x-request-id: a retry answers the same cashout and holds once', async () => {
    const c = await customer('5000000');
    const headers = { 'x-request-id': `cashout-retry-${randomUUID()}` };
    const first = cashoutOf(await request(c, '2000000', headers));
    const again = cashoutOf(await request(c, '2000000', headers));
    expect(again.id).toBe(first.id);
    expect(await cashAccountOf(t.app, c.user)).toMatchObject({ cashBalance: '3000000', cashOnHold: '2000000' });
    const different = await request(c, '1500000', headers);
    expect([different.statusCode, errorCodeOf(different)]).toEqual([409, '042']);
  });

  it('concurrent requests never overdraw the cash (1115 for the rest)', async () => {
    const c = await customer('10000000');
    const answers = await Promise.all(Array.from({ length: 6 }, () => request(c, '3000000')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode !== 200).map(errorCodeOf)).toEqual(['1115', '1115', '1115']);
    expect(await cashAccountOf(t.app, c.user)).toMatchObject({ cashBalance: '1000000', cashOnHold: '9000000' });
  });

  it('concurrent requests never pass the daily limit (008 for the rest)', async () => {
    const c = await customer('40000000');
    const answers = await Promise.all(Array.from({ length: 10 }, () => request(c, '3000000')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(6);
    expect(answers.filter((a) => a.statusCode !== 200).map(errorCodeOf)).toEqual(['008', '008', '008', '008']);
    expect(await cashAccountOf(t.app, c.user)).toMatchObject({ cashBalance: '22000000', cashOnHold: '18000000' });
  });

  it('new accounts are never approved automatically while younger than the configured age', async () => {
    const strict = await t.sibling({ ...ENV, CASHOUT_AUTO_APPROVE_MIN_AGE_HOURS: '24' });
    const c = await customer('500000');
    const status = successEnvelope(CashoutAutoApprovalStatus).parse(
      (await strict.inject({ method: 'GET', url: WALLET_PATHS.cashoutAutoApproval, headers: c.user.headers })).json(),
    ).data;
    expect(status).toEqual({ enabled: false, maxAmount: '1000000' });
    const response = await strict.inject({ method: 'POST', url: WALLET_PATHS.cashout, headers: c.user.headers, payload: { amount: '100000', bankAccountId: c.bankAccountId } });
    expect(cashoutOf(response)).toMatchObject({ status: 'PENDING_REVIEW', autoApproved: false });
    const relaxed = successEnvelope(CashoutAutoApprovalStatus).parse((await get(WALLET_PATHS.cashoutAutoApproval, c.user)).json()).data;
    expect(relaxed).toEqual({ enabled: true, maxAmount: '1000000' });
    expectStatus(await decide('reject', { id: cashoutOf(response).id, reason: 'test' }), 200);
  });

  it('the operator command lists, approves and rejects against the running server', async () => {
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const c = await customer('5000000');
    const toPay = await requested(c, '2000000');
    const toRefuse = await requested(c, '1500000');
    const out: string[] = [];
    const err: string[] = [];
    const deps = { env: { PASAR_URL: baseUrl, DATA_DIR: t.config.dataDir }, out: (l: string) => out.push(l), err: (l: string) => err.push(l) };

    await expect(runAdminCli(['cashout', 'list'], deps)).resolves.toBe(0);
    expect(out.some((l) => l.startsWith(toPay.id) && l.includes(c.user.phone))).toBe(true);
    await expect(runAdminCli(['cashout', 'approve', toPay.id], deps)).resolves.toBe(0);
    expect(out.at(-1)).toMatch(new RegExp(`^${toPay.id}\\s+PAID`));
    await expect(runAdminCli(['cashout', 'reject', toRefuse.id], deps)).resolves.toBe(2);
    expect(err.at(-1)).toMatch(/reject needs --reason/);
    await expect(runAdminCli(['cashout', 'reject', toRefuse.id, '--reason', 'Rekening diblokir bank'], deps)).resolves.toBe(0);
    expect(out.at(-1)).toMatch(/REJECTED.*\(Rekening diblokir bank\)$/);
    await expect(runAdminCli(['cashout', 'approve', toRefuse.id], deps)).resolves.toBe(1);
    expect(err.at(-1)).toMatch(/3504/);
    expect(await cashAccountOf(t.app, c.user)).toMatchObject({ cashBalance: '3000000', cashOnHold: '0' });
  });
});
