// What a margined market may ask of the engine's fills (decision 0017 step 2: what the US CFD market
// needs), with a market registered for the test on USD wallets and fills handed to settleFill in a
// ledger transaction as the trading engine does: sell charges (US SEC/TAF) collected after the fee
// and a loss from what is left, the rest not collected; the margin a partly closed position keeps
// rounded up to the cent; a margin event for each TP/SL or intraday close; and the market's own
// margin-call threshold.
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import type { AccountRef } from '../../ledger/api';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { fund, SETUP_TIMEOUT_MS } from '../../modules/fx-wallet/test-support';
import { usTiers } from '../../modules/us-stock/leverage-math';
import type { CloseReason, MarginMarket } from './api';
import { marginEvents } from './tables';

const SYMBOL = 'TEST';
const BOOK = 'leverage';

describe('margin engine: a market with sell charges, cents kept up, close events and its own margin-call threshold', () => {
  let t: TestApp;
  /** The test market's mark (null: none, the entry price stands in). */
  let mark: string | null = null;
  const account = (userId: string): AccountRef => ({ userId, currency: 'USD', purpose: 'USD_LEVERAGE' });
  const house = (name: 'MARGIN_SETTLEMENT' | 'INSURANCE_FUND' | 'TAX_PAYABLE'): AccountRef => ({ house: name, currency: 'USD' });

  beforeAll(async () => {
    t = await createTestApp();
    const market: MarginMarket = {
      market: 'USSTOCK',
      currency: 'USD',
      scale: 2,
      keyPrefix: 'cfdtest',
      account: (userId) => account(userId),
      settlementAccount: () => house('MARGIN_SETTLEMENT'),
      insuranceAccount: () => house('INSURANCE_FUND'),
      tiers: () => usTiers(2, 50),
      fees: () => ({ maker: '0', taker: '0' }),
      markPrice: () => mark,
      mayLiquidateNow: () => true,
      closeAtMarket: async () => undefined,
      keptMarginRounding: 'UP',
      closeEvents: true,
      // Below the engine's 80 %: the market's own threshold is the one used.
      marginCallPercent: 50,
    };
    t.app.margin.register(market);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    const audit = await t.app.ledger.audit();
    expect({ negative: audit.negativeUserAccounts, held: audit.heldMismatch, usd: new Decimal(audit.sums.USD ?? '0').toFixed() }).toEqual({ negative: 0, held: 0, usd: '0' });
    await t.close();
  });

  const fill = (userId: string, side: 'BUY' | 'SELL', quantity: string, price: string, charges?: string, reason: CloseReason | null = null) => {
    const orderId = randomUUID();
    return t.app.ledger
      .transaction((ops) =>
        t.app.margin.settleFill(ops, { market: 'USSTOCK', userId, book: BOOK, symbol: SYMBOL, orderId, orderHoldId: null, side, quantity, price, fee: '0', key: `cfdtest-fill:${orderId}:1`, reason, ...(charges ? { charges } : {}) }),
      )
      .then(() => orderId);
  };
  const balance = async (ref: AccountRef) => {
    const b = await t.app.ledger.balance(ref);
    return { balance: new Decimal(b.balance).toFixed(2), held: new Decimal(b.held).toFixed(2) };
  };

  it('collects charges after the P&L, keeps margin rounded up to the cent, and records a TP close event and its history', async () => {
    const userId = randomUUID();
    await fund(t.app, account(userId), '1000');
    const tax = new Decimal((await t.app.ledger.balance(house('TAX_PAYABLE'))).balance);
    await fill(userId, 'BUY', '3', '100.01');
    // 3 × 100.01 / 2 = 150.015: held 150.02.
    expect(await balance(account(userId))).toEqual({ balance: '1000.00', held: '150.02' });
    await fill(userId, 'SELL', '1', '110', '0.05');
    // Two thirds of 150.02 = 100.0133…: 100.02 kept (down would be 100.01). P&L 9.99, charges 0.05.
    expect(await balance(account(userId))).toEqual({ balance: '1009.94', held: '100.02' });
    expect(new Decimal((await t.app.ledger.balance(house('TAX_PAYABLE'))).balance).minus(tax).toFixed(2)).toBe('0.05');
    const orderId = await fill(userId, 'SELL', '2', '120', '0.10', 'TAKE_PROFIT');
    expect(await balance(account(userId))).toEqual({ balance: '1049.82', held: '0.00' });
    const events = await t.app.database.db.select().from(marginEvents).where(and(eq(marginEvents.userId, userId), eq(marginEvents.market, 'USSTOCK')));
    expect(events.map((e) => [e.key, e.kind])).toEqual([[`close:${orderId}`, 'TAKE_PROFIT']]);
    const [closed] = await t.app.margin.history('USSTOCK', userId);
    expect(closed).toMatchObject({ closeReason: 'TAKE_PROFIT', size: '2', realizedPnl: '49.97', fees: '0.15' });
  });

  it('charges the wallet cannot pay after a loss are not collected; the wallet ends at zero, not below', async () => {
    const userId = randomUUID();
    await fund(t.app, account(userId), '60');
    const insurance = new Decimal((await t.app.ledger.balance(house('INSURANCE_FUND'))).balance);
    await fill(userId, 'BUY', '1', '100');
    await fill(userId, 'SELL', '1', '41', '5');
    // Loss 59 paid from 60; 1 of the 5 in charges collected, 4 not; no insurance needed.
    expect(await balance(account(userId))).toEqual({ balance: '0.00', held: '0.00' });
    expect(new Decimal((await t.app.ledger.balance(house('INSURANCE_FUND'))).balance).toFixed(2)).toBe(insurance.toFixed(2));
    const [closed] = await t.app.margin.history('USSTOCK', userId);
    expect(closed).toMatchObject({ closeReason: 'USER', realizedPnl: '-59', fees: '1' });
  });

  it("margin-calls at the market's own threshold (50 %), not the engine's (80 %)", async () => {
    const userId = randomUUID();
    await fund(t.app, account(userId), '60');
    await fill(userId, 'BUY', '1', '100');
    const calls = async () =>
      (await t.app.database.db.select().from(marginEvents).where(and(eq(marginEvents.userId, userId), eq(marginEvents.market, 'USSTOCK'), eq(marginEvents.kind, 'MARGIN_CALL')))).length;
    try {
      // At 85: maintenance 85 × 25 % = 21.25 against equity 60 − 15 = 45: 47.2 %, no call.
      mark = '85';
      await t.app.margin.onMark('USSTOCK', SYMBOL, mark, Date.now());
      expect(await calls()).toBe(0);
      // At 80: 20 against 40: 50 %, one call (the engine's 80 % would send none).
      mark = '80';
      await t.app.margin.onMark('USSTOCK', SYMBOL, mark, Date.now());
      await t.app.margin.onMark('USSTOCK', SYMBOL, mark, Date.now());
      expect(await calls()).toBe(1);
      expect((await t.app.margin.position('USSTOCK', userId, BOOK, SYMBOL))?.marginRatioPercentage).toBe('50.00');
    } finally {
      mark = null;
    }
  });
});
