// Builds the instrument catalogue (the contract's Instrument) and each instrument's model
// parameters for the simulator from the rows of ./data/catalogue.ts.
import { reversionOf } from './data/calibration';
import { marketIconPath, MARKETS, marketOfKind, type Instrument, type InstrumentKindValue } from '@pasar/shared/contract';
import { CRYPTO_ROWS, IDX_ROWS, PERP_ROWS, US_INDEX_ROWS, US_ROWS, type CryptoCategory } from './data/catalogue';
import { idxTickSize } from './idx-rules';

/** An instrument's kind and what its market (the market registry's entry) says of it. */
const marketFields = (kind: InstrumentKindValue) => {
  const market = MARKETS[marketOfKind(kind)];
  return { kind, assetType: market.assetType, quoteCurrency: market.quoteCurrency };
};

/** The USD/IDR level at the anchor date. */
export const USD_IDR_ANCHOR = 16_300;

/** What the simulator needs beyond the contract's fields. */
export interface Model {
  readonly symbol: string;
  /** The path this instrument follows: "coin:BTC", "us:AAPL", "idx:BBCA". */
  readonly series: string;
  /** Crypto-IDR pairs are the coin's USD path times USD/IDR; perps the coin's path times a basis. */
  readonly transform: 'none' | 'times-fx' | 'perp-basis';
  readonly tick: number;
  readonly pricePrecision: number;
  readonly quantityStep: number;
  readonly quantityPrecision: number;
  /** A typical day's volume in base units. */
  readonly dailyVolume: number;
  /** Half the quoted spread as a fraction of the price (IDX: one tick instead). */
  readonly halfSpread: number;
  readonly category: CryptoCategory | null;
  readonly description: { readonly id: string; readonly en: string };
  /** Annual dividend per share in the quote currency (stocks). */
  readonly dividend: number;
}

/** Parameters of one underlying path. */
export interface SeriesParams {
  readonly key: string;
  readonly calendar: 'CRYPTO' | 'USSTOCK' | 'IDSS';
  readonly anchorPrice: number;
  readonly dailyVol: number;
  /** Correlation with BTC's daily shocks (crypto). */
  readonly beta: number;
  /** Long-run growth of the level a year (log). */
  readonly growth: number;
  /** Pull towards the trend level a day. */
  readonly reversion: number;
  readonly listedSince: string;
  /** IDX: prices on the tick grid inside the auto-rejection band. */
  readonly idxRules: boolean;
}

const decimals = (step: number): number => {
  if (step >= 1) return 0;
  return Math.max(0, Math.round(-Math.log10(step)));
};
const fmtStep = (step: number): string => (step >= 1 ? String(step) : step.toFixed(decimals(step)));

function granularitiesFor(tick: number, price: number, maxSteps = 4): string[] {
  // The finest grouping about a hundred-thousandth of the price (never below the tick).
  let g = Math.max(tick, 10 ** Math.floor(Math.log10(price / 100_000)));
  const out: string[] = [];
  for (let i = 0; i < maxSteps; i += 1, g *= 10) out.push(fmtStep(g));
  return out;
}

function initials(text: string): string {
  return text.replace(/[^A-Z0-9]/gi, '').slice(0, 3).toUpperCase();
}

const CATEGORY_TEXT: Record<CryptoCategory, { id: string; en: string }> = {
  L1: { id: 'jaringan blockchain lapis pertama (layer 1) dengan aset kripto aslinya', en: 'a layer-1 blockchain network and its native crypto asset' },
  STABLE: { id: 'stablecoin yang nilainya dipatok ke dolar AS', en: 'a stablecoin pegged to the US dollar' },
  EXCHANGE: { id: 'token ekosistem bursa kripto yang dipakai untuk biaya dan layanan jaringannya', en: "a crypto exchange ecosystem token used for fees and its network's services" },
  MEME: { id: 'koin meme yang digerakkan komunitas, dengan harga yang sangat fluktuatif', en: 'a community-driven meme coin with a very volatile price' },
  DEFI: { id: 'token protokol keuangan terdesentralisasi (DeFi)', en: 'the token of a decentralised finance (DeFi) protocol' },
  ORACLE: { id: 'jaringan oracle yang menghubungkan smart contract dengan data di luar blockchain', en: 'an oracle network connecting smart contracts with off-chain data' },
  L2: { id: 'jaringan lapis kedua (layer 2) yang mempercepat dan memurahkan transaksi Ethereum', en: 'a layer-2 network that makes Ethereum transactions faster and cheaper' },
  PAYMENTS: { id: 'aset kripto yang dirancang untuk pembayaran dan transfer nilai', en: 'a crypto asset designed for payments and value transfer' },
  STORAGE: { id: 'jaringan penyimpanan data terdesentralisasi', en: 'a decentralised data storage network' },
};

