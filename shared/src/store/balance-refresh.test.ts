// The balance refresh rules of §4 over a store and an API answering from memory.
import { act, renderHook } from '@testing-library/react';
import { api } from '../api/default-api';
import { ACCOUNT_PATHS } from '../contract/account-paths';
import type { KycStatus } from '../contract/enums';
import { FX_WALLET_PATHS, WALLET_PATHS, cryptoBalancePath } from '../contract/wallet-paths';
import { createEventBus, eventBus } from '../events/event-bus';
import type { EventMap } from '../events/event-map';
import { createTestApiClient, type TestApiClient, type TestReply } from '../testing/test-api-client';
import { appStore, createAppStore, initialTradingState, type AppState } from './app-store';
import { balanceRefreshFor, createBalanceRefresher, followBalanceEvents, sumDecimals, useBalances, type BalanceRefresher } from './balance-refresh';
import { createStreamClient, type WebSocketLike } from '../stream/client';
import { stream } from '../stream/default-client';
import type { StoreApi } from 'zustand/vanilla';

const TOKEN = 'token-for-balance-tests-0123';

const STOCK = {
  paln: { usdCash: '100.5', usdMargin: '0', idrCash: '1628100', buyingPower: '100.5', usdIdrPrice: '16200' },
  leverage: { usdCash: '50', usdMargin: '20', idrCash: '810000', buyingPower: '80' },
  intraday: { buyingPower: '12.25' },
};

/** A reply the test releases by hand, to look at the store while a call is in flight. */
interface Gate {
  reply: TestReply;
  release(): void;
}

function gated(reply: TestReply): { gates: Gate[]; handler: () => Promise<TestReply> } {
  const gates: Gate[] = [];
  return {
    gates,
    handler: () =>
      new Promise<TestReply>((resolve) => {
        gates.push({ reply, release: () => resolve(reply) });
      }),
  };
}

const success = (data: unknown): TestReply => ({ body: { status: 'success', data } });
const failure = (status = 500): TestReply => ({ status, body: { status: 'error', error_code: '001', error_message: 'down' } });

/** Lets pending promise callbacks (the adapter, the client) run. */
const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
};

let http: TestApiClient;
let store: StoreApi<AppState>;
let logger: { error: jest.Mock };
let refresher: BalanceRefresher;

function signIn(gssKycStatus: KycStatus | null = 'VERIFIED') {
  store.setState({
    auth: {
      accessToken: TOKEN,
      userDetails: gssKycStatus === null ? null : { id: 'user-1', gssKycStatus },
      modals: 'Close',
    },
  });
}

function mockAll() {
  http
    .reply('GET', WALLET_PATHS.accounts, {
      cashAccount: { cashBalance: '150000', voucherBalance: '25000', freeBalance: '5000', cashOnHold: '10000' },
    })
    .reply('GET', FX_WALLET_PATHS.stockBalance, STOCK)
    .reply('GET', FX_WALLET_PATHS.perpBalance, { buyingPower: '250.123456', marginRatioPercentage: '12.5' })
    .reply('GET', '/api/crypto/balance/:symbol', { symbol: 'BTC-IDR', balance: '0.00012345', available: '0.0001' });
}

const trading = () => store.getState().trading;
const count = (path: string) => http.callsTo('GET', path).length;

beforeEach(() => {
  http = createTestApiClient();
  store = createAppStore({ bus: createEventBus<EventMap>() });
  logger = { error: jest.fn() };
  refresher = createBalanceRefresher({ client: http, store, logger });
});

