// Indonesian (the default language) strings of the `portfolio` namespace.
export const id = {
  nav: { portfolio: 'Portofolio' },
  page: {
    title: 'Portofolio',
    description: 'Ringkasan semua aset yang Anda miliki di setiap pasar.',
    emptyTitle: 'Belum ada aset',
    emptyBody: 'Aset kripto dan saham yang Anda beli akan muncul di sini.',
    startTrading: 'Mulai trading',
  },
};

type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
/** The shape every language of this namespace must fill. */
export type PortfolioMessages = Messages<typeof id>;
