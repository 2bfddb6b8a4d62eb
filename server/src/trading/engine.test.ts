// The engine's session and time-in-force work, through a market whose rules a test controls (the
// crypto pairs' instruments, no fees, a session switch and an expiry): a market order placed while
// the market is closed waits with its hold and executes at the open; a resting order crossed while
// its market may not match stays as it is; an order past its expiry is cancelled EXPIRED and its
// hold released; the ledger stays balanced.
import { randomUUID } from 'node:crypto';
import type { Instrument } from '@pasar/shared/contract';
import { TradingDecimal, plain } from '@pasar/shared/trading';
import Decimal from 'decimal.js';
import { AppError } from '../http/app-error';
import type { AccountRef, TransferLeg } from '../ledger/api';
import { createTestApp, type TestApp } from '../testing/app-fixture';
import { signUpTestUser, type TestUser } from '../testing/auth-fixture';
import { walkBook } from './book-walk';
import type { MarketRules } from './market-rules';
import type { OrderSpec } from './order-model';

const SYMBOL = 'BTC-IDR';
const NO_FEES = { feeRate: '0', buyTaxRate: '0', sellTaxRate: '0' };
const D = (v: string | number | TradingDecimal) => new TradingDecimal(v);

/** A market the test steers: open or closed, and the expiry its next order gets. */
const session = { open: false, expiresAt: null as Date | null };

const cash = (userId: string): AccountRef => ({ userId, currency: 'IDR', purpose: 'CASH' });
const units = (userId: string, asset: string): AccountRef => ({ userId, currency: asset, purpose: 'SPOT' });

function testRules(instrumentOf: (symbol: string) => Instrument | undefined, last: () => string): MarketRules {
  const instrument = (symbol: string) => {
    const inst = instrumentOf(symbol);
    if (!inst) throw new AppError('003');
    return inst;
  };
  /** A buy holds its units at the limit, or at the last price plus 10 % for a market order; whole Rupiah up. */
  const needs = (o: { side: string; orderType: string; execQuantity: string | null; filledQuantity: string; limitPrice: string | null }) => {
    const rest = D(o.execQuantity as string).minus(o.filledQuantity);
    if (o.side === 'SELL') return rest;
    return rest.times(o.orderType === 'MARKET' ? D(last()).times('1.1') : D(o.limitPrice as string)).ceil();
  };
  return {
    market: 'PERPS',
    keys: { fill: 'test-fill', hold: 'test-hold' },
    currency: 'IDR',
    instrument,
    assertMayTrade: async () => undefined,
    assertOrdersOn: () => undefined,
    assertTradable: async () => undefined,
    plan(spec: OrderSpec, inst, { queued }) {
      const quantity = spec.quantity as string;
      const estimate = { price: last(), quantity, base: '0', fee: '0', tax: '0', total: '0', worstPrice: null };
      if (spec.orderType === 'MARKET' && !queued) {
        const walk = walkBook({ side: spec.side, book: { bids: [], asks: [] }, quantity, quantityStep: inst.quantityStep, rates: NO_FEES, bandPercent: '10' });
        if (!walk.ok) throw new AppError('3705');
        return { spec, asset: inst.shortName, execQuantity: null, legs: [{ ocoLeg: null, limitPrice: null, stopPrice: null }], hold: null, walk, estimate };
      }
      const hold = needs({ side: spec.side, orderType: spec.orderType, execQuantity: quantity, filledQuantity: '0', limitPrice: spec.limitPrice ?? null });
      return {
        spec,
        asset: inst.shortName,
        execQuantity: quantity,
        legs: [{ ocoLeg: null, limitPrice: spec.limitPrice ?? null, stopPrice: null }],
        hold: { currency: spec.side === 'BUY' ? 'IDR' : inst.shortName, amount: plain(hold) },
        walk: null,
        estimate,
      };
    },
    planAmend: () => new Map(),
    pricePrecision: () => 0,
    fillNumbers(order, levels) {
      const quantity = levels.reduce((s, l) => s.plus(l.quantity), D(0));
      const raw = levels.reduce((s, l) => s.plus(D(l.quantity).times(l.price)), D(0));
      const amount = order.side === 'BUY' ? raw.ceil() : raw.floor();
      return {
        quantity: plain(quantity),
        price: plain(raw.div(quantity)),
        amount: plain(amount),
        fee: '0',
        tax: '0',
        total: plain(amount),
        after: {
          filledQuantity: plain(D(order.filledQuantity).plus(quantity)),
          filledAmount: plain(D(order.filledAmount).plus(raw)),
          fee: '0',
          tax: '0',
          total: plain(D(order.total).plus(amount)),
        },
      };
    },
    holdNeeds: (legs) => plain(legs.reduce((most, leg) => TradingDecimal.max(most, needs(leg)), D(0))),
    walk: (order, book, inst) =>
      walkBook({ side: order.side, book, quantity: plain(D(order.execQuantity as string).minus(order.filledQuantity)), quantityStep: inst.quantityStep, rates: NO_FEES, bandPercent: '10' }),
    holdAccount: (order) => (order.side === 'BUY' ? cash(order.userId) : units(order.userId, order.asset)),
    fillLegs(order, n): TransferLeg[] {
      const inventory = (currency: string): AccountRef => ({ house: 'INVENTORY', currency });
      return order.side === 'BUY'
        ? [
            { from: cash(order.userId), to: inventory('IDR'), amount: n.amount },
            { from: inventory(order.asset), to: units(order.userId, order.asset), amount: n.quantity },
          ]
        : [
            { from: units(order.userId, order.asset), to: inventory(order.asset), amount: n.quantity },
            { from: inventory('IDR'), to: cash(order.userId), amount: n.amount },
          ];
    },
    fillCurrencies: (order) => ['IDR', order.asset],
    insufficientCode: () => '1115',
    marketOrderAt: () => (session.open ? 'EXECUTE' : 'QUEUE'),
    mayMatch: () => session.open,
    expiresAt: () => session.expiresAt,
  };
}

