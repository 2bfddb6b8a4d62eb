/** @jest-environment node */
import {
  AccountsResponse,
  CryptoBalanceResponse,
  WALLET_PATHS,
  WalletHistoryResponse,
  cryptoBalancePath,
  successEnvelope,
} from '@pasar/shared/contract';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { signUpTestUser, type TestUser } from '../../testing/auth-fixture';
import { createAccountService, describeEntry } from './account-service';
import { SETUP_TIMEOUT_MS, addBankAccount, errorCodeOf, expectLedgerClean, expectStatus, fund, verifiedUser } from './test-support';

describe('cash account, history and crypto balance', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ env: { KYC_AUTO_APPROVE_SECONDS: 'off', CASHOUT_AUTO_APPROVE_MIN_AGE_HOURS: '0' } });
    user = await verifiedUser(t.app);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());
  afterEach(() => expectLedgerClean(t.app));

  const get = (url: string, u: TestUser = user, language = 'en') => t.app.inject({ method: 'GET', url, headers: { ...u.headers, 'x-language-code': language } });
  const history = async (query: string, language = 'en') => {
    const response = await get(`${WALLET_PATHS.walletHistory}?${query}`, user, language);
    expectStatus(response, 200);
    return successEnvelope(WalletHistoryResponse).parse(response.json()).data;
  };

  it('answers zeros for a user whose accounts were never touched, and needs a session', async () => {
    const fresh = await signUpTestUser(t.app);
    const response = await get(WALLET_PATHS.accounts, fresh);
    expect(successEnvelope(AccountsResponse).parse(response.json()).data).toEqual({
      cashAccount: { cashBalance: '0', voucherBalance: '0', freeBalance: '0', cashOnHold: '0' },
    });
    expect((await t.app.inject({ method: 'GET', url: WALLET_PATHS.accounts })).statusCode).toBe(401);
  });

  it('shows available cash and the cash on hold after a top-up and a cashout waiting for review', async () => {
    await fund(t.app, user, '20000000');
    const bankAccountId = await addBankAccount(t.app, user);
    const cashout = await t.app.inject({ method: 'POST', url: WALLET_PATHS.cashout, headers: user.headers, payload: { amount: '15000000', bankAccountId } });
    expectStatus(cashout, 200);
    const paid = await t.app.inject({ method: 'POST', url: WALLET_PATHS.cashout, headers: user.headers, payload: { amount: '1000000', bankAccountId } });
    expectStatus(paid, 200);
    const account = successEnvelope(AccountsResponse).parse((await get(WALLET_PATHS.accounts)).json()).data.cashAccount;
    expect(account).toEqual({ cashBalance: '4000000', voucherBalance: '0', freeBalance: '0', cashOnHold: '15000000' });
    // What other modules read through `app.wallet.cashAccount` (the same service).
    const service = createAccountService({ ledger: t.app.ledger, instrument: () => undefined });
    expect(await service.cashAccount(user.userId)).toEqual(account);
  });

  it('lists the IDR cash history newest first with descriptions in the caller’s language, page by page', async () => {
    const all = await history('currency=IDR&purpose=CASH');
    const kinds = all.items.map((i) => i.kind);
    expect(kinds).toContain('TOPUP');
    expect(kinds).toContain('CASHOUT');
    expect(kinds[kinds.length - 1]).toBe('TOPUP');
    const topUp = all.items.find((i) => i.kind === 'TOPUP')!;
    expect(topUp).toMatchObject({ amount: '20000000', balanceAfter: '20000000', description: 'Top-up via BCA Virtual Account' });
    const out = all.items.find((i) => i.kind === 'CASHOUT')!;
    expect(out.amount.startsWith('-')).toBe(true);
    expect(out.description).toMatch(/^Cashout to bank account •••• \d{4}$/);
    const indonesian = await history('currency=IDR&purpose=CASH', 'id');
    expect(indonesian.items.find((i) => i.kind === 'TOPUP')!.description).toBe('Top up lewat BCA Virtual Account');

    const first = await history('currency=IDR&purpose=CASH&limit=1');
    expect(first.items).toHaveLength(1);
    expect(first.hasMore).toBe(true);
    expect(first.items[0]).toEqual(all.items[0]);
    const last = await history(`currency=IDR&purpose=CASH&limit=100&before=${encodeURIComponent(topUp.createdAt)}`);
    expect(last.items.every((i) => i.createdAt < topUp.createdAt)).toBe(true);
    expect(last.hasMore).toBe(false);
    expect(await history('currency=USD&purpose=USD_PALN')).toEqual({ items: [], hasMore: false });
  });

  it('refuses a bad history query (002)', async () => {
    for (const query of ['currency=IDR&purpose=SAVINGS', 'currency=idr&purpose=CASH', 'currency=IDR&purpose=CASH&limit=0', 'currency=IDR&purpose=CASH&before=yesterday']) {
      const response = await get(`${WALLET_PATHS.walletHistory}?${query}`);
      expect({ query, code: errorCodeOf(response) }).toEqual({ query, code: '002' });
    }
  });

  it('describes the other wallets’ kinds, and kinds it does not know as money in or out', () => {
    expect(describeEntry({ kind: 'FX', memo: { request: { direction: 'TO_USD' } }, amount: '-150000' }, 'en')).toBe('Rupiah converted to USD');
    expect(describeEntry({ kind: 'FX', memo: { request: { direction: 'TO_IDR' } }, amount: '150000' }, 'id')).toBe('Konversi USD ke Rupiah');
    expect(describeEntry({ kind: 'PERP_MARGIN_DEPOSIT', memo: {}, amount: '-10' }, 'en')).toBe('Perpetual margin deposit');
    expect(describeEntry({ kind: 'SOMETHING_NEW', memo: {}, amount: '-5' }, 'en')).toBe('Money out');
    expect(describeEntry({ kind: 'SOMETHING_NEW', memo: {}, amount: '5' }, 'id')).toBe('Dana masuk');
  });

  it('answers the base asset’s balance of a crypto pair; other symbols are unknown (003)', async () => {
    const response = await get(cryptoBalancePath('BTC-IDR'));
    expect(successEnvelope(CryptoBalanceResponse).parse(response.json()).data).toEqual({ symbol: 'BTC-IDR', balance: '0', available: '0' });
    for (const symbol of ['NOPE-IDR', 'AAPL', 'BTCUSDT-PERP']) {
      const unknown = await get(cryptoBalancePath(symbol));
      expect({ symbol, status: unknown.statusCode, code: errorCodeOf(unknown) }).toEqual({ symbol, status: 404, code: '003' });
    }
  });
});
