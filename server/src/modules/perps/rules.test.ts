// Perps' rules for the closes the margin engine places: a liquidation (or TP/SL) is a reduce-only
// MARKET order that is never refused for the minimum size or notional, the price band or a thin
// book, so a position can always be liquidated; a person's own order of the same size still is.
import { randomUUID } from 'node:crypto';
import { ACCOUNT_PATHS, NotificationPage, PERPS_PATHS, PerpOrderList, PerpPlaceResponse, PerpPositionResponse, PerpPositionsResponse } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { AppError } from '../../http/app-error';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import type { TestUser } from '../../testing/auth-fixture';
import type { OrderSpec } from '../../trading';
import { dataOf as data, errorCodeOf as code, expectAuditClean, fund, SETUP_TIMEOUT_MS, verifiedUser } from '../fx-wallet/test-support';
import { perpsOf } from './index';
import { isEngineClose, perpAccount } from './rules';

const ETH = 'ETHUSDT-PERP';
/** A minimum notional of 100 USDT: a position opened just above it falls below it as the price drops. */
const ENV = { KYC_AUTO_APPROVE_SECONDS: 'off', CRYPTO_MATCH_INTERVAL_MS: '0', MARGIN_WATCH_INTERVAL_MS: '0', PERP_MIN_NOTIONAL_USDT: '100' };

describe('perps rules: the margin engine closes are never refused', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    await t.app.market.clock.set(Date.parse('2026-11-23T10:00:00Z'), { frozen: true });
    t.app.market.steer(ETH, { price: '3000' });
    user = await verifiedUser(t.app, 'kyc');
    await fund(t.app, perpAccount(user.userId), '20', 'FX');
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const headers = () => ({ ...user.headers, 'x-language-code': 'en', 'x-request-id': randomUUID() });
  const get = (url: string, query?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers: headers(), ...(query ? { query } : {}) });
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: headers() });
  const codeOf = (fn: () => unknown): string | null => {
    try {
      fn();
      return null;
    } catch (error) {
      return error instanceof AppError ? error.code : String(error);
    }
  };

  it('plans a liquidation below the minimum notional, and one larger than the book, where a person’s order is refused', () => {
    const { rules } = perpsOf(t.app);
    const inst = rules.instrument(ETH);
    const plan = (spec: Partial<OrderSpec>) =>
      rules.plan({ source: 'ADVANCED', side: 'SELL', symbol: ETH, orderType: 'MARKET', inputType: 'quantity', timeInForce: 'GOOD_TILL_CANCEL', ...spec } as OrderSpec, inst, { language: 'en', queued: false });
    const liquidation = { reduceOnly: true, reason: 'LIQUIDATION' } as const;
    expect(isEngineClose({ orderType: 'MARKET', ...liquidation })).toBe(true);
    expect(isEngineClose({ orderType: 'MARKET', reduceOnly: true, reason: 'REDUCE_ONLY' })).toBe(false);

    // 0.01 ETH at about 3,000 is about 30 USDT, below the 100 minimum: a person's close is refused, the engine's is not.
    expect(codeOf(() => plan({ quantity: '0.01', reduceOnly: true, reason: 'REDUCE_ONLY' }))).toBe('4205');
    const small = plan({ quantity: '0.01', ...liquidation });
    expect(small.estimate.quantity).toBe('0.01');
    expect(small.walk?.fills.length).toBeGreaterThan(0);

    // More than every bid in the book: a person's order is refused (band / depth); the liquidation walks the whole
    // book and the rest fills at the mark.
    const book = t.app.market.orderBook(ETH);
    const depth = book.bids.reduce((sum, l) => sum.plus(l.quantity), new Decimal(0));
    const huge = depth.plus(1000).toFixed();
    expect(codeOf(() => plan({ quantity: huge, reduceOnly: true, reason: 'REDUCE_ONLY' }))).toMatch(/^(3705|4205)$/);
    const big = plan({ quantity: huge, ...liquidation });
    const fills = big.walk!.fills;
    expect(fills.reduce((sum, f) => sum.plus(f.quantity), new Decimal(0)).toFixed()).toBe(huge);
    expect(fills[fills.length - 1]).toEqual({ price: new Decimal(rules.markPrice(ETH)).toFixed(), quantity: '1000' });
  });

  it('liquidates a position whose notional fell below the minimum: closed, the wallet not negative', async () => {
    data(PerpPositionResponse, await post(PERPS_PATHS.marginMode, { symbol: ETH, marginMode: 'ISOLATED' }));
    // 0.034 ETH at about 3,000: about 102 USDT, just above the minimum; 20x isolated.
    const opened = data(PerpPlaceResponse, await post(PERPS_PATHS.buy, { symbol: ETH, orderType: 'MARKET', quantity: '0.034', leverage: 20 }));
    expect(opened.position).toMatchObject({ side: 'LONG', quantity: '0.034', marginMode: 'ISOLATED' });
    const liquidationPrice = new Decimal(opened.position!.liquidationPrice!);

    // Below the liquidation price the position is worth about 95 USDT: a close by the person would be refused (4205).
    t.app.market.steer(ETH, { price: '2800' });
    const mark = new Decimal(t.app.market.ticker(ETH).markPrice as string);
    expect(mark.lt(liquidationPrice)).toBe(true);
    expect(mark.times('0.034').lt(100)).toBe(true);
    expect(code(await post(PERPS_PATHS.close, { symbol: ETH }))).toBe('4205');

    await perpsOf(t.app).watcher.tick();
    expect(data(PerpPositionsResponse, await get(PERPS_PATHS.positions)).items).toEqual([]);
    const history = data(PerpOrderList, await get(PERPS_PATHS.orders, { scope: 'history', symbol: ETH }));
    expect(history.items.find((o) => o.reason === 'LIQUIDATION')).toMatchObject({ status: 'SUCCESS', side: 'SELL', filledQuantity: '0.034' });
    const notices = data(NotificationPage, await get(`${ACCOUNT_PATHS.notifications}?size=20`)).items.map((n) => n.type);
    expect(notices).toContain('ACCOUNT_LIQUIDATION');
    const wallet = await t.app.ledger.balance(perpAccount(user.userId));
    expect(new Decimal(wallet.balance).gte(0)).toBe(true);
    expect(new Decimal(wallet.held).toFixed()).toBe('0');
    await expectAuditClean(t.app);
  });
});
