// The shell's own strings (namespace `shell`), Indonesian: the default language. The strings of
// the sign-in, sign-up and prompt screens are in ./auth-id.ts, registered by those screens' chunks.

export const id = {
  brand: 'Pasar',
  homeLink: 'Ke halaman trading',
  skipToContent: 'Langsung ke konten',
  nav: {
    label: 'Navigasi utama',
    trade: 'Trading',
    portfolio: 'Portofolio',
    balance: 'Saldo',
    reports: 'Laporan',
    transactionHistory: 'Riwayat transaksi',
    taxReports: 'Laporan pajak',
    account: 'Akun',
  },
  menu: { open: 'Menu', label: 'Menu situs' },
  headerBalance: { label: 'Saldo', loading: 'Memuat saldo…' },
  notifications: { label: 'Notifikasi', labelUnread: 'Notifikasi, {{unread}} belum dibaca' },
  language: { label: 'Bahasa', id: 'ID', en: 'EN', idName: 'Bahasa Indonesia', enName: 'English' },
  theme: { toLight: 'Ganti ke tema terang', toDark: 'Ganti ke tema gelap', light: 'Terang', dark: 'Gelap' },
  auth: { login: 'Masuk', logout: 'Keluar', signup: 'Daftar', loggedOut: 'Anda telah keluar' },
  notFound: {
    title: 'Halaman tidak ditemukan',
    body: 'Alamatnya mungkin salah ketik, atau halamannya sudah dipindahkan.',
    home: 'Ke halaman trading',
  },
  unavailable: {
    title: 'Bagian Pasar ini sedang tidak tersedia',
    body: 'Bagian lain dari Pasar tetap berjalan. Coba lagi sebentar lagi.',
    retry: 'Coba lagi',
  },
  loading: 'Memuat…',
  loginRequired: {
    title: 'Masuk untuk melanjutkan',
    body: 'Halaman ini menampilkan akun Anda sendiri, jadi Anda perlu masuk terlebih dahulu.',
    login: 'Masuk',
    signup: 'Daftar',
  },
  maintenance: {
    title: 'Pasar sedang dalam pemeliharaan',
    body: 'Kami sedang meningkatkan layanan. Aset Anda tetap aman. Silakan kembali beberapa saat lagi.',
    reload: 'Coba lagi',
  },
  buildLabel: 'Build {{label}}',
};

export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type ShellStrings = Widen<typeof id>;
