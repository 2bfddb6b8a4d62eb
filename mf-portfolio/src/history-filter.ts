// The position history's filter (the market and the symbol), remembered per user under
// `positionHistory_{userId}` (§3 browser storage keys) through shared's storage helpers, so the §9
// clear-all helper (`clearAll({ positionHistoryId: userId })`) forgets it with the rest.
import { getPositionHistory, PORTFOLIO_ASSET_TYPES, setPositionHistory, type PortfolioAssetType } from '@pasar/shared';

export interface PositionHistoryFilter {
  /** The market whose fills are listed; CRYPTO when none was stored (what the filter first held). */
  assetType: PortfolioAssetType;
  /** A pair ("BTC-IDR") or a ticker ("AAPL"), or null for every one of the market. */
  symbol: string | null;
}

/** What a symbol of each market looks like; anything else stored is ignored. */
const SYMBOL: Record<PortfolioAssetType, RegExp> = {
  CRYPTO: /^[A-Z0-9]{1,16}-IDR$/,
  USSTOCK: /^[A-Z][A-Z0-9.]{0,9}$/,
};

const EVERYTHING: PositionHistoryFilter = { assetType: 'CRYPTO', symbol: null };

/** The user's last filter; every crypto pair when none was stored or what is stored is not one. */
export function readHistoryFilter(userId: string | null | undefined): PositionHistoryFilter {
  if (!userId) return EVERYTHING;
  const stored = getPositionHistory<Partial<Record<keyof PositionHistoryFilter, unknown>>>(userId);
  if (!stored || typeof stored !== 'object') return EVERYTHING;
  const assetType = stored.assetType === undefined ? 'CRYPTO' : PORTFOLIO_ASSET_TYPES.find((type) => type === stored.assetType);
  if (!assetType) return EVERYTHING;
  const symbol = typeof stored.symbol === 'string' && SYMBOL[assetType].test(stored.symbol) ? stored.symbol : null;
  return { assetType, symbol };
}

export function writeHistoryFilter(userId: string | null | undefined, filter: PositionHistoryFilter): void {
  if (userId) setPositionHistory(userId, filter);
}
