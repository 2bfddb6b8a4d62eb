// Test helpers of the portfolio module: a fill recorded as the order engine records one (an order
// row, one ledger transfer moving the money and the units, the fill row) in the crypto or the US
// stock market, IDR and USD put in place through the ledger, and a symbol's price pinned through
// the market's steer route.
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

/** The market a test fill is recorded in: crypto pairs against IDR cash and SPOT units, or US stocks in the PALN wallet (USD). */
const MARKETS = {
  CRYPTO: { currency: 'IDR', cashPurpose: 'CASH', unitPurpose: 'SPOT', assetOf: (symbol: string) => symbol.split('-')[0]! },
  USSTOCK: { currency: 'USD', cashPurpose: 'USD_PALN', unitPurpose: 'USD_PALN', assetOf: (symbol: string) => symbol },
} as const;

/** Puts USD in the user's PALN wallet (from the house's FX desk). */
export async function fundUsd(app: PasarApp, userId: string, amount: string): Promise<void> {
  await app.ledger.transfer({
    key: `test-fund-usd:${randomUUID()}`,
    kind: 'FX',
    legs: [{ from: { house: 'FX', currency: 'USD' }, to: { userId, currency: 'USD', purpose: 'USD_PALN' }, amount }],
  });
}

/** Records an executed market order of one fill: the order row, the ledger transfer, the fill row. Returns the fill id. */
export async function recordFill(app: PasarApp, userId: string, fill: TestFill, market: keyof typeof MARKETS = 'CRYPTO'): Promise<string> {
  const m = MARKETS[market];
  const asset = m.assetOf(fill.symbol);
  const cash = { userId, currency: m.currency, purpose: m.cashPurpose } as const;
  const spot = { userId, currency: asset, purpose: m.unitPurpose } as const;
  const house = (name: 'INVENTORY' | 'FEES' | 'TAX_PAYABLE', currency: string) => ({ house: name, currency }) as const;
  const c = m.currency;
  const legs =
    fill.side === 'BUY'
      ? [
          { from: cash, to: house('INVENTORY', c), amount: fill.amount },
          { from: cash, to: house('FEES', c), amount: fill.fee },
          { from: cash, to: house('TAX_PAYABLE', c), amount: fill.tax },
          { from: house('INVENTORY', asset), to: spot, amount: fill.quantity },
        ]
      : [
          { from: spot, to: house('INVENTORY', asset), amount: fill.quantity },
          { from: house('INVENTORY', c), to: cash, amount: fill.total },
          { from: house('INVENTORY', c), to: house('FEES', c), amount: fill.fee },
          { from: house('INVENTORY', c), to: house('TAX_PAYABLE', c), amount: fill.tax },
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
    values (${orderId}, ${market}, ${c}, ${userId}, ${orderId}, ${fill.symbol}, ${asset}, ${fill.side}, 'MARKET', 'INSTANT', 'quantity', ${fill.quantity},
      'GOOD_TILL_CANCEL', 'SUCCESS', 'SUCCESS', false, ${fill.quantity}, ${fill.amount}, ${fill.fee}, ${fill.tax}, ${fill.total}, 1,
      ${fill.executedAt}, ${fill.executedAt})`);
  const fillId = randomUUID();
  await db.execute(sql`
    insert into fills (id, market, currency, order_id, user_id, symbol, asset, side, quantity, price, amount, fee, tax, total, transfer_id, executed_at)
    values (${fillId}, ${market}, ${c}, ${orderId}, ${userId}, ${fill.symbol}, ${asset}, ${fill.side}, ${fill.quantity}, ${fill.price}, ${fill.amount},
      ${fill.fee}, ${fill.tax}, ${fill.total}, ${transfer.id}, ${fill.executedAt})`);
  return fillId;
}

/** Pins a symbol's last price (the market's development/test steer route). */
export async function pinPrice(app: PasarApp, symbol: string, price: string): Promise<void> {
  const response = await app.inject({ method: 'POST', url: MARKET_PATHS.adminSteer, payload: { symbol, price }, headers: { 'x-admin-token': app.adminToken } });
  if (response.statusCode !== 200) throw new Error(`steer answered ${response.statusCode}: ${response.body}`);
}
