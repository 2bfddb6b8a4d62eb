import Cookies from 'js-cookie';
import { act, renderHook } from '@testing-library/react';
import { createEventBus } from '../events/event-bus';
import type { EventMap } from '../events/event-map';
import { COOKIE_KEYS, refreshTokenCookieKey, tokenCookieKey } from '../storage/cookie-storage';
import { appStore, createAppStore, readPersistedState, useAppStore } from './app-store';

const TOKEN = 'opaque-access-token-123';

function clearCookies() {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
}

function setup() {
  const bus = createEventBus<EventMap>();
  const logouts: EventMap['auth:logout'][] = [];
  const logins: string[] = [];
  bus.on('auth:logout', (p) => logouts.push(p));
  bus.on('auth:login', (p) => logins.push(p.userId));
  const store = createAppStore({ bus });
  return { store, bus, logouts, logins };
}

beforeEach(clearCookies);

describe('initial state', () => {
  it('matches §3 defaults', () => {
    const { store } = setup();
    const s = store.getState();
    expect(s.ui.globalTab).toBe(0);
    expect(s.ui.priceAlertModalOpen).toBe(false);
    expect(s.ui.priceAlertSidebar).toEqual({ open: false, fetch: false, userPriceAlerts: [] });
    expect(s.device.deviceType).toBe('mobile');
    expect(s.auth).toEqual({ accessToken: null, userDetails: null, modals: 'Close' });
    expect(s.maintenance).toBe(false);
    expect(s.language).toBe('id');
  });
});

describe('login and logout', () => {
  it('login stores the session in state and cookies and emits auth:login', () => {
    const { store, logins } = setup();
    store.getState().login({ accessToken: TOKEN, userDetails: { id: 'u1', gssKycStatus: 'VERIFIED' } });
    expect(store.getState().auth.accessToken).toBe(TOKEN);
    expect(Cookies.get(tokenCookieKey())).toBe(TOKEN);
    expect(Cookies.get(COOKIE_KEYS.userId)).toBe('u1');
    // The refresh token lives only in the server's HttpOnly cookie.
    expect(Cookies.get(refreshTokenCookieKey())).toBeUndefined();
    expect(logins).toEqual(['u1']);
  });

  it('updateSession replaces the token and cookie without a new auth:login', () => {
    const { store, logins } = setup();
    store.getState().login({ accessToken: TOKEN, userDetails: { id: 'u1', gssKycStatus: 'NOT_SUBMITTED' } });
    const next = `${TOKEN}-refreshed`;
    store.getState().updateSession(next);
    expect(store.getState().auth.accessToken).toBe(next);
    expect(store.getState().auth.userDetails).toEqual({ id: 'u1', gssKycStatus: 'NOT_SUBMITTED' });
    expect(Cookies.get(tokenCookieKey())).toBe(next);
    store.getState().updateSession(TOKEN, { id: 'u1', gssKycStatus: 'VERIFIED' });
    expect(store.getState().auth.userDetails?.gssKycStatus).toBe('VERIFIED');
    expect(logins).toEqual(['u1']);
  });

  it('logout clears tokens, user id, last symbol, firebase ids and auth, trading, misc, chart state', () => {
    const { store, logouts } = setup();
    const s = store.getState();
    s.login({ accessToken: TOKEN, userDetails: { id: 'u1', gssKycStatus: 'VERIFIED' } });
    s.setActiveSymbol('BTC-IDR');
    s.setIdrBalance('150000');
    s.setStockBalance('paln', { value: '10', info: null });
    s.setMarginWallet({ balance: '5', ratio: '12.5' });
    s.setChart({ layout: 'Perps', savedChartId: 'c1' });
    s.setMisc({ tradingView: 'News' });
    s.setModal('ShowEdd');
    s.setGlobalTab(2);
    s.setTheme('dark');
    Cookies.set(COOKIE_KEYS.firebaseId, 'fb');
    Cookies.set(COOKIE_KEYS.firebaseInstanceId, 'fbi');
    Cookies.set(COOKIE_KEYS.theme, 'dark');
    Cookies.set(COOKIE_KEYS.deviceId, 'device-1');

    store.getState().logout();

    const after = store.getState();
    expect(after.auth).toEqual({ accessToken: null, userDetails: null, modals: 'Close' });
    expect(after.trading.idrBalance).toBeNull();
    expect(after.trading.activeSymbol).toBeNull();
    expect(after.trading.stockBalances.paln).toEqual({ value: null, info: null });
    expect(after.trading.marginWallet).toEqual({ balance: null, ratio: null });
    expect(after.chart).toEqual({ layout: 'Loading', savedChartId: null, resolution: null });
    expect(after.misc.tradingView).toBe('None');
    // Preferences survive a logout.
    expect(after.theme).toBe('dark');
    expect(after.ui.globalTab).toBe(2);
    for (const key of [tokenCookieKey(), refreshTokenCookieKey(), 'userId', 'lastSymbol', 'firebaseId', 'firebaseInstanceId']) {
      expect(Cookies.get(key)).toBeUndefined();
    }
    expect(Cookies.get('theme')).toBe('dark');
    expect(Cookies.get('deviceId')).toBe('device-1');
    expect(logouts).toEqual([{ reason: 'user' }]);
  });

  it('logout reports a forced reason', () => {
    const { store, logouts } = setup();
    store.getState().logout('forced');
    expect(logouts).toEqual([{ reason: 'forced' }]);
  });
});

