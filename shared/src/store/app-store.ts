// The shared application state of product-spec §3: one vanilla zustand store (usable outside
// React, by the API client and the shell) with a React hook over it.
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { DEFAULT_LANGUAGE, isLanguage, isThemeName } from '../contract/enum-values';
import type {
  ChartLayoutKind,
  CoachmarkState,
  KycStatus,
  Language,
  ModalKind,
  OrderPanelMode,
  ThemeName,
  TradingView,
} from '../contract/enums';
import { DEFAULT_DEVICE_INFO, type DeviceInfo } from '../device/device-detection';
import { type EventBus, eventBus as defaultEventBus } from '../events/event-bus';
import type { EventMap } from '../events/event-map';
import { isValidAccessToken } from '../storage/access-token';
import {
  COOKIE_KEYS,
  clearSessionCookies,
  getCookie,
  setCookie,
  tokenCookieKey,
} from '../storage/cookie-storage';

export interface UserDetails {
  id: string;
  gssKycStatus: KycStatus;
}

export interface AuthState {
  accessToken: string | null;
  userDetails: UserDetails | null;
  /** The modal the session currently asks for; 'Close' when none. */
  modals: ModalKind;
}

/** US stock wallets by their wire names: paln = no leverage, leverage = 2x, intraday = 4x. */
export type StockWalletKind = 'paln' | 'leverage' | 'intraday';
export const STOCK_WALLET_KINDS: readonly StockWalletKind[] = ['paln', 'leverage', 'intraday'];

/** One wallet as the balance call returns it (§3 "Global stock wallet balance"). */
export interface StockWalletInfo {
  usdCash: string;
  usdMargin: string;
  idrCash: string;
  buyingPower: string;
  /** Exchange rate; 1 when missing. */
  usdIdrPrice: string;
}

export interface StockWalletBalance {
  /** The shown value (buyingPower); null while a loader refresh clears it. */
  value: string | null;
  /** null when unverified or failed ("0 with no info"). */
  info: StockWalletInfo | null;
}

export interface HoldingsForSale {
  quantityAvailableForSale: string;
  intradayQuantityAvailableForSale: string;
}

/** The parts of the IDR cash account (§3 "Account balance"); the shown total is their sum. */
export interface IdrAccountParts {
  cashBalance: string;
  voucherBalance: string;
  freeBalance: string;
}

export interface MarginWalletBalance {
  /** buyingPower of the perpetual margin wallet. */
  balance: string | null;
  /** marginRatioPercentage. */
  ratio: string | null;
}

/** Balances are decimal strings; null means not loaded yet (or cleared by a loader refresh). */
export interface TradingState {
  /** The shown IDR total: cash + voucher + free (§3). */
  idrBalance: string | null;
  /** Its parts, null while idrBalance is. */
  idrAccount: IdrAccountParts | null;
  stockBalances: Record<StockWalletKind, StockWalletBalance>;
  /** Of the active global stock. */
  quantityAvailableForSale: HoldingsForSale | null;
  /** Crypto balance per symbol ("BTC-IDR" → "0.5"); a symbol being loaded afresh has no entry. */
  cryptoBalances: Record<string, string>;
  marginWallet: MarginWalletBalance;
  activeSymbol: string | null;
}

export interface PriceAlertData {
  symbol: string;
  targetPrice?: string;
  createFromChart?: boolean;
}

export interface PriceAlertItem {
  id: string;
  symbol: string;
  targetPrice: string;
  createFromChart?: boolean;
}

export interface PriceAlertSidebar {
  open: boolean;
  /** Asks the sidebar to fetch the user's alerts again. */
  fetch: boolean;
  userPriceAlerts: PriceAlertItem[];
}

export interface UiState {
  globalTab: number;
  priceAlertModalOpen: boolean;
  priceAlertData: PriceAlertData | null;
  priceAlertSidebar: PriceAlertSidebar;
}

/** Chart state the trade pages share (cleared on logout). */
export interface ChartState {
  layout: ChartLayoutKind;
  savedChartId: string | null;
  resolution: string | null;
}

/** Miscellaneous per-session state (cleared on logout). */
export interface MiscState {
  tradingView: TradingView;
  orderPanelMode: OrderPanelMode;
  coachmark: CoachmarkState | null;
}

export interface LoginPayload {
  accessToken: string;
  userDetails: UserDetails;
}

