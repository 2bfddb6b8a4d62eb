// Test helpers of the portfolio module: a fill recorded as the crypto module records one (an
// order row, one ledger transfer moving the Rupiah and the units, the fill row), IDR put in place
// through the ledger, and a symbol's price pinned through the market's steer route.
import { randomUUID } from 'node:crypto';
import { MARKET_PATHS } from '@pasar/shared/contract';
import { sql } from 'drizzle-orm';
import type { PasarApp } from '../../app';

export interface TestFill {
  readonly symbol: string;
  readonly side: 'BUY' | 'SELL';
  readonly quantity: string;
  readonly price: string;
  /** Base b (whole Rupiah), fee, tax and total as §9 gives them. */
  readonly amount: string;
  readonly fee: string;
  readonly tax: string;
  readonly total: string;
  readonly executedAt: string;
}

const positive = (amount: string) => !/^0*(\.0*)?$/.test(amount);

/** Tops up the user's IDR cash from the payment clearing account. */
export async function fundCash(app: PasarApp, userId: string, amount: string): Promise<void> {
  await app.ledger.transfer({
    key: `test-fund:${randomUUID()}`,
    kind: 'TOPUP',
    legs: [{ from: { house: 'PAYMENT_CLEARING', currency: 'IDR' }, to: { userId, currency: 'IDR', purpose: 'CASH' }, amount }],
  });
}

/** Records an executed market order of one fill: the order row, the ledger transfer, the fill row. Returns the fill id. */
export async function recordFill(app: PasarApp, userId: string, fill: TestFill): Promise<string> {
  const asset = fill.symbol.split('-')[0]!;
  const cash = { userId, currency: 'IDR', purpose: 'CASH' } as const;
  const spot = { userId, currency: asset, purpose: 'SPOT' } as const;
  const house = (name: 'INVENTORY' | 'FEES' | 'TAX_PAYABLE', currency: string) => ({ house: name, currency }) as const;
  const legs =
    fill.side === 'BUY'
      ? [
          { from: cash, to: house('INVENTORY', 'IDR'), amount: fill.amount },
          { from: cash, to: house('FEES', 'IDR'), amount: fill.fee },
          { from: cash, to: house('TAX_PAYABLE', 'IDR'), amount: fill.tax },
          { from: house('INVENTORY', asset), to: spot, amount: fill.quantity },
        ]
      : [
          { from: spot, to: house('INVENTORY', asset), amount: fill.quantity },
          { from: house('INVENTORY', 'IDR'), to: cash, amount: fill.total },
          { from: house('INVENTORY', 'IDR'), to: house('FEES', 'IDR'), amount: fill.fee },
          { from: house('INVENTORY', 'IDR'), to: house('TAX_PAYABLE', 'IDR'), amount: fill.tax },
        ];
  const orderId = randomUUID();
  const transfer = await app.ledger.transfer({
    key: `test-fill:${orderId}`,
    kind: 'ORDER_FILL',
    legs: legs.filter((leg) => positive(leg.amount)),
    memo: { orderId },
  });
  const db = app.database.db;
  await db.execute(sql`
    insert into orders (id, market, currency, user_id, request_id, symbol, asset, side, order_type, source, input_type, quantity,
      time_in_force, status, exchange_status, is_open, filled_quantity, filled_amount, fee, tax, total, fill_count, created_at, updated_at)
    values (${orderId}, 'CRYPTO', 'IDR', ${userId}, ${orderId}, ${fill.symbol}, ${asset}, ${fill.side}, 'MARKET', 'INSTANT', 'quantity', ${fill.quantity},
      'GOOD_TILL_CANCEL', 'SUCCESS', 'SUCCESS', false, ${fill.quantity}, ${fill.amount}, ${fill.fee}, ${fill.tax}, ${fill.total}, 1,
      ${fill.executedAt}, ${fill.executedAt})`);
  const fillId = randomUUID();
  await db.execute(sql`
    insert into fills (id, market, currency, order_id, user_id, symbol, asset, side, quantity, price, amount, fee, tax, total, transfer_id, executed_at)
    values (${fillId}, 'CRYPTO', 'IDR', ${orderId}, ${userId}, ${fill.symbol}, ${asset}, ${fill.side}, ${fill.quantity}, ${fill.price}, ${fill.amount},
      ${fill.fee}, ${fill.tax}, ${fill.total}, ${transfer.id}, ${fill.executedAt})`);
  return fillId;
}

/** Pins a symbol's last price (the market's development/test steer route). */
export async function pinPrice(app: PasarApp, symbol: string, price: string): Promise<void> {
  const response = await app.inject({ method: 'POST', url: MARKET_PATHS.adminSteer, payload: { symbol, price }, headers: { 'x-admin-token': app.adminToken } });
  if (response.statusCode !== 200) throw new Error(`steer answered ${response.statusCode}: ${response.body}`);
}
