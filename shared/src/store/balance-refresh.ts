// The balance refresh rules of product-spec §4 over the shared store, so every remote (and the
// shell's header) sees the same balances: the IDR cash total always; the US stock wallets (only
// for a VERIFIED gssKycStatus), the perpetual margin wallet and crypto balances when asked. A
// `loader` refresh clears the values first; a failed `initial` or `loader` refresh sets them to 0,
// a failed plain one keeps them; every failure is logged. Nothing is called in guest mode (§6).
//
// One request per kind is in flight at a time. A caller arriving while one is running waits for
// it and then shares one more request with every other such caller, so what it gets back was read
// after it asked (a refresh right after a top-up shows the top-up).
//
// Live balances (issue 6): a `balances` event on the signed-in user's private stream refreshes
// IDR and the crypto balances of the currencies it names (BTC -> BTC-IDR); after a lapse of the
// stream (reconnect, expiry) IDR and every crypto balance held are refreshed. The subscription is
// passive: it rides on the page's stream connection when one is open, and opens none by itself.
import { useMemo } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import type { UserStatusResponse } from '../contract/account';
import { ACCOUNT_PATHS } from '../contract/account-paths';
import type { KycStatus } from '../contract/enums';
import type { AccountsResponse, CryptoBalanceResponse, PerpBalance, StockBalanceResponse } from '../contract/wallet';
import { FX_WALLET_PATHS, WALLET_PATHS, cryptoBalancePath } from '../contract/wallet-paths';
import type { ApiClient, ApiLogger } from '../api/api-client';
import { isApiError } from '../api/api-error';
import { api } from '../api/default-api';
import type { StreamClient } from '../stream/client';
import { stream } from '../stream/default-client';
import { eventBus } from '../events/event-bus';
import type { BalanceRefreshOptions } from '../events/event-map';
import { parseDecimal, partsToString, toDecimalString } from '../format/decimal-string';
import {
  appStore,
  useAppStore,
  type AppState,
  type IdrAccountParts,
  type StockWalletBalance,
  type StockWalletInfo,
  type StockWalletKind,
  type TradingState,
} from './app-store';

// The options are the `balance:refresh` event's payload: one type, so emitting the event and
// calling refreshBalances take the same thing.
export type { BalanceRefreshOptions };

export type BalanceSnapshot = Pick<TradingState, 'idrBalance' | 'stockBalances' | 'marginWallet' | 'cryptoBalances'>;

export interface BalanceRefresherOptions {
  client: ApiClient;
  store: StoreApi<AppState>;
  /** Default console, as the API client's. */
  logger?: ApiLogger;
}

export interface BalanceRefresher {
  /** Resolves when every asked balance is settled; never rejects (failures are logged). */
  refreshBalances(options?: BalanceRefreshOptions): Promise<void>;
}

/** The catalogue's "KYC incomplete": the stock balance call's answer for an unverified user. */
const KYC_INCOMPLETE_CODE = '007';
const ZERO = '0';
/** §9: a missing exchange rate is 1. */
const DEFAULT_USD_IDR_PRICE = '1';

type Kind = 'idr' | 'gss' | 'perps' | `crypto:${string}`;