describe('trading and UI actions', () => {
  it('keep balances as decimal strings and merge partial updates', () => {
    const { store } = setup();
    const s = store.getState();
    s.setIdrBalance('12345678901234567890.12');
    s.setCryptoBalance('BTC-IDR', '0.00012345');
    s.setQuantityAvailableForSale({ quantityAvailableForSale: '3', intradayQuantityAvailableForSale: '1' });
    s.setMarginWallet({ ratio: '40' });
    s.setPriceAlertSidebar({ open: true });
    s.setPriceAlertData({ symbol: 'AAPL', targetPrice: '200', createFromChart: true });
    const after = store.getState();
    expect(after.trading.idrBalance).toBe('12345678901234567890.12');
    expect(after.trading.cryptoBalances).toEqual({ 'BTC-IDR': '0.00012345' });
    expect(after.trading.marginWallet).toEqual({ balance: null, ratio: '40' });
    expect(after.ui.priceAlertSidebar).toEqual({ open: true, fetch: false, userPriceAlerts: [] });
    expect(after.ui.priceAlertData?.targetPrice).toBe('200');
  });

  it('remembers the active symbol in the last-symbol cookie', () => {
    const { store } = setup();
    store.getState().setActiveSymbol('ETH-IDR');
    expect(Cookies.get('lastSymbol')).toBe('ETH-IDR');
  });
});

describe('readPersistedState', () => {
  it('restores a valid token, theme, language and last symbol from cookies', () => {
    Cookies.set(tokenCookieKey(), TOKEN);
    Cookies.set('theme', 'dark');
    Cookies.set('language', 'en');
    Cookies.set('lastSymbol', 'AAPL');
    const state = readPersistedState();
    expect(state.auth?.accessToken).toBe(TOKEN);
    expect(state.theme).toBe('dark');
    expect(state.language).toBe('en');
    expect(state.trading?.activeSymbol).toBe('AAPL');
  });

  it('ignores a token too short to be valid and unknown theme or language values', () => {
    Cookies.set(tokenCookieKey(), 'short');
    Cookies.set('theme', 'purple');
    Cookies.set('language', 'fr');
    expect(readPersistedState()).toEqual({});
  });
});

describe('useAppStore', () => {
  it('re-renders with the selected slice', () => {
    const { result } = renderHook(() => useAppStore((s) => s.maintenance));
    expect(result.current).toBe(false);
    act(() => appStore.getState().setMaintenance(true));
    expect(result.current).toBe(true);
    act(() => appStore.getState().setMaintenance(false));
  });
});
