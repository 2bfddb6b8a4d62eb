// The routes of product-spec §2 and what each shows, in both languages (strings from the
// shell's and the remotes' i18n files).
import type { Lang } from './support-fixtures';

export type RemoteId = 'mf_trade' | 'mf_portfolio' | 'mf_account' | 'mf_wallet' | 'mf_reports';

export interface SpecRoute {
  /** As the specification writes it, query included. */
  path: string;
  /** The remote owning the route; null for the shell's own pages. */
  remote: RemoteId | null;
  /** Needs a session: a guest gets the shell's log-in prompt inside the remote's area. */
  auth: boolean;
  /** The page's own `h1` (for an auth page: what a signed-in user sees). */
  heading: Record<Lang, string>;
  /** Trade home: the selected symbol and its market. */
  symbol?: { ticker: string; market: Record<Lang, string> };
}

const page = (path: string, remote: RemoteId | null, auth: boolean, id: string, en: string, extra: Partial<SpecRoute> = {}): SpecRoute => ({
  path,
  remote,
  auth,
  heading: { id, en },
  ...extra,
});

const tradeHome = (path: string, ticker: string, market: Record<Lang, string>) =>
  page(path, 'mf_trade', false, 'Trading', 'Trade', { symbol: { ticker, market } });

export const SPEC_ROUTES: readonly SpecRoute[] = [
  page('/signup', null, false, 'Daftar di Pasar', 'Sign up for Pasar'),
  page('/login', null, false, 'Masuk ke Pasar', 'Log in to Pasar'),
  page('/trade/USDT-IDR', 'mf_trade', false, 'Jelajahi USDT-IDR', 'Explore USDT-IDR'),
  tradeHome('/trade?ticker=BTCUSDT-PERP', 'BTCUSDT-PERP', { id: 'Kripto Futures', en: 'Crypto futures' }),
  tradeHome('/trade?ticker=AAPL', 'AAPL', { id: 'Saham AS', en: 'US stocks' }),
  tradeHome('/trade', 'BTC-IDR', { id: 'Kripto', en: 'Crypto' }),
  page('/account', 'mf_account', true, 'Akun', 'Account'),
  page('/account/privacy', 'mf_account', true, 'Privasi dan keamanan', 'Privacy and security'),
  page('/account/privacy/manage-session', 'mf_account', true, 'Perangkat yang masuk', 'Signed-in devices'),
  page('/account/bankAccount', 'mf_account', true, 'Rekening bank', 'Bank accounts'),
  page('/account/profile', 'mf_account', true, 'Profil', 'Profile'),
  page('/account/identity-verification', 'mf_account', true, 'Verifikasi identitas', 'Identity verification'),
  page('/account/notification', 'mf_account', true, 'Pengaturan notifikasi', 'Notification settings'),
  page('/account/manage-session', 'mf_account', true, 'Kelola sesi', 'Manage sessions'),
  page('/account/language', 'mf_account', true, 'Bahasa', 'Language'),
  page('/portfolio', 'mf_portfolio', true, 'Portofolio', 'Portfolio'),
  page('/transaction-history', 'mf_reports', true, 'Riwayat transaksi', 'Transaction history'),
  page('/notifications', 'mf_account', true, 'Notifikasi', 'Notifications'),
  page('/balance', 'mf_wallet', true, 'Saldo', 'Balance'),
  page('/balance/topup', 'mf_wallet', true, 'Isi saldo', 'Top up balance'),
  page('/tax-reports', 'mf_reports', true, 'Laporan pajak', 'Tax reports'),
  page('/asset/crypto/BTC/1', 'mf_trade', false, 'Aset kripto BTC', 'Crypto asset BTC'),
  page('/asset/usstock/AAPL/1', 'mf_trade', false, 'Saham AS AAPL', 'US stock AAPL'),
  page('/asset/usindex/SPX/1', 'mf_trade', false, 'Indeks AS SPX', 'US index SPX'),
];

const pairPage = (ticker: string, market: Record<Lang, string>) =>
  page(`/trade/${ticker}`, 'mf_trade', false, 'Trading', 'Trade', { symbol: { ticker, market } });

/** A pair URL and an asset page of every market, opened in id, en and under `/pwa`. */
export const MARKET_ROUTES: readonly SpecRoute[] = [
  pairPage('BTC-IDR', { id: 'Kripto', en: 'Crypto' }),
  pairPage('ETH-IDR', { id: 'Kripto', en: 'Crypto' }),
  pairPage('BTCUSDT-PERP', { id: 'Kripto Futures', en: 'Crypto futures' }),
  pairPage('AAPL', { id: 'Saham AS', en: 'US stocks' }),
  pairPage('BBCA', { id: 'Saham Indonesia', en: 'Indonesian stocks' }),
  page('/asset/idx/BBCA/1', 'mf_trade', false, 'Saham IDX BBCA', 'IDX stock BBCA'),
];

/** The shell's prompt shown to a guest instead of a page that needs a session. */
export const LOGIN_PROMPT: Record<Lang, string> = { id: 'Masuk untuk melanjutkan', en: 'Log in to continue' };

/** Shell strings the journeys use. */
export const SHELL_TEXT = {
  nav: { id: 'Navigasi utama', en: 'Main navigation' },
  languageGroup: { id: 'Bahasa', en: 'Language' },
  toDark: { id: 'Ganti ke tema gelap', en: 'Switch to dark theme' },
  toLight: { id: 'Ganti ke tema terang', en: 'Switch to light theme' },
  retry: { id: 'Coba lagi', en: 'Retry' },
  unavailableTitle: { id: 'Bagian Pasar ini sedang tidak tersedia', en: 'This part of Pasar is unavailable' },
  menu: { id: 'Menu', en: 'Menu' },
  reports: { id: 'Laporan', en: 'Reports' },
  login: { id: 'Masuk', en: 'Log in' },
} as const;

/** Federation name → folder under `remotes/`. */
export const folderOf = (remote: RemoteId): string => remote.replace('_', '-');