export interface AppActions {
  login(payload: LoginPayload): void;
  /**
   * A refreshed session of the same user: the new access token (and the cookie), fresh user
   * details when known; no `auth:login` event.
   */
  updateSession(accessToken: string, userDetails?: UserDetails | null): void;
  setAccessToken(token: string | null): void;
  setUserDetails(details: UserDetails | null): void;
  setModal(modal: ModalKind): void;
  /** Clears the session (§4) and emits `auth:logout`. Call after the logout request, even if it failed. */
  logout(reason?: EventMap['auth:logout']['reason']): void;

  setIdrBalance(value: string | null): void;
  setStockBalance(kind: StockWalletKind, balance: StockWalletBalance): void;
  setQuantityAvailableForSale(holdings: HoldingsForSale | null): void;
  setCryptoBalance(symbol: string, value: string): void;
  setMarginWallet(wallet: Partial<MarginWalletBalance>): void;
  /** Several trading fields in one update (one render), as the balance refresh writes them. */
  patchTrading(patch: Partial<TradingState>): void;
  /** Also remembered in the last-symbol cookie. */
  setActiveSymbol(symbol: string | null): void;
  resetTrading(): void;

  setGlobalTab(tab: number): void;
  setPriceAlertModalOpen(open: boolean): void;
  setPriceAlertData(data: PriceAlertData | null): void;
  setPriceAlertSidebar(patch: Partial<PriceAlertSidebar>): void;

  setDeviceInfo(patch: Partial<DeviceInfo>): void;
  setChart(patch: Partial<ChartState>): void;
  setMisc(patch: Partial<MiscState>): void;

  setMaintenance(maintenance: boolean): void;
  /** State only: the theme module applies it and emits `theme:changed`. */
  setTheme(theme: ThemeName): void;
  /** State only: use i18n's `setLanguage`, which also writes the cookie and emits. */
  setLanguage(language: Language): void;
  /** The shell sets this per route (§2 guest-mode pages). */
  setGuestMode(guestMode: boolean): void;
}

export interface AppData {
  auth: AuthState;
  trading: TradingState;
  ui: UiState;
  device: DeviceInfo;
  chart: ChartState;
  misc: MiscState;
  maintenance: boolean;
  theme: ThemeName;
  language: Language;
  guestMode: boolean;
}

export type AppState = AppData & AppActions;

export const initialAuthState = (): AuthState => ({ accessToken: null, userDetails: null, modals: 'Close' });

export const initialTradingState = (): TradingState => ({
  idrBalance: null,
  idrAccount: null,
  stockBalances: {
    paln: { value: null, info: null },
    leverage: { value: null, info: null },
    intraday: { value: null, info: null },
  },
  quantityAvailableForSale: null,
  cryptoBalances: {},
  marginWallet: { balance: null, ratio: null },
  activeSymbol: null,
});

export const initialUiState = (): UiState => ({
  globalTab: 0,
  priceAlertModalOpen: false,
  priceAlertData: null,
  priceAlertSidebar: { open: false, fetch: false, userPriceAlerts: [] },
});

export const initialChartState = (): ChartState => ({ layout: 'Loading', savedChartId: null, resolution: null });
export const initialMiscState = (): MiscState => ({ tradingView: 'None', orderPanelMode: 'None', coachmark: null });

/**
 * State read back from cookies: a valid token, theme, language, last symbol. User details are
 * not stored (the KYC status must be fresh); the shell fetches them after start.
 */
export function readPersistedState(): Partial<AppData> {
  const token = getCookie(tokenCookieKey());
  const theme = getCookie(COOKIE_KEYS.theme);
  const language = getCookie(COOKIE_KEYS.language);
  const lastSymbol = getCookie(COOKIE_KEYS.lastSymbol);
  const persisted: Partial<AppData> = {};
  if (isValidAccessToken(token)) {
    persisted.auth = { ...initialAuthState(), accessToken: token };
  }
  if (isThemeName(theme)) persisted.theme = theme;
  if (isLanguage(language)) persisted.language = language;
  if (lastSymbol) persisted.trading = { ...initialTradingState(), activeSymbol: lastSymbol };
  return persisted;
}

export interface CreateAppStoreOptions {
  initial?: Partial<AppData>;
  bus?: EventBus<EventMap>;
}

/** Session cookie lifetime of the access token (days); the server's expiry decides validity. */
const TOKEN_COOKIE_DAYS = 30;

