// The instrument catalogue as data: crypto pairs quoted in IDR, USDT perpetuals, US stocks and
// indices, IDX stocks. Prices are plausible levels at the simulator's anchor date (2026-01-01);
// volatilities are daily; volumes are a typical day's, in base units (crypto: IDR turnover).

export type CryptoCategory = 'L1' | 'STABLE' | 'EXCHANGE' | 'MEME' | 'DEFI' | 'ORACLE' | 'L2' | 'PAYMENTS' | 'STORAGE';

/** base, name, USD price, daily vol, beta to BTC, category, daily IDR turnover (billions), listed since. */
export type CryptoRow = readonly [string, string, number, number, number, CryptoCategory, number, string];

export const CRYPTO_ROWS: readonly CryptoRow[] = [
  ['BTC', 'Bitcoin', 95_000, 0.028, 1, 'L1', 420, '2020-01-01'],
  ['ETH', 'Ethereum', 3_400, 0.035, 0.85, 'L1', 260, '2020-01-01'],
  ['USDT', 'Tether', 1, 0.0008, 0, 'STABLE', 900, '2020-01-01'],
  ['BNB', 'BNB', 700, 0.03, 0.7, 'EXCHANGE', 40, '2020-01-01'],
  ['SOL', 'Solana', 190, 0.045, 0.8, 'L1', 120, '2020-08-01'],
  ['XRP', 'XRP', 2.2, 0.042, 0.7, 'PAYMENTS', 150, '2020-01-01'],
  ['ADA', 'Cardano', 0.9, 0.042, 0.75, 'L1', 35, '2020-01-01'],
  ['DOGE', 'Dogecoin', 0.32, 0.05, 0.7, 'MEME', 90, '2020-01-01'],
  ['TRX', 'TRON', 0.25, 0.03, 0.5, 'L1', 20, '2020-01-01'],
  ['TON', 'Toncoin', 5.5, 0.04, 0.5, 'L1', 15, '2021-09-01'],
  ['AVAX', 'Avalanche', 38, 0.048, 0.8, 'L1', 25, '2020-09-22'],
  ['SHIB', 'Shiba Inu', 0.000022, 0.055, 0.7, 'MEME', 60, '2021-05-10'],
  ['DOT', 'Polkadot', 7, 0.045, 0.8, 'L1', 18, '2020-08-19'],
  ['LINK', 'Chainlink', 22, 0.046, 0.8, 'ORACLE', 22, '2020-01-01'],
  ['POL', 'Polygon', 0.5, 0.05, 0.8, 'L2', 16, '2020-01-01'],
  ['LTC', 'Litecoin', 100, 0.038, 0.8, 'PAYMENTS', 14, '2020-01-01'],
  ['BCH', 'Bitcoin Cash', 450, 0.04, 0.8, 'PAYMENTS', 10, '2020-01-01'],
  ['NEAR', 'NEAR Protocol', 5, 0.05, 0.8, 'L1', 12, '2020-10-14'],
  ['UNI', 'Uniswap', 13, 0.05, 0.8, 'DEFI', 12, '2020-09-17'],
  ['ATOM', 'Cosmos', 7, 0.045, 0.75, 'L1', 8, '2020-01-01'],
  ['XLM', 'Stellar', 0.4, 0.04, 0.7, 'PAYMENTS', 9, '2020-01-01'],
  ['ETC', 'Ethereum Classic', 27, 0.042, 0.75, 'L1', 6, '2020-01-01'],
  ['FIL', 'Filecoin', 5, 0.05, 0.75, 'STORAGE', 7, '2020-10-15'],
  ['APT', 'Aptos', 9, 0.055, 0.8, 'L1', 9, '2022-10-19'],
  ['ARB', 'Arbitrum', 0.8, 0.055, 0.85, 'L2', 10, '2023-03-23'],
  ['OP', 'Optimism', 1.9, 0.055, 0.85, 'L2', 8, '2022-06-01'],
  ['INJ', 'Injective', 22, 0.058, 0.8, 'DEFI', 6, '2020-10-21'],
  ['SUI', 'Sui', 4.2, 0.06, 0.8, 'L1', 20, '2023-05-03'],
  ['PEPE', 'Pepe', 0.000018, 0.07, 0.7, 'MEME', 30, '2023-04-17'],
  ['AAVE', 'Aave', 300, 0.05, 0.8, 'DEFI', 8, '2020-10-02'],
  ['HBAR', 'Hedera', 0.28, 0.05, 0.75, 'L1', 7, '2020-01-01'],
  ['VET', 'VeChain', 0.045, 0.05, 0.75, 'L1', 5, '2020-01-01'],
  ['ALGO', 'Algorand', 0.35, 0.048, 0.75, 'L1', 5, '2020-01-01'],
  ['USDC', 'USD Coin', 1, 0.0006, 0, 'STABLE', 120, '2020-01-01'],
];

