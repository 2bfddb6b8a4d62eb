// The server error catalogue (product-spec §8), with messages in Indonesian and English and the
// HTTP status each code is answered with. The server and the client both read this one table.
import type { Language } from './enums';
import { type CatalogueEntry, DEFAULT_ERROR_MESSAGE } from './error-codes';

export * from './error-codes';

const entry = (http: number, id: string, en: string): CatalogueEntry => ({ http, id, en });

export const ERROR_CATALOGUE = {
  // Platform codes (not numbered by the specification; chosen to stay clear of its ranges).
  '001': entry(500, 'Terjadi kesalahan', 'Something went wrong'),
  '002': entry(400, 'Data yang dikirim tidak valid', 'Invalid input'),
  '003': entry(404, 'Tidak ditemukan', 'Not found'),
  '007': entry(403, 'Verifikasi identitas (KYC) belum lengkap', 'Identity verification (KYC) is incomplete'),
  '008': entry(400, 'Batas penarikan dana tercapai', 'Cashout limit reached'),
  '009': entry(401, 'Sesi tidak valid, silakan masuk lagi', 'Invalid session, please log in again'),
  '018': entry(403, 'Syarat dan ketentuan belum disetujui', 'Terms and conditions not approved'),
  '040': entry(400, 'Masukkan PIN untuk melanjutkan', 'Enter your PIN to continue'),
  '041': entry(400, 'Setujui ketentuan untuk melanjutkan', 'Accept the terms to continue'),
  // Idempotency (issue 5): the x-request-id of a mutating call.
  '042': entry(409, 'x-request-id sudah dipakai untuk permintaan lain', 'This request id was already used for a different request'),
  '043': entry(409, 'Permintaan ini masih diproses, coba lagi sebentar lagi', 'This request is still being processed, try again shortly'),
  // The request itself refused before any route reads it (its size, its content type, its pace).
  '004': entry(413, 'Data yang dikirim terlalu besar', 'The request is too large'),
  '005': entry(415, 'Jenis data yang dikirim tidak didukung', 'The request content type is not supported'),
  '006': entry(414, 'Alamat permintaan terlalu panjang', 'The request address is too long'),
  '010': entry(431, 'Header atau parameter permintaan terlalu besar', 'The request headers or query are too large'),
  '011': entry(408, 'Permintaan terlalu lama dikirim, coba lagi', 'The request took too long to arrive, try again'),
  // A shared service (the database) does not answer: nothing was changed, the same request may be sent again.
  '012': entry(503, 'Layanan sedang terganggu, tidak ada yang diubah. Coba lagi sebentar lagi', 'The service is degraded and nothing was changed. Try again shortly'),
  '10001': entry(400, 'Kode OTP salah', 'Invalid OTP'),
  '10002': entry(400, 'Kode OTP belum diminta', 'OTP not requested'),
  '0004': entry(400, 'PIN salah', 'Incorrect PIN'),
  '1114': entry(400, 'PIN salah. Akun dapat terblokir jika salah lagi', 'Incorrect PIN. Your account may be blocked'),
  '1119': entry(403, 'PIN diblokir. Atur ulang PIN lewat Lupa PIN', 'PIN blocked. Reset it through Forgot PIN'),
  '1115': entry(400, 'Saldo dompet tidak cukup', 'Insufficient wallet balance'),
  '1116': entry(400, 'Jumlah saham tidak cukup', 'Insufficient stock balance'),
  '1117': entry(400, 'Saldo valas tidak cukup', 'Insufficient forex balance'),
  '9504': entry(400, 'Saldo kripto tidak cukup', 'Insufficient crypto balance'),
  '6301': entry(400, 'Saldo reksa dana tidak cukup', 'Insufficient mutual fund balance'),
  '6302': entry(409, 'Masih ada transaksi reksa dana yang diproses', 'A mutual fund transaction is already pending'),
  '6303': entry(400, 'Di bawah investasi minimum', 'Below the minimum investment'),
  '6304': entry(400, 'Di bawah penjualan minimum', 'Below the minimum redemption'),
  '6305': entry(400, 'Melebihi batas penjualan sebagian', 'Above the partial sell limit'),
  '6306': entry(400, 'Sisa unit di bawah minimum kepemilikan', 'Remaining units below the minimum holding'),
  '6307': entry(400, 'Reksa dana tidak tersedia', 'Mutual fund unavailable'),
  '6308': entry(400, 'Pembelian reksa dana sedang ditutup', 'Mutual fund subscriptions are closed'),
  '6309': entry(400, 'Penjualan reksa dana sedang ditutup', 'Mutual fund redemptions are closed'),
  '6310': entry(400, 'Transaksi reksa dana gagal', 'Mutual fund transaction failed'),
  '6311': entry(400, 'Profil risiko belum sesuai', 'Risk profile does not match'),
  '6312': entry(400, 'Transaksi reksa dana melebihi batas harian', 'Mutual fund daily limit reached'),
  '9599': entry(400, 'Transaksi kripto gagal', 'Crypto transaction failed'),
  '9600': entry(400, 'Harga limit di luar rentang yang diizinkan', 'Limit price out of range'),
  '9601': entry(400, 'Harga stop di luar rentang yang diizinkan', 'Stop price out of range'),
  '9602': entry(409, 'Order tidak dapat dibatalkan', 'The order cannot be cancelled'),
  '9603': entry(409, 'Order sudah selesai dan tidak dapat dibatalkan', 'The order is already completed and cannot be cancelled'),
  '9604': entry(409, 'Pembatalan order gagal', 'Cancelling the order failed'),
  '9605': entry(409, 'Order tidak dapat diubah', 'The order cannot be amended'),
  '3402': entry(400, 'Jumlah top up di bawah minimum', 'Top-up amount below the minimum'),
  '3405': entry(400, 'Jumlah top up melebihi batas', 'Top-up amount above the limit'),
  // Top-up (3401–3499) and cashout (3501–3599) codes (issue 5; ours beyond the specification's 3402/3405).
  '3401': entry(400, 'Metode pembayaran ini sedang tidak tersedia', 'This payment method is unavailable'),
  '3403': entry(404, 'Top up tidak ditemukan', 'Top-up not found'),
  '3404': entry(400, 'Jumlah yang dibayar tidak sama dengan tagihan', 'The amount paid does not match the amount due'),
  '3406': entry(409, 'Top up ini sudah tidak dapat dibayar', 'This top-up can no longer be paid'),
  '3407': entry(401, 'Tanda tangan callback pembayaran tidak valid', 'Invalid payment callback signature'),
  '3501': entry(400, 'Jumlah penarikan di bawah minimum', 'Cashout amount below the minimum'),
  '3502': entry(404, 'Rekening bank tidak ditemukan', 'Bank account not found'),
  '3503': entry(409, 'Penarikan ini sudah tidak dapat dibatalkan', 'This cashout can no longer be cancelled'),
  '3504': entry(409, 'Penarikan ini sudah diputuskan', 'This cashout has already been decided'),
  '3505': entry(404, 'Penarikan tidak ditemukan', 'Cashout not found'),
  // Foreign-currency wallet codes (3601–3699, issue 5; ours): USD stock wallets, perps margin wallet.
  '3601': entry(400, 'Jumlah transfer di bawah minimum', 'Transfer amount below the minimum'),
  '3602': entry(400, 'Jumlah terlalu kecil untuk dikonversi', 'The amount is too small to convert'),
  '3603': entry(400, 'Jumlah margin di bawah minimum', 'Margin amount below the minimum'),
  '3604': entry(503, 'Konversi USDT sedang tidak tersedia. Coba lagi nanti', 'USDT conversion is unavailable right now. Try again later'),
  // Crypto spot order codes (3701–3799, issue 6; ours beyond the specification's 9599–9605 and 1162).
  '3701': entry(403, 'Perdagangan aset ini sedang dihentikan sementara', 'Trading in this asset is halted'),
  '3702': entry(403, 'Pembelian aset ini sedang tidak tersedia', 'Buying this asset is unavailable right now'),
  '3703': entry(403, 'Penjualan aset ini sedang tidak tersedia', 'Selling this asset is unavailable right now'),
  '3704': entry(400, 'Nilai order di bawah minimum', 'The order is below the minimum'),
  '3705': entry(400, 'Likuiditas pasar tidak cukup untuk order sebesar ini dalam batas harga', 'Not enough market liquidity for this order within the price band'),
  // US stock order codes (3801–3899; ours, the specification lists none for sessions and ticks).
  '3801': entry(400, 'Pasar saham AS sedang tutup. Order dapat dipasang saat pre-market, jam reguler, atau post-market', 'The US stock market is closed. Orders can be placed in pre-market, regular or post-market hours'),
  '3802': entry(400, 'Saham ini tidak dapat diperdagangkan di luar jam reguler', 'This stock cannot be traded outside regular hours'),
  '3803': entry(400, 'Di luar jam reguler hanya order limit yang diterima', 'Outside regular hours only limit orders are accepted'),
  '3804': entry(400, 'Harga tidak sesuai kelipatan harga (tick): $0,01, atau $0,0001 untuk harga di bawah $1', 'The price is off the tick grid: $0.01, or $0.0001 for prices below $1'),
  '3805': entry(400, 'Perdagangan saham AS dengan leverage belum tersedia', 'Leveraged US stock trading is not available yet'),
  '3806': entry(400, 'Jenis order ini tidak dapat dipakai untuk transaksi ini', 'This order type cannot be used for this transaction'),
  '3807': entry(403, 'Order saham AS sedang dinonaktifkan', 'US stock orders are disabled'),
  // Perpetual futures codes (4201–4219; ours, the specification lists only 1115 for margin).
  '4201': entry(400, 'Order reduce-only hanya boleh mengurangi posisi', 'A reduce-only order may only reduce the position'),
  '4202': entry(400, 'Leverage tidak dapat diubah: margin posisi tidak cukup untuk leverage ini', 'The leverage cannot be changed: the position margin cannot carry it'),
  '4203': entry(400, 'Harga di luar batas harga yang diizinkan dari harga mark', 'The price is outside the allowed band around the mark price'),
  '4204': entry(400, 'Leverage harus antara 1x dan batas maksimum untuk ukuran posisi ini', 'Leverage must be between 1x and the maximum for this position size'),
  '4205': entry(400, 'Ukuran order di bawah minimum', 'The order size is below the minimum'),
  '4206': entry(404, 'Tidak ada posisi terbuka untuk simbol ini', 'There is no open position for this symbol'),
  '4207': entry(409, 'Mode margin tidak dapat diubah selama ada posisi atau order terbuka', 'The margin mode cannot be changed while a position or open order exists'),
  '4208': entry(400, 'Margin tidak dapat dikurangi sebanyak itu', 'That much margin cannot be removed'),
  '4209': entry(400, 'Take-profit atau stop-loss berada di sisi harga yang salah', 'The take-profit or stop-loss is on the wrong side of the price'),
  '4210': entry(403, 'Perdagangan kontrak perpetual ini sedang dihentikan', 'Trading in this perpetual is halted'),
  '4211': entry(400, 'Harga tidak sesuai kelipatan harga (tick)', 'The price is off the tick grid'),
  // IDX order codes (3901–3999; ours, the specification lists none for lots, ticks, bands and sessions).
  '3901': entry(400, 'Jumlah saham harus kelipatan 1 lot (100 lembar)', 'The quantity must be a whole number of lots (100 shares)'),
  '3902': entry(400, 'Harga tidak sesuai fraksi harga (tick) saham ini', "The price is off this stock's tick grid"),
  '3903': entry(400, 'Harga di luar batas auto rejection (ARA/ARB) hari ini', "The price is outside today's auto-rejection limits (ARA/ARB)"),
  '3904': entry(400, 'Bursa Efek Indonesia sedang tutup. Order diterima saat pra-pembukaan, sesi I, sesi II, dan pra-penutupan', 'The Indonesia Stock Exchange is closed. Orders are taken in pre-opening, session I, session II and pre-closing'),
  '3905': entry(403, 'Order saham Indonesia sedang dinonaktifkan', 'Indonesian stock orders are disabled'),
  '3906': entry(400, 'Order market hanya diterima saat sesi I dan sesi II', 'Market orders are taken in session I and session II only'),
  '1143': entry(429, 'Terlalu banyak permintaan OTP. Coba lagi nanti', 'Too many OTP requests. Try again later'),
  '1144': entry(429, 'Terlalu banyak percobaan OTP. Coba lagi nanti', 'Too many OTP attempts. Try again later'),
  '1145': entry(429, 'Terlalu banyak percobaan PIN. Coba lagi nanti', 'Too many PIN attempts. Try again later'),
  '1146': entry(429, 'Terlalu banyak permintaan dari jaringan ini', 'Too many requests from this network'),
  '1147': entry(429, 'Terlalu banyak perubahan rekening bank', 'Too many bank account changes'),
  '1148': entry(429, 'Terlalu banyak penukaran voucher', 'Too many voucher redemptions'),
  '1149': entry(429, 'Terlalu banyak permintaan OTP dari jaringan ini', 'Too many OTP requests from this network'),
  '1150': entry(429, 'Terlalu banyak percobaan PIN dari jaringan ini', 'Too many PIN attempts from this network'),
  '1151': entry(503, 'Sedang dalam pemeliharaan', 'Under maintenance'),
  '1156': entry(400, 'Saran aset sudah dikirim', 'Asset suggestion already sent'),
  '1157': entry(400, 'Saran aset tidak valid', 'Invalid asset suggestion'),
  '1158': entry(400, 'Batas jumlah watchlist tercapai', 'Watchlist limit reached'),
  // Price alert codes (4101–4199, issue 14; ours, the specification lists none).
  '4101': entry(400, 'Harga target harus sesuai kelipatan harga instrumen', 'The target price must be on the instrument\'s price step'),
  '4102': entry(400, 'Harga target sama dengan harga saat ini', 'The target price equals the current price'),
  '4103': entry(400, 'Batas jumlah peringatan harga tercapai', 'Price alert limit reached'),
  '1162': entry(403, 'Order kripto sedang dinonaktifkan', 'Crypto orders are disabled'),
  '1169': entry(426, 'Perbarui aplikasi untuk melanjutkan', 'Update the app to continue'),
  '1174': entry(403, 'Akun dinonaktifkan', 'Account deactivated'),
  '1175': entry(403, 'Penyalahgunaan kode misi terdeteksi', 'Mission code abuse detected'),
  '1176': entry(403, 'Akun telah dihapus', 'Account deleted'),
  // Account codes (issue 3; the specification does not list its bank and KYC codes, these are ours).
  '2101': entry(400, 'Nama pemilik rekening harus sama dengan nama di KTP yang terverifikasi', 'The account holder name must match the name on your verified ID card'),
  '2102': entry(400, 'Maksimal 3 rekening bank', 'At most 3 bank accounts'),
  '2103': entry(409, 'Rekening bank ini sudah ditambahkan', 'This bank account is already added'),
  '2104': entry(400, 'Bank tidak dikenal', 'Unknown bank'),
  '2201': entry(409, 'Verifikasi identitas sedang ditinjau', 'Your identity verification is already under review'),
  '2202': entry(409, 'Identitas sudah terverifikasi', 'Your identity is already verified'),
  '2203': entry(400, 'Jenis file tidak didukung: unggah JPEG atau PNG (swafoto juga boleh video MP4/WebM)', 'Unsupported file type: upload a JPEG or PNG (the selfie may also be an MP4/WebM video)'),
  '2204': entry(413, 'File terlalu besar: foto maks. 5 MB, video maks. 8 MB', 'File too large: photos up to 5 MB, videos up to 8 MB'),
  '2205': entry(400, 'Usia minimal 17 tahun', 'You must be at least 17 years old'),
  '2206': entry(400, 'Tanda tangan elektronik harus sama dengan nama lengkap', 'The electronic signature must match your full legal name'),
  '2207': entry(409, 'Tidak ada verifikasi yang menunggu keputusan', 'There is no verification waiting for a decision'),
  '2208': entry(400, 'Data deklarasi tidak sesuai dengan identitas terverifikasi', 'The declaration does not match your verified identity'),
  '2301': entry(409, 'Nomor HP sudah dipakai akun lain', 'This phone number is used by another account'),
  '2302': entry(409, 'E-mail sudah dipakai akun lain', 'This e-mail is used by another account'),
  '2303': entry(400, 'Alamat baru sama dengan yang sekarang', 'The new address is the same as the current one'),
  '2401': entry(400, 'Notifikasi keamanan di aplikasi selalu aktif', 'In-app security notifications are always on'),
  '2402': entry(400, 'Tautan Telegram tidak valid atau kedaluwarsa', 'The Telegram link is invalid or has expired'),
  '2403': entry(401, 'Tidak diizinkan', 'Not authorized'),
  // Chart codes (4401–4499; ours): saved charts, study and drawing templates, chart settings.
  '4401': entry(400, 'Isi grafik harus berupa objek JSON yang valid', 'The chart content must be a valid JSON object'),
  '4402': entry(413, 'Isi grafik terlalu besar', 'The chart content is too large'),
  '4403': entry(400, 'Resolusi ini tidak tersedia untuk pasar simbol tersebut', "This resolution is not offered for the symbol's market"),
  '4404': entry(400, 'Simbol tidak dikenal', 'Unknown symbol'),
  '4405': entry(400, 'Isi grafik (file JSON "content") tidak dikirim', 'The chart content (the "content" JSON file) is missing'),
  '4406': entry(404, 'Grafik tersimpan tidak ditemukan', 'Saved chart not found'),
  '4407': entry(404, 'Template tidak ditemukan', 'Template not found'),
  '4408': entry(400, 'Batas jumlah grafik tersimpan atau template tercapai. Hapus yang tidak dipakai', 'Saved chart or template limit reached. Delete one you no longer use'),
  // Tax report codes (4501–4599; ours): a report's files before it is ready, a retry of one that has not failed, a period not begun.
  '4501': entry(409, 'Laporan pajak belum siap diunduh', 'The tax report is not ready to download yet'),
  '4502': entry(409, 'Hanya laporan pajak yang gagal dapat dicoba lagi', 'Only a failed tax report can be retried'),
  '4503': entry(400, 'Periode laporan pajak belum dimulai', 'The tax report period has not begun'),
  // Operator codes (4301–4399; ours): the operator (admin) routes' refusals.
  '4301': entry(403, 'Operator ini tidak berwenang melakukan tindakan ini', 'This operator is not allowed to do this'),
  '4302': entry(409, 'Nama operator sudah dipakai', 'This operator name is taken'),
  // Identity codes (issue 3; ours, the specification has none for these).
  '2001': entry(409, 'Nomor HP sudah terdaftar. Silakan masuk', 'This phone number is already registered. Please log in'),
  '2002': entry(404, 'Nomor HP belum terdaftar. Silakan daftar', 'This phone number is not registered. Please sign up'),
  '2003': entry(403, 'Perangkat ini diblokir. Buka blokir dari perangkat lain di Kelola Sesi', 'This device is blocked. Unblock it from another device in Manage sessions'),
  '2004': entry(400, 'PIN terlalu mudah ditebak. Hindari angka berurutan, angka yang sama, dan tanggal lahir Anda', 'This PIN is too easy to guess. Avoid sequences, repeated digits and your birth date'),
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const isErrorCode = (code: string): code is ErrorCode =>
  Object.prototype.hasOwnProperty.call(ERROR_CATALOGUE, code);

/** The localized message of a code; unknown codes get the default message. */
export function errorMessage(code: string, language: Language): string {
  return isErrorCode(code) ? ERROR_CATALOGUE[code][language] : DEFAULT_ERROR_MESSAGE[language];
}
