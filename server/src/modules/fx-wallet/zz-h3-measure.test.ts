import { FX_WALLET_PATHS } from '@pasar/shared/contract';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import type { TestUser } from '../../testing/auth-fixture';
import { cash, fund, SETUP_TIMEOUT_MS, verifiedUser } from './test-support';

describe('measure', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ env: { KYC_AUTO_APPROVE_SECONDS: 'off', LOG_LEVEL: 'warn' } });
    user = await verifiedUser(t.app, 'gss');
    await fund(t.app, cash(user.userId), '100000000');
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());
  it('prints', async () => {
    const send = (i: number, path: string = FX_WALLET_PATHS.stockTransfer) => t.app.inject({ method: 'POST', url: path, payload: { wallet: 'paln', direction: 'TO_USD', amount: '15000' }, headers: { ...user.headers, 'x-request-id': `m-${path.length}-${i}` } });
    for (let i = 0; i < 10; i++) await send(1000 + i);
    const lat: number[] = [];
    let t0 = performance.now();
    for (let i = 0; i < 100; i++) { const s = performance.now(); const r = await send(i); lat.push(performance.now() - s); if (r.statusCode !== 200) throw new Error(r.body); }
    const seq = performance.now() - t0;
    lat.sort((a, b) => a - b);
    t0 = performance.now();
    await Promise.all(Array.from({ length: 100 }, (_, i) => send(500 + i)));
    const conc = performance.now() - t0;
    const g0 = performance.now();
    for (let i = 0; i < 100; i++) await t.app.inject({ method: 'GET', url: FX_WALLET_PATHS.stockBalance, headers: user.headers });
    const gets = performance.now() - g0;
    console.log(JSON.stringify({ db: t.testDatabase.database.kind, seqMs: Math.round(seq), p50: lat[50]!.toFixed(1), p99: lat[98]!.toFixed(1), concurrent100Ms: Math.round(conc), get100Ms: Math.round(gets) }));
  });
});
