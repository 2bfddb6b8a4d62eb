/** @jest-environment node */
// Named operators and the audit trail: root (the bootstrap token) adds and revokes operators; every
// operator action leaves one audit row naming the operator, with the reason; the row is written in
// the action's own transaction; a revoked token is refused at once; production refuses root's
// actions; `admin audit list` filters and pages.
import { ACCOUNT_PATHS, AuditPage, Cashout, IDX_PATHS, MARKET_PATHS, OPERATOR_PATHS, OperatorAdded, WALLET_PATHS, successEnvelope } from '@pasar/shared/contract';
import { createTestApp, type TestApp } from '../testing/app-fixture';
import { freshPin, PRODUCTION_TEST_ENV, signUpTestUser, type TestUser } from '../testing/auth-fixture';
import { ktpFile, multipart, selfieFile, VALID_KYC_FIELDS } from '../modules/account/test-support';
import { addBankAccount, expectStatus, fund, SETUP_TIMEOUT_MS, TEST_HOLDER, verifiedUser } from '../modules/wallet/test-support';
import type { PasarApp } from '../app';
import { runAdminCli } from './admin-cli';
import { auditTransactions, runWithAudit, type AuditContext } from './audit-trail';
import { operators } from './operator-store';

const ENV = {
  KYC_AUTO_APPROVE_SECONDS: 'off',
  CASHOUT_AUTO_APPROVE_MIN_AGE_HOURS: '0',
  CASHOUT_AUTO_APPROVE_MAX: '1000000',
  CASHOUT_DAILY_LIMIT: '20000000',
};

