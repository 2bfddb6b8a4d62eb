import { type SymbolCacheLogger, createSymbolCache } from './symbol-cache';
import { SymbolInfoResponse } from '../contract/symbol-info';

const response: SymbolInfoResponse = {
  success: true,
  crypto: [
    {
      id: 1,
      symbol: 'BTCIDR',
      shortName: 'BTC',
      name: 'Bitcoin',
      icon: '/btc.svg',
      enableProMode: true,
      liquiditySource: 'BINANCE',
      exchangeSymbols: { BINANCE: 'BTCUSDT' },
      pricePrecision: 0,
    },
  ],
  palnStock: [{ id: 7, cc: 'AAPL', na: 'Apple Inc.', ai: '/aapl.png', ipme: true }],
  marketStatus: [],
  perp: [{ id: 'p1', fps: 'BTCUSDT', n: 'Bitcoin Perpetual', i: '/btc.svg', pp: 1 }],
  idssStock: [{ id: 3, code: 'BBCA', name: 'Bank Central Asia', icon: '/bbca.png' }],
  calendar: [],
};

function setup(load: () => Promise<SymbolInfoResponse> = async () => response) {
  let clock = 1_000_000;
  const loader = jest.fn(load);
  const logger: SymbolCacheLogger & { warn: jest.Mock; error: jest.Mock } = { warn: jest.fn(), error: jest.fn() };
  const cache = createSymbolCache({ load: loader, now: () => clock, logger });
  return {
    cache,
    loader,
    logger,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('symbol info schema', () => {
  it('accepts the §3 shapes and refuses a crypto entry without its fields', () => {
    expect(SymbolInfoResponse.safeParse(response).success).toBe(true);
    const broken = { ...response, crypto: [{ id: 1, symbol: 'BTCIDR' }] };
    expect(SymbolInfoResponse.safeParse(broken).success).toBe(false);
  });
});

describe('symbol cache states', () => {
  it('is Loading until the first load succeeds, then Available', async () => {
    const { cache } = setup();
    const states: string[] = [];
    cache.subscribe((s) => states.push(s));
    expect(cache.getState()).toBe('Loading');
    await expect(cache.ensureLoaded()).resolves.toBe(true);
    expect(cache.getState()).toBe('Available');
    expect(states).toEqual(['Available']);
  });

  it('becomes CacheInvalidated 10 minutes after the load, and the next read reloads', async () => {
    const { cache, loader, advance } = setup();
    await cache.lookup('AAPL');
    advance(10 * 60 * 1000 - 1);
    expect(cache.getState()).toBe('Available');
    await cache.lookup('AAPL');
    expect(loader).toHaveBeenCalledTimes(1);
    advance(1);
    expect(cache.getState()).toBe('CacheInvalidated');
    await cache.lookup('AAPL');
    expect(loader).toHaveBeenCalledTimes(2);
    expect(cache.getState()).toBe('Available');
  });

  it('is Failed when the load fails (logged), and retries on the next read', async () => {
    let fail = true;
    const { cache, loader, logger } = setup(async () => {
      if (fail) throw new Error('down');
      return response;
    });
    await expect(cache.ensureLoaded()).resolves.toBe(false);
    expect(cache.getState()).toBe('Failed');
    expect(logger.error).toHaveBeenCalled();
    fail = false;
    expect(await cache.lookup('AAPL')).toBeDefined();
    expect(loader).toHaveBeenCalledTimes(2);
    expect(cache.getState()).toBe('Available');
  });

  it('treats a response with success false as a failed load', async () => {
    const { cache } = setup(async () => ({ ...response, success: false }));
    await cache.ensureLoaded();
    expect(cache.getState()).toBe('Failed');
  });

  it('shares one request between concurrent reads', async () => {
    const { cache, loader } = setup();
    await Promise.all([cache.lookup('AAPL'), cache.lookup('BBCA'), cache.ensureLoaded()]);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('reloads after invalidate()', async () => {
    const { cache, loader } = setup();
    await cache.ensureLoaded();
    cache.invalidate();
    expect(cache.getState()).toBe('CacheInvalidated');
    await cache.ensureLoaded();
    expect(loader).toHaveBeenCalledTimes(2);
  });
});

describe('symbol cache lookups', () => {
  it('finds entries by category-prefixed id', async () => {
    const { cache } = setup();
    expect((await cache.lookup('CRYPTO:1'))?.ticker).toBe('BTC-IDR');
    expect((await cache.lookup('CRYPTO_FUTURES:p1'))?.ticker).toBe('BTCUSDT-PERP');
    expect((await cache.lookup('USSTOCK:7'))?.name).toBe('Apple Inc.');
    expect((await cache.lookup('IDSS:3'))?.name).toBe('Bank Central Asia');
    expect(await cache.lookup('USSTOCK:1')).toBeUndefined();
  });

  it('finds entries by ticker, case-insensitively, and by the pair symbols as sent', async () => {
    const { cache } = setup();
    expect((await cache.lookup('btc-idr'))?.category).toBe('CRYPTO');
    expect((await cache.lookup('BTCIDR'))?.category).toBe('CRYPTO');
    expect((await cache.lookup('BTCUSDT-PERP'))?.info).toMatchObject({ pp: 1 });
    expect((await cache.lookup('aapl'))?.info).toMatchObject({ ipme: true });
    expect((await cache.lookup('BBCA'))?.category).toBe('IDSS');
  });

  it('narrows by category when a ticker is ambiguous', async () => {
    const { cache } = setup(async () => ({
      ...response,
      idssStock: [...response.idssStock, { id: 9, code: 'AAPL', name: 'Not Apple', icon: '' }],
    }));
    expect((await cache.lookup('AAPL'))?.category).toBe('USSTOCK');
    expect((await cache.lookup('AAPL', 'IDSS'))?.name).toBe('Not Apple');
  });

  it('keeps and logs an unresolvable symbol', async () => {
    const { cache, logger } = setup();
    await expect(cache.resolveTicker('USSTOCK:7')).resolves.toBe('AAPL');
    await expect(cache.resolveTicker('DOGE-XYZ')).resolves.toBe('DOGE-XYZ');
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('unresolvable'), 'DOGE-XYZ');
  });

  it('keeps earlier entries readable when a reload fails', async () => {
    let fail = false;
    const { cache, advance } = setup(async () => {
      if (fail) throw new Error('down');
      return response;
    });
    await cache.ensureLoaded();
    fail = true;
    advance(10 * 60 * 1000);
    expect((await cache.lookup('AAPL'))?.ticker).toBe('AAPL');
    expect(cache.getState()).toBe('Failed');
  });
});
