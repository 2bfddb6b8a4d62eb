// Test helpers of the portfolio module: a fill recorded as the order engine records one (an order
// row, one ledger transfer moving the money and the units, the fill row; the rows through the
// engine's insert API) in the crypto, US stock or IDX market, a US split as the corporate actions
// post it, IDR and USD put in place through the ledger, and a symbol's price pinned through the
// market's steer route.
import { randomUUID } from 'node:crypto';
import { MARKET_PATHS } from '@pasar/shared/contract';
import type { PasarApp } from '../../app';
import { createOrdersRepo } from '../../trading';
import { applyFillToSnapshot } from './snapshot';
import { SPLIT_TRANSFER_KIND, usSharesAccount } from './splits';

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
  IDSS: { currency: 'IDR', cashPurpose: 'CASH', unitPurpose: 'IDX', assetOf: (symbol: string) => symbol },
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
export async function recordFill(app: PasarApp, userId: string, fill: TestFill, market: keyof typeof MARKETS = 'CRYPTO', options: { readonly listen?: boolean } = {}): Promise<string> {
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
  // The order and its fill through the engine's own insert API (`trading/repo.ts`).
  const repo = createOrdersRepo(app.database.db);
  const executedAt = new Date(fill.executedAt);
  await repo.insertOrders([
    {
      id: orderId,
      market,
      currency: c,
      userId,
      requestId: orderId,
      symbol: fill.symbol,
      asset,
      side: fill.side,
      orderType: 'MARKET',
      source: 'INSTANT',
      inputType: 'quantity',
      quantity: fill.quantity,
      timeInForce: 'GOOD_TILL_CANCEL',
      status: 'SUCCESS',
      exchangeStatus: 'SUCCESS',
      isOpen: false,
      filledQuantity: fill.quantity,
      filledAmount: fill.amount,
      fee: fill.fee,
      tax: fill.tax,
      total: fill.total,
      fillCount: 1,
      createdAt: executedAt,
      updatedAt: executedAt,
    },
  ]);
  const row = await repo.insertFill({
    market,
    currency: c,
    orderId,
    userId,
    symbol: fill.symbol,
    asset,
    side: fill.side,
    quantity: fill.quantity,
    price: fill.price,
    amount: fill.amount,
    fee: fill.fee,
    tax: fill.tax,
    total: fill.total,
    transferId: transfer.id,
    executedAt,
  });
  // What the engine's fill listener does in the fill's transaction (`listen: false`: a fill from before the snapshot existed).
  if (options.listen !== false) await applyFillToSnapshot(app.database.db, row);
  return row.id;
}

/**
 * A split landing as the US stock module's corporate actions post it: the shares it added, from
 * the house inventory into the PALN wallet's account of the ticker, a ledger transfer of kind SPLIT.
 */
export async function recordUsSplit(app: PasarApp, userId: string, ticker: string, ratio: string, added: string): Promise<void> {
  await app.ledger.transfer({
    key: `test-us-split:${ticker}:${userId}:${ratio}`,
    kind: SPLIT_TRANSFER_KIND,
    legs: [{ from: { house: 'INVENTORY', currency: ticker }, to: usSharesAccount(userId, ticker), amount: added }],
    memo: { symbol: ticker, ratio },
  });
}

/** Pins a symbol's last price (the market's development/test steer route). */
export async function pinPrice(app: PasarApp, symbol: string, price: string): Promise<void> {
  const response = await app.inject({ method: 'POST', url: MARKET_PATHS.adminSteer, payload: { symbol, price }, headers: { 'x-admin-token': app.adminToken, 'x-operator-reason': 'test' } });
  if (response.statusCode !== 200) throw new Error(`steer answered ${response.statusCode}: ${response.body}`);
}