describe('what each option loads', () => {
  it('always loads the IDR cash account: the shown total is cash + voucher + free, the parts kept', async () => {
    signIn();
    mockAll();
    await refresher.refreshBalances();
    expect(trading().idrBalance).toBe('180000');
    expect(trading().idrAccount).toEqual({ cashBalance: '150000', voucherBalance: '25000', freeBalance: '5000' });
    // Nothing else was asked for.
    expect(http.calls.map((c) => c.path)).toEqual([WALLET_PATHS.accounts]);
    expect(trading().stockBalances.paln).toEqual({ value: null, info: null });
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('counts a missing part of the cash account as 0', async () => {
    signIn();
    http.reply('GET', WALLET_PATHS.accounts, { cashAccount: { cashBalance: '1000', freeBalance: '0.5' } });
    await refresher.refreshBalances();
    expect(trading().idrBalance).toBe('1000.5');
    expect(trading().idrAccount).toEqual({ cashBalance: '1000', voucherBalance: '0', freeBalance: '0.5' });
  });

  it('gss: the three stock wallets show buyingPower, with usdIdrPrice 1 and other values 0 when missing', async () => {
    signIn('VERIFIED');
    mockAll();
    await refresher.refreshBalances({ gss: true });
    const { paln, leverage, intraday } = trading().stockBalances;
    expect(paln).toEqual({ value: '100.5', info: STOCK.paln });
    expect(leverage).toEqual({ value: '80', info: { ...STOCK.leverage, usdIdrPrice: '1' } });
    expect(intraday).toEqual({
      value: '12.25',
      info: { usdCash: '0', usdMargin: '0', idrCash: '0', buyingPower: '12.25', usdIdrPrice: '1' },
    });
    expect(count(FX_WALLET_PATHS.stockBalance)).toBe(1);
    expect(count(ACCOUNT_PATHS.userStatus)).toBe(0);
  });

  it.each<KycStatus>(['NOT_SUBMITTED', 'PENDING', 'REJECTED'])(
    'gss with gssKycStatus %s: the three wallets are 0 with no info, and the balance is not asked',
    async (status) => {
      signIn(status);
      mockAll();
      await refresher.refreshBalances({ gss: true });
      expect(trading().stockBalances).toEqual({
        paln: { value: '0', info: null },
        leverage: { value: '0', info: null },
        intraday: { value: '0', info: null },
      });
      expect(count(FX_WALLET_PATHS.stockBalance)).toBe(0);
      expect(logger.error).not.toHaveBeenCalled();
    },
  );

  it('gss before the user details are known: reads the user status once and remembers it', async () => {
    signIn(null);
    mockAll();
    http.reply('GET', ACCOUNT_PATHS.userStatus, { status: 'ACTIVE', kycStatus: 'VERIFIED', gssKycStatus: 'VERIFIED' });
    await refresher.refreshBalances({ gss: true });
    await refresher.refreshBalances({ gss: true });
    expect(count(ACCOUNT_PATHS.userStatus)).toBe(1);
    expect(count(FX_WALLET_PATHS.stockBalance)).toBe(2);
    expect(trading().stockBalances.paln.value).toBe('100.5');
  });

  it('gss before the user details are known, for an unverified user: no balance call', async () => {
    signIn(null);
    mockAll();
    http.reply('GET', ACCOUNT_PATHS.userStatus, { status: 'ACTIVE', kycStatus: 'VERIFIED', gssKycStatus: 'PENDING' });
    await refresher.refreshBalances({ gss: true });
    expect(count(FX_WALLET_PATHS.stockBalance)).toBe(0);
    expect(trading().stockBalances.leverage).toEqual({ value: '0', info: null });
  });

  it('gss answered 007 (the server says not verified): 0 with no info, not a failure', async () => {
    signIn('VERIFIED');
    mockAll();
    http.replyError('GET', FX_WALLET_PATHS.stockBalance, { code: '007', status: 403 });
    await refresher.refreshBalances({ gss: true });
    expect(trading().stockBalances.intraday).toEqual({ value: '0', info: null });
    expect(logger.error).not.toHaveBeenCalled();
    // A 403 with a business code does not end the session.
    expect(store.getState().auth.accessToken).toBe(TOKEN);
  });

  it('cryptoPerps: the margin wallet holds buyingPower and marginRatioPercentage', async () => {
    signIn();
    mockAll();
    await refresher.refreshBalances({ cryptoPerps: true });
    expect(trading().marginWallet).toEqual({ balance: '250.123456', ratio: '12.5' });
    expect(count(FX_WALLET_PATHS.perpBalance)).toBe(1);
    expect(count(FX_WALLET_PATHS.stockBalance)).toBe(0);
  });

  it('cryptoPerps with missing values: 0', async () => {
    signIn();
    mockAll();
    http.reply('GET', FX_WALLET_PATHS.perpBalance, {});
    await refresher.refreshBalances({ cryptoPerps: true });
    expect(trading().marginWallet).toEqual({ balance: '0', ratio: '0' });
  });

  it('crypto with a list loads those symbols, each from its own path', async () => {
    signIn();
    mockAll();
    http.on('GET', '/api/crypto/balance/:symbol', (req) =>
      success({ symbol: req.params.symbol, balance: req.params.symbol === 'BTC-IDR' ? '0.5' : '12', available: '0' }),
    );
    await refresher.refreshBalances({ crypto: ['BTC-IDR', 'eth-idr'] });
    expect(trading().cryptoBalances).toEqual({ 'BTC-IDR': '0.5', 'ETH-IDR': '12' });
    expect(http.calls.map((c) => c.path).sort()).toEqual(
      [WALLET_PATHS.accounts, cryptoBalancePath('BTC-IDR'), cryptoBalancePath('ETH-IDR')].sort(),
    );
  });

  it('crypto: true reloads every symbol already in the store, and no other', async () => {
    signIn();
    mockAll();
    store.setState({ trading: { ...initialTradingState(), cryptoBalances: { 'BTC-IDR': '1', 'SOL-IDR': '2' } } });
    http.on('GET', '/api/crypto/balance/:symbol', (req) => success({ symbol: req.params.symbol, balance: '3', available: '3' }));
    await refresher.refreshBalances({ crypto: true });
    expect(trading().cryptoBalances).toEqual({ 'BTC-IDR': '3', 'SOL-IDR': '3' });
    expect(count('/api/crypto/balance/:symbol')).toBe(2);
  });

  it('everything at once: one call per kind', async () => {
    signIn();
    mockAll();
    await refresher.refreshBalances({ gss: true, cryptoPerps: true, crypto: ['BTC-IDR'] });
    expect(http.calls.map((c) => c.path).sort()).toEqual(
      [WALLET_PATHS.accounts, FX_WALLET_PATHS.stockBalance, FX_WALLET_PATHS.perpBalance, cryptoBalancePath('BTC-IDR')].sort(),
    );
    expect(trading().cryptoBalances['BTC-IDR']).toBe('0.00012345');
  });
});

describe('loader', () => {
  it('clears the affected values first (null), then loads them; untouched values stay', async () => {
    signIn();
    mockAll();
    await refresher.refreshBalances({ gss: true, cryptoPerps: true, crypto: ['BTC-IDR', 'ETH-IDR'] });
    store.getState().setCryptoBalance('SOL-IDR', '7');
    const accounts = gated(success({ cashAccount: { cashBalance: '999', voucherBalance: '0', freeBalance: '0' } }));
    http.on('GET', WALLET_PATHS.accounts, accounts.handler);

    const done = refresher.refreshBalances({ loader: true, gss: true, crypto: ['BTC-IDR'] });
    expect(trading().idrBalance).toBeNull();
    expect(trading().idrAccount).toBeNull();
    expect(trading().stockBalances.paln).toEqual({ value: null, info: null });
    // Not asked for: kept.
    expect(trading().marginWallet).toEqual({ balance: '250.123456', ratio: '12.5' });
    expect(trading().cryptoBalances).toEqual({ 'ETH-IDR': '0.00012345', 'SOL-IDR': '7' });

    await flush();
    accounts.gates.forEach((gate) => gate.release());
    await done;
    expect(trading().idrBalance).toBe('999');
    expect(trading().stockBalances.paln.value).toBe('100.5');
    expect(trading().cryptoBalances['BTC-IDR']).toBe('0.00012345');
  });

  it('a failed loader refresh sets the affected values to 0 (stock wallets 0 with no info) and logs', async () => {
    signIn();
    mockAll();
    await refresher.refreshBalances({ gss: true, cryptoPerps: true, crypto: ['BTC-IDR'] });
    http
      .on('GET', WALLET_PATHS.accounts, () => failure())
      .on('GET', FX_WALLET_PATHS.stockBalance, () => failure())
      .on('GET', FX_WALLET_PATHS.perpBalance, () => failure())
      .on('GET', '/api/crypto/balance/:symbol', () => failure());
    await refresher.refreshBalances({ loader: true, gss: true, cryptoPerps: true, crypto: ['BTC-IDR'] });
    expect(trading().idrBalance).toBe('0');
    expect(trading().stockBalances.paln).toEqual({ value: '0', info: null });
    expect(trading().stockBalances.intraday).toEqual({ value: '0', info: null });
    expect(trading().marginWallet).toEqual({ balance: '0', ratio: '0' });
    expect(trading().cryptoBalances).toEqual({ 'BTC-IDR': '0' });
    expect(logger.error).toHaveBeenCalledTimes(4);
  });
});

describe('failures', () => {
  it('an initial refresh that fails sets 0 and logs the error', async () => {
    signIn();
    http
      .on('GET', WALLET_PATHS.accounts, () => failure())
      .on('GET', FX_WALLET_PATHS.stockBalance, () => failure(502))
      .on('GET', FX_WALLET_PATHS.perpBalance, () => ({ status: 200, body: 'not an envelope' }));
    await refresher.refreshBalances({ initial: true, gss: true, cryptoPerps: true });
    expect(trading().idrBalance).toBe('0');
    expect(trading().idrAccount).toEqual({ cashBalance: '0', voucherBalance: '0', freeBalance: '0' });
    expect(trading().stockBalances).toEqual({
      paln: { value: '0', info: null },
      leverage: { value: '0', info: null },
      intraday: { value: '0', info: null },
    });
    expect(trading().marginWallet).toEqual({ balance: '0', ratio: '0' });
    expect(logger.error).toHaveBeenCalledTimes(3);
    expect(logger.error.mock.calls.map(([message]) => message)).toEqual(
      expect.arrayContaining([
        '[balances] IDR refresh failed',
        '[balances] stock wallet refresh failed',
        '[balances] margin wallet refresh failed',
      ]),
    );
  });

  it('an initial refresh whose user status read fails sets the stock wallets to 0', async () => {
    signIn(null);
    mockAll();
    http.on('GET', ACCOUNT_PATHS.userStatus, () => failure());
    await refresher.refreshBalances({ initial: true, gss: true });
    expect(trading().stockBalances.paln).toEqual({ value: '0', info: null });
    expect(count(FX_WALLET_PATHS.stockBalance)).toBe(0);
    expect(logger.error).toHaveBeenCalledTimes(1);
    // Not remembered: the next refresh asks again.
    http.reply('GET', ACCOUNT_PATHS.userStatus, { status: 'ACTIVE', kycStatus: 'VERIFIED', gssKycStatus: 'VERIFIED' });
    await refresher.refreshBalances({ gss: true });
    expect(count(ACCOUNT_PATHS.userStatus)).toBe(2);
    expect(trading().stockBalances.paln.value).toBe('100.5');
  });

  it('a plain refresh that fails keeps the old values and logs the error', async () => {
    signIn();
    mockAll();
    await refresher.refreshBalances({ gss: true, cryptoPerps: true, crypto: ['BTC-IDR'] });
    const before = trading();
    http
      .on('GET', WALLET_PATHS.accounts, () => failure())
      .on('GET', FX_WALLET_PATHS.stockBalance, () => failure())
      .on('GET', FX_WALLET_PATHS.perpBalance, () => failure())
      .on('GET', '/api/crypto/balance/:symbol', () => failure());
    await refresher.refreshBalances({ gss: true, cryptoPerps: true, crypto: ['BTC-IDR'] });
    expect(trading().idrBalance).toBe('180000');
    expect(trading().stockBalances).toEqual(before.stockBalances);
    expect(trading().marginWallet).toEqual(before.marginWallet);
    expect(trading().cryptoBalances).toEqual({ 'BTC-IDR': '0.00012345' });
    expect(logger.error).toHaveBeenCalledTimes(4);
  });

  it('never rejects', async () => {
    signIn();
    http.on('GET', WALLET_PATHS.accounts, () => failure());
    await expect(refresher.refreshBalances({ initial: true })).resolves.toBeUndefined();
  });
});

describe('guest mode', () => {
  it('makes no call at all without a session, whatever the options, and clears nothing', async () => {
    mockAll();
    store.getState().setIdrBalance('5');
    await refresher.refreshBalances({ initial: true, loader: true, gss: true, cryptoPerps: true, crypto: ['BTC-IDR'] });
    expect(http.calls).toHaveLength(0);
    expect(trading().idrBalance).toBe('5');
  });

  it('makes no call on a guest-mode page, even with a session', async () => {
    signIn();
    mockAll();
    store.getState().setGuestMode(true);
    await refresher.refreshBalances({ initial: true, gss: true, cryptoPerps: true });
    expect(http.calls).toHaveLength(0);
    expect(trading().idrBalance).toBeNull();

    store.getState().setGuestMode(false);
    await refresher.refreshBalances();
    expect(http.calls).toHaveLength(1);
  });
});

describe('coalescing', () => {
  it('keeps one request per kind in flight; callers arriving meanwhile share one more, read after they asked', async () => {
    signIn();
    let served = 0;
    let inFlight = 0;
    let maxInFlight = 0;
    const pending: Array<() => void> = [];
    http.on('GET', WALLET_PATHS.accounts, () => {
      served += 1;
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const balance = String(served * 1000);
      return new Promise<TestReply>((resolve) => {
        pending.push(() => {
          inFlight -= 1;
          resolve(success({ cashAccount: { cashBalance: balance, voucherBalance: '0', freeBalance: '0' } }));
        });
      });
    });

    const first = refresher.refreshBalances();
    const later = [refresher.refreshBalances(), refresher.refreshBalances({ loader: true }), refresher.refreshBalances()];
    await flush();
    expect(served).toBe(1);

    pending.shift()?.();
    await first;
    expect(trading().idrBalance).toBe('1000');
    await flush();
    // One more request for the three that came while the first was running.
    expect(served).toBe(2);
    pending.shift()?.();
    await Promise.all(later);
    expect(trading().idrBalance).toBe('2000');
    expect(maxInFlight).toBe(1);
    expect(served).toBe(2);
  });

  it('coalesces per kind: a stock wallet refresh does not wait for the IDR one', async () => {
    signIn();
    mockAll();
    const accounts = gated(success({ cashAccount: { cashBalance: '1', voucherBalance: '0', freeBalance: '0' } }));
    http.on('GET', WALLET_PATHS.accounts, accounts.handler);
    const a = refresher.refreshBalances();
    const b = refresher.refreshBalances({ gss: true });
    await flush();
    expect(count(FX_WALLET_PATHS.stockBalance)).toBe(1);
    expect(trading().stockBalances.paln.value).toBe('100.5');
    expect(accounts.gates).toHaveLength(1);
    accounts.gates[0].release();
    await a;
    await flush();
    accounts.gates[1]?.release();
    await b;
    expect(count(WALLET_PATHS.accounts)).toBe(2);
  });
});

describe('reset', () => {
  it('sets every balance back to empty and calls nothing', async () => {
    signIn();
    mockAll();
    await refresher.refreshBalances({ gss: true, cryptoPerps: true, crypto: ['BTC-IDR'] });
    store.getState().setActiveSymbol('AAPL');
    const calls = http.calls.length;
    await refresher.refreshBalances({ reset: true });
    expect(http.calls).toHaveLength(calls);
    expect(trading()).toEqual({ ...initialTradingState(), activeSymbol: 'AAPL' });
  });

  it('drops an answer that arrives after the reset (a session that ended)', async () => {
    signIn();
    const accounts = gated(success({ cashAccount: { cashBalance: '777', voucherBalance: '0', freeBalance: '0' } }));
    http.on('GET', WALLET_PATHS.accounts, accounts.handler);
    const pending = refresher.refreshBalances({ initial: true });
    const joined = refresher.refreshBalances();
    await flush();
    await refresher.refreshBalances({ reset: true });
    accounts.gates[0].release();
    await pending;
    await joined;
    expect(trading().idrBalance).toBeNull();
    // The caller that was waiting for a second request does not start one for the ended session.
    expect(count(WALLET_PATHS.accounts)).toBe(1);
  });
});

describe('sumDecimals', () => {
  it('adds decimal strings exactly', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals(['99999999999999999999', '1'])).toBe('100000000000000000000');
    expect(sumDecimals(['150000', '-0.5', '0'])).toBe('149999.5');
  });
});

