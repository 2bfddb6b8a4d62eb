// Test helpers of the crypto module: traders (identity verified through the real routes, the
// Bappebti terms accepted), money and units put in place through the ledger, order calls, books
// and ticks handed to the matcher, and the reconciliation every test ends with: the ledger's audit
// clean and every user's holds exactly what their open orders still hold.
import { randomUUID } from 'node:crypto';
import { ACCOUNT_PATHS, CryptoOrder, ErrorEnvelope, PlaceOrderResponse, successEnvelope } from '@pasar/shared/contract';
import { TradingDecimal, plain } from '@pasar/shared/trading';
import Decimal from 'decimal.js';
import type { z } from 'zod';
import type { PasarApp } from '../../app';
import type { AccountRef } from '../../ledger/api';
import type { TestUser } from '../../testing/auth-fixture';
import { fund, verifiedUser } from '../fx-wallet/test-support';
import { createOrdersRepo, shapeOf, type ManualTick } from '../../trading';

export { SETUP_TIMEOUT_MS } from '../account/test-support';

/** Settings of a test app: the matcher only moves when a test hands it a tick. */
export const TEST_ENV: Readonly<Record<string, string>> = { KYC_AUTO_APPROVE_SECONDS: 'off', CRYPTO_MATCH_INTERVAL_MS: '0' };

export const cash = (userId: string): AccountRef => ({ userId, currency: 'IDR', purpose: 'CASH' });
export const spot = (userId: string, asset = 'BTC'): AccountRef => ({ userId, currency: asset, purpose: 'SPOT' });

/** A user who may trade: identity verified and the Bappebti terms accepted; funded if asked. */
export async function trader(app: PasarApp, funds: { idr?: string; btc?: string } = {}): Promise<TestUser> {
  const user = await verifiedUser(app, 'kyc');
  const accepted = await app.inject({ method: 'POST', url: ACCOUNT_PATHS.bappebtiTnc, headers: user.headers });
  if (accepted.statusCode !== 200) throw new Error(`bappebti answered ${accepted.statusCode}: ${accepted.body}`);
  if (funds.idr) await fund(app, cash(user.userId), funds.idr);
  if (funds.btc) await fund(app, spot(user.userId), funds.btc, 'INVENTORY');
  return user;
}

export interface Answer {
  readonly statusCode: number;
  json(): unknown;
}

export async function call(app: PasarApp, user: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, requestId: string = randomUUID()) {
  return app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }), headers: { ...user.headers, 'x-request-id': requestId } });
}

export const dataOf = <T extends z.ZodType>(schema: T, response: Answer): z.infer<T> => {
  if (response.statusCode !== 200) throw new Error(`expected 200, got ${response.statusCode}: ${JSON.stringify(response.json())}`);
  return (successEnvelope(schema).parse(response.json()) as { data: z.infer<T> }).data;
};
export const ordersOf = (response: Answer): CryptoOrder[] => dataOf(PlaceOrderResponse, response).orders;
export const orderOf = (response: Answer): CryptoOrder => dataOf(CryptoOrder, response);
export const errorCodeOf = (response: Answer): string => ErrorEnvelope.parse(response.json()).error_code;

export const balance = async (app: PasarApp, account: AccountRef) => {
  const b = await app.ledger.balance(account);
  return { balance: new Decimal(b.balance).toFixed(), held: new Decimal(b.held).toFixed(), available: new Decimal(b.available).toFixed() };
};

/**
 * A book around a price: `levels` levels each side one `step` apart from `spread` below/above,
 * each holding `quantity` units.
 */
export function bookAround(price: string, options: { levels?: number; step?: string; quantity?: string; spread?: string } = {}) {
  const levels = options.levels ?? 10;
  const step = new TradingDecimal(options.step ?? '10000');
  const spread = new TradingDecimal(options.spread ?? options.step ?? '10000');
  const p = new TradingDecimal(price);
  const quantity = options.quantity ?? '1';
  const side = (sign: 1 | -1) =>
    Array.from({ length: levels }, (_, i) => ({
      price: plain(p.plus(spread.times(sign)).plus(step.times(i * sign))),
      quantity,
      cumulativePercent: '0',
    }));
  return { bids: side(-1), asks: side(1) };
}

/** A tick at `last` with bid/ask one book step either side and the book around it. */
export function tickAt(symbol: string, last: string, book: Parameters<typeof bookAround>[1] = {}): ManualTick {
  const b = bookAround(last, book);
  return { symbol, last, bid: b.bids[0]!.price, ask: b.asks[0]!.price, book: b };
}

/** Every open order's group holds exactly what it still needs, and the ledger's held sums agree. */
export async function expectReconciled(app: PasarApp, userIds: readonly string[]): Promise<void> {
  const audit = await app.ledger.audit();
  const nonZero = Object.entries(audit.sums).filter(([, sum]) => !new Decimal(sum).isZero());
  expect({ nonZero, negative: audit.negativeUserAccounts, heldMismatch: audit.heldMismatch }).toEqual({ nonZero: [], negative: 0, heldMismatch: 0 });
  const repo = createOrdersRepo(app.database.db);
  const rules = app.trading.rules('CRYPTO');
  for (const userId of userIds) {
    const open = await repo.openOf(userId, 'CRYPTO');
    const groups = new Map<string, typeof open>();
    for (const order of open) {
      const key = order.holdId ?? `none:${order.id}`;
      groups.set(key, [...(groups.get(key) ?? []), order]);
    }
    const expected = new Map<string, Decimal>();
    const found: { order: string; needs: string; remaining: string | null }[] = [];
    for (const [holdId, legs] of groups) {
      const needs = rules.holdNeeds(legs.map(shapeOf));
      const hold = holdId.startsWith('none:') ? null : await app.ledger.getHold(holdId);
      found.push({ order: legs.map((l) => l.id).join('+'), needs, remaining: hold?.status === 'ACTIVE' ? new Decimal(hold.remaining).toFixed() : null });
      const currency = legs[0]!.side === 'BUY' ? 'IDR' : legs[0]!.asset;
      expected.set(currency, (expected.get(currency) ?? new Decimal(0)).plus(hold?.status === 'ACTIVE' ? hold.remaining : 0));
    }
    // Each group's hold is what it needs (never less; a fill at a better price may leave it above).
    for (const f of found) {
      expect({ order: f.order, covered: f.remaining !== null && new Decimal(f.remaining).gte(f.needs) }).toEqual({ order: f.order, covered: true });
    }
    // The ledger's held per account is exactly the sum of the open orders' holds.
    for (const row of await app.ledger.userBalances(userId)) {
      if ('house' in row.account) continue;
      const want = expected.get(row.currency) ?? new Decimal(0);
      expect({ account: `${row.account.purpose}:${row.currency}`, held: new Decimal(row.held).toFixed() }).toEqual({
        account: `${row.account.purpose}:${row.currency}`,
        held: want.toFixed(),
      });
    }
  }
}
