import { FX_WALLET_PATHS, MARKET_PATHS, PerpBalance, PerpMarginEstimate, PerpMarginResult } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import type { TestUser } from '../../testing/auth-fixture';
import {
  balanceOf,
  cash,
  dataOf,
  errorCodeOf,
  expectAuditClean,
  fund,
  perpMargin,
  SETUP_TIMEOUT_MS,
  snapshot,
  spotUsdt,
  verifiedUser,
} from './test-support';

describe('perpetuals margin wallet (USDT)', () => {
  let t: TestApp;
  let nobody: TestUser;
  let user: TestUser; // KYC VERIFIED (no US-stock declaration needed), Rp500.000 in cash
  let requests = 0;

  beforeAll(async () => {
    t = await createTestApp({ env: { KYC_AUTO_APPROVE_SECONDS: 'off' } });
    [nobody, user] = await Promise.all([verifiedUser(t.app, 'none'), verifiedUser(t.app, 'kyc')]);
    await fund(t.app, cash(user.userId), '500000');
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const get = (url: string, u: TestUser, query?: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers: { ...u.headers, 'x-language-code': 'en' }, ...(query ? { query } : {}) });
  const post = (url: string, payload: object, u: TestUser = user) =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...u.headers, 'x-language-code': 'en', 'x-request-id': `perp-test-${(requests += 1)}` } });
  const deposit = (payload: object, u?: TestUser) => post(FX_WALLET_PATHS.perpMarginDeposit, payload, u);
  const withdraw = (payload: object, u?: TestUser) => post(FX_WALLET_PATHS.perpMarginWithdraw, payload, u);

  it('shows an unverified user an empty margin wallet (reading is not moving money)', async () => {
    const response = await get(FX_WALLET_PATHS.perpBalance, nobody);
    expect(response.statusCode).toBe(200);
    expect(dataOf(PerpBalance, response)).toMatchObject({ walletBalance: '0.000000', buyingPower: '0.000000' });
  });

  it.each([
    ['estimate', () => get(FX_WALLET_PATHS.perpMarginEstimate, nobody, { direction: 'DEPOSIT', source: 'IDR', amount: '100000' })],
    ['deposit', () => deposit({ source: 'IDR', amount: '100000' }, nobody)],
    ['withdraw', () => withdraw({ target: 'IDR', amount: '1' }, nobody)],
  ])('%s needs a verified identity (007)', async (_what, call) => {
    const response = await call();
    expect(response.statusCode).toBe(403);
    expect(errorCodeOf(response)).toBe('007');
  });

  it('starts empty, with no positions', async () => {
    expect(dataOf(PerpBalance, await get(FX_WALLET_PATHS.perpBalance, user))).toEqual({
      buyingPower: '0.000000',
      marginRatioPercentage: '0.00',
      walletBalance: '0.000000',
      availableBalance: '0.000000',
      unrealizedPnl: '0.000000',
      positionMargin: '0.000000',
    });
  });

  it('estimates without changing anything', async () => {
    const before = await snapshot(t.app, user.userId);
    const estimate = dataOf(PerpMarginEstimate, await get(FX_WALLET_PATHS.perpMarginEstimate, user, { direction: 'DEPOSIT', source: 'IDR', amount: '100000' }));
    expect(estimate).toMatchObject({ direction: 'DEPOSIT', counterpart: 'IDR', idrAmount: '100000' });
    expect(estimate.usdtAmount).toBe(new Decimal(100000).div(estimate.price).toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed(6));
    const out = dataOf(PerpMarginEstimate, await get(FX_WALLET_PATHS.perpMarginEstimate, user, { direction: 'WITHDRAW', source: 'IDR', amount: '2' }));
    expect(Number(out.price)).toBeLessThan(Number(estimate.price));
    expect(await snapshot(t.app, user.userId)).toEqual(before);
  });

  it('deposits from IDR: exactly the Rupiah typed, USDT at the ask rounded down to 6 decimals', async () => {
    const result = dataOf(PerpMarginResult, await deposit({ source: 'IDR', amount: '100000' }));
    const usdt = new Decimal(result.usdtAmount);
    expect(result).toMatchObject({ direction: 'DEPOSIT', counterpart: 'IDR', idrAmount: '100000' });
    expect(usdt.times(result.price).lessThanOrEqualTo(100000)).toBe(true);
    expect(usdt.plus('0.000001').times(result.price).greaterThan(100000)).toBe(true);
    expect(result.balance).toMatchObject({ walletBalance: result.usdtAmount, availableBalance: result.usdtAmount, buyingPower: result.usdtAmount });
    expect((await balanceOf(t.app, cash(user.userId))).toFixed()).toBe('400000');
    expect((await balanceOf(t.app, perpMargin(user.userId))).toFixed(6)).toBe(result.usdtAmount);
    await expectAuditClean(t.app);
  });

  it('withdraws to IDR at the bid, rounded down to the Rupiah', async () => {
    const cashBefore = await balanceOf(t.app, cash(user.userId));
    const marginBefore = await balanceOf(t.app, perpMargin(user.userId));
    const result = dataOf(PerpMarginResult, await withdraw({ target: 'IDR', amount: '1.5' }));
    expect(result).toMatchObject({ direction: 'WITHDRAW', counterpart: 'IDR', usdtAmount: '1.500000' });
    expect(result.idrAmount).toBe(new Decimal('1.5').times(result.price).floor().toFixed(0));
    expect((await balanceOf(t.app, cash(user.userId))).toFixed()).toBe(cashBefore.plus(result.idrAmount).toFixed());
    expect((await balanceOf(t.app, perpMargin(user.userId))).toFixed(6)).toBe(marginBefore.minus('1.5').toFixed(6));
    await expectAuditClean(t.app);
  });

  it('moves the user\'s own USDT in and out as typed (9504 without enough)', async () => {
    expect(errorCodeOf(await deposit({ source: 'USDT', amount: '2' }))).toBe('9504');
    await fund(t.app, spotUsdt(user.userId), '2.5', 'INVENTORY');
    const marginBefore = await balanceOf(t.app, perpMargin(user.userId));
    const into = dataOf(PerpMarginResult, await deposit({ source: 'USDT', amount: '2.123456' }));
    expect(into).toMatchObject({ counterpart: 'USDT', usdtAmount: '2.123456', idrAmount: '0' });
    expect((await balanceOf(t.app, spotUsdt(user.userId))).toFixed(6)).toBe('0.376544');
    const out = dataOf(PerpMarginResult, await withdraw({ target: 'USDT', amount: '1' }));
    expect(out).toMatchObject({ counterpart: 'USDT', usdtAmount: '1.000000', idrAmount: '0' });
    expect((await balanceOf(t.app, spotUsdt(user.userId))).toFixed(6)).toBe('1.376544');
    expect((await balanceOf(t.app, perpMargin(user.userId))).toFixed(6)).toBe(marginBefore.plus('1.123456').toFixed(6));
    await expectAuditClean(t.app);
  });

  it.each([
    ['deposit: a fraction of a Rupiah', 'deposit', { source: 'IDR', amount: '10000.5' }, '002'],
    ['deposit: 7 decimals of USDT', 'deposit', { source: 'USDT', amount: '1.0000001' }, '002'],
    ['withdraw: 7 decimals of USDT', 'withdraw', { target: 'IDR', amount: '1.0000001' }, '002'],
    ['deposit: below Rp10.000', 'deposit', { source: 'IDR', amount: '9999' }, '3603'],
    ['withdraw: below 1 USDT', 'withdraw', { target: 'USDT', amount: '0.5' }, '3603'],
    ['deposit: more IDR than the cash', 'deposit', { source: 'IDR', amount: '900000' }, '1115'],
    ['withdraw: more than the margin wallet', 'withdraw', { target: 'IDR', amount: '1000' }, '1115'],
    ['withdraw to USDT: more than the margin wallet', 'withdraw', { target: 'USDT', amount: '1000' }, '1115'],
  ])('refuses %s (%s, %o → %s) and changes nothing', async (_what, call, payload, code) => {
    const before = await snapshot(t.app, user.userId);
    const response = await (call === 'deposit' ? deposit(payload) : withdraw(payload));
    expect(errorCodeOf(response)).toBe(code);
    expect(await snapshot(t.app, user.userId)).toEqual(before);
  });

  it('converts no IDR while the USDT-IDR market is halted (3604); USDT moves still work', async () => {
    const admin = { 'x-admin-token': t.app.adminToken };
    expect((await t.app.inject({ method: 'POST', url: MARKET_PATHS.adminHalt, payload: { symbol: 'USDT-IDR' }, headers: admin })).statusCode).toBe(200);
    try {
      const before = await snapshot(t.app, user.userId);
      expect(errorCodeOf(await deposit({ source: 'IDR', amount: '50000' }))).toBe('3604');
      expect(errorCodeOf(await withdraw({ target: 'IDR', amount: '1' }))).toBe('3604');
      expect(await snapshot(t.app, user.userId)).toEqual(before);
      expect((await withdraw({ target: 'USDT', amount: '1' })).statusCode).toBe(200);
    } finally {
      await t.app.inject({ method: 'POST', url: MARKET_PATHS.adminResume, payload: { symbol: 'USDT-IDR' }, headers: admin });
    }
  });
});