describe('the page refresher', () => {
  const original = appStore.getState();
  afterEach(() => {
    appStore.setState({ auth: original.auth, trading: initialTradingState(), guestMode: false });
  });

  it('is shared by every caller on the page: the event bus asks it too, and useBalances shows the result', async () => {
    const page = createTestApiClient();
    page.reply('GET', WALLET_PATHS.accounts, { cashAccount: { cashBalance: '42000', voucherBalance: '0', freeBalance: '0' } });
    api.configure({ adapter: page.adapter, retries: 0, logger: { error: () => undefined } });
    appStore.setState({
      auth: { accessToken: TOKEN, userDetails: { id: 'user-1', gssKycStatus: 'VERIFIED' }, modals: 'Close' },
      guestMode: false,
    });
    const { result, unmount } = renderHook(() => useBalances());
    expect(result.current.idrBalance).toBeNull();
    await act(async () => {
      eventBus.emit('balance:refresh', {});
      await flush();
    });
    expect(page.callsTo('GET', WALLET_PATHS.accounts)).toHaveLength(1);
    expect(result.current.idrBalance).toBe('42000');
    expect(Object.keys(result.current).sort()).toEqual(['cryptoBalances', 'idrBalance', 'marginWallet', 'stockBalances']);
    unmount();
  });
});

