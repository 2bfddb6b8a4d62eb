// The content and symbol rules of a saved chart, without a database: which texts are a chart's
// content, how prefixes leave the text (and nothing else does), and how symbols resolve.
import type { Instrument } from '@pasar/shared/contract';
import { chartInstrument, chartResolution, listedSymbol, readChartContent, stripSymbolPrefixes, type ChartsMarket } from './chart-content';

const instrument = (symbol: string, kind: Instrument['kind'], id: number, shortName = symbol): Instrument => ({ symbol, kind, id, shortName }) as Instrument;
const LISTED = [
  instrument('BTC-IDR', 'crypto', 1, 'BTC'),
  instrument('BTCUSDT-PERP', 'perps', 1, 'BTC'),
  instrument('AAPL', 'usstock', 7),
  instrument('SPX', 'usindex', 8),
  instrument('BBCA', 'idx', 3),
];
const market: ChartsMarket = {
  instrument: (symbol) => LISTED.find((i) => i.symbol === symbol.toUpperCase()),
  instruments: () => LISTED,
};

describe('chart content', () => {
  it('takes a JSON object within the limit, as its text', () => {
    expect(readChartContent(Buffer.from(' {"a":[1,"é"]} \n'), 64)).toEqual({ text: ' {"a":[1,"é"]} \n' });
    expect(readChartContent(Buffer.from('{}'), 2)).toEqual({ text: '{}' });
    expect(readChartContent(Buffer.from('{} '), 2)).toEqual({ problem: 'size' });
    expect(readChartContent(null, 64)).toEqual({ problem: 'missing' });
    for (const bad of ['', 'null', '[]', '1', '"x"', '{"a":}', '{"a":1}{', "{'a':1}"]) {
      expect({ bad, result: readChartContent(Buffer.from(bad), 64) }).toEqual({ bad, result: { problem: 'json' } });
    }
    expect(readChartContent(Buffer.from([0x7b, 0x22, 0xc3, 0x22, 0x3a, 0x31, 0x7d]), 64)).toEqual({ problem: 'json' });
  });

  it('strips CRYPTO: and USSTOCK: at the start of strings, also in nested JSON text, and changes nothing else', () => {
    expect(stripSymbolPrefixes('{"s":"CRYPTO:BTC-IDR","u":["USSTOCK:AAPL"]}')).toBe('{"s":"BTC-IDR","u":["AAPL"]}');
    expect(stripSymbolPrefixes('{"c":"{\\"symbol\\":\\"CRYPTO:ETH-IDR\\"}"}')).toBe('{"c":"{\\"symbol\\":\\"ETH-IDR\\"}"}');
    const untouched = [
      '{"s":"IDSS:BBCA","p":"CRYPTO_FUTURES:BTCUSDT-PERP"}',
      '{"t":"buy CRYPTO:BTC now"}',
      '{"s":"crypto:btc-idr"}',
      '{"s":"CRYPTO:"}',
      '{ "s" : "BTC-IDR" ,\n\t"n": 1.50e3 }',
    ];
    for (const text of untouched) expect(stripSymbolPrefixes(text)).toBe(text);
    const stripped = stripSymbolPrefixes('{"a":"CRYPTO:X","b":{"USSTOCK:k":1}}');
    expect(JSON.parse(stripped)).toEqual({ a: 'X', b: { k: 1 } });
  });
});

describe('chart symbols', () => {
  it('resolves tickers and symbol-info ids of every market, and nothing else', () => {
    const symbolOf = (raw: string) => chartInstrument(market, raw)?.symbol ?? null;
    expect(['BTC-IDR', 'btc-idr', 'CRYPTO:BTC', 'crypto:btc-idr', 'CRYPTO:1'].map(symbolOf)).toEqual(Array(5).fill('BTC-IDR'));
    expect(['CRYPTO_FUTURES:BTCUSDT-PERP', 'CRYPTO_FUTURES:1'].map(symbolOf)).toEqual(['BTCUSDT-PERP', 'BTCUSDT-PERP']);
    expect(['USSTOCK:7', 'USSTOCK:AAPL', 'USSTOCK:SPX', 'IDSS:3', 'IDSS:BBCA'].map(symbolOf)).toEqual(['AAPL', 'AAPL', 'SPX', 'BBCA', 'BBCA']);
    expect(['NOPE', 'CRYPTO:AAPL', 'IDSS:AAPL', 'USSTOCK:3', 'FOREX:AAPL', 'CRYPTO:', ':AAPL', 'CRYPTO:9'].map(symbolOf)).toEqual(Array(8).fill(null));
  });

  it("accepts a resolution its market offers (§9), written as the market writes it", () => {
    const [btc, perp, aapl, spx, bbca] = LISTED as [Instrument, Instrument, Instrument, Instrument, Instrument];
    expect([chartResolution(btc, '120'), chartResolution(btc, '1m'), chartResolution(btc, '10')]).toEqual(['120', '1M', undefined]);
    expect([chartResolution(perp, '240'), chartResolution(perp, '1W')]).toEqual(['240', undefined]);
    expect([chartResolution(aapl, '10'), chartResolution(spx, '1w'), chartResolution(aapl, '1')]).toEqual(['10', '1W', undefined]);
    expect([chartResolution(bbca, '60'), chartResolution(bbca, '15')]).toEqual(['60', undefined]);
  });

  it('lists crypto as short ticker + -IDR and keeps a symbol no longer listed as stored', () => {
    expect(['BTC-IDR', 'AAPL', 'BTCUSDT-PERP', 'GONE'].map((s) => listedSymbol(market, s))).toEqual(['BTC-IDR', 'AAPL', 'BTCUSDT-PERP', 'GONE']);
  });
});
