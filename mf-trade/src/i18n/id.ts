// Indonesian (the default language) strings of the `trade` namespace.
export const id = {
  nav: { trade: 'Trading' },
  markets: {
    label: 'Pasar',
    crypto: 'Kripto',
    perps: 'Kripto Futures',
    usstock: 'Saham AS',
    usindex: 'Indeks AS',
    idss: 'Saham Indonesia',
  },
  home: {
    title: 'Trading',
    description: 'Pilih pasar dan simbol, pantau grafiknya, lalu pasang order beli atau jual.',
    summary: 'Simbol yang dipilih',
    symbol: 'Simbol',
    market: 'Pasar',
  },
  chart: {
    title: 'Grafik {{symbol}}',
    soon: 'Grafik harga {{symbol}} segera hadir di sini.',
  },
  views: {
    label: 'Tampilan trading',
    watchlist: 'Watchlist',
    priceAlert: 'Peringatan harga',
    news: 'Berita',
    orderBook: 'Order book',
    orderWindow: 'Jendela order',
    fullScreen: 'Layar penuh',
    closePanel: 'Tutup panel',
    noPanel: 'Tidak ada panel yang terbuka. Pilih salah satu tampilan di atas.',
  },
  panels: {
    watchlist: 'Daftar simbol yang Anda pantau segera hadir di sini.',
    priceAlert: 'Peringatan harga untuk {{symbol}} segera hadir di sini.',
    news: 'Berita tentang {{symbol}} segera hadir di sini.',
    orderBook: 'Order book {{symbol}} segera hadir di sini.',
    orderWindow: 'Formulir order beli dan jual {{symbol}} segera hadir di sini.',
  },
  explore: {
    title: 'Jelajahi USDT-IDR',
    description: 'Lihat pergerakan USDT terhadap rupiah, tanpa perlu masuk.',
    emptyTitle: 'Data pasar segera hadir',
    emptyBody: 'Harga dan grafik USDT-IDR akan tampil di sini.',
    trade: 'Buka halaman trading USDT-IDR',
  },
  asset: {
    cryptoTitle: 'Aset kripto {{symbol}}',
    usstockTitle: 'Saham AS {{symbol}}',
    usindexTitle: 'Indeks AS {{symbol}}',
    description: 'Profil, harga dan berita satu aset di satu tempat.',
    assetId: 'ID aset',
    emptyTitle: 'Detail aset segera hadir',
    emptyBody: 'Profil, harga dan berita {{symbol}} akan tampil di sini.',
    trade: 'Ke halaman trading',
  },
};

type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
/** The shape every language of this namespace must fill. */
export type TradeMessages = Messages<typeof id>;
