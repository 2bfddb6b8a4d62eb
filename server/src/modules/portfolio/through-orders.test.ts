// The portfolio read from what the crypto module really writes: market orders placed through the
// order routes, their fills and ledger transfers; holdings, history and overview agree with the
// orders' own figures and with the ledger.
import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_PATHS,
  AssetHoldingsResponse,
  CRYPTO_PATHS,
  PORTFOLIO_PATHS,
  PlaceOrderResponse,
  PortfolioOverview,
  PositionHistoryResponse,
  successEnvelope,
  type CryptoOrder,
} from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import type { TestUser } from '../../testing/auth-fixture';
import { fund, verifiedUser } from '../fx-wallet/test-support';
import { eq } from 'drizzle-orm';
import { replayFills } from './average-cost';
import { portfolioPositions, portfolioSnapshotUsers } from './tables';
import { pinPrice } from './test-support';

const SETUP_TIMEOUT_MS = 90_000;

describe('the portfolio of orders placed through the order routes', () => {
  let t: TestApp;
  let user: TestUser;
  const orders: Record<'buy1' | 'buy2' | 'sell', CryptoOrder | undefined> = { buy1: undefined, buy2: undefined, sell: undefined };

  const dataOf = <T extends z.ZodType>(schema: T, response: { statusCode: number; json(): unknown; body: string }): z.infer<T> => {
    if (response.statusCode !== 200) throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
    return (successEnvelope(schema).parse(response.json()) as { data: z.infer<T> }).data;
  };
  const place = async (url: string, payload: Record<string, string>) =>
    dataOf(PlaceOrderResponse, await t.app.inject({ method: 'POST', url, payload, headers: { ...user.headers, 'x-request-id': randomUUID() } })).orders[0]!;
  const get = <T extends z.ZodType>(schema: T, url: string) => t.app.inject({ method: 'GET', url, headers: user.headers }).then((r) => dataOf(schema, r));

  beforeAll(async () => {
    t = await createTestApp({ env: { KYC_AUTO_APPROVE_SECONDS: 'off', CRYPTO_MATCH_INTERVAL_MS: '0' } });
    user = await verifiedUser(t.app, 'kyc');
    const accepted = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.bappebtiTnc, headers: user.headers });
    if (accepted.statusCode !== 200) throw new Error(`terms answered ${accepted.statusCode}`);
    await fund(t.app, { userId: user.userId, currency: 'IDR', purpose: 'CASH' }, '10000000');

    await pinPrice(t.app, 'BTC-IDR', '1500000000');
    orders.buy1 = await place(CRYPTO_PATHS.buy, { symbol: 'BTC-IDR', amount: '1000000' });
    await pinPrice(t.app, 'BTC-IDR', '1600000000');
    orders.buy2 = await place(CRYPTO_PATHS.buy, { symbol: 'BTC-IDR', amount: '2000000' });
    await pinPrice(t.app, 'BTC-IDR', '1700000000');
    orders.sell = await place(CRYPTO_PATHS.sell, { symbol: 'BTC-IDR', quantity: orders.buy1.filledQuantity });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('filled the three orders', () => {
    expect([orders.buy1?.status, orders.buy2?.status, orders.sell?.status]).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
  });

  it("kept the position snapshot with every fill, in the fill's transaction, before any portfolio read", async () => {
    const rows = await t.app.database.db.select().from(portfolioPositions).where(eq(portfolioPositions.userId, user.userId));
    const built = await t.app.database.db.select().from(portfolioSnapshotUsers).where(eq(portfolioSnapshotUsers.userId, user.userId));
    expect(built).toEqual([]);
    expect(rows.map((r) => [r.market, r.symbol, r.fillCount])).toEqual([['CRYPTO', 'BTC-IDR', 3]]);
    const fills = await t.app.trading.fillsOf(user.userId, { market: 'CRYPTO' });
    const replayed = replayFills(fills).positions.get('BTC-IDR')!;
    expect([rows[0]!.quantity, rows[0]!.costBasis, rows[0]!.realizedPnl].map((v) => new Decimal(v).toFixed())).toEqual([replayed.quantity, replayed.costBasis, replayed.realizedPnl].map((v) => v.toFixed()));
  });

  it('holds what the ledger holds, at the cost the buy orders paid less the average cost of the sale', async () => {
    const { buy1, buy2, sell } = orders as Record<string, CryptoOrder>;
    const bought = new Decimal(buy1.filledQuantity).plus(buy2.filledQuantity);
    const paid = new Decimal(buy1.total).plus(buy2.total);
    const soldCost = paid.times(sell.filledQuantity).div(bought).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
    const quantity = bought.minus(sell.filledQuantity);
    const ledger = await t.app.ledger.balance({ userId: user.userId, currency: 'BTC', purpose: 'SPOT' });

    const [btc] = (await get(AssetHoldingsResponse, PORTFOLIO_PATHS.assetHoldings)).items;
    expect(new Decimal(btc!.quantity).eq(ledger.balance)).toBe(true);
    expect(new Decimal(btc!.quantity).eq(quantity)).toBe(true);
    expect(btc!.costBasis).toBe(paid.minus(soldCost).toFixed());
    expect(btc!.realizedPnl).toBe(new Decimal(sell.total).minus(soldCost).toFixed());
    expect(btc!.marketPrice).toBe('1700000000');
    expect(btc!.marketValue).toBe(quantity.times('1700000000').toDecimalPlaces(0, Decimal.ROUND_DOWN).toFixed());
  });

  it('lists the three orders’ fills, newest first, whose totals are the orders’ totals', async () => {
    const { items } = await get(PositionHistoryResponse, `${PORTFOLIO_PATHS.positionHistory}?symbol=BTC-IDR`);
    const { buy1, buy2, sell } = orders as Record<string, CryptoOrder>;
    const byOrder = new Map<string, Decimal>();
    for (const item of items) byOrder.set(item.orderId, (byOrder.get(item.orderId) ?? new Decimal(0)).plus(item.total));
    expect([...byOrder.keys()]).toEqual([sell.id, buy2.id, buy1.id]);
    for (const order of [buy1, buy2, sell]) expect(byOrder.get(order.id)!.eq(order.total)).toBe(true);
    expect(items.filter((i) => i.side === 'BUY').every((i) => i.realizedPnl === null)).toBe(true);
  });

  it('counts the cash the ledger shows, and everything put in is cash, value or P&L', async () => {
    const data = await get(PortfolioOverview, PORTFOLIO_PATHS.overview);
    const cash = await t.app.ledger.balance({ userId: user.userId, currency: 'IDR', purpose: 'CASH' });
    expect(new Decimal(data.cash).eq(cash.available)).toBe(true);
    expect(new Decimal(data.totalValue).minus(10_000_000).eq(new Decimal(data.unrealizedPnl).plus(data.realizedPnl))).toBe(true);
  });
});
