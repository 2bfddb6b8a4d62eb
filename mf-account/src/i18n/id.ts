// Indonesian (the default language) strings of the `account` namespace.
export const id = {
  nav: { account: 'Akun', notifications: 'Notifikasi' },
  common: {
    soonTitle: 'Segera hadir',
    backToAccount: 'Kembali ke akun',
  },
  home: {
    title: 'Akun',
    description: 'Kelola profil, keamanan, rekening bank dan preferensi Anda.',
    settings: 'Pengaturan akun',
  },
  privacy: {
    title: 'Privasi dan keamanan',
    description: 'Atur keamanan akun dan perangkat yang dapat mengaksesnya.',
    body: 'Pengaturan PIN dan data pribadi segera hadir di sini.',
    sessions: 'Perangkat yang masuk',
  },
  privacySessions: {
    title: 'Perangkat yang masuk',
    description: 'Perangkat tempat akun Anda sedang masuk, dilihat dari pengaturan privasi.',
    body: 'Daftar perangkat dan tombol keluar dari perangkat segera hadir di sini.',
    back: 'Kembali ke privasi dan keamanan',
  },
  bankAccount: {
    title: 'Rekening bank',
    description: 'Rekening tujuan untuk menarik saldo Anda.',
    body: 'Rekening bank yang terdaftar akan tampil di sini.',
  },
  profile: {
    title: 'Profil',
    description: 'Nama, nomor telepon dan email akun Anda.',
    body: 'Detail profil Anda segera tampil di sini.',
  },
  identity: {
    title: 'Verifikasi identitas',
    description: 'Verifikasi identitas Anda agar dapat bertransaksi di semua pasar.',
    body: 'Status dan langkah verifikasi segera tampil di sini.',
  },
  notificationSettings: {
    title: 'Pengaturan notifikasi',
    description: 'Pilih notifikasi yang ingin Anda terima, termasuk margin call dan likuidasi akun.',
    body: 'Pilihan notifikasi segera tampil di sini.',
  },
  manageSession: {
    title: 'Kelola sesi',
    description: 'Lihat perangkat yang terhubung ke akun Anda dan keluarkan yang tidak dikenal.',
    body: 'Daftar sesi aktif dan tidak aktif segera tampil di sini.',
  },
  language: {
    title: 'Bahasa',
    description: 'Pilih bahasa tampilan aplikasi.',
    legend: 'Bahasa tampilan',
    id: 'Bahasa Indonesia',
    en: 'English',
  },
  notifications: {
    title: 'Notifikasi',
    description: 'Kabar terbaru tentang order, saldo dan akun Anda.',
    emptyTitle: 'Belum ada notifikasi',
    emptyBody: 'Notifikasi baru akan muncul di sini.',
    settings: 'Pengaturan notifikasi',
  },
};

type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
/** The shape every language of this namespace must fill. */
export type AccountMessages = Messages<typeof id>;