const US_SECTOR_ID: Record<string, string> = {
  Technology: 'teknologi',
  'Communication Services': 'layanan komunikasi',
  'Consumer Discretionary': 'barang konsumen non-primer',
  'Consumer Staples': 'barang konsumen primer',
  Financials: 'keuangan',
  'Health Care': 'kesehatan',
  Energy: 'energi',
  Industrials: 'industri',
};

const IDX_SECTOR_EN: Record<string, string> = {
  Keuangan: 'financials',
  Infrastruktur: 'infrastructure',
  'Barang Konsumen Primer': 'consumer staples',
  'Barang Konsumen Non-Primer': 'consumer discretionary',
  Energi: 'energy',
  'Barang Baku': 'basic materials',
  Kesehatan: 'health care',
  Perindustrian: 'industrials',
  'Properti & Real Estat': 'property and real estate',
  Teknologi: 'technology',
};

export interface Catalogue {
  readonly instruments: readonly Instrument[];
  readonly bySymbol: ReadonlyMap<string, Instrument>;
  readonly models: ReadonlyMap<string, Model>;
  readonly series: ReadonlyMap<string, SeriesParams>;
}

export function buildCatalogue(): Catalogue {
  const instruments: Instrument[] = [];
  const models = new Map<string, Model>();
  const series = new Map<string, SeriesParams>();
  const addSeries = (s: SeriesParams) => series.set(s.key, s);

  addSeries({ key: 'fx:USDIDR', calendar: 'CRYPTO', anchorPrice: USD_IDR_ANCHOR, dailyVol: 0.0035, beta: 0, growth: 0.03, reversion: reversionOf('FX'), listedSince: '2020-01-01', idxRules: false });

  CRYPTO_ROWS.forEach(([base, name, usd, vol, beta, category, turnoverBn, since], i) => {
    const stable = category === 'STABLE';
    addSeries({
      key: `coin:${base}`,
      calendar: 'CRYPTO',
      anchorPrice: usd,
      dailyVol: vol,
      beta,
      growth: stable ? 0 : base === 'BTC' ? 0.35 : 0.25,
      reversion: reversionOf(stable ? 'STABLECOIN' : 'CRYPTO'),
      listedSince: since,
      idxRules: false,
    });
    const idr = usd * USD_IDR_ANCHOR;
    const pricePrecision = idr >= 1000 ? 0 : Math.min(8, Math.ceil(-Math.log10(idr)) + 4);
    const tick = 10 ** -pricePrecision;
    const quantityPrecision = Math.max(0, Math.min(8, Math.round(Math.log10(usd)) + 4));
    const quantityStep = 10 ** -quantityPrecision;
    const symbol = `${base}-IDR`;
    const text = CATEGORY_TEXT[category];
    instruments.push({
      symbol,
      id: i + 1,
      ...marketFields('crypto'),
      shortName: base,
      name,
      sector: category,
      pricePrecision,
      tickSize: fmtStep(tick),
      quantityPrecision,
      quantityStep: fmtStep(quantityStep),
      minQuantity: fmtStep(quantityStep),
      lotSize: null,
      granularities: granularitiesFor(tick, idr),
      icon: marketIconPath(symbol),
      tradable: true,
      enableProMode: turnoverBn >= 20,
      hasPostMarket: false,
      liquiditySource: i % 5 === 4 ? 'TOKO_CRYPTO' : 'BINANCE',
      exchangeSymbols: { BINANCE: `${base}USDT`, OKX: `${base}-USDT`, TOKO_CRYPTO: `${base}_IDR` },
      underlying: null,
      listedSince: since,
    });
    models.set(symbol, {
      symbol,
      series: `coin:${base}`,
      transform: 'times-fx',
      tick,
      pricePrecision,
      quantityStep,
      quantityPrecision,
      dailyVolume: (turnoverBn * 1e9) / idr,
      halfSpread: stable ? 0.0002 : turnoverBn >= 50 ? 0.0003 : 0.0012,
      category,
      description: {
        id: `${name} (${base}) adalah ${text.id}. Di Pasar, ${base} diperdagangkan 24 jam terhadap Rupiah (${symbol}), dengan likuiditas dari bursa global.`,
        en: `${name} (${base}) is ${text.en}. On Pasar, ${base} trades around the clock against the Rupiah (${symbol}), with liquidity from global venues.`,
      },
      dividend: 0,
    });
  });

  PERP_ROWS.forEach(([base, pp, step], i) => {
    const row = CRYPTO_ROWS.find((r) => r[0] === base)!;
    const symbol = `${base}USDT-PERP`;
    const tick = 10 ** -pp;
    const stepN = Number(step);
    instruments.push({
      symbol,
      id: i + 1,
      ...marketFields('perps'),
      shortName: base,
      name: `${row[1]} Perpetual`,
      sector: row[5],
      pricePrecision: pp,
      tickSize: fmtStep(tick),
      quantityPrecision: decimals(stepN),
      quantityStep: step,
      minQuantity: step,
      lotSize: null,
      granularities: granularitiesFor(tick, row[2]),
      icon: marketIconPath(symbol),
      tradable: true,
      enableProMode: true,
      hasPostMarket: false,
      liquiditySource: 'BINANCE',
      exchangeSymbols: { BINANCE: `${base}USDT`, BYBIT: `${base}USDT`, OKX: `${base}-USDT-SWAP` },
      underlying: `${base}-IDR`,
      listedSince: row[7] < '2021-01-01' ? '2021-01-01' : row[7],
    });
    models.set(symbol, {
      symbol,
      series: `coin:${base}`,
      transform: 'perp-basis',
      tick,
      pricePrecision: pp,
      quantityStep: stepN,
      quantityPrecision: decimals(stepN),
      dailyVolume: (row[6] * 40e9) / USD_IDR_ANCHOR / row[2],
      halfSpread: 0.00008,
      category: row[5],
      description: {
        id: `Kontrak perpetual ${row[1]} (${base}) dengan margin USDT: tanpa tanggal jatuh tempo, mengikuti harga indeks ${base} melalui funding rate setiap 8 jam.`,
        en: `A USDT-margined perpetual contract on ${row[1]} (${base}): no expiry, kept close to the ${base} index price by a funding rate every 8 hours.`,
      },
      dividend: 0,
    });
  });

  US_ROWS.forEach(([ticker, name, sector, price, vol, ipme, volumeM, dividend], i) => {
    addSeries({ key: `us:${ticker}`, calendar: 'USSTOCK', anchorPrice: price, dailyVol: vol, beta: 0, growth: 0.12, reversion: reversionOf('US_STOCK'), listedSince: '2020-01-01', idxRules: false });
    instruments.push({
      symbol: ticker,
      id: i + 1,
      ...marketFields('usstock'),
      shortName: ticker,
      name,
      sector,
      pricePrecision: 2,
      tickSize: '0.01',
      quantityPrecision: 4,
      quantityStep: '0.0001',
      minQuantity: '0.0001',
      lotSize: null,
      granularities: granularitiesFor(0.01, price, 3),
      icon: marketIconPath(ticker),
      tradable: true,
      enableProMode: true,
      hasPostMarket: ipme,
      liquiditySource: null,
      exchangeSymbols: {},
      underlying: null,
      listedSince: '2020-01-01',
    });
    models.set(ticker, {
      symbol: ticker,
      series: `us:${ticker}`,
      transform: 'none',
      tick: 0.01,
      pricePrecision: 2,
      quantityStep: 0.0001,
      quantityPrecision: 4,
      dailyVolume: volumeM * 1e6,
      halfSpread: 0.00015,
      category: null,
      description: {
        id: `${name} (${ticker}) adalah perusahaan sektor ${US_SECTOR_ID[sector] ?? sector} yang sahamnya tercatat di bursa Amerika Serikat. Di Pasar, saham ${ticker} dapat dibeli pecahan mulai dari 0,0001 lembar${ipme ? ', juga di sesi pre-market dan post-market' : ''}.`,
        en: `${name} (${ticker}) is a ${sector.toLowerCase()} company listed in the United States. On Pasar, ${ticker} can be bought in fractions from 0.0001 share${ipme ? ', also in pre-market and post-market sessions' : ''}.`,
      },
      dividend,
    });
  });

  US_INDEX_ROWS.forEach(([symbol, name, level, vol], i) => {
    addSeries({ key: `us:${symbol}`, calendar: 'USSTOCK', anchorPrice: level, dailyVol: vol, beta: 0, growth: 0.1, reversion: reversionOf('US_INDEX'), listedSince: '2020-01-01', idxRules: false });
    instruments.push({
      symbol,
      id: 1000 + i + 1,
      ...marketFields('usindex'),
      shortName: symbol,
      name,
      sector: null,
      pricePrecision: 2,
      tickSize: '0.01',
      quantityPrecision: 0,
      quantityStep: '1',
      minQuantity: '1',
      lotSize: null,
      granularities: granularitiesFor(0.01, level, 3),
      icon: marketIconPath(symbol),
      tradable: false,
      enableProMode: false,
      hasPostMarket: false,
      liquiditySource: null,
      exchangeSymbols: {},
      underlying: null,
      listedSince: '2020-01-01',
    });
    models.set(symbol, {
      symbol,
      series: `us:${symbol}`,
      transform: 'none',
      tick: 0.01,
      pricePrecision: 2,
      quantityStep: 1,
      quantityPrecision: 0,
      dailyVolume: 0,
      halfSpread: 0,
      category: null,
      description: {
        id: `${name} (${symbol}) adalah indeks pasar saham Amerika Serikat. Indeks tidak dapat diperdagangkan langsung; grafiknya menggambarkan arah pasar.`,
        en: `The ${name} (${symbol}) is a US stock market index. An index cannot be traded directly; its chart shows where the market is heading.`,
      },
      dividend: 0,
    });
  });

  IDX_ROWS.forEach(([code, name, sector, price, vol, volumeM, dividend], i) => {
    const tick = idxTickSize(price);
    const anchor = Math.round(price / tick) * tick;
    addSeries({ key: `idx:${code}`, calendar: 'IDSS', anchorPrice: anchor, dailyVol: vol, beta: 0, growth: 0.06, reversion: reversionOf('IDX_STOCK'), listedSince: '2020-01-01', idxRules: true });
    instruments.push({
      symbol: code,
      id: i + 1,
      ...marketFields('idx'),
      shortName: code,
      name,
      sector,
      pricePrecision: 0,
      tickSize: String(tick),
      quantityPrecision: 0,
      quantityStep: '100',
      minQuantity: '100',
      lotSize: 100,
      granularities: [String(tick)],
      icon: marketIconPath(code),
      tradable: true,
      enableProMode: false,
      hasPostMarket: false,
      liquiditySource: null,
      exchangeSymbols: {},
      underlying: null,
      listedSince: '2020-01-01',
    });
    models.set(code, {
      symbol: code,
      series: `idx:${code}`,
      transform: 'none',
      tick,
      pricePrecision: 0,
      quantityStep: 100,
      quantityPrecision: 0,
      dailyVolume: volumeM * 1e6,
      halfSpread: 0,
      category: null,
      description: {
        id: `${name} (${code}) adalah emiten sektor ${sector.toLowerCase()} yang tercatat di Bursa Efek Indonesia. Saham diperdagangkan per lot (100 lembar) pada sesi I dan sesi II hari bursa.`,
        en: `${name} (${code}) is a ${IDX_SECTOR_EN[sector] ?? sector} company listed on the Indonesia Stock Exchange. Shares trade in lots of 100 in the two sessions of each exchange day.`,
      },
      dividend,
    });
  });

  return {
    instruments,
    bySymbol: new Map(instruments.map((i) => [i.symbol, i])),
    models,
    series,
  };
}

export { initials };
