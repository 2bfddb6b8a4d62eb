// The leveraged US stock calls (§7 leverage buy and sell, positions) on the page's API client; the
// answers are checked against the contract's schemas, loaded with the first call (decision 0006).
// Placing carries the caller's request id and x-language-code (refusals in the reader's language).
import { api, US_LEVERAGE_PATHS, type UsLeverageOrderInput, type UsLeverageOrderResult, type UsLeveragePositionsResponse } from '@pasar/shared';

const schemas = () => import('@pasar/shared/contract');

export const usLeverageCalls = {
  place: async (side: 'BUY' | 'SELL', body: UsLeverageOrderInput, requestId: string): Promise<UsLeverageOrderResult> =>
    api.request({ method: 'POST', path: side === 'BUY' ? US_LEVERAGE_PATHS.buy : US_LEVERAGE_PATHS.sell, body, language: true, requestId, schema: (await schemas()).UsLeverageOrderResult }),
  positions: async (scope: 'open' | 'history' = 'open', signal?: AbortSignal): Promise<UsLeveragePositionsResponse> =>
    api.request({ method: 'GET', path: US_LEVERAGE_PATHS.positions, params: { scope }, language: true, schema: (await schemas()).UsLeveragePositionsResponse, ...(signal ? { signal } : {}) }),
};
