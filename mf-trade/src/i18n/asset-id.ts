// Indonesian strings of the asset pages (`trade` namespace): registered by the asset page's own
// chunk, so the trade page's first load does not carry them (decision 0006).
export const assetId = {
  asset: {
    cryptoTitle: 'Aset kripto {{symbol}}',
    usstockTitle: 'Saham AS {{symbol}}',
    usindexTitle: 'Indeks AS {{symbol}}',
    about: 'Tentang {{name}}',
    descriptionError: 'Profil aset gagal dimuat.',
    unknownTitle: 'Aset {{symbol}} tidak ditemukan',
    unknownBody: 'Periksa alamat halaman atau cari aset lewat halaman trading.',
    trade: 'Trading sekarang',
  },
  figures: {
    sector: 'Sektor',
    yearLow: 'Terendah 52 minggu',
    yearHigh: 'Tertinggi 52 minggu',
    volume24h: 'Volume 24j',
    marketCap: 'Kapitalisasi pasar',
    peRatio: 'Rasio P/E',
    eps: 'EPS',
    dividendYield: 'Imbal hasil dividen',
    sharesOutstanding: 'Saham beredar',
    circulatingSupply: 'Suplai beredar',
    maxSupply: 'Suplai maksimum',
    beta: 'Beta',
    averageVolume: 'Rata-rata volume',
    fundingRate: 'Funding rate',
    openInterest: 'Open interest',
    change1y: 'Perubahan 1 tahun',
    lotSize: 'Ukuran lot (lembar)',
  },
  corporate: {
    title: 'Aksi korporasi',
    error: 'Aksi korporasi gagal dimuat.',
    empty: 'Belum ada aksi korporasi.',
    type: 'Jenis',
    exDate: 'Tanggal ex',
    payDate: 'Tanggal bayar',
    detail: 'Rincian',
    status: 'Status',
    DIVIDEND: 'Dividen',
    SPLIT: 'Pemecahan saham',
    ANNOUNCED: 'Diumumkan',
    COMPLETED: 'Selesai',
    perShare: '{{amount}} per saham',
  },
  eps: {
    title: 'Laba per saham (EPS)',
    error: 'Data EPS gagal dimuat.',
    empty: 'Belum ada data EPS.',
    period: 'Periode',
    reportDate: 'Tanggal laporan',
    estimate: 'Estimasi',
    actual: 'Aktual',
    surprise: 'Selisih',
    quarter: 'K{{quarter}} {{year}}',
    upcoming: 'Akan datang',
  },
};

type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
/** The shape every language of the asset strings must fill. */
export type AssetMessages = Messages<typeof assetId>;