export function createAppStore(options: CreateAppStoreOptions = {}): StoreApi<AppState> {
  const bus = options.bus ?? defaultEventBus;
  return createStore<AppState>()((set, get) => ({
    auth: initialAuthState(),
    trading: initialTradingState(),
    ui: initialUiState(),
    device: { ...DEFAULT_DEVICE_INFO },
    chart: initialChartState(),
    misc: initialMiscState(),
    maintenance: false,
    theme: 'light',
    language: DEFAULT_LANGUAGE,
    guestMode: false,
    ...options.initial,

    login({ accessToken, userDetails }) {
      // The refresh token is an HttpOnly cookie the server sets; script never sees it.
      setCookie(tokenCookieKey(), accessToken, { expires: TOKEN_COOKIE_DAYS });
      setCookie(COOKIE_KEYS.userId, userDetails.id, { expires: TOKEN_COOKIE_DAYS });
      set({ auth: { ...get().auth, accessToken, userDetails } });
      bus.emit('auth:login', { userId: userDetails.id });
    },
    updateSession(accessToken, userDetails) {
      setCookie(tokenCookieKey(), accessToken, { expires: TOKEN_COOKIE_DAYS });
      const auth = get().auth;
      set({ auth: { ...auth, accessToken, userDetails: userDetails ?? auth.userDetails } });
    },
    setAccessToken(accessToken) {
      set({ auth: { ...get().auth, accessToken } });
    },
    setUserDetails(userDetails) {
      set({ auth: { ...get().auth, userDetails } });
    },
    setModal(modals) {
      set({ auth: { ...get().auth, modals } });
    },
    logout(reason = 'user') {
      clearSessionCookies();
      set({
        auth: initialAuthState(),
        trading: initialTradingState(),
        chart: initialChartState(),
        misc: initialMiscState(),
      });
      bus.emit('auth:logout', { reason });
    },

    setIdrBalance(idrBalance) {
      set({ trading: { ...get().trading, idrBalance } });
    },
    setStockBalance(kind, balance) {
      const trading = get().trading;
      set({ trading: { ...trading, stockBalances: { ...trading.stockBalances, [kind]: balance } } });
    },
    setQuantityAvailableForSale(quantityAvailableForSale) {
      set({ trading: { ...get().trading, quantityAvailableForSale } });
    },
    setCryptoBalance(symbol, value) {
      const trading = get().trading;
      set({ trading: { ...trading, cryptoBalances: { ...trading.cryptoBalances, [symbol]: value } } });
    },
    setMarginWallet(wallet) {
      const trading = get().trading;
      set({ trading: { ...trading, marginWallet: { ...trading.marginWallet, ...wallet } } });
    },
    patchTrading(patch) {
      set({ trading: { ...get().trading, ...patch } });
    },
    setActiveSymbol(activeSymbol) {
      if (activeSymbol) setCookie(COOKIE_KEYS.lastSymbol, activeSymbol, { expires: TOKEN_COOKIE_DAYS });
      set({ trading: { ...get().trading, activeSymbol } });
    },
    resetTrading() {
      set({ trading: initialTradingState() });
    },

    setGlobalTab(globalTab) {
      set({ ui: { ...get().ui, globalTab } });
    },
    setPriceAlertModalOpen(priceAlertModalOpen) {
      set({ ui: { ...get().ui, priceAlertModalOpen } });
    },
    setPriceAlertData(priceAlertData) {
      set({ ui: { ...get().ui, priceAlertData } });
    },
    setPriceAlertSidebar(patch) {
      const ui = get().ui;
      set({ ui: { ...ui, priceAlertSidebar: { ...ui.priceAlertSidebar, ...patch } } });
    },

    setDeviceInfo(patch) {
      set({ device: { ...get().device, ...patch } });
    },
    setChart(patch) {
      set({ chart: { ...get().chart, ...patch } });
    },
    setMisc(patch) {
      set({ misc: { ...get().misc, ...patch } });
    },

    setMaintenance(maintenance) {
      set({ maintenance });
    },
    setTheme(theme) {
      set({ theme });
    },
    setLanguage(language) {
      set({ language });
    },
    setGuestMode(guestMode) {
      set({ guestMode });
    },
  }));
}

/** The page's one store, started from what the cookies remember. */
export const appStore: StoreApi<AppState> = createAppStore({ initial: readPersistedState() });

/**
 * React hook over the shared store. Select the smallest slice you need; a selector that builds a
 * new object on each call needs `useShallow` from zustand/react/shallow.
 */
export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useStore(appStore, selector);
}
