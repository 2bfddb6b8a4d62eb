import { randomUUID } from 'node:crypto';
import {
  CryptoFuturesPortfolio,
  ErrorEnvelope,
  MarketPositionHistoryResponse,
  PERPS_PATHS,
  PerpCloseEstimate,
  PerpPlaceResponse,
  PerpPositionResponse,
  PerpPositionsResponse,
  PORTFOLIO_PATHS,
  successEnvelope,
} from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import type { TestUser } from '../../testing/auth-fixture';
import { fund, SETUP_TIMEOUT_MS, verifiedUser } from '../fx-wallet/test-support';
import { perpsOf } from './index';
import { perpAccount } from './rules';

const ETH = 'ETHUSDT-PERP';
const ENV = { KYC_AUTO_APPROVE_SECONDS: 'off', CRYPTO_MATCH_INTERVAL_MS: '0', MARGIN_WATCH_INTERVAL_MS: '0' };

describe('perp positions: isolated margin, TP/SL, close, portfolio', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    await t.app.market.clock.set(Date.parse('2026-11-23T10:00:00Z'), { frozen: true });
    t.app.market.steer(ETH, { price: '3000' });
    user = await verifiedUser(t.app, 'kyc');
    await fund(t.app, perpAccount(user.userId), '2000', 'FX');
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const headers = (id: string = randomUUID()) => ({ ...user.headers, 'x-language-code': 'id', 'x-request-id': id });
  const get = (url: string, query?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers: headers(), ...(query ? { query } : {}) });
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: headers() });
  const data = <S extends z.ZodType>(schema: S, r: { statusCode: number; json(): unknown }): z.infer<S> => {
    if (r.statusCode !== 200) throw new Error(`expected 200, got ${r.statusCode}: ${JSON.stringify(r.json())}`);
    return (successEnvelope(schema).parse(r.json()) as { data: z.infer<S> }).data;
  };
  const code = (r: { json(): unknown }) => ErrorEnvelope.parse(r.json()).error_code;
  const held = async () => new Decimal((await t.app.ledger.balance(perpAccount(user.userId))).held).toFixed();

  it('refuses what needs a position when there is none (4206), a price off the tick (4211), in Indonesian', async () => {
    const none = await post(PERPS_PATHS.tpsl, { symbol: ETH, takeProfit: '3300' });
    expect(code(none)).toBe('4206');
    expect(ErrorEnvelope.parse(none.json()).error_message).toBe('Tidak ada posisi terbuka untuk simbol ini');
    expect(code(await post(PERPS_PATHS.close, { symbol: ETH }))).toBe('4206');
    expect(code(await post(PERPS_PATHS.buy, { symbol: ETH, orderType: 'LIMIT', quantity: '0.1', limitPrice: '3000.001' }))).toBe('4211');
  });

  it('opens an isolated short, adds and removes margin within what the position allows', async () => {
    data(PerpPositionResponse, await post(PERPS_PATHS.marginMode, { symbol: ETH, marginMode: 'ISOLATED' }));
    const placed = data(PerpPlaceResponse, await post(PERPS_PATHS.sell, { symbol: ETH, orderType: 'MARKET', quantity: '1', leverage: 20 }));
    const pos = placed.position!;
    expect(pos).toMatchObject({ side: 'SHORT', marginMode: 'ISOLATED', leverage: 20 });
    expect(code(await post(PERPS_PATHS.marginMode, { symbol: ETH, marginMode: 'CROSS' }))).toBe('4207');
    const added = data(PerpPositionResponse, await post(PERPS_PATHS.positionMargin, { symbol: ETH, direction: 'ADD', amount: '50' }));
    expect(new Decimal(added.position!.margin).minus(pos.margin).toFixed()).toBe('50');
    expect(await held()).toBe(new Decimal(added.position!.margin).toFixed());
    // The liquidation price of a short moves up with more margin.
    expect(Number(added.position!.liquidationPrice)).toBeGreaterThan(Number(pos.liquidationPrice));
    expect(code(await post(PERPS_PATHS.positionMargin, { symbol: ETH, direction: 'REMOVE', amount: '1000' }))).toBe('4208');
    // What may leave is the margin above the IM at the mark (a little above the IM at the fill).
    const removed = data(PerpPositionResponse, await post(PERPS_PATHS.positionMargin, { symbol: ETH, direction: 'REMOVE', amount: '40' }));
    expect(new Decimal(removed.position!.margin).minus(pos.margin).toFixed()).toBe('10');
    expect(await held()).toBe(new Decimal(removed.position!.margin).toFixed());
  });

  it('refuses a TP/SL on the wrong side of the mark (4209), then closes the short at its take-profit on the mark', async () => {
    expect(code(await post(PERPS_PATHS.tpsl, { symbol: ETH, takeProfit: '3100' }))).toBe('4209');
    expect(code(await post(PERPS_PATHS.tpsl, { symbol: ETH, stopLoss: '2900' }))).toBe('4209');
    const set = data(PerpPositionResponse, await post(PERPS_PATHS.tpsl, { symbol: ETH, takeProfit: '2850', stopLoss: '3150' }));
    expect(set.position).toMatchObject({ takeProfit: '2850', stopLoss: '3150' });
    const walletBefore = new Decimal((await t.app.ledger.balance(perpAccount(user.userId))).balance);
    t.app.market.steer(ETH, { price: '2840' });
    await perpsOf(t.app).watcher.tick();
    const after = data(PerpPositionsResponse, await get(PERPS_PATHS.positions));
    expect(after.items).toHaveLength(0);
    expect(await held()).toBe('0');
    // A short from about 3,000 closed at about 2,840: a gain of about 160 less fees.
    const gained = new Decimal((await t.app.ledger.balance(perpAccount(user.userId))).balance).minus(walletBefore);
    expect(gained.gt(140) && gained.lt(175)).toBe(true);
  });

  it('estimates and closes half a long; the rest stays; the portfolio adds it up with the closed short', async () => {
    t.app.market.steer(ETH, { price: '3000' });
    data(PerpPlaceResponse, await post(PERPS_PATHS.buy, { symbol: ETH, orderType: 'MARKET', quantity: '2', leverage: 10 }));
    t.app.market.steer(ETH, { price: '3100' });
    const est = data(PerpCloseEstimate, await get(PERPS_PATHS.closeEstimate, { symbol: ETH, quantity: '1' }));
    expect(est.side).toBe('SELL');
    expect(Number(est.realizedPnl)).toBeGreaterThan(80);
    expect(code(await post(PERPS_PATHS.close, { symbol: ETH, quantity: '3' }))).toBe('4201');
    const closed = data(PerpPlaceResponse, await post(PERPS_PATHS.close, { symbol: ETH, quantity: '1' }));
    expect(closed.order.status).toBe('SUCCESS');
    expect(closed.position).toMatchObject({ side: 'LONG', quantity: '1' });
    expect(new Decimal(closed.position!.realizedPnl).toFixed()).toBe(new Decimal(est.realizedPnl).toFixed());
    const portfolio = data(CryptoFuturesPortfolio, await get(PERPS_PATHS.portfolio));
    expect(portfolio.positions).toHaveLength(1);
    expect(new Decimal(portfolio.marginBalance).toFixed()).toBe(new Decimal(portfolio.balance.walletBalance).plus(portfolio.balance.unrealizedPnl).toFixed());
    // The totals cover the short closed at its take-profit as well as the open long: every fill's
    // realized P&L (its ledger memo) and fee, as the position history lists them.
    const fills = data(MarketPositionHistoryResponse, await get(PORTFOLIO_PATHS.positionHistory, { assetType: 'PERPS', size: '100' })).items;
    expect(fills).toHaveLength(4);
    const total = (pick: (f: (typeof fills)[number]) => string) => fills.reduce((sum, f) => sum.plus(pick(f)), new Decimal(0)).toFixed();
    expect(new Decimal(portfolio.totalRealizedPnl).toFixed()).toBe(total((f) => f.realizedPnl ?? '0'));
    expect(new Decimal(portfolio.totalFeesPaid).toFixed()).toBe(total((f) => f.fee));
    expect(new Decimal(portfolio.totalRealizedPnl).gt(closed.position!.realizedPnl)).toBe(true);
    expect(portfolio.totalFundingPaid).toBe('0');
    const audit = await t.app.ledger.audit();
    expect({ negative: audit.negativeUserAccounts, held: audit.heldMismatch }).toEqual({ negative: 0, held: 0 });
  });

  it('a flip through zero ends the long and starts the short from nothing; the totals count each fill once', async () => {
    // The long of 1 left by the last case is sold through zero into a short of 1.
    t.app.market.steer(ETH, { price: '3100' });
    const flipped = data(PerpPlaceResponse, await post(PERPS_PATHS.sell, { symbol: ETH, orderType: 'MARKET', quantity: '2', leverage: 10 }));
    expect(flipped.position).toMatchObject({ side: 'SHORT', quantity: '1' });
    expect(new Decimal(flipped.position!.realizedPnl).toFixed()).toBe('0');
    t.app.market.steer(ETH, { price: '3050' });
    const closed = data(PerpPlaceResponse, await post(PERPS_PATHS.close, { symbol: ETH }));
    expect(closed.position).toBeNull();
    const fills = data(MarketPositionHistoryResponse, await get(PORTFOLIO_PATHS.positionHistory, { assetType: 'PERPS', size: '100' })).items;
    expect(fills).toHaveLength(6);
    const portfolio = data(CryptoFuturesPortfolio, await get(PERPS_PATHS.portfolio));
    expect(portfolio.positions).toHaveLength(0);
    const total = (pick: (f: (typeof fills)[number]) => string) => fills.reduce((sum, f) => sum.plus(pick(f)), new Decimal(0)).toFixed();
    expect(new Decimal(portfolio.totalRealizedPnl).toFixed()).toBe(total((f) => f.realizedPnl ?? '0'));
    expect(new Decimal(portfolio.totalFeesPaid).toFixed()).toBe(total((f) => f.fee));
  });
});
