// Test helpers of the IDX module: traders (identity verified through the real routes, terms
// accepted, IDR cash, shares), the market clock at a Jakarta time, calls, and the reconciliation
// every test ends with (ledger audit clean; every open order's holds cover what it still needs).
import { randomUUID } from 'node:crypto';
import { ACCOUNT_PATHS, IDX_PATHS, IdxOrderTypesResponse, IdxPlaceResponse, type Order } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import type { PasarApp } from '../../app';
import type { TestUser } from '../../testing/auth-fixture';
import { activeHoldsOf, createOrdersRepo, shapeOf } from '../../trading';
import { dataOf, expectAuditClean, fund, verifiedUser, type Answer } from '../fx-wallet/test-support';
import { IDX_MARKET, idrCashOf, idxSharesOf, idxUnsettledOf } from './rules';

export { dataOf, errorCodeOf } from '../fx-wallet/test-support';

/** The matcher moves only when a test hands it a tick; no background jobs in the way. */
export const TEST_ENV: Readonly<Record<string, string>> = {
  KYC_AUTO_APPROVE_SECONDS: 'off',
  CRYPTO_MATCH_INTERVAL_MS: '0',
  US_STOCK_CORPORATE_ACTIONS_JOB_MINUTES: '1440',
  IDX_SETTLEMENT_JOB_MINUTES: '1440',
};

/** A Jakarta wall time (WIB, UTC+7) as an instant. */
export const wib = (date: string, time: string): number => Date.parse(`${date}T${time}+07:00`);

export async function setClock(app: PasarApp, at: number): Promise<void> {
  await app.market.clock.set(at, { frozen: true });
}

export const stockIdOf = (app: PasarApp, code: string): number => {
  const inst = app.market.instrument(code);
  if (!inst || inst.kind !== 'idx') throw new Error(`no IDX stock ${code}`);
  return inst.id;
};

/** A user who may trade IDX stocks (identity verified, terms accepted) with `idr` cash and `shares`. */
export async function idxTrader(app: PasarApp, funds: { idr?: string; shares?: Record<string, string> } = {}, options: { terms?: boolean; kyc?: boolean } = {}): Promise<TestUser> {
  const user = await verifiedUser(app, options.kyc === false ? 'none' : 'kyc');
  if (options.terms !== false) {
    const accepted = await app.inject({ method: 'POST', url: ACCOUNT_PATHS.bappebtiTnc, headers: user.headers });
    if (accepted.statusCode !== 200) throw new Error(`terms answered ${accepted.statusCode}: ${accepted.body}`);
  }
  if (funds.idr) await fund(app, idrCashOf(user.userId), funds.idr);
  for (const [code, quantity] of Object.entries(funds.shares ?? {})) await fund(app, idxSharesOf(user.userId, code), quantity, 'INVENTORY');
  return user;
}

export async function call(app: PasarApp, user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown, requestId: string = randomUUID()) {
  return app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }), headers: { ...user.headers, 'x-request-id': requestId } });
}

export const ordersOf = (response: Answer): Order[] => dataOf(IdxPlaceResponse, response).orders;

export async function orderTypes(app: PasarApp, user: TestUser, stockId: number, side: 'BUY' | 'SELL' = 'BUY') {
  return dataOf(IdxOrderTypesResponse, await call(app, user, 'GET', `${IDX_PATHS.orderTypes}?stockId=${stockId}&transactionType=${side}`));
}

const balanceOf = async (app: PasarApp, account: Parameters<PasarApp['ledger']['balance']>[0]) => {
  const b = await app.ledger.balance(account);
  return { balance: new Decimal(b.balance).toFixed(), available: new Decimal(b.available).toFixed() };
};
export const idr = (app: PasarApp, userId: string) => balanceOf(app, idrCashOf(userId));
export const shares = (app: PasarApp, userId: string, code: string) => balanceOf(app, idxSharesOf(userId, code));
export const unsettled = (app: PasarApp, userId: string) => balanceOf(app, idxUnsettledOf(userId));

/** The ledger audit is clean and every open IDX order's hold covers what it still needs. */
export async function expectReconciled(app: PasarApp, userIds: readonly string[]): Promise<void> {
  await expectAuditClean(app);
  const rules = app.trading.rules(IDX_MARKET);
  const repo = createOrdersRepo(app.database.db);
  for (const userId of userIds) {
    for (const order of await repo.openOf(userId, IDX_MARKET)) {
      // Both holds of a buy reserving cash and unsettled proceeds count (decision 0019).
      const holds = await activeHoldsOf(app.ledger, order);
      const held = holds.reduce((sum, h) => sum.plus(h.remaining), new Decimal(0));
      const needs = rules.holdNeeds([shapeOf(order)]);
      expect({ order: order.id, covered: holds.length > 0 && held.gte(needs) }).toEqual({ order: order.id, covered: true });
    }
  }
}