/** base, perp price precision, quantity step. */
export const PERP_ROWS: readonly (readonly [string, number, string])[] = [
  ['BTC', 1, '0.001'],
  ['ETH', 2, '0.001'],
  ['SOL', 2, '0.01'],
  ['BNB', 2, '0.01'],
  ['XRP', 4, '0.1'],
  ['DOGE', 5, '1'],
  ['ADA', 4, '1'],
  ['AVAX', 3, '0.1'],
  ['LINK', 3, '0.01'],
  ['SUI', 4, '0.1'],
];

export type UsSector =
  | 'Technology'
  | 'Communication Services'
  | 'Consumer Discretionary'
  | 'Consumer Staples'
  | 'Financials'
  | 'Health Care'
  | 'Energy'
  | 'Industrials';

/** ticker, name, sector, price, daily vol, has post-market, daily volume (millions of shares), dividend per share a year (USD). */
export type UsRow = readonly [string, string, UsSector, number, number, boolean, number, number];

export const US_ROWS: readonly UsRow[] = [
  ['AAPL', 'Apple Inc.', 'Technology', 270, 0.016, true, 50, 1.04],
  ['MSFT', 'Microsoft Corporation', 'Technology', 480, 0.015, true, 22, 3.64],
  ['NVDA', 'NVIDIA Corporation', 'Technology', 185, 0.03, true, 180, 0.04],
  ['AMZN', 'Amazon.com, Inc.', 'Consumer Discretionary', 230, 0.02, true, 40, 0],
  ['GOOGL', 'Alphabet Inc. Class A', 'Communication Services', 300, 0.019, true, 30, 0.84],
  ['META', 'Meta Platforms, Inc.', 'Communication Services', 650, 0.024, true, 14, 2.1],
  ['TSLA', 'Tesla, Inc.', 'Consumer Discretionary', 420, 0.038, true, 95, 0],
  ['AVGO', 'Broadcom Inc.', 'Technology', 350, 0.028, true, 25, 2.36],
  ['JPM', 'JPMorgan Chase & Co.', 'Financials', 310, 0.014, true, 9, 6],
  ['V', 'Visa Inc.', 'Financials', 345, 0.012, true, 7, 2.68],
  ['MA', 'Mastercard Incorporated', 'Financials', 560, 0.013, true, 3, 3.04],
  ['UNH', 'UnitedHealth Group Incorporated', 'Health Care', 330, 0.022, true, 9, 8.84],
  ['XOM', 'Exxon Mobil Corporation', 'Energy', 115, 0.015, true, 16, 4.12],
  ['JNJ', 'Johnson & Johnson', 'Health Care', 200, 0.011, true, 8, 5.2],
  ['WMT', 'Walmart Inc.', 'Consumer Staples', 105, 0.012, true, 18, 0.94],
  ['PG', 'The Procter & Gamble Company', 'Consumer Staples', 150, 0.01, true, 7, 4.23],
  ['HD', 'The Home Depot, Inc.', 'Consumer Discretionary', 360, 0.014, true, 4, 9.2],
  ['COST', 'Costco Wholesale Corporation', 'Consumer Staples', 900, 0.013, true, 2, 5.2],
  ['ABBV', 'AbbVie Inc.', 'Health Care', 220, 0.015, true, 6, 6.56],
  ['KO', 'The Coca-Cola Company', 'Consumer Staples', 70, 0.009, true, 14, 2.04],
  ['PEP', 'PepsiCo, Inc.', 'Consumer Staples', 145, 0.011, true, 7, 5.69],
  ['MRK', 'Merck & Co., Inc.', 'Health Care', 95, 0.014, true, 12, 3.24],
  ['CVX', 'Chevron Corporation', 'Energy', 150, 0.015, true, 8, 6.84],
  ['BAC', 'Bank of America Corporation', 'Financials', 52, 0.016, true, 38, 1.12],
  ['ORCL', 'Oracle Corporation', 'Technology', 220, 0.028, true, 20, 2],
  ['CRM', 'Salesforce, Inc.', 'Technology', 250, 0.02, true, 7, 1.66],
  ['AMD', 'Advanced Micro Devices, Inc.', 'Technology', 220, 0.032, true, 55, 0],
  ['NFLX', 'Netflix, Inc.', 'Communication Services', 110, 0.022, true, 30, 0],
  ['ADBE', 'Adobe Inc.', 'Technology', 350, 0.02, true, 4, 0],
  ['INTC', 'Intel Corporation', 'Technology', 38, 0.03, true, 90, 0],
  ['CSCO', 'Cisco Systems, Inc.', 'Technology', 72, 0.012, true, 18, 1.64],
  ['QCOM', 'QUALCOMM Incorporated', 'Technology', 170, 0.021, true, 9, 3.56],
  ['TXN', 'Texas Instruments Incorporated', 'Technology', 170, 0.018, false, 6, 5.44],
  ['DIS', 'The Walt Disney Company', 'Communication Services', 112, 0.016, true, 9, 1],
  ['NKE', 'NIKE, Inc.', 'Consumer Discretionary', 65, 0.02, true, 14, 1.6],
  ['MCD', "McDonald's Corporation", 'Consumer Discretionary', 305, 0.01, true, 3, 7.08],
  ['PFE', 'Pfizer Inc.', 'Health Care', 25, 0.014, true, 40, 1.72],
  ['T', 'AT&T Inc.', 'Communication Services', 26, 0.012, true, 35, 1.11],
  ['VZ', 'Verizon Communications Inc.', 'Communication Services', 40, 0.011, false, 20, 2.71],
  ['IBM', 'International Business Machines Corporation', 'Technology', 300, 0.016, true, 4, 6.72],
  ['GS', 'The Goldman Sachs Group, Inc.', 'Financials', 800, 0.018, true, 2, 16],
  ['MS', 'Morgan Stanley', 'Financials', 160, 0.018, true, 7, 4],
  ['BA', 'The Boeing Company', 'Industrials', 210, 0.022, true, 8, 0],
  ['CAT', 'Caterpillar Inc.', 'Industrials', 560, 0.018, false, 3, 6.04],
  ['GE', 'GE Aerospace', 'Industrials', 300, 0.019, false, 5, 1.44],
  ['UBER', 'Uber Technologies, Inc.', 'Industrials', 90, 0.026, true, 20, 0],
  ['PYPL', 'PayPal Holdings, Inc.', 'Financials', 62, 0.024, true, 15, 0.56],
  ['SBUX', 'Starbucks Corporation', 'Consumer Discretionary', 85, 0.018, true, 10, 2.48],
  ['PLTR', 'Palantir Technologies Inc.', 'Technology', 180, 0.04, true, 60, 0],
  ['COIN', 'Coinbase Global, Inc.', 'Financials', 260, 0.045, true, 10, 0],
];

