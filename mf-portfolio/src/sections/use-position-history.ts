// The position history's state: the market and symbol filter (remembered per user,
// `history-filter.ts`), the page, and the page's fills from the API.
import {
  api,
  PORTFOLIO_PATHS,
  useApiData,
  type PortfolioAssetType,
  type PositionHistoryResponse,
  type UsStockPositionHistoryResponse,
} from '@pasar/shared';
import { useEffect, useState } from 'react';
import { errorCode } from '../components/states';
import { readHistoryFilter, writeHistoryFilter, type PositionHistoryFilter } from '../history-filter';
import { PORTFOLIO_UI_CONFIG } from '../portfolio-config';

/** The catalogue's "not found": the server no longer lists a remembered symbol. */
const NOT_FOUND = '003';

export function usePositionHistory(userId: string | null) {
  const [filter, setFilter] = useState<PositionHistoryFilter>(() => readHistoryFilter(userId));
  const [page, setPage] = useState(1);
  const { assetType, symbol } = filter;

  useEffect(() => {
    setFilter(readHistoryFilter(userId));
    setPage(1);
  }, [userId]);

  const data = useApiData(
    () =>
      api.get<PositionHistoryResponse | UsStockPositionHistoryResponse>(PORTFOLIO_PATHS.positionHistory, {
        params: { assetType, ...(symbol ? { symbol } : {}), page, size: PORTFOLIO_UI_CONFIG.historyPageSize },
        language: true,
      }),
    [assetType, symbol, page],
  );

  const apply = (next: PositionHistoryFilter) => {
    writeHistoryFilter(userId, next);
    setFilter(next);
    setPage(1);
  };
  /** Another symbol of the same market (null: all of them). */
  const choose = (next: string | null) => apply({ assetType, symbol: next });
  /** Another market: all of its symbols. */
  const chooseMarket = (next: PortfolioAssetType) => apply({ assetType: next, symbol: null });

  // A remembered symbol the market no longer lists: back to every symbol, and forget it.
  useEffect(() => {
    if (symbol && errorCode(data.error) === NOT_FOUND) choose(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data.error, symbol]);

  return { ...data, assetType, symbol, page, choose, chooseMarket, setPage };
}

export type PositionHistoryState = ReturnType<typeof usePositionHistory>;
