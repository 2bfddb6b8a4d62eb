// Indonesian (the default language) strings of the `wallet` namespace.
export const id = {
  nav: { balance: 'Saldo' },
  balance: {
    title: 'Saldo',
    description: 'Saldo rupiah, dompet saham dan dompet margin Anda di satu tempat.',
    emptyTitle: 'Rincian saldo segera hadir',
    emptyBody: 'Saldo tunai, voucher dan dompet saham Anda akan tampil di sini.',
    topUp: 'Isi saldo',
  },
  topup: {
    title: 'Isi saldo',
    description: 'Tambah saldo rupiah untuk mulai bertransaksi.',
    emptyTitle: 'Metode isi saldo segera hadir',
    emptyBody: 'Pilihan transfer bank dan metode pembayaran lain akan tampil di sini.',
    back: 'Kembali ke saldo',
  },
};

type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
/** The shape every language of this namespace must fill. */
export type WalletMessages = Messages<typeof id>;
