// Indonesian strings of the tax reports page, merged into the `reports` namespace when its lazy chunk loads.
export const taxId = {
  taxReports: {
    description: 'Laporan tahunan atau bulanan untuk SPT: PPh final kripto dan saham IDX yang dipotong, laba/rugi saham AS dan futures, serta daftar harta akhir periode.',
    emptyTitle: 'Belum ada laporan pajak',
    emptyBody: 'Buat laporan untuk satu tahun atau satu bulan. Laporan dibuat di latar belakang dan disimpan agar bisa diunduh lagi.',
    form: {
      label: 'Buat laporan pajak',
      period: 'Periode',
      year: 'Tahun',
      month: 'Bulan',
      yearly: 'Tahunan',
      monthly: 'Bulanan',
      submit: 'Buat laporan',
      failed: 'Laporan tidak dapat dibuat',
    },
    list: {
      label: 'Laporan pajak Anda',
      loading: 'Memuat laporan pajak',
      loadFailed: 'Laporan pajak tidak dapat dimuat',
      yearTitle: 'Tahun {{year}}',
      monthTitle: '{{month}} {{year}}',
      requestedAt: 'Diminta {{time}}',
      progress: 'Kemajuan pembuatan',
      withheld: 'PPh 22 final kripto dipotong: {{amount}}',
      mismatches: '{{count}} penjualan dipotong berbeda dari tarif periode; lihat PDF.',
      downloadPdf: 'Unduh PDF',
      downloadCsv: 'Unduh CSV',
      downloadFailed: 'File tidak dapat diunduh. Coba lagi.',
      failed: 'Laporan gagal dibuat.',
      retry: 'Coba lagi',
    },
    statuses: {
      QUEUED: 'Menunggu',
      RUNNING: 'Sedang dibuat',
      READY: 'Siap',
      FAILED: 'Gagal',
    },
    months: {
      m1: 'Januari', m2: 'Februari', m3: 'Maret', m4: 'April', m5: 'Mei', m6: 'Juni',
      m7: 'Juli', m8: 'Agustus', m9: 'September', m10: 'Oktober', m11: 'November', m12: 'Desember',
    },
  },
};

type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
/** The shape the English strings must fill. */
export type TaxMessages = Messages<typeof taxId>;