/** symbol, name, level, daily vol. */
export const US_INDEX_ROWS: readonly (readonly [string, string, number, number])[] = [
  ['SPX', 'S&P 500 Index', 6_800, 0.009],
  ['NDX', 'Nasdaq-100 Index', 25_000, 0.012],
  ['DJI', 'Dow Jones Industrial Average', 47_000, 0.008],
];

export type IdxSector =
  | 'Keuangan'
  | 'Infrastruktur'
  | 'Barang Konsumen Primer'
  | 'Barang Konsumen Non-Primer'
  | 'Energi'
  | 'Barang Baku'
  | 'Kesehatan'
  | 'Perindustrian'
  | 'Properti & Real Estat'
  | 'Teknologi';

/** code, name, sector, price (IDR), daily vol, daily volume (millions of shares), dividend per share a year (IDR). */
export type IdxRow = readonly [string, string, IdxSector, number, number, number, number];

export const IDX_ROWS: readonly IdxRow[] = [
  ['BBCA', 'Bank Central Asia Tbk.', 'Keuangan', 8_200, 0.014, 80, 300],
  ['BBRI', 'Bank Rakyat Indonesia (Persero) Tbk.', 'Keuangan', 3_900, 0.019, 200, 340],
  ['BMRI', 'Bank Mandiri (Persero) Tbk.', 'Keuangan', 5_000, 0.018, 110, 470],
  ['BBNI', 'Bank Negara Indonesia (Persero) Tbk.', 'Keuangan', 4_300, 0.019, 60, 380],
  ['BRIS', 'Bank Syariah Indonesia Tbk.', 'Keuangan', 2_700, 0.025, 30, 30],
  ['ARTO', 'Bank Jago Tbk.', 'Keuangan', 2_300, 0.035, 25, 0],
  ['TLKM', 'Telkom Indonesia (Persero) Tbk.', 'Infrastruktur', 3_300, 0.017, 120, 210],
  ['EXCL', 'XLSMART Telecom Sejahtera Tbk.', 'Infrastruktur', 2_300, 0.022, 20, 45],
  ['ISAT', 'Indosat Tbk.', 'Infrastruktur', 1_900, 0.023, 25, 90],
  ['TOWR', 'Sarana Menara Nusantara Tbk.', 'Infrastruktur', 650, 0.022, 40, 25],
  ['TBIG', 'Tower Bersama Infrastructure Tbk.', 'Infrastruktur', 2_000, 0.02, 5, 30],
  ['JSMR', 'Jasa Marga (Persero) Tbk.', 'Infrastruktur', 4_000, 0.018, 6, 110],
  ['PGAS', 'Perusahaan Gas Negara Tbk.', 'Energi', 1_600, 0.021, 50, 140],
  ['ADRO', 'Alamtri Resources Indonesia Tbk.', 'Energi', 1_900, 0.025, 70, 180],
  ['PTBA', 'Bukit Asam Tbk.', 'Energi', 2_500, 0.02, 25, 400],
  ['ITMG', 'Indo Tambangraya Megah Tbk.', 'Energi', 22_000, 0.019, 2, 2_500],
  ['MEDC', 'Medco Energi Internasional Tbk.', 'Energi', 1_200, 0.027, 50, 50],
  ['AKRA', 'AKR Corporindo Tbk.', 'Energi', 1_200, 0.02, 20, 90],
  ['ESSA', 'ESSA Industries Indonesia Tbk.', 'Energi', 700, 0.03, 30, 10],
  ['UNTR', 'United Tractors Tbk.', 'Perindustrian', 26_000, 0.017, 3, 2_200],
  ['ASII', 'Astra International Tbk.', 'Perindustrian', 5_600, 0.017, 60, 640],
  ['ANTM', 'Aneka Tambang Tbk.', 'Barang Baku', 3_000, 0.03, 90, 90],
  ['INCO', 'Vale Indonesia Tbk.', 'Barang Baku', 3_800, 0.028, 15, 0],
  ['MDKA', 'Merdeka Copper Gold Tbk.', 'Barang Baku', 1_800, 0.032, 60, 0],
  ['AMMN', 'Amman Mineral Internasional Tbk.', 'Barang Baku', 7_500, 0.033, 25, 0],
  ['SMGR', 'Semen Indonesia (Persero) Tbk.', 'Barang Baku', 2_800, 0.022, 15, 90],
  ['INTP', 'Indocement Tunggal Prakarsa Tbk.', 'Barang Baku', 6_000, 0.02, 3, 270],
  ['BRPT', 'Barito Pacific Tbk.', 'Barang Baku', 2_000, 0.035, 70, 5],
  ['TPIA', 'Chandra Asri Pacific Tbk.', 'Barang Baku', 7_000, 0.03, 8, 0],
  ['ICBP', 'Indofood CBP Sukses Makmur Tbk.', 'Barang Konsumen Primer', 9_500, 0.013, 8, 330],
  ['INDF', 'Indofood Sukses Makmur Tbk.', 'Barang Konsumen Primer', 7_000, 0.013, 10, 270],
  ['UNVR', 'Unilever Indonesia Tbk.', 'Barang Konsumen Primer', 1_900, 0.02, 25, 90],
  ['CPIN', 'Charoen Pokphand Indonesia Tbk.', 'Barang Konsumen Primer', 4_700, 0.018, 8, 100],
  ['AMRT', 'Sumber Alfaria Trijaya Tbk.', 'Barang Konsumen Primer', 2_400, 0.02, 30, 40],
  ['HMSP', 'H.M. Sampoerna Tbk.', 'Barang Konsumen Primer', 650, 0.017, 20, 55],
  ['GGRM', 'Gudang Garam Tbk.', 'Barang Konsumen Primer', 14_000, 0.018, 1, 0],
  ['SIDO', 'Industri Jamu dan Farmasi Sido Muncul Tbk.', 'Kesehatan', 580, 0.016, 30, 40],
  ['KLBF', 'Kalbe Farma Tbk.', 'Kesehatan', 1_300, 0.017, 40, 45],
  ['MIKA', 'Mitra Keluarga Karyasehat Tbk.', 'Kesehatan', 2_500, 0.018, 8, 45],
  ['ACES', 'Aspirasi Hidup Indonesia Tbk.', 'Barang Konsumen Non-Primer', 600, 0.022, 30, 30],
  ['MAPI', 'Mitra Adiperkasa Tbk.', 'Barang Konsumen Non-Primer', 1_300, 0.023, 20, 15],
  ['ERAA', 'Erajaya Swasembada Tbk.', 'Barang Konsumen Non-Primer', 400, 0.022, 25, 20],
  ['BSDE', 'Bumi Serpong Damai Tbk.', 'Properti & Real Estat', 950, 0.021, 20, 0],
  ['CTRA', 'Ciputra Development Tbk.', 'Properti & Real Estat', 950, 0.021, 20, 20],
  ['GOTO', 'GoTo Gojek Tokopedia Tbk.', 'Teknologi', 70, 0.035, 1_500, 0],
];
