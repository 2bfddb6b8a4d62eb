// The US leverage strings (selector, ticket, positions), merged into the `trade` namespace under
// `usLeverage` when the US panel's chunk loads.
import { registerTranslations } from '@pasar/shared';
import { TRADE_NAMESPACE } from '../i18n';

export const usLeverageId = {
  usLeverage: {
    selector: 'Leverage',
    none: 'Tanpa leverage',
    noneShort: '-',
    wallet2: 'Dompet leverage (2x)',
    wallet4: 'Dompet intraday (4x)',
    buyingPower: 'Daya beli',
    quantity: 'Jumlah saham',
    estimatedNotional: 'Perkiraan nilai posisi',
    estimatedMargin: 'Margin yang ditahan',
    buy: 'Beli {{leverage}}x',
    reviewTitle: 'Konfirmasi beli {{symbol}} {{leverage}}x',
    reviewNote2: 'Posisi 2x dapat disimpan semalam dengan biaya pembiayaan harian.',
    reviewNote4: 'Posisi 4x adalah intraday: ditutup otomatis menjelang pasar tutup (termasuk hari tutup lebih awal).',
    confirm: 'Beli sekarang',
    cancel: 'Batal',
    placed: 'Posisi {{symbol}} {{leverage}}x dibuka: {{quantity}} saham pada {{price}}',
    closed: 'Posisi {{symbol}} {{leverage}}x ditutup',
    regularOnly: 'Order dengan leverage hanya dieksekusi di jam reguler. Pasar AS sedang tidak di jam reguler.',
    noFunds: 'Dompet ini kosong. Pindahkan USD dari dompet tanpa leverage di halaman dompet.',
    required: 'Isi jumlah saham',
    tooMuch: 'Melebihi daya beli',
    positions: 'Posisi leverage',
    noPositions: 'Belum ada posisi leverage',
    loadFailed: 'Posisi leverage tidak dapat dimuat',
    marginRatio: 'Rasio margin {{wallet}}',
    entry: 'Harga masuk',
    mark: 'Harga terakhir',
    margin: 'Margin',
    pnl: 'Untung/rugi',
    liquidation: 'Harga likuidasi',
    autoClose: 'Ditutup otomatis',
    pending: 'Likuidasi menunggu pasar buka',
    close: 'Tutup posisi',
    closeTitle: 'Tutup posisi {{symbol}} {{leverage}}x?',
    closeBody: '{{quantity}} saham dijual pada harga pasar.',
    closeConfirm: 'Tutup sekarang',
  },
};

type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

export const usLeverageEn: Messages<typeof usLeverageId> = {
  usLeverage: {
    selector: 'Leverage',
    none: 'No leverage',
    noneShort: '-',
    wallet2: 'Leverage wallet (2x)',
    wallet4: 'Intraday wallet (4x)',
    buyingPower: 'Buying power',
    quantity: 'Shares',
    estimatedNotional: 'Estimated position value',
    estimatedMargin: 'Margin held',
    buy: 'Buy {{leverage}}x',
    reviewTitle: 'Confirm buying {{symbol}} {{leverage}}x',
    reviewNote2: 'A 2x position may be held overnight with a daily financing charge.',
    reviewNote4: 'A 4x position is intraday: it is closed automatically shortly before the market close (early closes included).',
    confirm: 'Buy now',
    cancel: 'Cancel',
    placed: '{{symbol}} {{leverage}}x position opened: {{quantity}} shares at {{price}}',
    closed: '{{symbol}} {{leverage}}x position closed',
    regularOnly: 'Leveraged orders execute in regular hours only. The US market is not in regular hours now.',
    noFunds: 'This wallet is empty. Move USD from the no-leverage wallet on the wallet page.',
    required: 'Enter the number of shares',
    tooMuch: 'Above your buying power',
    positions: 'Leveraged positions',
    noPositions: 'No leveraged positions yet',
    loadFailed: 'Leveraged positions could not be loaded',
    marginRatio: '{{wallet}} margin ratio',
    entry: 'Entry price',
    mark: 'Last price',
    margin: 'Margin',
    pnl: 'P&L',
    liquidation: 'Liquidation price',
    autoClose: 'Closes automatically',
    pending: 'Liquidation waits for the market open',
    close: 'Close position',
    closeTitle: 'Close the {{symbol}} {{leverage}}x position?',
    closeBody: '{{quantity}} shares are sold at market.',
    closeConfirm: 'Close now',
  },
};

export const usLeverageTranslations = { id: usLeverageId, en: usLeverageEn };

/** Adds the US leverage strings to the namespace (idempotent). */
export function registerUsLeverageTranslations(): void {
  registerTranslations(TRADE_NAMESPACE, usLeverageTranslations);
}
