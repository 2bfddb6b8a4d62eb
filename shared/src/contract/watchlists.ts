// Watchlists (§7 Other) and the asset suggestion (§8 1156/1157) — zod schemas and their types.
// Paths and plain constants: `watchlists-paths.ts`. Prices are not part of a watchlist: the page
// reads them (and the percent change) from the ticker streams of the one WebSocket.
import { AssetType } from './enums';
import { z } from './zod';
import { plainLine, plainMultiLine } from './text';
import { PREDEFINED_WATCHLISTS, WATCHLIST_NAME_MAX } from './watchlists-paths';

const IsoDateTime = z.string().describe('ISO 8601 date-time');
/** A listed symbol of any market ("BTC-IDR", "AAPL", "BBCA", "BTCUSDT-PERP"). */
export const WatchlistSymbol = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be a symbol such as BTC-IDR or AAPL')
  .transform((s) => s.toUpperCase());
const WatchlistName = plainLine().min(1).max(WATCHLIST_NAME_MAX);

export const WatchlistItem = z.object({
  symbol: z.string(),
  assetType: AssetType,
  /** The instrument's id in its market (asset pages: /asset/{assetPath}/{symbol}/{assetId}). */
  assetId: z.number().int(),
  name: z.string(),
  addedAt: IsoDateTime,
});
export type WatchlistItem = z.infer<typeof WatchlistItem>;

export const Watchlist = z.object({
  id: z.string(),
  name: z.string(),
  /** The symbols in the user's order. */
  items: z.array(WatchlistItem),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Watchlist = z.infer<typeof Watchlist>;

export const WatchlistLimits = z.object({ maxWatchlists: z.number().int(), maxSymbolsPerWatchlist: z.number().int() });
export type WatchlistLimits = z.infer<typeof WatchlistLimits>;
export const WatchlistsResponse = z.object({ items: z.array(Watchlist), limits: WatchlistLimits });
export type WatchlistsResponse = z.infer<typeof WatchlistsResponse>;

export const CreateWatchlistRequest = z.object({
  name: WatchlistName,
  /** Optional first symbols (each validated like an added one). */
  symbols: z.array(WatchlistSymbol).max(200).optional(),
});
export type CreateWatchlistRequest = z.infer<typeof CreateWatchlistRequest>;
export const RenameWatchlistRequest = z.object({ name: WatchlistName });
export type RenameWatchlistRequest = z.infer<typeof RenameWatchlistRequest>;
export const AddWatchlistSymbolRequest = z.object({ symbol: WatchlistSymbol });
export type AddWatchlistSymbolRequest = z.infer<typeof AddWatchlistSymbolRequest>;
export const ReorderWatchlistSymbolsRequest = z.object({ symbols: z.array(WatchlistSymbol).max(1000) });
export type ReorderWatchlistSymbolsRequest = z.infer<typeof ReorderWatchlistSymbolsRequest>;
export const ReorderWatchlistsRequest = z.object({ ids: z.array(plainLine().min(1).max(64)).max(1000) });
export type ReorderWatchlistsRequest = z.infer<typeof ReorderWatchlistsRequest>;
export const WatchlistIdParams = z.object({ id: z.string().min(1).max(64) });
export const WatchlistSymbolParams = z.object({ id: z.string().min(1).max(64), symbol: z.string().min(1).max(32) });
export const DeletedResponse = z.object({ deleted: z.literal(true) });
export type DeletedResponse = z.infer<typeof DeletedResponse>;

export const PredefinedWatchlistKindEnum = z.enum(PREDEFINED_WATCHLISTS);
export const PredefinedWatchlistsQuery = z.object({ assetType: AssetType.optional() });
export type PredefinedWatchlistsQuery = z.infer<typeof PredefinedWatchlistsQuery>;
export const PredefinedWatchlist = z.object({
  kind: PredefinedWatchlistKindEnum,
  assetType: AssetType,
  /** Best first: highest change, lowest change, highest 24 h turnover (price × volume), newest listing. */
  items: z.array(WatchlistItem.omit({ addedAt: true })),
});
export type PredefinedWatchlist = z.infer<typeof PredefinedWatchlist>;
export const PredefinedWatchlistsResponse = z.object({ items: z.array(PredefinedWatchlist) });
export type PredefinedWatchlistsResponse = z.infer<typeof PredefinedWatchlistsResponse>;

export const AssetSuggestionRequest = z.object({
  /** What the person asks for: a name or ticker ("Solana", "NVDA"). */
  name: plainLine().min(2).max(60),
  assetType: AssetType.optional(),
  note: plainMultiLine().max(500).optional(),
});
export type AssetSuggestionRequest = z.infer<typeof AssetSuggestionRequest>;
export const AssetSuggestion = z.object({
  id: z.string(),
  name: z.string(),
  assetType: AssetType.nullable(),
  note: z.string().nullable(),
  createdAt: IsoDateTime,
});
export type AssetSuggestion = z.infer<typeof AssetSuggestion>;

/** The operator's list (`admin suggestions list`): newest first, with how many people asked for the same name. */
export const AdminAssetSuggestionsResponse = z.object({ items: z.array(AssetSuggestion.extend({ askers: z.number().int() })) });
export type AdminAssetSuggestionsResponse = z.infer<typeof AdminAssetSuggestionsResponse>;
