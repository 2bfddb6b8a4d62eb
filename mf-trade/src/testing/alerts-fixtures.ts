// In-memory watchlist and price alert routes over the test API client: they keep state like the
// server (every answer is what the server would now hold), and refuse like it (1158 at the limit,
// 1156 a name already suggested, 1157 a listed asset or over the suggestion limit, 4101 off the
// tick, 4102 at the current price).
import { type AssetSuggestion, type PriceAlert, type Watchlist } from '@pasar/shared';
import { PRICE_ALERT_PATHS } from '@pasar/shared/contract/price-alerts-paths';
import { WATCHLIST_PATHS } from '@pasar/shared/contract/watchlists-paths';
import { errorMessage } from '@pasar/shared/contract';
import type { TestApiClient, TestReply, TestRequest } from '@pasar/shared/testing';
import { INSTRUMENTS } from './market-fixtures';

const ok = (data: unknown): TestReply => ({ body: { status: 'success', data } });
const refused = (code: string, message: string, status = 400): TestReply => ({ status, body: { status: 'error', error_code: code, error_message: message } });
const AT = '2026-11-25T10:00:00.000Z';
/** A refusal in the catalogue's words, in the language the client asked for (as the server localizes). */
const refusedIn = (request: TestRequest, code: string): TestReply =>
  refused(code, errorMessage(code, request.headers['x-language-code'] === 'en' ? 'en' : 'id'));

export interface AlertsServer {
  lists: Watchlist[];
  alerts: PriceAlert[];
  suggestions: AssetSuggestion[];
}

export function mockWatchlists(api: TestApiClient, { maxSymbols = 50, maxLists = 10, maxSuggestions = 20 } = {}): AlertsServer {
  const server: AlertsServer = { lists: [], alerts: [], suggestions: [] };
  let next = 1;
  const find = (id: string) => server.lists.find((l) => l.id === id);
  const item = (symbol: string) => {
    const known = INSTRUMENTS.find((i) => i.symbol === symbol);
    return known ? { symbol, assetType: known.assetType, assetId: known.id, name: known.name, addedAt: AT } : null;
  };
  api
    .on('GET', WATCHLIST_PATHS.watchlists, () => ok({ items: server.lists, limits: { maxWatchlists: maxLists, maxSymbolsPerWatchlist: maxSymbols } }))
    .on('POST', WATCHLIST_PATHS.watchlists, (request) => {
      if (server.lists.length >= maxLists) return refused('1158', 'Watchlist limit reached');
      const body = request.body as { name: string; symbols?: string[] };
      const list: Watchlist = { id: `w${next++}`, name: body.name, items: (body.symbols ?? []).map((s) => item(s)!), createdAt: AT, updatedAt: AT };
      server.lists.push(list);
      return ok(list);
    })
    .on('PATCH', `${WATCHLIST_PATHS.watchlists}/:id`, (request) => {
      const list = find(request.params.id!);
      if (!list) return refused('003', 'Not found', 404);
      list.name = (request.body as { name: string }).name;
      return ok(list);
    })
    .on('DELETE', `${WATCHLIST_PATHS.watchlists}/:id`, (request) => {
      server.lists = server.lists.filter((l) => l.id !== request.params.id);
      return ok({ deleted: true });
    })
    .on('PUT', `${WATCHLIST_PATHS.watchlists}/:id/symbols/order`, (request) => {
      const list = find(request.params.id!)!;
      const symbols = (request.body as { symbols: string[] }).symbols;
      list.items = symbols.map((s) => list.items.find((i) => i.symbol === s)!);
      return ok(list);
    })
    .on('POST', `${WATCHLIST_PATHS.watchlists}/:id/symbols`, (request) => {
      const list = find(request.params.id!);
      if (!list) return refused('003', 'Not found', 404);
      const symbol = (request.body as { symbol: string }).symbol;
      const added = item(symbol);
      if (!added) return refused('002', `Unknown symbol ${symbol}`);
      if (list.items.some((i) => i.symbol === symbol)) return ok(list);
      if (list.items.length >= maxSymbols) return refused('1158', 'Watchlist limit reached');
      list.items = [...list.items, added];
      return ok(list);
    })
    .on('DELETE', `${WATCHLIST_PATHS.watchlists}/:id/symbols/:symbol`, (request) => {
      const list = find(request.params.id!)!;
      list.items = list.items.filter((i) => i.symbol !== request.params.symbol);
      return ok(list);
    })
    .on('PUT', WATCHLIST_PATHS.order, (request) => {
      const ids = (request.body as { ids: string[] }).ids;
      server.lists = ids.map((id) => find(id)!);
      return ok({ items: server.lists, limits: { maxWatchlists: maxLists, maxSymbolsPerWatchlist: maxSymbols } });
    })
    .on('POST', WATCHLIST_PATHS.assetSuggestions, (request) => {
      const body = request.body as { name: string; assetType?: AssetSuggestion['assetType']; note?: string };
      const key = body.name.trim().toLowerCase();
      if (INSTRUMENTS.some((i) => i.symbol.toLowerCase() === key || i.name.toLowerCase() === key)) return refusedIn(request, '1157');
      if (server.suggestions.some((s) => s.name.toLowerCase() === key)) return refusedIn(request, '1156');
      if (server.suggestions.length >= maxSuggestions) return refusedIn(request, '1157');
      const suggestion: AssetSuggestion = { id: `s${next++}`, name: body.name, assetType: body.assetType ?? null, note: body.note ?? null, createdAt: AT };
      server.suggestions.push(suggestion);
      return ok(suggestion);
    })
    .reply('GET', WATCHLIST_PATHS.predefined, { items: [] });
  return server;
}

