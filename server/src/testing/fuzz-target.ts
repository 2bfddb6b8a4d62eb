// The app as the fuzzer's target, through app.inject: as a guest, as a verified user with Rupiah
// and a bank account, or as the operator. The user is made again whenever a fuzzed call has
// ended its session (a logout, a PIN changed or blocked). Real symbols, ids and the user's PIN
// are handed to the generator so that many inputs get past validation into the services.
import type { PasarApp } from '../app';
import { ADMIN_TOKEN_HEADER } from '../plugins/admin-auth';
import { operationsOf, type Examples, type FuzzTarget, type OpenApiDocument, type Operation } from '../http/fuzz';
import { addBankAccount, fund, verifiedUser } from '../modules/wallet/test-support';
import type { TestUser } from './auth-fixture';

export interface AppFuzzTarget extends FuzzTarget {
  operations(): Promise<Operation[]>;
  /** Real values for an operation's fields: the symbols of its own market, the user's PIN and bank account. */
  examples(): Promise<(op: Operation) => Examples>;
}

/** The market whose symbols an operation takes, by its path. */
const MARKET_OF_PATH: readonly (readonly [string, string])[] = [
  ['/api/crypto/', 'crypto'],
  ['/api/perp/', 'perps'],
  ['/api/global-stock/', 'usstock'],
  ['/api/usstock/', 'usstock'],
  ['/api/idss/', 'idx'],
];

async function preparedUser(app: PasarApp): Promise<{ user: TestUser; bankAccountId: string }> {
  const user = await verifiedUser(app);
  const bankAccountId = await addBankAccount(app, user);
  await fund(app, user, '50000000');
  // The crypto trading terms accepted, so orders reach the engine instead of stopping at 403.
  const accepted = await app.inject({ method: 'POST', url: '/api/user/bappebti-tnc', headers: { ...user.headers, 'x-request-id': `fuzz-terms-${user.userId}` }, remoteAddress: user.ip });
  if (accepted.statusCode !== 200) throw new Error(`accepting the trading terms answered ${accepted.statusCode}: ${accepted.body}`);
  return { user, bankAccountId };
}

export async function appFuzzTarget(app: PasarApp): Promise<AppFuzzTarget> {
  let { user, bankAccountId } = await preparedUser(app);
  const get = async (url: string) => (await app.inject({ method: 'GET', url, headers: user.headers, remoteAddress: user.ip })).json() as { data: unknown };
  return {
    async operations() {
      return operationsOf((await get('/api/openapi.json')) as unknown as OpenApiDocument);
    },
    async examples() {
      const instruments = ((await get('/api/market/instruments')).data as { items: { symbol: string; id: number; kind: string }[] }).items;
      const today = new Date().toISOString().slice(0, 10);
      return (op) => {
        const kind = MARKET_OF_PATH.find(([prefix]) => op.path.startsWith(prefix))?.[1];
        const own = instruments.filter((i) => kind === undefined || i.kind === kind);
        const symbols = own.map((i) => i.symbol);
        return {
          symbol: symbols,
          symbols: [symbols.slice(0, 3), symbols.slice(0, 1)],
          stockId: own.map((i) => i.id),
          bankAccountId: [bankAccountId],
          pin: [user.pin],
          from: [today, '2026-01-02'],
          to: [today, '2026-12-31'],
          amount: ['100000', '15000', '1', '0.5', '2000000000'],
          quantity: ['1', '0.001', '100', '10000000'],
          limitPrice: ['1', '15000', '65000.5'],
          stopPrice: ['1', '15000', '65000.5'],
          phone: [user.phone, '+6281234567890'],
        };
      };
    },
    send(request, requestId) {
      return app.inject({
        method: request.method as 'GET',
        url: request.url,
        remoteAddress: request.remoteAddress,
        headers: {
          'x-language-code': 'en',
          ...(request.as === 'user' ? user.headers : {}),
          ...(request.as === 'operator' ? { [ADMIN_TOKEN_HEADER]: app.adminToken } : {}),
          ...(requestId ? { 'x-request-id': requestId } : {}),
          ...(request.contentType ? { 'content-type': request.contentType } : {}),
        },
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      });
    },
    async afterOperation() {
      const me = await app.inject({ method: 'GET', url: '/api/user/me', headers: user.headers, remoteAddress: user.ip });
      if (me.statusCode !== 200) ({ user, bankAccountId } = await preparedUser(app));
    },
  };
}
