// The shell's own strings (namespace `shell`), Indonesian: the default language.

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
  language: { label: 'Bahasa', id: 'ID', en: 'EN', idName: 'Bahasa Indonesia', enName: 'English' },
  theme: { toLight: 'Ganti ke tema terang', toDark: 'Ganti ke tema gelap', light: 'Terang', dark: 'Gelap' },
  auth: { login: 'Masuk', logout: 'Keluar', signup: 'Daftar', loggedOut: 'Anda telah keluar' },
  login: {
    title: 'Masuk ke Pasar',
    body: 'Anda masuk dengan nomor ponsel, kode sekali pakai yang dikirim lewat SMS, dan PIN Anda. Formulir masuk akan hadir di halaman ini.',
    noAccount: 'Belum punya akun?',
    toSignup: 'Daftar',
  },
  signup: {
    title: 'Daftar di Pasar',
    body: 'Pendaftaran memakai nomor ponsel, kode sekali pakai yang dikirim lewat SMS, dan PIN pilihan Anda. Formulir pendaftaran akan hadir di halaman ini.',
    hasAccount: 'Sudah punya akun?',
    toLogin: 'Masuk',
  },
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
  prompt: {
    pinTitle: 'Masukkan PIN Anda',
    pinBody: 'Tindakan ini memerlukan PIN Anda. Memasukkan PIN di web belum tersedia: untuk sementara, silakan gunakan aplikasi Pasar.',
    acceptTitle: 'Setujui ketentuan',
    acceptBody: 'Tindakan ini memerlukan persetujuan Anda atas ketentuan terbaru. Menyetujuinya di web belum tersedia: untuk sementara, silakan gunakan aplikasi Pasar.',
    close: 'Tutup',
  },
  buildLabel: 'Build {{label}}',
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type ShellStrings = Widen<typeof id>;
