import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_PATHS,
  ErrorEnvelope,
  PERPS_PATHS,
  PerpFundingHistory,
  PerpFundingRate,
  PerpInstrumentsResponse,
  PerpOrderEstimate,
  PerpOrderList,
  PerpPlaceResponse,
  PerpPositionResponse,
  PerpPositionsResponse,
  perpOrderCancelPath,
  perpOrderPath,
  successEnvelope,
} from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import type { z } from 'zod';
import type { AccountRef } from '../../ledger/api';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import type { TestUser } from '../../testing/auth-fixture';
import { fund, SETUP_TIMEOUT_MS, verifiedUser } from '../fx-wallet/test-support';
import { perpsOf } from './index';
import { perpAccount } from './rules';

const BTC = 'BTCUSDT-PERP';
const ENV = { KYC_AUTO_APPROVE_SECONDS: 'off', CRYPTO_MATCH_INTERVAL_MS: '0', MARGIN_WATCH_INTERVAL_MS: '0' };
/** A Monday 07:00 UTC: funding is due at 08:00. */
const START = Date.parse('2026-11-23T07:00:00Z');

describe('perpetual futures (routes, margin engine, funding, liquidation)', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let nobody: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    await t.app.market.clock.set(START, { frozen: true });
    t.app.market.steer(BTC, { price: '20000' });
    [alice, bob, nobody] = await Promise.all([verifiedUser(t.app, 'kyc'), verifiedUser(t.app, 'kyc'), verifiedUser(t.app, 'none')]);
    await fund(t.app, perpAccount(alice.userId), '1000', 'FX');
    await fund(t.app, perpAccount(bob.userId), '1000', 'FX');
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const headers = (u: TestUser, id: string = randomUUID()) => ({ ...u.headers, 'x-language-code': 'en', 'x-request-id': id });
  const get = (url: string, u: TestUser, query?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers: headers(u), ...(query ? { query } : {}) });
  const post = (url: string, payload: object, u: TestUser, id?: string) => t.app.inject({ method: 'POST', url, payload, headers: headers(u, id) });
  const data = <S extends z.ZodType>(schema: S, r: { statusCode: number; json(): unknown }): z.infer<S> => {
    if (r.statusCode !== 200) throw new Error(`expected 200, got ${r.statusCode}: ${JSON.stringify(r.json())}`);
    return (successEnvelope(schema).parse(r.json()) as { data: z.infer<S> }).data;
  };
  const code = (r: { json(): unknown }) => ErrorEnvelope.parse(r.json()).error_code;
  const bal = async (a: AccountRef) => t.app.ledger.balance(a);
  const mark = () => new Decimal(t.app.market.ticker(BTC).markPrice as string);
  const expectClean = async () => {
    const audit = await t.app.ledger.audit();
    expect({ negative: audit.negativeUserAccounts, held: audit.heldMismatch, usdt: new Decimal(audit.sums.USDT ?? '0').toFixed() }).toEqual({ negative: 0, held: 0, usdt: '0' });
  };

  it('describes every perps call in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.keys(doc.paths);
    const calls = [...Object.values(PERPS_PATHS), perpOrderPath('{id}'), perpOrderCancelPath('{id}')].map((path) => path.replace(/%7B/g, '{').replace(/%7D/g, '}'));
    expect(calls.filter((path) => !documented.includes(path))).toEqual([]);
    // The leverage call is read (GET) and changed (POST) at one path.
    expect(Object.keys(doc.paths[PERPS_PATHS.leverage] ?? {}).sort()).toEqual(['get', 'post']);
  });

  it('lists the perps with Binance-style tiers, fees and the ticker fields', async () => {
    const list = data(PerpInstrumentsResponse, await t.app.inject({ method: 'GET', url: PERPS_PATHS.instruments }));
    const btc = list.items.find((i) => i.symbol === BTC);
    expect(btc).toMatchObject({ maxLeverage: 125, makerFeeRate: '0.0002', takerFeeRate: '0.0005' });
    expect(btc?.tiers[1]).toMatchObject({ notionalCap: '250000', maintenanceMarginRate: '0.005', maintenanceAmount: '50' });
    const ticker = t.app.market.ticker(BTC);
    expect(ticker.indexPrice).toBeDefined();
    expect(ticker.nextFundingTime).toBe(Date.parse('2026-11-23T08:00:00Z'));
    const rate = data(PerpFundingRate, await t.app.inject({ method: 'GET', url: PERPS_PATHS.fundingRate, query: { symbol: BTC } }));
    expect(rate.nextFundingTime).toBe(Date.parse('2026-11-23T08:00:00Z'));
    expect(Math.abs(Number(rate.fundingRate))).toBeLessThanOrEqual(0.0075);
    // The mark stays within a fraction of a percent of the last price.
    expect(mark().minus(20000).abs().lt(20)).toBe(true);
  });

  it('opens a 10x long at market: margin held, taker fee paid, position at the fill', async () => {
    const before = await bal(perpAccount(alice.userId));
    const placed = data(PerpPlaceResponse, await post(PERPS_PATHS.buy, { symbol: BTC, orderType: 'MARKET', quantity: '0.1', leverage: 10 }, alice));
    expect(placed.order).toMatchObject({ status: 'SUCCESS', market: 'PERPS', side: 'BUY', filledQuantity: '0.1' });
    const pos = placed.position!;
    expect(pos).toMatchObject({ side: 'LONG', quantity: '0.1', leverage: 10, marginMode: 'CROSS' });
    const entry = new Decimal(pos.entryPrice);
    const notional = entry.times('0.1');
    const fee = notional.times('0.0005').toDecimalPlaces(6, Decimal.ROUND_UP);
    const margin = notional.div(10).toDecimalPlaces(6, Decimal.ROUND_UP);
    expect(pos.margin).toBe(margin.toFixed());
    const after = await bal(perpAccount(alice.userId));
    expect(new Decimal(before.balance).minus(after.balance).toFixed()).toBe(fee.toFixed());
    expect(new Decimal(after.held).toFixed()).toBe(margin.toFixed());
    const positions = data(PerpPositionsResponse, await get(PERPS_PATHS.positions, alice));
    expect(positions.items).toHaveLength(1);
    expect(Number(positions.balance.marginRatioPercentage)).toBeGreaterThan(0);
    await expectClean();
  });

  it.each([
    ['leverage 0', { symbol: BTC, orderType: 'MARKET', quantity: '0.01', leverage: 0 }, '4204'],
    ['leverage above the maximum', { symbol: BTC, orderType: 'MARKET', quantity: '0.01', leverage: 126 }, '4204'],
    ['a size below the minimum', { symbol: BTC, orderType: 'MARKET', quantity: '0.0001' }, '4205'],
    ['a limit price outside the band', { symbol: BTC, orderType: 'LIMIT', quantity: '0.01', limitPrice: '30000' }, '4203'],
    ['a reduce-only buy that would increase the long', { symbol: BTC, orderType: 'MARKET', quantity: '0.01', reduceOnly: true }, '4201'],
    ['more than the margin wallet carries', { symbol: BTC, orderType: 'MARKET', quantity: '5', leverage: 10 }, '1115'],
    ['letters as a size', { symbol: BTC, orderType: 'MARKET', quantity: 'abc' }, '002'],
  ])('refuses %s and changes nothing', async (_what, body, expected) => {
    const before = await bal(perpAccount(alice.userId));
    const pos = data(PerpPositionsResponse, await get(PERPS_PATHS.positions, alice)).items;
    const response = await post(PERPS_PATHS.buy, body, alice);
    expect(code(response)).toBe(expected);
    expect(await bal(perpAccount(alice.userId))).toEqual(before);
    expect(data(PerpPositionsResponse, await get(PERPS_PATHS.positions, alice)).items.map((p) => [p.quantity, p.leverage])).toEqual(pos.map((p) => [p.quantity, p.leverage]));
  });

  it('refuses a leverage change the margin cannot carry and one above the tier maximum', async () => {
    expect(code(await post(PERPS_PATHS.leverage, { symbol: BTC, leverage: 126 }, alice))).toBe('4204');
    // 1x needs the whole notional (≈ 2,000 USDT) as margin: more than the wallet has.
    expect(code(await post(PERPS_PATHS.leverage, { symbol: BTC, leverage: 1 }, alice))).toBe('4202');
    const ok = data(PerpPositionResponse, await post(PERPS_PATHS.leverage, { symbol: BTC, leverage: 5 }, alice));
    expect(ok.position?.leverage).toBe(5);
    expect(new Decimal(ok.position!.margin).toFixed()).toBe(new Decimal(ok.position!.entryPrice).times('0.1').div(5).toDecimalPlaces(6, Decimal.ROUND_UP).toFixed());
  });

  it("does not show or cancel another user's order", async () => {
    const placed = data(PerpPlaceResponse, await post(PERPS_PATHS.sell, { symbol: BTC, orderType: 'LIMIT', quantity: '0.01', limitPrice: '20500' }, bob));
    expect(placed.order.status).toBe('PENDING');
    expect((await post(perpOrderCancelPath(placed.order.id), {}, alice)).statusCode).toBe(404);
    const held = await bal(perpAccount(bob.userId));
    expect(new Decimal(held.held).gt(0)).toBe(true);
    const cancelled = data(PerpPlaceResponse, await post(perpOrderCancelPath(placed.order.id), {}, bob));
    expect(cancelled.order.status).toBe('CANCELLED');
    expect(new Decimal((await bal(perpAccount(bob.userId))).held).toFixed()).toBe('0');
  });

  it('estimates an order with its margin, fee and liquidation price', async () => {
    const est = data(PerpOrderEstimate, await get(PERPS_PATHS.estimate, bob, { symbol: BTC, side: 'BUY', orderType: 'MARKET', quantity: '0.05', leverage: '20', marginMode: 'ISOLATED' }));
    expect(est.refusalCode).toBeNull();
    expect(new Decimal(est.initialMargin).toFixed()).toBe(new Decimal(est.price).times('0.05').div(20).toDecimalPlaces(6, Decimal.ROUND_UP).toFixed());
    expect(Number(est.liquidationPrice)).toBeLessThan(Number(est.price));
    expect(Number(est.liquidationPrice)).toBeGreaterThan(Number(est.price) * 0.94);
  });

  it.each(['0', '-5'])('refuses an estimate at leverage %s with 4204 and shows no margin, instead of failing', async (leverage) => {
    const est = data(PerpOrderEstimate, await get(PERPS_PATHS.estimate, bob, { symbol: BTC, side: 'SELL', orderType: 'MARKET', quantity: '1', leverage, marginMode: 'CROSS' }));
    expect(est.refusalCode).toBe('4204');
    expect(est.initialMargin).toBe('0');
    expect(new Decimal(est.estimatedTotalAmount).eq(est.fee)).toBe(true);
  });

  it('charges funding once at 08:00 (on the market clock): the long pays size × mark × rate', async () => {
    const before = new Decimal((await bal(perpAccount(alice.userId))).balance);
    await t.app.market.clock.set(Date.parse('2026-11-23T08:00:05Z'), { frozen: true });
    const { watcher } = perpsOf(t.app);
    const report = await watcher.tick();
    expect(report).toMatchObject({ fundingTime: Date.parse('2026-11-23T08:00:00Z') });
    const at = t.app.market.ticker(BTC, Date.parse('2026-11-23T08:00:00Z'));
    const expected = new Decimal('0.1').times(at.markPrice as string).times(at.fundingRate as string);
    const paid = before.minus((await bal(perpAccount(alice.userId))).balance);
    const rounded = expected.isNegative() ? expected.toDecimalPlaces(6, Decimal.ROUND_DOWN) : expected.toDecimalPlaces(6, Decimal.ROUND_UP);
    expect(paid.toFixed()).toBe(rounded.toFixed());
    // Again, on this instance and on a second one: nothing more.
    expect(await watcher.tick()).toBeNull();
    const again = await watcher.fund();
    expect(again.applied).toBe(0);
    const other = await t.sibling(ENV);
    const otherReport = await perpsOf(other).watcher.fund(Date.parse('2026-11-23T08:00:05Z'));
    expect(otherReport.applied).toBe(0);
    expect(before.minus((await bal(perpAccount(alice.userId))).balance).toFixed()).toBe(rounded.toFixed());
    const history = data(PerpFundingHistory, await get(PERPS_PATHS.fundingHistory, alice));
    expect(history.items).toHaveLength(1);
    expect(history.items[0]!.amount).toBe(rounded.toFixed());
    await expectClean();
  });

  it('sends one margin call, then liquidates on the mark; the wallet never goes below zero', async () => {
    const positions = data(PerpPositionsResponse, await get(PERPS_PATHS.positions, alice));
    const pos = positions.items[0]!;
    const liq = new Decimal(pos.liquidationPrice!);
    const { watcher } = perpsOf(t.app);
    // Where the cross margin ratio is 90 % (between the 80 % call and liquidation at 100 %):
    // WB + q (P − E) = q P MMR / 0.9  →  P = (WB − q E) / (q MMR / 0.9 − q).
    const q = new Decimal(pos.quantity);
    const wallet = new Decimal(positions.balance.walletBalance);
    const at90 = wallet.minus(q.times(pos.entryPrice)).div(q.times(pos.maintenanceMarginRate).div('0.9').minus(q));
    expect(at90.gt(liq)).toBe(true);
    const callAt = at90.toDecimalPlaces(1, Decimal.ROUND_UP).toFixed();
    t.app.market.steer(BTC, { price: callAt });
    await watcher.tick();
    await watcher.tick();
    const listNotes = async () => {
      const r = await get(ACCOUNT_PATHS.notifications, alice);
      return (r.json() as { data: { items: { type: string }[] } }).data.items.map((n) => n.type);
    };
    expect((await listNotes()).filter((x) => x === 'MARGIN_CALL')).toHaveLength(1);
    expect(data(PerpPositionsResponse, await get(PERPS_PATHS.positions, alice)).items).toHaveLength(1);
    // Past the liquidation price: closed against the book, ACCOUNT_LIQUIDATION sent.
    t.app.market.steer(BTC, { price: liq.times('0.97').toDecimalPlaces(1).toFixed() });
    await watcher.tick();
    await watcher.tick();
    expect(data(PerpPositionsResponse, await get(PERPS_PATHS.positions, alice)).items).toHaveLength(0);
    expect((await listNotes()).filter((x) => x === 'ACCOUNT_LIQUIDATION')).toHaveLength(1);
    // The forced close is in the history as a reduce-only liquidation, not as the person's own order.
    const history = data(PerpOrderList, await get(PERPS_PATHS.orders, alice, { scope: 'history', symbol: BTC }));
    const forced = history.items.filter((o) => o.reason === 'LIQUIDATION');
    expect(forced).toHaveLength(1);
    expect(forced[0]).toMatchObject({ side: 'SELL', reduceOnly: true, status: 'SUCCESS' });
    const after = await bal(perpAccount(alice.userId));
    expect(new Decimal(after.balance).gte(0)).toBe(true);
    expect(new Decimal(after.held).toFixed()).toBe('0');
    await expectClean();
  });
});