interface Slot {
  running: Promise<boolean> | null;
  queued: Promise<boolean> | null;
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The answer as an object whose fields may be missing (§9: missing values default). */
const fieldsOf = (value: unknown): Json => (isRecord(value) ? value : {});

/** A decimal string (or finite number) from the wire as a plain decimal string, else the fallback. */
function decimalOr(value: unknown, fallback: string): string {
  if (typeof value !== 'string' && typeof value !== 'number') return fallback;
  return toDecimalString(value) ?? fallback;
}

/** Exact sum of decimal strings (no float on the way). */
export function sumDecimals(values: readonly string[]): string {
  const parts = values.map((value) => parseDecimal(value) ?? { negative: false, int: '0', frac: '' });
  const scale = Math.max(0, ...parts.map((p) => p.frac.length));
  let total = 0n;
  for (const p of parts) {
    const scaled = BigInt(p.int + p.frac.padEnd(scale, '0'));
    total += p.negative ? -scaled : scaled;
  }
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(scale + 1, '0');
  const cut = digits.length - scale;
  return partsToString({ negative, int: digits.slice(0, cut), frac: digits.slice(cut) });
}

const stockWallets = (of: (kind: StockWalletKind) => StockWalletBalance): Record<StockWalletKind, StockWalletBalance> => ({
  paln: of('paln'),
  leverage: of('leverage'),
  intraday: of('intraday'),
});

/** The three wallets with one value and no info (null: loading; "0": unverified or failed). */
const emptyStockWallets = (value: string | null) => stockWallets(() => ({ value, info: null }));

function stockWalletOf(raw: unknown): StockWalletBalance {
  const wallet = fieldsOf(raw);
  const info: StockWalletInfo = {
    usdCash: decimalOr(wallet.usdCash, ZERO),
    usdMargin: decimalOr(wallet.usdMargin, ZERO),
    idrCash: decimalOr(wallet.idrCash, ZERO),
    buyingPower: decimalOr(wallet.buyingPower, ZERO),
    usdIdrPrice: decimalOr(wallet.usdIdrPrice, DEFAULT_USD_IDR_PRICE),
  };
  // §3: the value shown per wallet is its buyingPower.
  return { value: info.buyingPower, info };
}

export function createBalanceRefresher({ client, store, logger = console }: BalanceRefresherOptions): BalanceRefresher {
  const slots = new Map<Kind, Slot>();
  /** Bumped by a reset: answers to calls of an earlier session are dropped. */
  let generation = 0;
  /** gssKycStatus read with the status call while the store has no user details yet. */
  let gssStatus: Promise<KycStatus> | null = null;

  const trading = () => store.getState().trading;
  const patch = (next: Partial<TradingState>) => store.getState().patchTrading(next);

  const isGuest = (): boolean => {
    const state = store.getState();
    return state.auth.accessToken === null || state.guestMode;
  };

  /** Runs `task` for `kind` under the one-in-flight rule; resolves true when it succeeded. */
  function run(kind: Kind, task: () => Promise<void>): Promise<boolean> {
    let slot = slots.get(kind);
    if (!slot) {
      slot = { running: null, queued: null };
      slots.set(kind, slot);
    }
    const own = slot;
    const start = (): Promise<boolean> => {
      const started: Promise<boolean> = task()
        .then(
          () => true,
          () => false,
        )
        .finally(() => {
          if (own.running === started) own.running = null;
        });
      own.running = started;
      return started;
    };
    if (own.queued) return own.queued;
    if (!own.running) return start();
    const queued = own.running.then(() => {
      own.queued = null;
      // A reset in between dropped this slot: nothing to load for a session that ended.
      if (slots.get(kind) !== own) return false;
      return own.running ?? start();
    });
    own.queued = queued;
    return queued;
  }

  /** A task's failure is logged once, whoever waits on it. */
  const logged = (label: string, task: () => Promise<void>) => async () => {
    try {
      await task();
    } catch (error) {
      // Refused because the session ended (a logout racing the refresh): handled, not a failure.
      if (isApiError(error) && error.httpStatus === 401) logger.debug?.(`[balances] ${label} refresh refused: the session ended`, error);
      else logger.error(`[balances] ${label} refresh failed`, error);
      throw error;
    }
  };

  async function readGssStatus(): Promise<KycStatus> {
    const known = store.getState().auth.userDetails?.gssKycStatus;
    if (known) return known;
    if (!gssStatus) {
      const asked = client.get<UserStatusResponse>(ACCOUNT_PATHS.userStatus).then((status) => status.gssKycStatus);
      gssStatus = asked;
      // A failed read is not remembered: the next refresh asks again.
      asked.catch(() => {
        if (gssStatus === asked) gssStatus = null;
      });
    }
    return gssStatus;
  }

  const loadIdr = (gen: number) =>
    logged('IDR', async () => {
      const data = await client.get<AccountsResponse>(WALLET_PATHS.accounts);
      const account = fieldsOf(fieldsOf(data).cashAccount);
      // §3: the shown total is the sum of the three, a missing value counting as 0.
      const parts: IdrAccountParts = {
        cashBalance: decimalOr(account.cashBalance, ZERO),
        voucherBalance: decimalOr(account.voucherBalance, ZERO),
        freeBalance: decimalOr(account.freeBalance, ZERO),
      };
      if (gen !== generation) return;
      patch({ idrAccount: parts, idrBalance: sumDecimals([parts.cashBalance, parts.voucherBalance, parts.freeBalance]) });
    });

  const loadGss = (gen: number) =>
    logged('stock wallet', async () => {
      // §4: only for a VERIFIED gssKycStatus; otherwise 0 with no info, and no balance call.
      let verified = (await readGssStatus()) === 'VERIFIED';
      let data: StockBalanceResponse | null = null;
      if (verified) {
        try {
          data = await client.get<StockBalanceResponse>(FX_WALLET_PATHS.stockBalance);
        } catch (error) {
          // The server knows better than a stale status: it says the user is not verified.
          if (!(isApiError(error) && error.code === KYC_INCOMPLETE_CODE)) throw error;
          verified = false;
        }
      }
      if (gen !== generation) return;
      const body = fieldsOf(data);
      const stockBalances = verified ? stockWallets((kind) => stockWalletOf(body[kind])) : emptyStockWallets(ZERO);
      patch({ stockBalances });
    });

  const loadPerps = (gen: number) =>
    logged('margin wallet', async () => {
      const data = await client.get<PerpBalance>(FX_WALLET_PATHS.perpBalance);
      const body = fieldsOf(data);
      if (gen !== generation) return;
      patch({
        marginWallet: {
          balance: decimalOr(body.buyingPower, ZERO),
          ratio: decimalOr(body.marginRatioPercentage, ZERO),
        },
      });
    });

  const loadCrypto = (gen: number, symbol: string) =>
    logged(`${symbol} balance`, async () => {
      const data = await client.get<CryptoBalanceResponse>(cryptoBalancePath(symbol));
      const balance = decimalOr(fieldsOf(data).balance, ZERO);
      if (gen !== generation) return;
      patch({ cryptoBalances: { ...trading().cryptoBalances, [symbol]: balance } });
    });

  function reset(): void {
    generation += 1;
    slots.clear();
    gssStatus = null;
    // Every balance, and the holdings for sale; the active symbol is not the user's and stays.
    patch({
      idrBalance: null,
      idrAccount: null,
      stockBalances: emptyStockWallets(null),
      cryptoBalances: {},
      marginWallet: { balance: null, ratio: null },
      quantityAvailableForSale: null,
    });
  }

  function cryptoSymbols(option: BalanceRefreshOptions['crypto']): string[] {
    if (option === true) return Object.keys(trading().cryptoBalances);
    if (!option) return [];
    return [...new Set(option.map((symbol) => symbol.trim().toUpperCase()).filter(Boolean))];
  }

  async function refreshBalances(options: BalanceRefreshOptions = {}): Promise<void> {
    if (options.reset) {
      reset();
      return;
    }
    if (isGuest()) return;
    const gen = generation;
    const symbols = cryptoSymbols(options.crypto);
    const zeroOnFailure = options.initial === true || options.loader === true;

    if (options.loader) {
      const cleared: Partial<TradingState> = { idrBalance: null, idrAccount: null };
      if (options.gss) cleared.stockBalances = emptyStockWallets(null);
      if (options.cryptoPerps) cleared.marginWallet = { balance: null, ratio: null };
      if (symbols.length > 0) {
        // A symbol being loaded has no entry: its reader shows a skeleton.
        const remaining = { ...trading().cryptoBalances };
        for (const symbol of symbols) delete remaining[symbol];
        cleared.cryptoBalances = remaining;
      }
      patch(cleared);
    }

    const jobs: Array<Promise<void>> = [];
    const add = (kind: Kind, task: () => Promise<void>, onFailure: () => void) => {
      jobs.push(
        run(kind, task).then((ok) => {
          if (!ok && zeroOnFailure && gen === generation) onFailure();
        }),
      );
    };

    add('idr', loadIdr(gen), () => patch({ idrBalance: ZERO, idrAccount: { cashBalance: ZERO, voucherBalance: ZERO, freeBalance: ZERO } }));
    if (options.gss) add('gss', loadGss(gen), () => patch({ stockBalances: emptyStockWallets(ZERO) }));
    if (options.cryptoPerps) add('perps', loadPerps(gen), () => patch({ marginWallet: { balance: ZERO, ratio: ZERO } }));
    for (const symbol of symbols) {
      add(`crypto:${symbol}`, loadCrypto(gen, symbol), () =>
        patch({ cryptoBalances: { ...trading().cryptoBalances, [symbol]: ZERO } }),
      );
    }
    await Promise.all(jobs);
  }

  return { refreshBalances };
}

/** The page's refresher, over the page's API client and store (one per page: shared is a singleton). */
const pageRefresher: BalanceRefresher = createBalanceRefresher({ client: api, store: appStore });

/** Refreshes balances in the page's store by the rules of §4 (see BalanceRefreshOptions). */
export function refreshBalances(options?: BalanceRefreshOptions): Promise<void> {
  return pageRefresher.refreshBalances(options);
}

// A remote may also ask through the event bus.
eventBus.on('balance:refresh', (options) => {
  void refreshBalances(options);
});

/**
 * What a `balances` event asks for: IDR always (every refresh includes it), each crypto asset by
 * its IDR symbol, USD the US stock wallets.
 */
export function balanceRefreshFor(currencies: readonly unknown[]): BalanceRefreshOptions {
  const codes = currencies.filter((c): c is string => typeof c === 'string').map((c) => c.trim().toUpperCase());
  const crypto = [...new Set(codes.filter((c) => c !== 'IDR' && c !== 'USD' && /^[A-Z0-9]{1,16}$/.test(c)))].map((c) => `${c}-IDR`);
  return { ...(crypto.length > 0 ? { crypto } : {}), ...(codes.includes('USD') ? { gss: true } : {}) };
}

/**
 * Refreshes on the private `balances` events of `client` (passively); returns the stop function.
 * An event refreshes the crypto balances the page holds (`held`: the store's cryptoBalances, which
 * a page fills when it reads one): a code nobody reads (a US stock's shares, `AAPL`, also move on
 * the ledger) is not asked for as a crypto balance.
 */
export function followBalanceEvents(
  client: Pick<StreamClient, 'subscribePrivate'>,
  refresh: (options: BalanceRefreshOptions) => Promise<void>,
  held: () => readonly string[] = () => Object.keys(appStore.getState().trading.cryptoBalances),
): () => void {
  if (!client.subscribePrivate) return () => undefined;
  return client.subscribePrivate(
    'balances',
    (message) => {
      if (message?.type !== 'balances' || !Array.isArray(message.currencies)) return;
      const { crypto, ...rest } = balanceRefreshFor(message.currencies);
      const read = new Set(held());
      const shown = (Array.isArray(crypto) ? crypto : []).filter((symbol: string) => read.has(symbol));
      void refresh({ ...rest, ...(shown.length > 0 ? { crypto: shown } : {}) });
    },
    { passive: true, onResync: () => void refresh({ crypto: true }) },
  );
}

followBalanceEvents(stream, refreshBalances);

/** The balances of the page's store; null values are loading (show a skeleton). */
export function useBalances(): BalanceSnapshot {
  const idrBalance = useAppStore((s) => s.trading.idrBalance);
  const stockBalances = useAppStore((s) => s.trading.stockBalances);
  const marginWallet = useAppStore((s) => s.trading.marginWallet);
  const cryptoBalances = useAppStore((s) => s.trading.cryptoBalances);
  return useMemo(
    () => ({ idrBalance, stockBalances, marginWallet, cryptoBalances }),
    [idrBalance, stockBalances, marginWallet, cryptoBalances],
  );
}
