// The page's symbol cache loads symbol info through the shared client and checks it with the
// contract's zod schema, which it loads only then (zod stays out of the first load, decision 0006).
import { api } from '../api/default-api';
import { API_PATHS } from '../api/api-paths';
import { SymbolInfoResponse } from '../contract/symbol-info';
import { symbolCache } from './default-symbol-cache';

const response: SymbolInfoResponse = {
  success: true,
  crypto: [],
  palnStock: [{ id: 7, cc: 'AAPL', na: 'Apple Inc.', ai: '/aapl.png', ipme: true }],
  marketStatus: [],
  perp: [],
  idssStock: [],
  calendar: [],
};

it('loads symbol info from the trade host, validated with the SymbolInfoResponse schema', async () => {
  const get = jest.spyOn(api, 'get').mockResolvedValue(response);
  try {
    await expect(symbolCache.lookup('aapl')).resolves.toMatchObject({ category: 'USSTOCK', ticker: 'AAPL' });
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith(API_PATHS.symbolInfo, { host: 'trade', schema: SymbolInfoResponse });
  } finally {
    get.mockRestore();
  }
});