describe('live balances from the private stream', () => {
  /** The server's side of one socket. */
  class FakeSocket implements WebSocketLike {
    static last: FakeSocket | null = null;
    readyState = 0;
    readonly sent: Record<string, unknown>[] = [];
    onopen: ((event: unknown) => void) | null = null;
    onclose: ((event: unknown) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    onmessage: ((event: { data: unknown }) => void) | null = null;
    constructor(readonly url: string) {
      FakeSocket.last = this;
    }
    send(data: string) {
      this.sent.push(JSON.parse(data) as Record<string, unknown>);
    }
    close() {
      this.readyState = 3;
    }
    open() {
      this.readyState = 1;
      this.onopen?.({});
    }
    deliver(message: unknown) {
      this.onmessage?.({ data: JSON.stringify(message) });
    }
  }

  it('maps the currencies of an event to what is refreshed', () => {
    expect(balanceRefreshFor(['IDR', 'BTC'])).toEqual({ crypto: ['BTC-IDR'] });
    expect(balanceRefreshFor(['IDR'])).toEqual({});
    expect(balanceRefreshFor(['eth', 'USDT', 'ETH', 'USD', 7, 'not a code!'])).toEqual({ crypto: ['ETH-IDR', 'USDT-IDR'], gss: true });
  });

  it('refreshes IDR and the named crypto balances the page reads when the server says they changed (not a stock ticker), and everything held after a lapse', async () => {
    signIn();
    http.reply('GET', WALLET_PATHS.accounts, { cashAccount: { cashBalance: '900000', voucherBalance: '0', freeBalance: '0' } });
    http.reply('GET', cryptoBalancePath('BTC-IDR'), { symbol: 'BTC-IDR', balance: '0.0005', available: '0.0005' });
    const client = createStreamClient({
      url: 'ws://test/api/stream',
      WebSocket: FakeSocket,
      auth: { getToken: () => TOKEN, onTokenChange: () => () => undefined },
    });
    const stop = followBalanceEvents(client, (options) => refresher.refreshBalances(options), () => Object.keys(trading().cryptoBalances));
    // Passive: the balance refresh alone opens no socket; the page's market streams do.
    expect(FakeSocket.last).toBeNull();
    client.subscribe('ticker', 'BTC-IDR', undefined, () => undefined);
    const socket = FakeSocket.last!;
    socket.open();
    expect(socket.sent.slice(1)).toEqual([
      { op: 'auth', token: TOKEN },
      { op: 'subscribe', channel: 'balances' },
    ]);
    socket.deliver({ type: 'subscription', channel: 'balances', active: true });
    // The page reads BTC-IDR (its order panel loaded it).
    await refresher.refreshBalances({ crypto: ['BTC-IDR'] });
    expect(http.callsTo('GET', cryptoBalancePath('BTC-IDR'))).toHaveLength(1);
    http.reply('GET', cryptoBalancePath('BTC-IDR'), { symbol: 'BTC-IDR', balance: '0.0007', available: '0.0007' });
    // A US stock's shares move on the ledger too: AAPL is no crypto balance the page reads.
    socket.deliver({ type: 'event', channel: 'balances', data: { type: 'balances', currencies: ['AAPL', 'IDR', 'BTC'] } });
    await flush();
    expect(http.callsTo('GET', WALLET_PATHS.accounts)).toHaveLength(2);
    expect(http.callsTo('GET', cryptoBalancePath('BTC-IDR'))).toHaveLength(2);
    expect(http.callsTo('GET', cryptoBalancePath('AAPL-IDR'))).toHaveLength(0);
    expect(trading().idrBalance).toBe('900000');
    expect(trading().cryptoBalances).toEqual({ 'BTC-IDR': '0.0007' });

    // The subscription lapsed and came back: every balance held is read again.
    socket.deliver({ type: 'unauthenticated', reason: 'expired', error_code: '009', error_message: 'expired' });
    socket.deliver({ type: 'subscription', channel: 'balances', active: true });
    await flush();
    expect(http.callsTo('GET', WALLET_PATHS.accounts)).toHaveLength(3);
    expect(http.callsTo('GET', cryptoBalancePath('BTC-IDR'))).toHaveLength(3);
    stop();
    client.close();
    FakeSocket.last = null;
  });

  it('is wired on the page: the default stream client holds the passive balances subscription', () => {
    expect(stream.stats().privateStreams).toBe(1);
  });
});
