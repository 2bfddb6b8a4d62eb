// Watchlists on the real app: custom lists of every market's symbols, rename, reorder, delete, the
// limits (1158) with nothing changed, predefined lists for guests, asset suggestions (1156/1157)
// and the operator's list, and another user's ids answering 404 on every route.
import { type AssetSuggestion, type PredefinedWatchlistsResponse, type Watchlist, type WatchlistsResponse } from '@pasar/shared/contract';
import type { AdminClient } from '../../admin/command';
import suggestionsCommand from '../../admin/commands/suggestions';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { signUpTestUser, type TestUser } from '../../testing/auth-fixture';
import { call, dataOf, errorCodeOf, SETUP_TIMEOUT_MS, TEST_ENV } from '../price-alerts/test-support';

describe('watchlists', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ env: TEST_ENV });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());
  beforeEach(async () => {
    user = await signUpTestUser(t.app);
  });

  const lists = async (u: TestUser = user) => dataOf<WatchlistsResponse>(await call(t.app, u, 'GET', '/api/watchlists'));
  const make = async (name: string, symbols?: string[]) => dataOf<Watchlist>(await call(t.app, user, 'POST', '/api/watchlists', { name, ...(symbols ? { symbols } : {}) }));
  const symbolsOf = (list: Watchlist) => list.items.map((i) => i.symbol);

  it('makes a list with a crypto pair and a US stock, renames it, adds, reorders and removes symbols', async () => {
    const list = await make('Favorit', ['BTC-IDR', 'aapl']);
    expect(list.items).toEqual([
      expect.objectContaining({ symbol: 'BTC-IDR', assetType: 'CRYPTO' }),
      expect.objectContaining({ symbol: 'AAPL', assetType: 'USSTOCK' }),
    ]);
    const renamed = dataOf<Watchlist>(await call(t.app, user, 'PATCH', `/api/watchlists/${list.id}`, { name: 'Utama' }));
    expect(renamed.name).toBe('Utama');
    const added = dataOf<Watchlist>(await call(t.app, user, 'POST', `/api/watchlists/${list.id}/symbols`, { symbol: 'ETH-IDR' }));
    expect(symbolsOf(added)).toEqual(['BTC-IDR', 'AAPL', 'ETH-IDR']);
    const again = dataOf<Watchlist>(await call(t.app, user, 'POST', `/api/watchlists/${list.id}/symbols`, { symbol: 'ETH-IDR' }));
    expect(symbolsOf(again)).toEqual(['BTC-IDR', 'AAPL', 'ETH-IDR']);
    const reordered = dataOf<Watchlist>(await call(t.app, user, 'PUT', `/api/watchlists/${list.id}/symbols/order`, { symbols: ['ETH-IDR', 'BTC-IDR', 'AAPL'] }));
    expect(symbolsOf(reordered)).toEqual(['ETH-IDR', 'BTC-IDR', 'AAPL']);
    const removed = dataOf<Watchlist>(await call(t.app, user, 'DELETE', `/api/watchlists/${list.id}/symbols/BTC-IDR`));
    expect(symbolsOf(removed)).toEqual(['ETH-IDR', 'AAPL']);
    const second = await make('Kedua');
    const order = dataOf<WatchlistsResponse>(await call(t.app, user, 'PUT', '/api/watchlists/order', { ids: [second.id, list.id] }));
    expect(order.items.map((l) => l.name)).toEqual(['Kedua', 'Utama']);
    expect(dataOf(await call(t.app, user, 'DELETE', `/api/watchlists/${second.id}`))).toEqual({ deleted: true });
    expect((await lists()).items.map((l) => l.id)).toEqual([list.id]);
  });

  it('refuses bad input with nothing changed: an unknown symbol, a reorder that is not the list, an empty name', async () => {
    const list = await make('A', ['BTC-IDR']);
    expect(errorCodeOf(await call(t.app, user, 'POST', `/api/watchlists/${list.id}/symbols`, { symbol: 'NOPE-IDR' }))).toBe('002');
    expect(errorCodeOf(await call(t.app, user, 'POST', '/api/watchlists', { name: 'B', symbols: ['NOPE'] }))).toBe('002');
    expect(errorCodeOf(await call(t.app, user, 'PUT', `/api/watchlists/${list.id}/symbols/order`, { symbols: ['ETH-IDR'] }))).toBe('002');
    expect(errorCodeOf(await call(t.app, user, 'PATCH', `/api/watchlists/${list.id}`, { name: '  ' }))).toBe('002');
    expect((await lists()).items).toEqual([expect.objectContaining({ id: list.id, name: 'A', items: [expect.objectContaining({ symbol: 'BTC-IDR' })] })]);
  });

  it('refuses a list past the list limit and a symbol past the symbol limit (1158), changing nothing', async () => {
    const { limits } = await lists();
    expect(limits).toEqual({ maxWatchlists: 4, maxSymbolsPerWatchlist: 6 }); // TEST_ENV's WATCHLIST_MAX_LISTS, WATCHLIST_MAX_SYMBOLS
    const symbols = t.app.market.instruments().map((i) => i.symbol);
    // A new list with one symbol too many (while lists are still allowed): 1158, no list made.
    const crowded = await call(t.app, user, 'POST', '/api/watchlists', { name: 'x', symbols: symbols.slice(0, limits.maxSymbolsPerWatchlist + 1) });
    expect(errorCodeOf(crowded)).toBe('1158');
    expect((await lists()).items).toEqual([]);

    for (let i = 0; i < limits.maxWatchlists; i++) await make(`L${i}`);
    expect(errorCodeOf(await call(t.app, user, 'POST', '/api/watchlists', { name: 'one too many' }))).toBe('1158');
    expect((await lists()).items).toHaveLength(limits.maxWatchlists);

    const full = (await lists()).items[0]!;
    for (const symbol of symbols.slice(0, limits.maxSymbolsPerWatchlist)) await call(t.app, user, 'POST', `/api/watchlists/${full.id}/symbols`, { symbol });
    const refused = await call(t.app, user, 'POST', `/api/watchlists/${full.id}/symbols`, { symbol: symbols[limits.maxSymbolsPerWatchlist] });
    expect(errorCodeOf(refused)).toBe('1158');
    const after = dataOf<Watchlist>(await call(t.app, user, 'GET', `/api/watchlists/${full.id}`));
    expect(after.items).toHaveLength(limits.maxSymbolsPerWatchlist);
  });

  it("answers 404 (003) for another user's list on every route and changes nothing", async () => {
    const list = await make('Mine', ['BTC-IDR', 'AAPL']);
    const second = await make('Second');
    const stranger = await signUpTestUser(t.app);
    const strangers = dataOf<Watchlist>(await call(t.app, stranger, 'POST', '/api/watchlists', { name: 'Own' }));
    const base = `/api/watchlists/${list.id}`;
    const routes = [
      ['GET', base, undefined],
      ['PATCH', base, { name: 'Theirs' }],
      ['DELETE', base, undefined],
      ['POST', `${base}/symbols`, { symbol: 'ETH-IDR' }],
      ['POST', `${base}/symbols`, { symbol: 'NOPE-IDR' }],
      ['PUT', `${base}/symbols/order`, { symbols: ['AAPL', 'BTC-IDR'] }],
      ['PUT', `${base}/symbols/order`, { symbols: ['NOPE'] }],
      ['DELETE', `${base}/symbols/BTC-IDR`, undefined],
      // The order of lists naming someone else's list, alone or among the stranger's own.
      ['PUT', '/api/watchlists/order', { ids: [list.id] }],
      ['PUT', '/api/watchlists/order', { ids: [list.id, strangers.id] }],
      ['PUT', '/api/watchlists/order', { ids: [strangers.id, second.id, list.id] }],
    ] as const;
    for (const [method, url, body] of routes) {
      const answer = await call(t.app, stranger, method, url, body);
      expect({ url, method, body, status: answer.statusCode, code: errorCodeOf(answer) }).toEqual({ url, method, body, status: 404, code: '003' });
      expect(answer.body).not.toContain('Mine');
      expect(answer.body).not.toContain(list.id);
    }
    // The owner's lists, their order and symbols are as they were; the stranger's list too.
    expect((await lists()).items).toEqual([
      expect.objectContaining({ id: list.id, name: 'Mine', items: [expect.objectContaining({ symbol: 'BTC-IDR' }), expect.objectContaining({ symbol: 'AAPL' })] }),
      expect.objectContaining({ id: second.id, name: 'Second', items: [] }),
    ]);
    expect((await lists(stranger)).items).toEqual([expect.objectContaining({ id: strangers.id, name: 'Own', items: [] })]);
    // The owner's own reorder still works, and a reorder that leaves out one of the own lists is 002.
    expect(errorCodeOf(await call(t.app, user, 'PUT', '/api/watchlists/order', { ids: [list.id] }))).toBe('002');
    const reordered = dataOf<WatchlistsResponse>(await call(t.app, user, 'PUT', '/api/watchlists/order', { ids: [second.id, list.id] }));
    expect(reordered.items.map((l) => l.id)).toEqual([second.id, list.id]);
    expect((await call(t.app, null, 'GET', '/api/watchlists')).statusCode).toBe(401);
  });

  it('refuses an asset suggestion past the per-user limit (1157) and keeps the ones already sent', async () => {
    expect(t.config.alerts.maxSuggestionsPerUser).toBe(3); // TEST_ENV's ASSET_SUGGESTION_MAX_PER_USER
    const names = ['Koin Satu', 'Koin Dua', 'Koin Tiga'];
    for (const name of names) dataOf<AssetSuggestion>(await call(t.app, user, 'POST', '/api/asset-suggestions', { name }));
    const refused = await call(t.app, user, 'POST', '/api/asset-suggestions', { name: 'Koin Empat' });
    expect(refused.statusCode).toBe(400);
    expect(errorCodeOf(refused)).toBe('1157');
    // Over the limit a repeated name is still a duplicate (1156), not a second refusal kind.
    expect(errorCodeOf(await call(t.app, user, 'POST', '/api/asset-suggestions', { name: 'koin satu' }))).toBe('1156');
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/asset-suggestions', headers: { 'x-admin-token': t.app.adminToken ?? '' } });
    const all = dataOf<{ items: AssetSuggestion[] }>(listed).items.map((i) => i.name);
    expect(all.filter((n) => n.startsWith('Koin '))).toEqual(expect.arrayContaining(names));
    expect(all).not.toContain('Koin Empat');
    // Another person still may suggest.
    const other = await signUpTestUser(t.app);
    expect(dataOf<AssetSuggestion>(await call(t.app, other, 'POST', '/api/asset-suggestions', { name: 'Koin Empat' }))).toMatchObject({ name: 'Koin Empat' });
  });

  it('serves predefined lists per market to guests: gainers rise, losers fall, each at most 10', async () => {
    // A frozen market clock: the lists and the tickers checked against them are of one instant.
    await t.app.market.clock.set(t.app.market.now(), { frozen: true });
    const { items } = dataOf<PredefinedWatchlistsResponse>(await call(t.app, null, 'GET', '/api/watchlists/predefined?assetType=CRYPTO'));
    expect(items.map((l) => l.kind)).toEqual(['TOP_GAINERS', 'TOP_LOSERS', 'MOST_TRADED', 'NEW_LISTINGS']);
    for (const list of items) {
      expect(list.assetType).toBe('CRYPTO');
      expect(list.items.length).toBeLessThanOrEqual(10);
    }
    const change = (symbol: string) => Number(t.app.market.ticker(symbol).changePercent24h);
    for (const item of items[0]!.items) expect(change(item.symbol)).toBeGreaterThan(0);
    for (const item of items[1]!.items) expect(change(item.symbol)).toBeLessThan(0);
    expect(items[2]!.items.length).toBeGreaterThan(0);
    const us = dataOf<PredefinedWatchlistsResponse>(await call(t.app, null, 'GET', '/api/watchlists/predefined?assetType=USSTOCK'));
    expect(us.items.map((l) => [l.kind, l.assetType])).toEqual(items.map((l) => [l.kind, 'USSTOCK']));
    expect(us.items[2]!.items.length).toBeGreaterThan(0);
    await t.app.market.clock.clear();
  });

  it('takes an asset suggestion once (1156 again), refuses a listed asset (1157), and the operator lists them', async () => {
    const made = dataOf<AssetSuggestion>(await call(t.app, user, 'POST', '/api/asset-suggestions', { name: 'Pasar Koin Baru', assetType: 'CRYPTO' }));
    expect(made).toMatchObject({ name: 'Pasar Koin Baru', assetType: 'CRYPTO' });
    expect(errorCodeOf(await call(t.app, user, 'POST', '/api/asset-suggestions', { name: '  pasar   koin baru ' }))).toBe('1156');
    expect(errorCodeOf(await call(t.app, user, 'POST', '/api/asset-suggestions', { name: 'AAPL' }))).toBe('1157');
    const other = await signUpTestUser(t.app);
    dataOf(await call(t.app, other, 'POST', '/api/asset-suggestions', { name: 'PASAR KOIN BARU' }));
    const token = t.app.adminToken;
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/asset-suggestions', headers: { 'x-admin-token': token ?? '' } });
    const items = dataOf<{ items: (AssetSuggestion & { askers: number })[] }>(listed).items;
    expect(items.filter((i) => i.name.toLowerCase() === 'pasar koin baru').map((i) => i.askers)).toEqual([2, 2]);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/asset-suggestions' })).statusCode).toBe(401);
    // The operator command over the same route.
    const client: AdminClient = {
      get: async <T>(path: string) => dataOf<T>(await t.app.inject({ method: 'GET', url: path, headers: { 'x-admin-token': token ?? '' } })),
      post: () => Promise.reject(new Error('not used')),
    };
    const lines: string[] = [];
    await suggestionsCommand.run(['list'], client, (line) => lines.push(line));
    expect(lines.filter((l) => /pasar koin baru/i.test(l))).toEqual([expect.stringContaining('(asked by 2)'), expect.stringContaining('(asked by 2)')]);
    await expect(suggestionsCommand.run(['drop'], client, () => undefined)).rejects.toThrow('unknown verb');
  });
});
