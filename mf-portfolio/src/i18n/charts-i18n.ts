// The strings of the allocation, value-over-time and wallet cards, merged into the `portfolio` namespace
// when their chunks load (the remote's first chunk does not carry them).
import { registerTranslations } from '@pasar/shared';
import { PORTFOLIO_NAMESPACE } from './index';

export const chartsId = {
  pockets: {
    title: 'Aset per dompet',
    wallet: 'Dompet',
    cash: 'Saldo',
    holdings: 'Isi',
    value: 'Nilai',
    none: 'Tidak ada posisi',
    names: { PALN: 'Saham AS (tanpa leverage)', LEVERAGE: 'Leverage 2x', INTRADAY: 'Intraday 4x', MARGIN: 'Margin perpetual (USDT)' },
  },
  allocation: {
    title: 'Alokasi',
    byMarket: 'Per pasar',
    byAsset: 'Per aset',
    view: 'Tampilkan alokasi',
    name: 'Bagian',
    value: 'Nilai',
    share: 'Porsi',
    chart: 'Diagram alokasi {{view}}: {{slices}}',
    empty: 'Belum ada yang dialokasikan.',
    negativeNote: 'Bagian bernilai negatif (rugi posisi bermargin) tidak digambar di diagram.',
    assets: { IDR: 'Rupiah', USD: 'Dolar AS', USDT: 'USDT' },
  },
  valueHistory: {
    title: 'Nilai dari waktu ke waktu',
    ranges: 'Rentang waktu',
    range: { '1W': '1Mg', '1M': '1B', '3M': '3B', YTD: 'YTD', '1Y': '1T', ALL: 'Semua' },
    rangeLong: { '1W': '1 minggu', '1M': '1 bulan', '3M': '3 bulan', YTD: 'sejak awal tahun', '1Y': '1 tahun', ALL: 'semua waktu' },
    chart: 'Grafik nilai portofolio {{range}}: dari {{first}} pada {{from}} menjadi {{last}} pada {{to}}',
    change: 'Perubahan {{range}}',
    emptyTitle: 'Riwayat nilai belum ada',
    emptyBody: 'Nilai portofolio Anda dicatat setiap hari setelah tengah malam WIB; grafiknya muncul mulai besok.',
    note: 'Nilai harian dicatat setelah tengah malam WIB; titik terakhir adalah nilai saat ini. Setoran dan penarikan ikut mengubahnya.',
  },
};

export const chartsEn: typeof chartsId = {
  pockets: {
    title: 'Holdings by wallet',
    wallet: 'Wallet',
    cash: 'Balance',
    holdings: 'Holds',
    value: 'Value',
    none: 'No positions',
    names: { PALN: 'US stocks (no leverage)', LEVERAGE: 'Leverage 2x', INTRADAY: 'Intraday 4x', MARGIN: 'Perpetuals margin (USDT)' },
  },
  allocation: {
    title: 'Allocation',
    byMarket: 'By market',
    byAsset: 'By asset',
    view: 'Show allocation',
    name: 'Part',
    value: 'Value',
    share: 'Share',
    chart: 'Allocation chart {{view}}: {{slices}}',
    empty: 'Nothing allocated yet.',
    negativeNote: 'Parts below zero (losses on margined positions) are not drawn in the chart.',
    assets: { IDR: 'Rupiah', USD: 'US dollar', USDT: 'USDT' },
  },
  valueHistory: {
    title: 'Value over time',
    ranges: 'Time range',
    range: { '1W': '1W', '1M': '1M', '3M': '3M', YTD: 'YTD', '1Y': '1Y', ALL: 'All' },
    rangeLong: { '1W': '1 week', '1M': '1 month', '3M': '3 months', YTD: 'year to date', '1Y': '1 year', ALL: 'all time' },
    chart: 'Portfolio value over {{range}}: from {{first}} on {{from}} to {{last}} on {{to}}',
    change: 'Change over {{range}}',
    emptyTitle: 'No value history yet',
    emptyBody: 'Your portfolio value is recorded every day after midnight WIB; the chart starts tomorrow.',
    note: 'Daily values are recorded after midnight WIB; the last point is the value now. Deposits and withdrawals move it too.',
  },
};

/** Adds the strings to the namespace (idempotent: i18next merges the same bundle again). */
export function registerChartTranslations(): void {
  registerTranslations(PORTFOLIO_NAMESPACE, { id: chartsId, en: chartsEn });
}
