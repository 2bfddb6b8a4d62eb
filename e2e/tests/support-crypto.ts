// Helpers of the crypto journey (issue 6): what the journey does through the API or the operator's
// command so it can spend its time on the trade and portfolio pages (a funded, verified user; the
// market's price now; the user's orders and balances as the server sees them), and steering the
// simulator (development/test only) so resting orders trigger when the journey wants them to.
import type { BrowserContext } from '@playwright/test';
import type { TestUser } from './support-fixtures';
import { operator } from './support-operator';
import { userCall, verifyIdentity, type ApiAnswer } from './support-wallet';

export const PERSON = { fullName: 'Sari Wulandari', birthDate: '1992-03-08' };

// The contract's paths (`shared/src/contract/crypto-paths.ts`, wallet-paths.ts, market-paths.ts);
// the e2e package does not depend on @pasar/shared.
export const PATHS = {
  orders: '/api/crypto/orders',
  buy: '/api/crypto/buy',
  advancedSell: '/api/crypto/advanced/sell',
  accounts: '/api/accounts',
  cryptoBalance: (symbol: string) => `/api/crypto/balance/${encodeURIComponent(symbol)}`,
  ticker: (symbol: string) => `/api/market/ticker?symbol=${encodeURIComponent(symbol)}`,
  holdings: '/api/portfolio/asset-holdings?assetType=CRYPTO',
  topups: '/api/wallet/topups',
  bappebtiTnc: '/api/user/bappebti-tnc',
} as const;

/** The parts of `CryptoOrder` the journey reads. */
export interface Order {
  id: string;
  symbol: string;
  side: 'BUY' | 'SELL';
  orderType: string;
  status: string;
  exchangeStatus: string;
  quantity: string | null;
  amount: string | null;
  limitPrice: string | null;
  stopPrice: string | null;
  filledQuantity: string;
  averagePrice: string | null;
  total: string;
  /** The tax withheld on the fill (PPh 22 on a sale). */
  tax: string;
  ocoGroupId: string | null;
  ocoLeg: string | null;
  reason: string | null;
}

async function success<T>(answer: Promise<ApiAnswer<T>>, what: string): Promise<T> {
  const { httpStatus, envelope } = await answer;
  if (envelope.status !== 'success') throw new Error(`${what}: ${httpStatus} ${envelope.error_code} ${envelope.error_message}`);
  return envelope.data;
}

/** A top-up paid with the simulated payment, through the API (the journey's own top-up uses the pages). */
export async function topUp(context: BrowserContext, baseURL: string, user: TestUser, amount: string): Promise<void> {
  const topup = await success(userCall<{ id: string }>(context, baseURL, user, 'POST', PATHS.topups, { paymentChannel: 'BCA_VA', amount }), 'POST topups');
  await success(userCall(context, baseURL, user, 'POST', `${PATHS.topups}/${encodeURIComponent(topup.id)}/simulate-payment`), 'simulate-payment');
}

export async function acceptTerms(context: BrowserContext, baseURL: string, user: TestUser): Promise<void> {
  await success(userCall(context, baseURL, user, 'POST', PATHS.bappebtiTnc), 'POST bappebti-tnc');
}

/** A verified user (identity approved by the operator), optionally funded and with the terms accepted. */
export async function trader(
  context: BrowserContext,
  baseURL: string,
  user: TestUser,
  options: { topUp?: string; acceptTerms?: boolean } = {},
): Promise<void> {
  await verifyIdentity(context, baseURL, user, PERSON);
  if (options.topUp) await topUp(context, baseURL, user, options.topUp);
  if (options.acceptTerms) await acceptTerms(context, baseURL, user);
}

export async function lastPrice(context: BrowserContext, baseURL: string, symbol: string): Promise<string> {
  const response = await context.request.get(new URL(PATHS.ticker(symbol), baseURL).toString());
  const envelope = (await response.json()) as { data: { price: string } };
  return envelope.data.price;
}

export async function ordersOf(context: BrowserContext, baseURL: string, user: TestUser, scope: 'open' | 'history'): Promise<Order[]> {
  const list = await success(userCall<{ items: Order[] }>(context, baseURL, user, 'GET', `${PATHS.orders}?scope=${scope}&symbol=BTC-IDR&size=100`), `GET orders ${scope}`);
  return list.items;
}

/** IDR available (cashBalance) and on hold, as `/api/accounts` says. */
export async function idrOf(context: BrowserContext, baseURL: string, user: TestUser): Promise<{ available: string; onHold: string }> {
  const { cashAccount } = await success(
    userCall<{ cashAccount: { cashBalance: string; cashOnHold: string } }>(context, baseURL, user, 'GET', PATHS.accounts),
    'GET accounts',
  );
  return { available: cashAccount.cashBalance, onHold: cashAccount.cashOnHold };
}

/** The base asset's balance and what is not held by open sell orders. */
export async function cryptoOf(context: BrowserContext, baseURL: string, user: TestUser, symbol: string): Promise<{ balance: string; available: string }> {
  return success(userCall<{ balance: string; available: string }>(context, baseURL, user, 'GET', PATHS.cryptoBalance(symbol)), 'GET crypto balance');
}

/**
 * Steers the simulator's price of a symbol (operator command, refused in production) for a while;
 * `clearSteer` gives the symbol back to the simulation.
 */
export function steer(symbol: string, price: string, seconds = 120): void {
  operator('market', 'steer', symbol, '--price', price, '--for', String(seconds), '--reason', 'e2e journey');
}

export function clearSteer(symbol: string): void {
  operator('market', 'steer', symbol, '--clear');
}

// ---- Numbers (integers as strings: BigInt, never floats) ----

/** Whole Rupiah as the pages write them in English: `Rp1,234,567`. */
export function rupiah(whole: string | bigint): string {
  const digits = BigInt(whole).toString();
  return `Rp${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

/** A whole-Rupiah price scaled by a percentage (105 → +5 %), rounded down to a whole Rupiah. */
export function scaled(price: string, percent: number): string {
  const whole = BigInt(price.split('.')[0]!);
  return ((whole * BigInt(percent)) / 100n).toString();
}

/** Whole Rupiah of a decimal string (what is left of the point). */
export const wholeOf = (value: string): bigint => BigInt(value.split('.')[0]!);

/** A decimal string's units at a scale (`'0.0005'`, 8 → 50000n), for exact comparisons. */
export function units(value: string, scale = 18): bigint {
  const [int, frac = ''] = value.split('.');
  return BigInt(int!) * 10n ** BigInt(scale) + BigInt((frac + '0'.repeat(scale)).slice(0, scale) || '0');
}

/** Units back to a decimal string without trailing zeros. */
export function fromUnits(value: bigint, scale = 18): string {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  const int = abs / 10n ** BigInt(scale);
  const frac = (abs % 10n ** BigInt(scale)).toString().padStart(scale, '0').replace(/0+$/, '');
  return `${sign}${int}${frac ? `.${frac}` : ''}`;
}
