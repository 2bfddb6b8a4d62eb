// What the perps tests share: a person's request headers (English, a fresh request id), the
// notification titles of a type, watcher passes, and a verified trader with USDT in the margin
// wallet. The app is read lazily: test files create it in beforeAll.
import { randomUUID } from 'node:crypto';
import { ACCOUNT_PATHS } from '@pasar/shared/contract';
import type { PasarApp } from '../../app';
import type { TestUser } from '../../testing/auth-fixture';
import { fund, verifiedUser } from '../fx-wallet/test-support';
import { perpsOf } from './index';
import { perpAccount } from './rules';

export function perpsTestKit(app: () => PasarApp) {
  const headers = (u: TestUser) => ({ ...u.headers, 'x-language-code': 'en', 'x-request-id': randomUUID() });
  return {
    headers,
    /** The titles of the person's notifications of `type`, newest first. */
    notices: async (u: TestUser, type: string) => {
      const r = await app().inject({ method: 'GET', url: ACCOUNT_PATHS.notifications, headers: headers(u) });
      return (r.json() as { data: { items: { type: string; title: string }[] } }).data.items.filter((n) => n.type === type).map((n) => n.title);
    },
    /** `n` passes of the perps watcher (marks, liquidations, notices). */
    ticks: async (n: number) => {
      for (let i = 0; i < n; i += 1) await perpsOf(app()).watcher.tick();
    },
    /** A verified person with `amount` USDT in the perps margin wallet. */
    trader: async (amount = '1000') => {
      const user = await verifiedUser(app(), 'kyc');
      await fund(app(), perpAccount(user.userId), amount, 'FX');
      return user;
    },
  };
}
