// The position history's state: the pair filter (remembered per user, `history-filter.ts`), the
// page, and the page's fills from the API.
import { api, PORTFOLIO_PATHS, useApiData, type PositionHistoryResponse } from '@pasar/shared';
import { useEffect, useState } from 'react';
import { errorCode } from '../components/states';
import { readHistoryFilter, writeHistoryFilter } from '../history-filter';
import { PORTFOLIO_UI_CONFIG } from '../portfolio-config';

/** The catalogue's "not found": the server no longer lists a remembered pair. */
const NOT_FOUND = '003';

export function usePositionHistory(userId: string | null) {
  const [symbol, setSymbol] = useState<string | null>(() => readHistoryFilter(userId).symbol);
  const [page, setPage] = useState(1);

  useEffect(() => {
    setSymbol(readHistoryFilter(userId).symbol);
    setPage(1);
  }, [userId]);

  const data = useApiData(
    () =>
      api.get<PositionHistoryResponse>(PORTFOLIO_PATHS.positionHistory, {
        params: { ...(symbol ? { symbol } : {}), page, size: PORTFOLIO_UI_CONFIG.historyPageSize },
        language: true,
      }),
    [symbol, page],
  );

  const choose = (next: string | null) => {
    writeHistoryFilter(userId, { symbol: next });
    setSymbol(next);
    setPage(1);
  };

  // A remembered pair the market no longer lists: back to every pair, and forget it.
  useEffect(() => {
    if (symbol && errorCode(data.error) === NOT_FOUND) choose(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data.error, symbol]);

  return { ...data, symbol, page, choose, setPage };
}

export type PositionHistoryState = ReturnType<typeof usePositionHistory>;
