import {
  FX_WALLET_PATHS,
  LeverageCalculation,
  LeverageDetailsResponse,
  LeverageMoveResult,
  StockBalanceResponse,
  StockTransferEstimate,
  StockTransferResult,
  WALLET_PATHS,
  WalletBalanceResponse,
} from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { usdIdrQuote } from '../../market/quotes';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import type { TestUser } from '../../testing/auth-fixture';
import { createFxWalletRepo } from './repo';
import { marginExposure } from './exposure';
import { createFxWalletService } from './service';
import {
  balanceOf,
  cash,
  dataOf,
  errorCodeOf,
  expectAuditClean,
  fund,
  leverageWallet,
  paln,
  perpMargin,
  SETUP_TIMEOUT_MS,
  snapshot,
  verifiedUser,
} from './test-support';

describe('USD stock wallets', () => {
  let t: TestApp;
  let nobody: TestUser; // signed up, nothing verified
  let kycOnly: TestUser; // identity verified, no US-stock declaration
  let user: TestUser; // gss VERIFIED, funded with Rp1.000.000
  let requests = 0;

  beforeAll(async () => {
    t = await createTestApp({ env: { KYC_AUTO_APPROVE_SECONDS: 'off' } });
    [nobody, kycOnly, user] = await Promise.all([verifiedUser(t.app, 'none'), verifiedUser(t.app, 'kyc'), verifiedUser(t.app, 'gss')]);
    await fund(t.app, cash(user.userId), '1000000');
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const get = (url: string, u: TestUser, query?: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers: { ...u.headers, 'x-language-code': 'en' }, ...(query ? { query } : {}) });
  const post = (url: string, u: TestUser, payload: object, requestId = `fx-test-${(requests += 1)}`) =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...u.headers, 'x-language-code': 'en', 'x-request-id': requestId } });
  const transfer = (payload: object, u: TestUser = user, requestId?: string) => post(FX_WALLET_PATHS.stockTransfer, u, payload, requestId);
  /** The service itself (no HTTP idempotency in front), at a chosen instant. */
  const service = (at = Date.now()) =>
    createFxWalletService({
      repo: createFxWalletRepo(t.app.database.db),
      identity: t.app.identity,
      ledger: t.app.ledger,
      market: t.app.market,
      settings: { ...t.config.fxWallet, usdSpreadPercent: t.config.market.usdSpreadPercent },
      netWorth: t.app.netWorth,
      exposure: marginExposure(t.app.margin),
      now: () => at,
    });

  describe('without a verified US-stock declaration', () => {
    it.each([
      ['stock balance', () => get(FX_WALLET_PATHS.stockBalance, nobody)],
      ['stock balance (KYC only)', () => get(FX_WALLET_PATHS.stockBalance, kycOnly)],
      ['estimate', () => get(FX_WALLET_PATHS.stockTransferEstimate, kycOnly, { wallet: 'paln', direction: 'TO_USD', amount: '100000' })],
      ['transfer', () => transfer({ wallet: 'paln', direction: 'TO_USD', amount: '100000' }, kycOnly)],
      ['leverage details', () => get(FX_WALLET_PATHS.leverageDetails, kycOnly)],
      ['leverage calculate', () => get(FX_WALLET_PATHS.leverageCalculate, kycOnly, { wallet: 'leverage', direction: 'DEPOSIT', amount: '1' })],
      ['leverage deposit', () => post(FX_WALLET_PATHS.leverageDeposit, kycOnly, { wallet: 'leverage', amount: '1' })],
      ['leverage withdraw', () => post(FX_WALLET_PATHS.leverageWithdraw, kycOnly, { wallet: 'intraday', amount: '1' })],
    ])('%s answers 007', async (_what, call) => {
      const response = await call();
      expect(response.statusCode).toBe(403);
      expect(errorCodeOf(response)).toBe('007');
    });

    it('the whole-wallet summary shows the stock wallets as zeros, unavailable', async () => {
      await fund(t.app, cash(kycOnly.userId), '25000');
      const summary = dataOf(WalletBalanceResponse, await get(WALLET_PATHS.walletBalance, kycOnly));
      const zero = { usdCash: '0', usdMargin: '0', idrCash: '0', buyingPower: '0', usdIdrPrice: '0' };
      expect(summary.stockWalletsAvailable).toBe(false);
      expect(summary.stockWallets).toEqual({ paln: zero, leverage: zero, intraday: zero });
      expect(summary.cashAccount).toEqual({ cashBalance: '25000', voucherBalance: '0', freeBalance: '0', cashOnHold: '0' });
      expect(summary.totalIdr).toBe('25000');
    });

    it('needs a signed-in user (401)', async () => {
      const response = await t.app.inject({ method: 'GET', url: FX_WALLET_PATHS.stockBalance });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('balances and transfers', () => {
    it('starts with three empty wallets at the USD/IDR mid', async () => {
      const balance = dataOf(StockBalanceResponse, await get(FX_WALLET_PATHS.stockBalance, user));
      for (const wallet of [balance.paln, balance.leverage, balance.intraday]) {
        expect(wallet).toMatchObject({ usdCash: '0.00', usdMargin: '0.00', idrCash: '0', buyingPower: '0.00' });
        expect(Number(wallet.usdIdrPrice)).toBeGreaterThan(10_000);
      }
    });

    it('estimates without changing anything', async () => {
      const before = await snapshot(t.app, user.userId);
      const estimate = dataOf(StockTransferEstimate, await get(FX_WALLET_PATHS.stockTransferEstimate, user, { wallet: 'paln', direction: 'TO_USD', amount: '100000' }));
      expect(estimate).toMatchObject({ wallet: 'paln', direction: 'TO_USD', idrAmount: '100000', spreadPercent: '1.00' });
      expect(new Decimal(estimate.usdAmount).toFixed(2)).toBe(new Decimal(100000).div(estimate.price).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2));
      const back = dataOf(StockTransferEstimate, await get(FX_WALLET_PATHS.stockTransferEstimate, user, { wallet: 'paln', direction: 'TO_IDR', amount: '2.5' }));
      expect(back).toMatchObject({ direction: 'TO_IDR', usdAmount: '2.50' });
      expect(Number(back.price)).toBeLessThan(Number(estimate.price));
      expect(await snapshot(t.app, user.userId)).toEqual(before);
    });

    it('TO_USD takes exactly the IDR typed and credits the USD it buys at the buy price, rounded down', async () => {
      const result = dataOf(StockTransferResult, await transfer({ wallet: 'paln', direction: 'TO_USD', amount: '100000' }));
      const usd = new Decimal(result.usdAmount);
      const price = new Decimal(result.price);
      expect(result.idrAmount).toBe('100000');
      expect(usd.times(price).lessThanOrEqualTo(100000)).toBe(true);
      expect(usd.plus('0.01').times(price).greaterThan(100000)).toBe(true);
      expect((await balanceOf(t.app, cash(user.userId))).toFixed()).toBe('900000');
      expect((await balanceOf(t.app, paln(user.userId))).toFixed(2)).toBe(result.usdAmount);
      const history = await t.app.ledger.history(cash(user.userId), { limit: 1 });
      expect(history[0]).toMatchObject({ transferId: result.transferId, kind: 'FX' });
      expect(history[0]!.memo).toMatchObject({ figures: { price: result.price } });
      await expectAuditClean(t.app);
    });

    it('the wallet shows the USD, its Rupiah value at the sell price and its buying power', async () => {
      const usdCash = await balanceOf(t.app, paln(user.userId));
      const balance = dataOf(StockBalanceResponse, await get(FX_WALLET_PATHS.stockBalance, user));
      expect(balance.paln.usdCash).toBe(usdCash.toFixed(2));
      expect(balance.paln.buyingPower).toBe(usdCash.toFixed(2));
      const mid = new Decimal(balance.paln.usdIdrPrice);
      const idr = new Decimal(balance.paln.idrCash);
      // Below the mid value by about half the spread (1%), in whole Rupiah.
      expect(idr.isInteger()).toBe(true);
      expect(idr.lessThan(usdCash.times(mid))).toBe(true);
      expect(idr.greaterThan(usdCash.times(mid).times(0.99))).toBe(true);
    });

    it('TO_IDR takes exactly the USD typed and credits the Rupiah at the sell price, rounded down', async () => {
      const cashBefore = await balanceOf(t.app, cash(user.userId));
      const usdBefore = await balanceOf(t.app, paln(user.userId));
      const result = dataOf(StockTransferResult, await transfer({ wallet: 'paln', direction: 'TO_IDR', amount: '2.5' }));
      expect(result.usdAmount).toBe('2.50');
      expect(result.idrAmount).toBe(new Decimal('2.5').times(result.price).floor().toFixed(0));
      expect((await balanceOf(t.app, paln(user.userId))).toFixed(2)).toBe(usdBefore.minus('2.5').toFixed(2));
      expect((await balanceOf(t.app, cash(user.userId))).toFixed()).toBe(cashBefore.plus(result.idrAmount).toFixed());
      await expectAuditClean(t.app);
    });

    it.each([
      ['a fraction of a Rupiah', { direction: 'TO_USD', amount: '10000.5' }, '002'],
      ['a negative amount', { direction: 'TO_USD', amount: '-10000' }, '002'],
      ['three decimals of a dollar', { direction: 'TO_IDR', amount: '1.005' }, '002'],
      ['not a number', { direction: 'TO_IDR', amount: 'ten' }, '002'],
      ['an unknown wallet', { wallet: 'margin', direction: 'TO_USD', amount: '10000' }, '002'],
      ['less than Rp10.000', { direction: 'TO_USD', amount: '9999' }, '3601'],
      ['less than $1', { direction: 'TO_IDR', amount: '0.99' }, '3601'],
      ['more IDR than the cash', { direction: 'TO_USD', amount: '5000000' }, '1115'],
      ['more USD than the wallet', { direction: 'TO_IDR', amount: '1000' }, '1117'],
      ['USD from an empty wallet', { wallet: 'intraday', direction: 'TO_IDR', amount: '1' }, '1117'],
    ])('refuses %s (%s… %s) and changes nothing', async (_what, change, code) => {
      const before = await snapshot(t.app, user.userId);
      const response = await transfer({ wallet: 'paln', ...change });
      expect(errorCodeOf(response)).toBe(code);
      if (code === '002') expect((response.json() as { details: { path: string }[] }).details.map((d) => d.path)).toContain('wallet' in change ? 'wallet' : 'amount');
      expect(await snapshot(t.app, user.userId)).toEqual(before);
    });

    it('a retry with the same request id returns the first result, even after the price moved; another request under it is refused', async () => {
      const first = Date.now();
      let later = first + 3_600_000;
      const buy = (at: number) => usdIdrQuote(t.app.market.simulator, t.config.market.usdSpreadPercent, at).buy;
      while (buy(later).equals(buy(first))) later += 3_600_000;
      const request = { wallet: 'paln', direction: 'TO_USD', amount: '50000' } as const;
      const once = await service(first).stockTransfer(user.userId, 'retry-1', request, 'en');
      const after = await snapshot(t.app, user.userId);
      const again = await service(later).stockTransfer(user.userId, 'retry-1', request, 'en');
      expect(again).toEqual(once);
      expect(await snapshot(t.app, user.userId)).toEqual(after);
      await expect(service(later).stockTransfer(user.userId, 'retry-1', { ...request, amount: '60000' }, 'en')).rejects.toMatchObject({ code: '042' });
      expect(await snapshot(t.app, user.userId)).toEqual(after);
    });

    it('the same x-request-id over HTTP moves the money once', async () => {
      const before = await balanceOf(t.app, cash(user.userId));
      const first = await transfer({ wallet: 'paln', direction: 'TO_USD', amount: '20000' }, user, 'http-retry-1');
      const second = await transfer({ wallet: 'paln', direction: 'TO_USD', amount: '20000' }, user, 'http-retry-1');
      expect(dataOf(StockTransferResult, second)).toEqual(dataOf(StockTransferResult, first));
      expect((await balanceOf(t.app, cash(user.userId))).toFixed()).toBe(before.minus(20000).toFixed());
    });
  });

  describe('leverage wallets', () => {
    it('moves USD from paln into the 2x wallet, whose buying power doubles', async () => {
      const palnBefore = await balanceOf(t.app, paln(user.userId));
      const calc = dataOf(LeverageCalculation, await get(FX_WALLET_PATHS.leverageCalculate, user, { wallet: 'leverage', direction: 'DEPOSIT', amount: '1.5' }));
      expect(calc).toEqual({
        wallet: 'leverage',
        direction: 'DEPOSIT',
        amount: '1.50',
        palnUsdCashAfter: palnBefore.minus('1.5').toFixed(2),
        collateralAfter: '1.50',
        buyingPowerAfter: '3.00',
      });
      expect((await balanceOf(t.app, leverageWallet(user.userId))).isZero()).toBe(true);

      const moved = dataOf(LeverageMoveResult, await post(FX_WALLET_PATHS.leverageDeposit, user, { wallet: 'leverage', amount: '1.5' }));
      expect(moved.palnUsdCash).toBe(calc.palnUsdCashAfter);
      expect(moved.wallets.find((w) => w.wallet === 'leverage')).toEqual({
        wallet: 'leverage',
        leverage: 2,
        collateral: '1.50',
        usdMargin: '0.00',
        buyingPower: '3.00',
        withdrawable: '1.50',
      });
      const details = dataOf(LeverageDetailsResponse, await get(FX_WALLET_PATHS.leverageDetails, user));
      expect({ ...details, transferId: moved.transferId }).toEqual(moved);
      const balance = dataOf(StockBalanceResponse, await get(FX_WALLET_PATHS.stockBalance, user));
      expect(balance.leverage).toMatchObject({ usdCash: '1.50', buyingPower: '3.00' });
      expect(balance.intraday).toMatchObject({ usdCash: '0.00', buyingPower: '0.00' });
      await expectAuditClean(t.app);
    });

    it('withdraws only what the wallet holds (1117), then gives it back to paln', async () => {
      const before = await snapshot(t.app, user.userId);
      expect(errorCodeOf(await post(FX_WALLET_PATHS.leverageWithdraw, user, { wallet: 'leverage', amount: '1.51' }))).toBe('1117');
      expect(errorCodeOf(await get(FX_WALLET_PATHS.leverageCalculate, user, { wallet: 'leverage', direction: 'WITHDRAW', amount: '1.51' }))).toBe('1117');
      expect(errorCodeOf(await post(FX_WALLET_PATHS.leverageDeposit, user, { wallet: 'intraday', amount: '100000' }))).toBe('1117');
      expect(await snapshot(t.app, user.userId)).toEqual(before);
      const palnBefore = await balanceOf(t.app, paln(user.userId));
      const moved = dataOf(LeverageMoveResult, await post(FX_WALLET_PATHS.leverageWithdraw, user, { wallet: 'leverage', amount: '1.5' }));
      expect(moved.wallets.find((w) => w.wallet === 'leverage')).toMatchObject({ collateral: '0.00', withdrawable: '0.00' });
      expect((await balanceOf(t.app, paln(user.userId))).toFixed(2)).toBe(palnBefore.plus('1.5').toFixed(2));
    });

    it('a retried withdrawal replays the first instead of finding the wallet emptied by it', async () => {
      await service().leverageDeposit(user.userId, 'lev-retry-d', { wallet: 'leverage', amount: '0.75' });
      const first = await service().leverageWithdraw(user.userId, 'lev-retry-w', { wallet: 'leverage', amount: '0.75' });
      const after = await snapshot(t.app, user.userId);
      const again = await service().leverageWithdraw(user.userId, 'lev-retry-w', { wallet: 'leverage', amount: '0.75' });
      expect(again.transferId).toBe(first.transferId);
      expect(await snapshot(t.app, user.userId)).toEqual(after);
      await expect(service().leverageWithdraw(user.userId, 'lev-retry-w', { wallet: 'intraday', amount: '0.75' })).rejects.toMatchObject({ code: '042' });
    });

    it('moves into the 4x intraday wallet', async () => {
      await post(FX_WALLET_PATHS.leverageDeposit, user, { wallet: 'intraday', amount: '1' });
      const balance = dataOf(StockBalanceResponse, await get(FX_WALLET_PATHS.stockBalance, user));
      expect(balance.intraday).toMatchObject({ usdCash: '1.00', buyingPower: '4.00' });
    });
  });

  describe('the whole-wallet summary', () => {
    it('adds every wallet into IDR at mid prices, and into USD', async () => {
      await fund(t.app, perpMargin(user.userId), '3.25', 'FX');
      const summary = dataOf(WalletBalanceResponse, await get(WALLET_PATHS.walletBalance, user));
      const cashNow = await balanceOf(t.app, cash(user.userId));
      expect(summary.stockWalletsAvailable).toBe(true);
      expect(summary.cashAccount).toEqual({ cashBalance: cashNow.toFixed(), voucherBalance: '0', freeBalance: '0', cashOnHold: '0' });
      expect(summary.stockWallets.paln.usdCash).toBe((await balanceOf(t.app, paln(user.userId))).toFixed(2));
      expect(summary.stockWallets.intraday.usdCash).toBe('1.00');
      expect(summary.perp).toMatchObject({ walletBalance: '3.250000', availableBalance: '3.250000', buyingPower: '3.250000', marginRatioPercentage: '0.00' });
      const usd = ['paln', 'leverage', 'intraday'].reduce((sum, w) => sum.plus(summary.stockWallets[w as 'paln'].usdCash), new Decimal(0));
      // Each part in whole Rupiah (rounded down), then added: the one total (app.netWorth) counts so.
      const expected = cashNow.floor().plus(usd.times(summary.usdIdrPrice).floor()).plus(new Decimal('3.25').times(summary.usdtIdrPrice).floor());
      expect(summary.totalIdr).toBe(expected.toFixed(0));
      expect(summary.totalUsd).toBe(expected.div(summary.usdIdrPrice).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2));
      expect(summary.stockWallets.paln.usdIdrPrice).toBe(summary.usdIdrPrice);
    });
  });
});
