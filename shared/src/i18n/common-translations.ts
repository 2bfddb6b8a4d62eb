// Strings of the `common` namespace: what the shell, shared UI and every remote may show.
import { DEFAULT_ERROR_MESSAGE } from '../contract/error-codes';
import { APP_NAME } from '../format/constants';
import type { Translations } from '../platform/remote-module';

export const COMMON_NAMESPACE = 'common';

const id = {
  appName: APP_NAME,
  retry: 'Coba lagi',
  loading: 'Memuat…',
  empty: 'Belum ada data',
  actions: {
    cancel: 'Batal',
    confirm: 'Konfirmasi',
    close: 'Tutup',
    save: 'Simpan',
    back: 'Kembali',
    next: 'Lanjut',
    ok: 'OK',
    seeAll: 'Lihat semua',
    buy: 'Beli',
    sell: 'Jual',
  },
  auth: {
    login: 'Masuk',
    logout: 'Keluar',
    signup: 'Daftar',
    loginToContinue: 'Masuk untuk melanjutkan',
    sessionEnded: 'Sesi Anda telah berakhir. Silakan masuk lagi.',
  },
  error: {
    generic: DEFAULT_ERROR_MESSAGE.id,
    network: 'Tidak ada koneksi internet',
    tryAgain: 'Silakan coba lagi',
    controlCharacters: 'Tidak boleh berisi karakter kontrol (karakter tak terlihat, sering ikut saat menempel teks)',
  },
  language: {
    title: 'Bahasa',
    id: 'Bahasa Indonesia',
    en: 'English',
  },
  theme: {
    title: 'Tema',
    light: 'Terang',
    dark: 'Gelap',
  },
  maintenance: {
    title: 'Sedang dalam pemeliharaan',
    description: 'Kami sedang meningkatkan layanan. Silakan kembali beberapa saat lagi.',
  },
  notFound: {
    title: 'Halaman tidak ditemukan',
    description: 'Halaman yang Anda cari tidak ada atau sudah dipindahkan.',
    backHome: 'Kembali ke beranda',
  },
  unavailable: {
    title: 'Bagian ini sedang tidak tersedia',
    description: 'Bagian lain aplikasi tetap bisa digunakan.',
  },
  tradingHalted: {
    title: 'Perdagangan dihentikan sementara',
    description:
      'Pembelian dan penjualan sementara tidak tersedia karena tindakan regulator, fluktuasi harga, berita, atau kendala teknis.',
  },
};

type CommonStrings = typeof id;

const en: CommonStrings = {
  appName: APP_NAME,
  retry: 'Retry',
  loading: 'Loading…',
  empty: 'No data yet',
  actions: {
    cancel: 'Cancel',
    confirm: 'Confirm',
    close: 'Close',
    save: 'Save',
    back: 'Back',
    next: 'Next',
    ok: 'OK',
    seeAll: 'See all',
    buy: 'Buy',
    sell: 'Sell',
  },
  auth: {
    login: 'Log in',
    logout: 'Log out',
    signup: 'Sign up',
    loginToContinue: 'Log in to continue',
    sessionEnded: 'Your session has ended. Please log in again.',
  },
  error: {
    generic: DEFAULT_ERROR_MESSAGE.en,
    network: 'No internet connection',
    tryAgain: 'Please try again',
    controlCharacters: 'Must not contain control characters (invisible characters, often carried in with pasted text)',
  },
  language: {
    title: 'Language',
    id: 'Bahasa Indonesia',
    en: 'English',
  },
  theme: {
    title: 'Theme',
    light: 'Light',
    dark: 'Dark',
  },
  maintenance: {
    title: 'Under maintenance',
    description: 'We are improving our service. Please come back in a little while.',
  },
  notFound: {
    title: 'Page not found',
    description: 'The page you are looking for does not exist or has moved.',
    backHome: 'Back to home',
  },
  unavailable: {
    title: 'This section is unavailable',
    description: 'The rest of the app keeps working.',
  },
  tradingHalted: {
    title: 'Trading is halted',
    description:
      'Buying and selling are temporarily unavailable due to regulatory actions, price fluctuations, news or technical issues.',
  },
};

export const commonTranslations = { id, en } satisfies Translations;
