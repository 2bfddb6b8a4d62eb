// Test helpers of the US stock module: traders (identity and the US-stock declaration verified
// through the real routes, terms accepted, USD in the PALN wallet), the market clock put at a New
// York time, order calls, ticks handed to the engine's matcher, and the reconciliation every test
// ends with (ledger audit clean; every open order's hold covers what it still needs).
import { randomUUID } from 'node:crypto';
import { ACCOUNT_PATHS, Order, US_LEVERAGE_PATHS, UsLeverageSweepResponse, UsStockPlaceResponse, type UsStockOrderInput } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import type { PasarApp } from '../../app';
import type { TestUser } from '../../testing/auth-fixture';
import { createOrdersRepo, shapeOf } from '../../trading';
import { dataOf, expectAuditClean, fund, verifiedUser, type Answer } from '../fx-wallet/test-support';
import { sharesOf, usdOf } from './rules';

export { SETUP_TIMEOUT_MS } from '../account/test-support';
export { dataOf, errorCodeOf, snapshot } from '../fx-wallet/test-support';

/** The matcher moves only when a test hands it a tick; no corporate-actions run in the background. */
export const TEST_ENV: Readonly<Record<string, string>> = { KYC_AUTO_APPROVE_SECONDS: 'off', CRYPTO_MATCH_INTERVAL_MS: '0', US_STOCK_CORPORATE_ACTIONS_JOB_MINUTES: '1440' };

/** Instants (UTC) of New York sessions in late 2026 (EST, UTC−5). */
export const NY = {
  /** Wed 2 Dec 2026 10:00, regular hours. */
  regular: Date.parse('2026-12-02T15:00:00Z'),
  /** Wed 2 Dec 2026 08:00, pre-market. */
  preMarket: Date.parse('2026-12-02T13:00:00Z'),
  /** Wed 2 Dec 2026 17:00, post-market. */
  postMarket: Date.parse('2026-12-02T22:00:00Z'),
  /** Sat 5 Dec 2026, closed. */
  weekend: Date.parse('2026-12-05T16:00:00Z'),
  /** Fri 27 Nov 2026 12:30, regular hours of an early close (13:00). */
  earlyCloseDay: Date.parse('2026-11-27T17:30:00Z'),
} as const;

export async function setClock(app: PasarApp, at: number): Promise<void> {
  await app.market.clock.set(at, { frozen: true });
}

export const stockId = (app: PasarApp, ticker: string): number => {
  const inst = app.market.instrument(ticker);
  if (!inst || inst.kind !== 'usstock') throw new Error(`no US stock ${ticker}`);
  return inst.id;
};

/** A user who may trade US stocks, with `usd` in the PALN wallet and `shares` of stocks. */
export async function usTrader(app: PasarApp, funds: { usd?: string; shares?: Record<string, string> } = {}): Promise<TestUser> {
  const user = await verifiedUser(app, 'gss');
  const accepted = await app.inject({ method: 'POST', url: ACCOUNT_PATHS.bappebtiTnc, headers: user.headers });
  if (accepted.statusCode !== 200) throw new Error(`terms answered ${accepted.statusCode}: ${accepted.body}`);
  if (funds.usd) await fund(app, usdOf(user.userId), funds.usd);
  for (const [ticker, quantity] of Object.entries(funds.shares ?? {})) await fund(app, sharesOf(user.userId, ticker), quantity, 'INVENTORY');
  return user;
}

export async function call(app: PasarApp, user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown, requestId: string = randomUUID()) {
  return app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }), headers: { ...user.headers, 'x-request-id': requestId } });
}

export type OrderBody = UsStockOrderInput;
export const ordersOf = (response: Answer): Order[] => dataOf(UsStockPlaceResponse, response).orders;
export const orderOf = (response: Answer): Order => dataOf(Order, response);

export const usd = async (app: PasarApp, userId: string) => {
  const b = await app.ledger.balance(usdOf(userId));
  return { balance: new Decimal(b.balance).toFixed(), available: new Decimal(b.available).toFixed() };
};
export const shares = async (app: PasarApp, userId: string, ticker: string) => {
  const b = await app.ledger.balance(sharesOf(userId, ticker));
  return { balance: new Decimal(b.balance).toFixed(), available: new Decimal(b.available).toFixed() };
};

/** A tick at `last` with a deep book a cent either side (US prices). */
export function usTick(symbol: string, last: string, quantity = '1000') {
  const p = new Decimal(last);
  const level = (i: number, sign: 1 | -1) => ({ price: p.plus(new Decimal('0.01').times(i + 1).times(sign)).toFixed(2), quantity, cumulativePercent: '0' });
  const bids = Array.from({ length: 10 }, (_, i) => level(i, -1));
  const asks = Array.from({ length: 10 }, (_, i) => level(i, 1));
  return { symbol, last, bid: bids[0]!.price, ask: asks[0]!.price, book: { bids, asks } };
}

/** The ledger audit is clean and every open US order group's hold covers what it still needs. */
export async function expectReconciled(app: PasarApp, userIds: readonly string[]): Promise<void> {
  await expectAuditClean(app);
  const rules = app.trading.rules('USSTOCK');
  const repo = createOrdersRepo(app.database.db);
  for (const userId of userIds) {
    const open = await repo.openOf(userId, 'USSTOCK');
    const groups = new Map<string, typeof open>();
    for (const o of open) groups.set(o.holdId ?? o.id, [...(groups.get(o.holdId ?? o.id) ?? []), o]);
    for (const [holdId, legs] of groups) {
      const hold = await app.ledger.getHold(holdId);
      // A queued market buy by quantity holds what it was planned with (it executes whole at the open).
      const needs = legs[0]!.orderType === 'MARKET' && legs[0]!.side === 'BUY' && legs[0]!.execQuantity !== null ? '0' : rules.holdNeeds(legs.map(shapeOf));
      expect({ order: legs.map((l) => l.id).join('+'), covered: hold?.status === 'ACTIVE' && new Decimal(hold.remaining).gte(needs) }).toEqual({
        order: legs.map((l) => l.id).join('+'),
        covered: true,
      });
    }
  }
}

// ---- leverage ----

/** The leverage sweep's timer an hour apart: tests run it through the operator's call. */
export const LEVERAGE_ENV = { ...TEST_ENV, US_LEVERAGE_SWEEP_SECONDS: '3600' };

/** Runs the leverage sweep through the operator's call on `app` (any instance may: it is safe to repeat). */
export async function sweepOn(app: PasarApp): Promise<number> {
  return dataOf(UsLeverageSweepResponse, await app.inject({ method: 'POST', url: US_LEVERAGE_PATHS.adminSweep, headers: { 'x-admin-token': app.adminToken } })).openPositions;
}

/** The test is the sweep's lease holder: the app's own runs (its timer, clock changes) stand aside, so nothing races the test's sweeps. */
export const holdSweepLease = (app: PasarApp) => app.pubsub.acquireLease('us-stock.leverage-sweep', 'the-test', 3_600_000);

