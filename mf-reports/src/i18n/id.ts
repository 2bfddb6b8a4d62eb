// Indonesian (the default language) strings of the `reports` namespace.
export const id = {
  nav: { reports: 'Laporan' },
  links: { label: 'Laporan' },
  transactionHistory: {
    title: 'Riwayat transaksi',
    description: 'Semua order, setoran dan penarikan Anda, dari yang terbaru.',
    emptyTitle: 'Belum ada transaksi',
    emptyBody: 'Transaksi Anda akan muncul di sini setelah order pertama.',
  },
  taxReports: {
    title: 'Laporan pajak',
    description: 'Laporan tahunan untuk membantu pengisian SPT pajak Anda.',
    emptyTitle: 'Belum ada laporan pajak',
    emptyBody: 'Laporan pajak tersedia setelah ada transaksi dalam satu tahun pajak.',
  },
};

type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
/** The shape every language of this namespace must fill. */
export type ReportsMessages = Messages<typeof id>;
