// The watchlist module's HTTP routes (paths from the contract, under the /api prefix): validation
// and translation only, the rules are in the service. Custom lists and suggestions need a login;
// the predefined lists do not. Mutations are idempotent on x-request-id (the idempotency plugin).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddWatchlistSymbolRequest,
  AdminAssetSuggestionsResponse,
  AssetSuggestion,
  AssetSuggestionRequest,
  CreateWatchlistRequest,
  DeletedResponse,
  PredefinedWatchlistsQuery,
  PredefinedWatchlistsResponse,
  RenameWatchlistRequest,
  ReorderWatchlistsRequest,
  ReorderWatchlistSymbolsRequest,
  Watchlist,
  WATCHLIST_PATHS,
  WatchlistIdParams,
  WatchlistsResponse,
  WatchlistSymbolParams,
} from '@pasar/shared/contract';
import { apiResponses, ok } from '../../http/envelope';
import { authOf } from '../../plugins/auth';
import type { WatchlistService } from './service';

export interface WatchlistRoutesOptions {
  readonly service: WatchlistService;
}

const local = (path: string): string => path.replace(/^\/api/, '');
const userIdOf = (request: FastifyRequest): string => authOf(request).userId;

export const watchlistRoutes: FastifyPluginAsyncZod<WatchlistRoutesOptions> = async (app, { service }) => {
  const user = { preHandler: [app.requireUser] };
  const tags = ['watchlists'];
  const base = local(WATCHLIST_PATHS.watchlists);
  const oneList = apiResponses({ 200: Watchlist }, [401, 404]);

  app.get(base, { ...user, schema: { tags, summary: "The user's custom watchlists and the limits", response: apiResponses({ 200: WatchlistsResponse }, [401]) } }, async (request) =>
    ok(await service.all(userIdOf(request))),
  );
  app.post(
    base,
    { ...user, schema: { tags, summary: 'A new watchlist (1158 over the limit)', body: CreateWatchlistRequest, response: apiResponses({ 200: Watchlist }, [401]) } },
    async (request) => ok(await service.create(userIdOf(request), request.body.name, request.body.symbols)),
  );
  app.get(
    local(WATCHLIST_PATHS.predefined),
    { schema: { tags, summary: 'Predefined watchlists per market from market data (no login)', querystring: PredefinedWatchlistsQuery, response: apiResponses({ 200: PredefinedWatchlistsResponse }) } },
    async (request) => ok(service.predefined(request.query.assetType)),
  );
  app.put(
    local(WATCHLIST_PATHS.order),
    { ...user, schema: { tags, summary: "The order of the user's watchlists (404 for an id that is not theirs)", body: ReorderWatchlistsRequest, response: apiResponses({ 200: WatchlistsResponse }, [401, 404]) } },
    async (request) => ok(await service.reorderLists(userIdOf(request), request.body.ids)),
  );
  app.get(`${base}/:id`, { ...user, schema: { tags, summary: 'One watchlist', params: WatchlistIdParams, response: oneList } }, async (request) =>
    ok(await service.one(userIdOf(request), request.params.id)),
  );
  app.patch(
    `${base}/:id`,
    { ...user, schema: { tags, summary: 'Rename a watchlist', params: WatchlistIdParams, body: RenameWatchlistRequest, response: oneList } },
    async (request) => ok(await service.rename(userIdOf(request), request.params.id, request.body.name)),
  );
  app.delete(
    `${base}/:id`,
    { ...user, schema: { tags, summary: 'Delete a watchlist', params: WatchlistIdParams, response: apiResponses({ 200: DeletedResponse }, [401, 404]) } },
    async (request) => ok(await service.remove(userIdOf(request), request.params.id)),
  );
  app.post(
    `${base}/:id/symbols`,
    { ...user, schema: { tags, summary: 'Add a symbol of any market (1158 when full)', params: WatchlistIdParams, body: AddWatchlistSymbolRequest, response: oneList } },
    async (request) => ok(await service.addSymbol(userIdOf(request), request.params.id, request.body.symbol)),
  );
  app.put(
    `${base}/:id/symbols/order`,
    { ...user, schema: { tags, summary: "The order of the list's symbols", params: WatchlistIdParams, body: ReorderWatchlistSymbolsRequest, response: oneList } },
    async (request) => ok(await service.reorderSymbols(userIdOf(request), request.params.id, request.body.symbols)),
  );
  app.delete(
    `${base}/:id/symbols/:symbol`,
    { ...user, schema: { tags, summary: 'Remove a symbol', params: WatchlistSymbolParams, response: oneList } },
    async (request) => ok(await service.removeSymbol(userIdOf(request), request.params.id, request.params.symbol)),
  );
  app.post(
    local(WATCHLIST_PATHS.assetSuggestions),
    { ...user, schema: { tags, summary: 'Ask for an asset that is not listed (1156 already sent, 1157 invalid or over the limit)', body: AssetSuggestionRequest, response: apiResponses({ 200: AssetSuggestion }, [401]) } },
    async (request) => ok(await service.suggest(userIdOf(request), request.body)),
  );
  app.get(
    local(WATCHLIST_PATHS.adminAssetSuggestions),
    { preHandler: [app.requireAdmin], schema: { tags: ['admin'], summary: 'Asset suggestions, newest first', response: apiResponses({ 200: AdminAssetSuggestionsResponse }, [401]) } },
    async () => ok({ items: await service.suggestions() }),
  );
};
