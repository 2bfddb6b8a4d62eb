// The engine's "may liquidate now" and "liquidate at the next opportunity" (issue 12, decision 0016):
// a position due for liquidation while its market cannot fill one (a closed US session) is not
// closed at a stale price; the person is told once (ACCOUNT_LIQUIDATION "when the market opens"),
// and the first mark once the market may liquidate closes it — only if still due then. Proven on
// the perps market with its session closed for the test (perps themselves always may liquidate).
import { randomUUID } from 'node:crypto';
import { ACCOUNT_PATHS, PERPS_PATHS, PerpPlaceResponse, PerpPositionsResponse, successEnvelope } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import type { TestUser } from '../../testing/auth-fixture';
import { fund, SETUP_TIMEOUT_MS, verifiedUser } from '../../modules/fx-wallet/test-support';
import { perpsOf } from '../../modules/perps/index';
import { perpAccount } from '../../modules/perps/rules';

const BTC = 'BTCUSDT-PERP';
const ENV = { KYC_AUTO_APPROVE_SECONDS: 'off', CRYPTO_MATCH_INTERVAL_MS: '0', MARGIN_WATCH_INTERVAL_MS: '0' };
/** A Monday 01:00 UTC: no funding falls inside the test. */
const START = Date.parse('2026-11-23T01:00:00Z');

describe('margin engine: liquidation waits for a market that may fill it', () => {
  let t: TestApp;
  let alice: TestUser;
  let marketOpen = false;

  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    await t.app.market.clock.set(START, { frozen: true });
    t.app.market.steer(BTC, { price: '20000' });
    alice = await verifiedUser(t.app, 'kyc');
    await fund(t.app, perpAccount(alice.userId), '1000', 'FX');
    const market = t.app.margin.marketOf('PERPS');
    market.mayLiquidateNow = () => marketOpen;
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const headers = (u: TestUser) => ({ ...u.headers, 'x-language-code': 'en', 'x-request-id': randomUUID() });
  const data = <S extends z.ZodType>(schema: S, r: { statusCode: number; json(): unknown }): z.infer<S> => {
    if (r.statusCode !== 200) throw new Error(`expected 200, got ${r.statusCode}: ${JSON.stringify(r.json())}`);
    return (successEnvelope(schema).parse(r.json()) as { data: z.infer<S> }).data;
  };
  const positions = async () => data(PerpPositionsResponse, await t.app.inject({ method: 'GET', url: PERPS_PATHS.positions, headers: headers(alice) })).items;
  const liquidationNotes = async () => {
    const r = await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.notifications, headers: headers(alice) });
    return (r.json() as { data: { items: { type: string; title: string }[] } }).data.items.filter((n) => n.type === 'ACCOUNT_LIQUIDATION').map((n) => n.title);
  };
  const ticks = async (n: number) => {
    for (let i = 0; i < n; i += 1) await perpsOf(t.app).watcher.tick();
  };

  it('holds a due liquidation while closed, tells once, skips it if recovered, and liquidates at the next opportunity', async () => {
    const placed = data(PerpPlaceResponse, await t.app.inject({ method: 'POST', url: PERPS_PATHS.buy, payload: { symbol: BTC, orderType: 'MARKET', quantity: '0.1', leverage: 10 }, headers: headers(alice) }));
    const liq = new Decimal(placed.position!.liquidationPrice!);
    const before = await t.app.ledger.balance(perpAccount(alice.userId));

    // Past the liquidation price while the market cannot fill: nothing closes, one notice.
    t.app.market.steer(BTC, { price: liq.times('0.97').toDecimalPlaces(1).toFixed() });
    await ticks(3);
    expect(await positions()).toHaveLength(1);
    expect(await liquidationNotes()).toEqual(['Likuidasi menunggu pasar buka']);
    expect(await t.app.ledger.balance(perpAccount(alice.userId))).toEqual(before);

    // Back above before the open: at the open nothing is liquidated.
    t.app.market.steer(BTC, { price: '20000' });
    marketOpen = true;
    await ticks(2);
    expect(await positions()).toHaveLength(1);
    expect(await liquidationNotes()).toHaveLength(1);

    // Due again while closed (same position version: no second notice), then the next open liquidates.
    marketOpen = false;
    t.app.market.steer(BTC, { price: liq.times('0.97').toDecimalPlaces(1).toFixed() });
    await ticks(2);
    expect(await positions()).toHaveLength(1);
    expect(await liquidationNotes()).toHaveLength(1);
    marketOpen = true;
    await ticks(2);
    expect(await positions()).toHaveLength(0);
    expect(await liquidationNotes()).toEqual(['Posisi dilikuidasi', 'Likuidasi menunggu pasar buka']);
    const after = await t.app.ledger.balance(perpAccount(alice.userId));
    expect(new Decimal(after.balance).gte(0)).toBe(true);
    expect(new Decimal(after.held).toFixed()).toBe('0');
    const audit = await t.app.ledger.audit();
    expect({ negative: audit.negativeUserAccounts, held: audit.heldMismatch, usdt: new Decimal(audit.sums.USDT ?? '0').toFixed() }).toEqual({ negative: 0, held: 0, usdt: '0' });
  });
});
