// The race: a hundred transfers spending one IDR balance at once, through two app
// instances on one database (on PostgreSQL each with its own connection pool; on PGlite the same
// requests interleave on its one connection and must give the same counts).
import { Writable } from 'node:stream';
import { FX_WALLET_PATHS, StockTransferResult } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { buildApp, type PasarApp } from '../../app';
import { createDatabase } from '../../db/database';
import { createTestApp, type TestApp, TEST_PLUGIN_TIMEOUT_MS } from '../../testing/app-fixture';
import type { TestUser } from '../../testing/auth-fixture';
import { balanceOf, cash, dataOf, errorCodeOf, expectAuditClean, fund, paln, SETUP_TIMEOUT_MS, verifiedUser } from './test-support';

describe('concurrent IDR -> USD transfers from one balance', () => {
  let t: TestApp;
  let other: PasarApp;
  let closeOther: () => Promise<void> = async () => {};
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ env: { KYC_AUTO_APPROVE_SECONDS: 'off' } });
    if (t.testDatabase.database.kind === 'postgres') {
      const database = await createDatabase(t.testDatabase.config);
      const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
      other = buildApp(t.config, { database, logStream: quiet, pluginTimeoutMs: TEST_PLUGIN_TIMEOUT_MS });
      await other.ready();
      closeOther = async () => {
        await other.close();
        await database.close();
      };
    } else {
      other = await t.sibling({ KYC_AUTO_APPROVE_SECONDS: 'off' });
    }
    user = await verifiedUser(t.app, 'gss');
    await fund(t.app, cash(user.userId), '1000000');
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await closeOther();
    await t.close();
  });

  it('exactly as many succeed as the balance allows, the rest get 1115, nothing goes negative', async () => {
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        (i % 2 === 0 ? t.app : other).inject({
          method: 'POST',
          url: FX_WALLET_PATHS.stockTransfer,
          payload: { wallet: 'paln', direction: 'TO_USD', amount: '15000' },
          headers: { ...user.headers, 'x-request-id': `race-${i}` },
        }),
      ),
    );
    const succeeded = responses.filter((r) => r.statusCode === 200).map((r) => dataOf(StockTransferResult, r));
    const refused = responses.filter((r) => r.statusCode !== 200).map(errorCodeOf);
    // floor(1,000,000 / 15,000) = 66.
    expect({ succeeded: succeeded.length, refused: refused.length, codes: [...new Set(refused)] }).toEqual({ succeeded: 66, refused: 34, codes: ['1115'] });
    expect(new Set(succeeded.map((s) => s.transferId)).size).toBe(66);
    expect((await balanceOf(t.app, cash(user.userId))).toFixed()).toBe('10000');
    const usd = succeeded.reduce((sum, s) => sum.plus(s.usdAmount), new Decimal(0));
    expect((await balanceOf(other, paln(user.userId))).toFixed(2)).toBe(usd.toFixed(2));
    await expectAuditClean(t.app);
  });
});
