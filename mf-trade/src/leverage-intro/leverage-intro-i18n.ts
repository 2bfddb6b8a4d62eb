// The leverage modals' strings, merged into the `trade` namespace (under `leverageIntro` and
// `leverageModal`) when a leveraged panel's chunk loads.
import { registerTranslations } from '@pasar/shared';
import { TRADE_NAMESPACE } from '../i18n';

export const leverageIntroId = {
  leverageIntro: {
    title: 'Sebelum bertransaksi dengan leverage',
    lead: 'Leverage memperbesar untung dan rugi. Bacalah ini sebelum order leverage pertama Anda.',
    perpsTitle: 'Kontrak perpetual kripto (USDT)',
    perpsBody:
      'Anda membuka posisi long atau short dengan margin USDT dari dompet margin. Dengan leverage 10x, margin 100 USDT membuka posisi 1.000 USDT. Biaya pendanaan dibayar atau diterima setiap 8 jam (00:00, 08:00, 16:00 UTC).',
    usTitle: 'Saham AS 2x dan 4x',
    usBody:
      'Leverage 2x memakai dompet leverage dan dapat disimpan semalam dengan biaya pembiayaan harian. Leverage 4x adalah intraday: posisi yang masih terbuka ditutup otomatis sebelum pasar tutup.',
    riskTitle: 'Likuidasi',
    riskBody:
      'Jika harga bergerak melawan Anda dan rasio margin mencapai 100%, posisi ditutup paksa pada harga pasar. Anda akan menerima peringatan margin call lebih dahulu. Saldo Anda tidak akan menjadi negatif.',
    acknowledge: 'Saya memahami risiko transaksi dengan leverage',
    continue: 'Lanjutkan',
    cancel: 'Batal',
  },
  leverageModal: {
    title: 'Leverage {{leverage}}x',
    body: 'Dengan leverage {{leverage}}x, pergerakan harga sekitar {{move}}% melawan posisi Anda dapat menghabiskan margin dan memicu likuidasi.',
    dontShow: 'Jangan tampilkan lagi',
    confirm: 'Gunakan {{leverage}}x',
    cancel: 'Batal',
  },
};

type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
export type LeverageIntroMessages = Messages<typeof leverageIntroId>;

export const leverageIntroEn: LeverageIntroMessages = {
  leverageIntro: {
    title: 'Before you trade with leverage',
    lead: 'Leverage magnifies gains and losses. Please read this before your first leveraged order.',
    perpsTitle: 'Crypto perpetual futures (USDT)',
    perpsBody:
      'You open a long or short position with USDT margin from your margin wallet. At 10x, 100 USDT of margin opens a 1,000 USDT position. Funding is paid or received every 8 hours (00:00, 08:00, 16:00 UTC).',
    usTitle: 'US stocks at 2x and 4x',
    usBody:
      '2x uses the leverage wallet and may be held overnight for a daily financing charge. 4x is intraday: positions still open are closed automatically before the market closes.',
    riskTitle: 'Liquidation',
    riskBody:
      'If the price moves against you and the margin ratio reaches 100%, the position is closed at the market price. You get a margin call warning first. Your balance never goes below zero.',
    acknowledge: 'I understand the risks of trading with leverage',
    continue: 'Continue',
    cancel: 'Cancel',
  },
  leverageModal: {
    title: 'Leverage {{leverage}}x',
    body: 'At {{leverage}}x, a price move of about {{move}}% against your position can use up its margin and trigger liquidation.',
    dontShow: "Don't show this again",
    confirm: 'Use {{leverage}}x',
    cancel: 'Cancel',
  },
};

export const leverageIntroTranslations = { id: leverageIntroId, en: leverageIntroEn };

/** Adds the leverage modals' strings to the namespace (idempotent). */
export function registerLeverageIntroTranslations(): void {
  registerTranslations(TRADE_NAMESPACE, leverageIntroTranslations);
}