describe('the engine: sessions and time in force', () => {
  let t: TestApp;
  let user: TestUser;
  const LAST = '1500000000';
  const book = {
    bids: [{ price: '1499000000', quantity: '1', cumulativePercent: '0' }],
    asks: [{ price: '1501000000', quantity: '1', cumulativePercent: '0' }],
  };
  const tick = (ask = '1501000000') => t.app.trading.matcher.tick([{ symbol: SYMBOL, last: LAST, bid: '1499000000', ask, book: { bids: book.bids, asks: [{ price: ask, quantity: '1', cumulativePercent: '0' }] } }]);
  const place = (spec: Partial<OrderSpec>) =>
    t.app.trading.place(
      'PERPS',
      user.userId,
      randomUUID(),
      { source: 'ADVANCED', side: 'BUY', symbol: SYMBOL, orderType: 'LIMIT', inputType: 'quantity', quantity: '0.01', timeInForce: 'GOOD_TILL_CANCEL', ...spec },
      'en',
    );
  const idr = async () => {
    const b = await t.app.ledger.balance(cash(user.userId));
    return { balance: new Decimal(b.balance).toFixed(), held: new Decimal(b.held).toFixed() };
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { KYC_AUTO_APPROVE_SECONDS: 'off', CRYPTO_MATCH_INTERVAL_MS: '0' } });
    // Every wire market has its module: the test's rules stand in for the perps module's.
    t.app.trading.register(testRules((s) => t.app.market.instrument(s), () => LAST), { replace: true });
    user = await signUpTestUser(t.app);
    await t.app.ledger.transfer({
      key: `test-fund:${user.userId}`,
      kind: 'TOPUP',
      legs: [{ from: { house: 'PAYMENT_CLEARING', currency: 'IDR' }, to: cash(user.userId), amount: '100000000' }],
    });
  }, 120_000);
  afterAll(() => t.close());
  afterEach(() => {
    session.open = false;
    session.expiresAt = null;
  });

  it('queues a market order while the market is closed, with its hold, and executes it at the open', async () => {
    const [queued] = (await place({ orderType: 'MARKET' })).orders;
    expect(queued).toMatchObject({ market: 'PERPS', status: 'PENDING', exchangeStatus: 'WAITING_TO_BE_SENT', filledQuantity: '0' });
    // 0.01 × 1,500,000,000 × 1.1 held.
    expect(await idr()).toEqual({ balance: '100000000', held: '16500000' });
    expect(t.app.trading.matcher.has(queued!.id)).toBe(true);

    await tick();
    expect((await t.app.trading.get('PERPS', user.userId, queued!.id)).status).toBe('PENDING');

    session.open = true;
    const report = await tick();
    expect(report).toMatchObject({ executed: 1, failed: 0 });
    const filled = await t.app.trading.get('PERPS', user.userId, queued!.id);
    expect(filled).toMatchObject({ status: 'SUCCESS', exchangeStatus: 'SUCCESS', filledQuantity: '0.01', total: '15010000' });
    expect(await idr()).toEqual({ balance: '84990000', held: '0' });
    expect(t.app.trading.matcher.has(queued!.id)).toBe(false);
    // Crypto's routes do not see another market's order.
    await expect(t.app.trading.get('CRYPTO', user.userId, queued!.id)).rejects.toMatchObject({ code: '003' });
  });

  it('leaves a crossed resting order alone while its market may not match, and fills it once it may', async () => {
    const [limit] = (await place({ limitPrice: '1502000000' })).orders;
    await tick('1501000000');
    expect((await t.app.trading.get('PERPS', user.userId, limit!.id)).status).toBe('PENDING');
    session.open = true;
    await tick('1501000000');
    expect((await t.app.trading.get('PERPS', user.userId, limit!.id)).status).toBe('SUCCESS');
  });

  it('cancels an order past its expiry as EXPIRED and releases its hold; one not yet due stays', async () => {
    const before = await idr();
    session.expiresAt = new Date(t.app.market.now() - 1000);
    const [due] = (await place({ limitPrice: '1400000000', timeInForce: 'GOOD_TILL_MARKET_CLOSE' })).orders;
    session.expiresAt = new Date(t.app.market.now() + 3_600_000);
    const [later] = (await place({ limitPrice: '1400000000', timeInForce: 'GOOD_TILL_MARKET_CLOSE' })).orders;
    expect(due!.expiresAt).toBeDefined();
    expect((await idr()).held).toBe(new Decimal(before.held).plus(28000000).toFixed());

    await tick();
    const [a, b] = await Promise.all([t.app.trading.get('PERPS', user.userId, due!.id), t.app.trading.get('PERPS', user.userId, later!.id)]);
    expect([a.status, a.reason, b.status]).toEqual(['CANCELLED', 'EXPIRED', 'PENDING']);
    expect((await idr()).held).toBe(new Decimal(before.held).plus(14000000).toFixed());
    await t.app.trading.cancel('PERPS', user.userId, later!.id);

    const audit = await t.app.ledger.audit();
    expect({ negative: audit.negativeUserAccounts, heldMismatch: audit.heldMismatch, nonZero: Object.values(audit.sums).filter((s) => !new Decimal(s).isZero()) }).toEqual({ negative: 0, heldMismatch: 0, nonZero: [] });
  });
});