/** Alerts against a current price per symbol (the tick is the instrument's). */
export function mockPriceAlerts(api: TestApiClient, server: AlertsServer, prices: Record<string, string>): void {
  let next = 1;
  api
    .on('GET', PRICE_ALERT_PATHS.alerts, (request) =>
      ok({ items: server.alerts.filter((a) => !request.query.symbol || a.symbol === request.query.symbol), limits: { maxActive: 100 } }),
    )
    .on('POST', PRICE_ALERT_PATHS.alerts, (request) => {
      const body = request.body as { symbol: string; targetPrice: string; direction?: string; note?: string; repeating?: boolean; createFromChart?: boolean };
      const known = INSTRUMENTS.find((i) => i.symbol === body.symbol)!;
      if (Number(body.targetPrice) % Number(known.tickSize) !== 0) return refused('4101', "The target price must be on the instrument's price step");
      if (Number(body.targetPrice) === Number(prices[body.symbol])) return refused('4102', 'The target price equals the current price');
      const alert: PriceAlert = {
        id: `a${next++}`,
        symbol: body.symbol,
        assetType: known.assetType,
        targetPrice: body.targetPrice,
        direction: (body.direction ?? 'EITHER') as PriceAlert['direction'],
        note: body.note ?? null,
        repeating: body.repeating ?? false,
        createFromChart: body.createFromChart ?? false,
        status: 'ACTIVE',
        priceAtCreation: prices[body.symbol]!,
        triggerCount: 0,
        lastTriggeredAt: null,
        lastTriggeredPrice: null,
        createdAt: AT,
        updatedAt: AT,
      };
      server.alerts.unshift(alert);
      return ok(alert);
    })
    .on('PATCH', `${PRICE_ALERT_PATHS.alerts}/:id`, (request) => {
      const alert = server.alerts.find((a) => a.id === request.params.id);
      if (!alert) return refused('003', 'Not found', 404);
      Object.assign(alert, request.body, { status: 'ACTIVE' });
      return ok(alert);
    })
    .on('DELETE', `${PRICE_ALERT_PATHS.alerts}/:id`, (request) => {
      server.alerts = server.alerts.filter((a) => a.id !== request.params.id);
      return ok({ deleted: true });
    });
}
