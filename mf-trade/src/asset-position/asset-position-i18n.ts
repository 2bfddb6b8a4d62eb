// The position card's strings, merged into the `trade` namespace (under `assetPosition`) when the
// asset page's chunk loads.
import { registerTranslations } from '@pasar/shared';
import { TRADE_NAMESPACE } from '../i18n';

export const assetPositionId = {
  assetPosition: {
    title: 'Posisi Anda',
    quantity: 'Jumlah',
    available: 'Tersedia',
    averageCost: 'Harga rata-rata',
    marketValue: 'Nilai pasar',
    costBasis: 'Modal',
    unrealizedPnl: 'Untung/rugi belum terealisasi',
    realizedPnl: 'Untung/rugi terealisasi',
    none: 'Anda tidak memiliki {{asset}} saat ini.',
    loadFailed: 'Posisi Anda tidak dapat dimuat.',
    loading: 'Memuat posisi',
    portfolio: 'Lihat portofolio',
    priceNote: 'Dinilai dengan harga transaksi terakhir; harga rata-rata sudah termasuk biaya dan pajak.',
    marketValueIdr: 'Nilai dalam IDR',
    usPriceNote: 'Dinilai dengan harga transaksi terakhir dalam USD; nilai IDR dengan kurs dompet USD {{rate}}. Harga rata-rata sudah termasuk komisi.',
    gain: 'untung',
    loss: 'rugi',
  },
};

type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
export type AssetPositionMessages = Messages<typeof assetPositionId>;

export const assetPositionEn: AssetPositionMessages = {
  assetPosition: {
    title: 'Your position',
    quantity: 'Quantity',
    available: 'Available',
    averageCost: 'Average cost',
    marketValue: 'Market value',
    costBasis: 'Cost',
    unrealizedPnl: 'Unrealized P&L',
    realizedPnl: 'Realized P&L',
    none: 'You hold no {{asset}} at the moment.',
    loadFailed: 'Your position could not be loaded.',
    loading: 'Loading your position',
    portfolio: 'View portfolio',
    priceNote: 'Valued at the last traded price; the average cost includes fees and taxes.',
    marketValueIdr: 'Value in IDR',
    usPriceNote: 'Valued at the last traded price in USD; the IDR value at the USD wallet’s rate of {{rate}}. The average cost includes commission.',
    gain: 'gain',
    loss: 'loss',
  },
};

/** Adds the strings to the namespace (idempotent: i18next merges the same bundle again). */
export function registerAssetPositionTranslations(): void {
  registerTranslations(TRADE_NAMESPACE, { id: assetPositionId, en: assetPositionEn });
}