describe('operators and the audit trail', () => {
  let t: TestApp;
  let ayu: string;
  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const root = () => ({ 'x-admin-token': t.app.adminToken });
  const as = (token: string, reason?: string) => ({ 'x-admin-token': token, ...(reason ? { 'x-operator-reason': encodeURIComponent(reason) } : {}) });
  const post = (url: string, headers: Record<string, string>, payload: object = {}, app: PasarApp = t.app) =>
    app.inject({ method: 'POST', url, headers, payload });
  const addOperator = async (name: string, app: PasarApp = t.app) => {
    const response = await post(OPERATOR_PATHS.operators, root(), { name }, app);
    expectStatus(response, 200);
    return successEnvelope(OperatorAdded).parse(response.json()).data;
  };
  const audit = async (query: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'GET', url: `${OPERATOR_PATHS.audit}?${new URLSearchParams(query)}`, headers: root() });
    expectStatus(response, 200);
    return successEnvelope(AuditPage).parse(response.json()).data;
  };
  /** The audit rows of one action by one operator, newest first. */
  const rowsOf = async (action: string, operator = 'ayu') => (await audit({ action, operator })).items.filter((i) => i.action === action);

  async function submittedKyc(): Promise<TestUser> {
    const user = await signUpTestUser(t.app);
    const body = multipart({ ...VALID_KYC_FIELDS, fullName: TEST_HOLDER }, [ktpFile(), selfieFile()]);
    expectStatus(await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.kyc, payload: body.payload, headers: { ...user.headers, ...body.headers } }), 200);
    return user;
  }

  async function pendingCashout(): Promise<string> {
    const user = await verifiedUser(t.app);
    const bankAccountId = await addBankAccount(t.app, user);
    await fund(t.app, user, '5000000');
    await freshPin(t.app, user);
    const response = await t.app.inject({ method: 'POST', url: WALLET_PATHS.cashout, headers: user.headers, payload: { amount: '2000000', bankAccountId } });
    expectStatus(response, 200);
    const cashout = successEnvelope(Cashout).parse(response.json()).data;
    expect(cashout.status).toBe('PENDING_REVIEW');
    return cashout.id;
  }

  it('root adds a named operator and sees the token once; names are unique and root only adds', async () => {
    const added = await addOperator('ayu');
    ayu = added.token;
    expect(added).toMatchObject({ name: 'ayu', createdBy: 'root', revokedAt: null });
    expect(ayu).toMatch(/^pso_[\w-]{40,}$/);
    // Only the hash is stored.
    const [stored] = await t.app.database.db.select().from(operators);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(ayu);

    const again = await post(OPERATOR_PATHS.operators, root(), { name: 'ayu' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error_code: '4302', error_message: 'Nama operator sudah dipakai', details: [{ path: 'name' }] });
    expect((await post(OPERATOR_PATHS.operators, root(), { name: 'root' })).statusCode).toBe(400);
    const byNamed = await post(OPERATOR_PATHS.operators, as(ayu), { name: 'budi' });
    expect(byNamed.statusCode).toBe(403);
    expect(byNamed.json()).toMatchObject({ error_code: '4301', details: [{ path: 'x-admin-token', message: expect.stringContaining('only the bootstrap operator') }] });

    const listed = await t.app.inject({ method: 'GET', url: OPERATOR_PATHS.operators, headers: as(ayu) });
    expect(listed.json().data.items.map((o: { name: string }) => o.name)).toEqual(['ayu']);
    expect((await rowsOf('operators.add', 'root')).map((r) => [r.target, r.outcome])).toEqual([
      ['root', 'refused (HTTP 400)'],
      ['ayu', 'refused (HTTP 409)'],
      ['ayu', 'done'],
    ]);
    expect(await rowsOf('operators.add', 'ayu')).toEqual([]);
  });

  it('KYC approve and reject leave one row each, naming the operator and the reason; the reviewer is the operator', async () => {
    const approved = await submittedKyc();
    expectStatus(await post(ACCOUNT_PATHS.adminKycApprove, as(ayu, 'KTP and selfie match'), { phone: approved.phone }), 200);
    expect(await rowsOf('kyc.approve')).toEqual([
      expect.objectContaining({ operator: 'ayu', target: approved.phone, reason: 'KTP and selfie match', details: { phone: approved.phone, kind: 'kyc' }, outcome: 'done' }),
    ]);
    const submission = await t.app.inject({ method: 'GET', url: `${ACCOUNT_PATHS.adminKycSubmission}?phone=${encodeURIComponent(approved.phone)}`, headers: root() });
    expect(submission.json().data.reviewedBy).toBe('ayu');

    // A rejection needs a reason; refused, it leaves no row. The body's reason (the user's) is the row's.
    const rejected = await submittedKyc();
    expect((await post(ACCOUNT_PATHS.adminKycReject, as(ayu), { phone: rejected.phone })).statusCode).toBe(400);
    expect(await rowsOf('kyc.reject')).toEqual([]);
    expectStatus(await post(ACCOUNT_PATHS.adminKycReject, as(ayu), { phone: rejected.phone, reason: 'Foto KTP buram' }), 200);
    expect(await rowsOf('kyc.reject')).toEqual([expect.objectContaining({ operator: 'ayu', target: rejected.phone, reason: 'Foto KTP buram' })]);

    // An action the server refuses (nothing pending: 2207) is kept, marked refused.
    expect((await post(ACCOUNT_PATHS.adminKycApprove, as(ayu, 'again'), { phone: approved.phone })).statusCode).toBe(409);
    expect((await rowsOf('kyc.approve')).map((r) => [r.reason, r.outcome])).toEqual([
      ['again', 'refused (HTTP 409)'],
      ['KTP and selfie match', 'done'],
    ]);
    expect((await post(ACCOUNT_PATHS.adminKycApprove, as(ayu, 'unknown'), { phone: '+6281100000000' })).statusCode).toBe(404);
    expect((await rowsOf('kyc.approve'))[0]).toMatchObject({ reason: 'unknown', outcome: 'refused (HTTP 404)' });
  }, SETUP_TIMEOUT_MS);

  it('cashout approve and reject leave one row each', async () => {
    const toPay = await pendingCashout();
    const toRefuse = await pendingCashout();
    expectStatus(await post(WALLET_PATHS.adminCashoutApprove, as(ayu, 'called the customer'), { id: toPay }), 200);
    expect((await post(WALLET_PATHS.adminCashoutReject, as(ayu), { id: toRefuse })).statusCode).toBe(400);
    expectStatus(await post(WALLET_PATHS.adminCashoutReject, as(ayu, 'account name differs'), { id: toRefuse, reason: 'Rekening diblokir' }), 200);
    expect(await rowsOf('cashout.approve')).toEqual([expect.objectContaining({ target: toPay, reason: 'called the customer' })]);
    // The operator's note (the header) is the row's reason over the body's (the user's).
    expect(await rowsOf('cashout.reject')).toEqual([expect.objectContaining({ target: toRefuse, reason: 'account name differs', details: { id: toRefuse } })]);
  }, SETUP_TIMEOUT_MS);

  it('halts, tags, steering, the market clock and the IDX settlement leave one row each', async () => {
    const user = await signUpTestUser(t.app);
    expectStatus(await post(MARKET_PATHS.adminHalt, as(ayu, 'exchange incident'), { symbol: 'ETH-IDR' }), 200);
    expectStatus(await post(MARKET_PATHS.adminResume, as(ayu), { symbol: 'ETH-IDR' }), 200);
    expectStatus(await post(ACCOUNT_PATHS.adminUserTag, as(ayu, 'pro trader review'), { phone: user.phone, tag: 'PRO_USER' }), 200);
    expectStatus(await post(ACCOUNT_PATHS.adminUserTag, as(ayu), { phone: user.phone, tag: 'PRO_USER', remove: true }), 200);

    // Steering a price needs a reason; clearing does not.
    const steer = { symbol: 'BTC-IDR', price: '1500000000', durationSeconds: 60 };
    const unexplained = await post(MARKET_PATHS.adminSteer, as(ayu), steer);
    expect(unexplained.statusCode).toBe(400);
    expect(unexplained.json().details).toEqual([expect.objectContaining({ path: 'reason' })]);
    expectStatus(await post(MARKET_PATHS.adminSteer, as(ayu, 'liquidation drill — ujicoba'), steer), 200);
    expectStatus(await post(MARKET_PATHS.adminSteer, as(ayu), { symbol: 'BTC-IDR', clear: true }), 200);
    expectStatus(await post(MARKET_PATHS.adminClock, as(ayu, 'early close check'), { at: '2026-11-27T12:59:00-05:00', frozen: true }), 200);
    expectStatus(await post(MARKET_PATHS.adminClock, as(ayu), { clear: true }), 200);
    expectStatus(await post(IDX_PATHS.adminSettlementRun, as(ayu, 'after the holiday')), 200);

    expect(await rowsOf('market.halt')).toEqual([expect.objectContaining({ target: 'ETH-IDR', reason: 'exchange incident' })]);
    expect(await rowsOf('market.resume')).toEqual([expect.objectContaining({ target: 'ETH-IDR', reason: null })]);
    expect(await rowsOf('user.tag')).toEqual([expect.objectContaining({ target: user.phone, reason: 'pro trader review', details: { phone: user.phone, tag: 'PRO_USER' } })]);
    expect(await rowsOf('user.untag')).toHaveLength(1);
    expect(await rowsOf('market.steer')).toEqual([expect.objectContaining({ target: 'BTC-IDR', reason: 'liquidation drill — ujicoba', details: steer })]);
    expect(await rowsOf('market.steer.clear')).toHaveLength(1);
    expect(await rowsOf('market.clock')).toEqual([expect.objectContaining({ reason: 'early close check', details: { at: '2026-11-27T12:59:00-05:00', frozen: true } })]);
    expect(await rowsOf('market.clock.clear')).toHaveLength(1);
    expect(await rowsOf('idx.settle')).toEqual([expect.objectContaining({ operator: 'ayu', reason: 'after the holiday', target: null })]);
  });

  it('writes the row in the action’s transaction: both commit, or neither', async () => {
    const db = t.app.database.db;
    auditTransactions(db);
    const entry = { operator: 'ayu', action: 'test.tx', target: 'x', reason: 'r', details: {}, at: new Date() };
    const inContext = <T>(context: AuditContext, fn: () => Promise<T>) =>
      new Promise<T>((resolve, reject) => runWithAudit(context, () => void fn().then(resolve, reject)));
    const operatorRow = (name: string) => ({ name, tokenHash: `hash-${name}`, createdAt: new Date(), createdBy: 'root' });

    // The action fails after its change: the change and the row roll back, and the row stays pending.
    const failed: AuditContext = { entry, written: false };
    await expect(
      inContext(failed, () =>
        db.transaction(async (tx) => {
          await tx.insert(operators).values(operatorRow('tx-failed'));
          throw new Error('the action failed');
        }),
      ),
    ).rejects.toThrow('the action failed');
    expect(failed.written).toBe(false);
    expect(await rowsOf('test.tx')).toEqual([]);

    // The row cannot be written (an operator name is required): the action's change rolls back too.
    const broken: AuditContext = { entry: { ...entry, operator: null as unknown as string }, written: false };
    await expect(inContext(broken, () => db.transaction(async (tx) => tx.insert(operators).values(operatorRow('tx-broken'))))).rejects.toThrow();

    // Both commit; a second transaction of the same action writes no second row.
    const done: AuditContext = { entry, written: false };
    await inContext(done, async () => {
      await db.transaction(async (tx) => tx.insert(operators).values(operatorRow('tx-done')));
      await db.transaction(async (tx) => tx.insert(operators).values(operatorRow('tx-done-2')));
    });
    expect(done.written).toBe(true);
    expect(await rowsOf('test.tx')).toHaveLength(1);
    const names = (await db.select().from(operators)).map((o) => o.name);
    expect(names).toEqual(expect.arrayContaining(['tx-done', 'tx-done-2']));
    expect(names).not.toContain('tx-failed');
    expect(names).not.toContain('tx-broken');
  });

  it('lists the trail newest first, by operator, action or area, since an instant, in pages', async () => {
    const all = await audit({ operator: 'ayu', size: '200' });
    expect(all.items.length).toBeGreaterThanOrEqual(16);
    expect(all.items.every((i) => i.operator === 'ayu')).toBe(true);
    const ids = all.items.map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const kyc = await audit({ action: 'kyc' });
    expect(new Set(kyc.items.map((i) => i.action))).toEqual(new Set(['kyc.approve', 'kyc.reject']));
    expect((await audit({ action: 'kyc.reject' })).items.map((i) => i.action)).toEqual(['kyc.reject']);
    expect((await audit({ action: 'market.steer' })).items.map((i) => i.action).sort()).toEqual(['market.steer', 'market.steer.clear']);
    expect((await audit({ since: new Date(Date.now() + 60_000).toISOString() })).items).toEqual([]);
    const newest = all.items[0]!;
    expect((await audit({ operator: 'ayu', since: newest.at })).items.map((i) => i.id)).toContain(newest.id);

    const first = await audit({ operator: 'ayu', size: '3' });
    expect(first.items.map((i) => i.id)).toEqual(ids.slice(0, 3));
    expect(first.nextBefore).toBe(ids[2]);
    const second = await audit({ operator: 'ayu', size: '3', before: String(first.nextBefore) });
    expect(second.items.map((i) => i.id)).toEqual(ids.slice(3, 6));
    expect((await t.app.inject({ method: 'GET', url: `${OPERATOR_PATHS.audit}?size=0`, headers: root() })).statusCode).toBe(400);
    // An instant the database cannot hold (before year 1 in UTC) is the caller's mistake, not a 500.
    for (const since of ['0000-02-29T20:00:05Z', '0001-01-01T00:00:00+14:00']) {
      const refused = await t.app.inject({ method: 'GET', url: OPERATOR_PATHS.audit, query: { since }, headers: root() });
      expect([refused.statusCode, refused.json().error_code]).toEqual([400, '002']);
    }
  });

  it('the admin command adds an operator, works under their name with --reason, and lists the trail', async () => {
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const out: string[] = [];
    const err: string[] = [];
    const deps = (env: Record<string, string> = {}) => ({
      env: { PASAR_URL: baseUrl, DATA_DIR: t.config.dataDir, ...env },
      out: (l: string) => out.push(l),
      err: (l: string) => err.push(l),
    });
    await expect(runAdminCli(['operators', 'add', 'citra'], deps())).resolves.toBe(0);
    const token = out.at(-1)!;
    expect(out.at(-2)).toMatch(/operator citra added/);
    const citra = deps({ ADMIN_OPERATOR_TOKEN: token });
    await expect(runAdminCli(['market', 'steer', 'ETH-IDR', '--price', '60000000'], citra)).resolves.toBe(2);
    expect(err.at(-1)).toMatch(/needs --reason/);
    await expect(runAdminCli(['market', 'steer', 'ETH-IDR', '--price', '60000000', '--for', '30', '--reason', 'uji\nlikuidasi'], citra)).resolves.toBe(0);
    await expect(runAdminCli(['market', 'halt', 'ETH-IDR', '--reason', 'Gangguan bursa'], citra)).resolves.toBe(0);
    await expect(runAdminCli(['operators', 'revoke', 'ayu'], citra)).resolves.toBe(1);
    expect(err.at(-1)).toMatch(/only the bootstrap operator token adds and revokes operators/);
    out.length = 0;
    await expect(runAdminCli(['audit', 'list', '--operator', 'citra'], citra)).resolves.toBe(0);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatch(/^#\d+ {2}\S+ {2}citra {2}market\.halt {2}ETH-IDR {2}"Gangguan bursa"$/);
    // Operator-entered text stays on its line.
    expect(out[1]).toMatch(/market\.steer {2}ETH-IDR {2}"uji\\nlikuidasi"$/);
    out.length = 0;
    await expect(runAdminCli(['audit', 'list', '--operator', 'citra', '--size', '1'], citra)).resolves.toBe(0);
    expect(out.at(-1)).toMatch(/^more: --before \d+$/);
    await expect(runAdminCli(['operators', 'list'], citra)).resolves.toBe(0);
    expect(out.at(-1)).toMatch(/^citra\s+added .* by root$/);
  });

  it('a revoked token is refused at once (401); the revocation is recorded', async () => {
    expectStatus(await t.app.inject({ method: 'GET', url: MARKET_PATHS.adminHalts, headers: as(ayu) }), 200);
    const revoked = await post(OPERATOR_PATHS.revoke, as(t.app.adminToken, 'left the team'), { name: 'ayu' });
    expectStatus(revoked, 200);
    expect(revoked.json().data).toMatchObject({ name: 'ayu', revokedBy: 'root', revokedAt: expect.any(String) });
    for (const request of [
      t.app.inject({ method: 'GET', url: MARKET_PATHS.adminHalts, headers: as(ayu) }),
      post(MARKET_PATHS.adminHalt, as(ayu, 'x'), { symbol: 'ETH-IDR' }),
      t.app.inject({ method: 'GET', url: OPERATOR_PATHS.audit, headers: as(ayu) }),
    ]) {
      expect((await request).statusCode).toBe(401);
    }
    expect(await rowsOf('operators.revoke', 'root')).toEqual([expect.objectContaining({ target: 'ayu', reason: 'left the team' })]);
    expect((await post(OPERATOR_PATHS.revoke, root(), { name: 'nobody' })).statusCode).toBe(404);
    // A revoked name is not given out again: the trail names it.
    expect((await post(OPERATOR_PATHS.operators, root(), { name: 'ayu' })).statusCode).toBe(409);
  });

  it('in production the bootstrap token only manages operators; actions need a named token', async () => {
    const production = await t.sibling({ ...ENV, ...PRODUCTION_TEST_ENV });
    const denied = await post(MARKET_PATHS.adminHalt, { 'x-admin-token': production.adminToken, 'x-operator-reason': 'x' }, { symbol: 'ETH-IDR' }, production);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ error_code: '4301', details: [{ message: expect.stringContaining('named operator token') }] });
    const dewi = await addOperator('dewi', production);
    expectStatus(await post(MARKET_PATHS.adminHalt, as(dewi.token, 'prod incident'), { symbol: 'ETH-IDR' }, production), 200);
    expectStatus(await post(MARKET_PATHS.adminResume, as(dewi.token, 'resolved'), { symbol: 'ETH-IDR' }, production), 200);
    expect(await rowsOf('market.halt', 'dewi')).toEqual([expect.objectContaining({ reason: 'prod incident' })]);
  });
});
