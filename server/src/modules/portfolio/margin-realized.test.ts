// The overview's realized P&L of a margined market counts every position, open or closed: a US CFD
// (2x) sold in two halves through the real leverage calls is the sum of what both sales realized.
// An open position's figure is its life so far; a closed one's is the margin engine's record of it
// (the perps overview is proven the same way in whole-portfolio.test.ts).
import { PORTFOLIO_PATHS, PortfolioOverview, US_LEVERAGE_PATHS, UsLeverageOrderResult, successEnvelope } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import type { TestUser } from '../../testing/auth-fixture';
import { expectAuditClean, fund } from '../fx-wallet/test-support';
import { walletAccount } from '../us-stock/leverage';
import { call, dataOf, holdSweepLease, LEVERAGE_ENV, NY, SETUP_TIMEOUT_MS, setClock, stockId, usTrader } from '../us-stock/test-support';

describe("the overview's realized P&L of a US CFD position, open and then closed", () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ env: { ...LEVERAGE_ENV, MARGIN_WATCH_INTERVAL_MS: '0' } });
    expect(await holdSweepLease(t.app)).toBe(true);
    user = await usTrader(t.app);
    await fund(t.app, walletAccount(user.userId, 'leverage'), '2000');
    await setClock(t.app, NY.regular);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await expectAuditClean(t.app);
    await t.close();
  });

  const cfdTotals = async () => {
    const r = await t.app.inject({ method: 'GET', url: PORTFOLIO_PATHS.overview, headers: { ...user.headers, 'x-language-code': 'en' } });
    const data = successEnvelope(PortfolioOverview).parse(r.json()).data;
    return { cfd: data.markets.find((m) => m.assetType === 'USSTOCK_CFD')!, rate: data.usdIdr.rate };
  };
  const leverage = async (side: 'buy' | 'sell', quantity: string) =>
    dataOf(UsLeverageOrderResult, await call(t.app, user, 'POST', US_LEVERAGE_PATHS[side], { stockId: stockId(t.app, 'AAPL'), orderType: 'MARKET', leverage: 2, quantity }));

  it('shows 0 before any close, the first half once sold, and both halves once the position is closed', async () => {
    t.app.market.steer('AAPL', { price: '200.00' });
    const opened = await leverage('buy', '4');
    const entry = new Decimal(opened.position.entryPrice);
    expect((await cfdTotals()).cfd.realizedPnl).toBe('0');

    t.app.market.steer('AAPL', { price: '210.00' });
    const first = await leverage('sell', '2');
    // (fill price − entry) × 2, as the sale booked it.
    const firstPnl = new Decimal(first.fill!.price).minus(entry).times(2);
    expect(new Decimal(first.fill!.realizedPnl).eq(firstPnl)).toBe(true);
    expect(firstPnl.gt(0)).toBe(true);
    const whileOpen = await cfdTotals();
    expect(new Decimal(whileOpen.cfd.realizedPnl!).eq(firstPnl)).toBe(true);

    t.app.market.steer('AAPL', { price: '190.00' });
    const second = await leverage('sell', '2');
    const secondPnl = new Decimal(second.fill!.price).minus(entry).times(2);
    expect(new Decimal(second.fill!.realizedPnl).eq(secondPnl)).toBe(true);
    expect(secondPnl.lt(0)).toBe(true);

    const closed = await cfdTotals();
    const realized = firstPnl.plus(secondPnl);
    expect(new Decimal(closed.cfd.realizedPnl!).eq(realized)).toBe(true);
    expect(closed.cfd.idr.realizedPnl).toBe(realized.times(closed.rate).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed());
    expect(closed.cfd).toMatchObject({ investedValue: '0', costBasis: '0' });
  });
});
