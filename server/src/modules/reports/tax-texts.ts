// The words of a tax report's PDF, in Indonesian and English (the person's language). The CSV is
// for spreadsheets: its column names and codes stay English and fixed.
import type { TaxReportSummary } from '@pasar/shared/contract';

type SummaryKey = Exclude<keyof TaxReportSummary, 'costMethod'>;

export interface TaxTexts {
  readonly title: string;
  readonly name: string;
  readonly nik: string;
  readonly period: string;
  readonly yearPeriod: (year: number) => string;
  readonly monthPeriod: (year: number, month: number) => string;
  readonly generated: string;
  readonly costMethod: string;
  readonly conversion: string;
  readonly totals: string;
  readonly summary: Record<SummaryKey, string>;
  readonly sections: {
    readonly sales: string;
    readonly monthly: string;
    readonly statement: string;
    readonly foreign: string;
    readonly holdings: string;
  };
  readonly columns: {
    readonly time: string;
    readonly product: string;
    readonly symbol: string;
    readonly quantity: string;
    readonly value: string;
    readonly rate: string;
    readonly withheld: string;
    readonly month: string;
    readonly count: string;
    readonly kind: string;
    readonly amount: string;
    readonly fxRate: string;
    readonly amountIdr: string;
    readonly asset: string;
    readonly wallet: string;
    readonly cost: string;
    readonly side: string;
  };
  readonly sides: Record<'BUY' | 'SELL', string>;
  readonly statementLine: (month: string, count: number) => string;
  readonly none: string;
  readonly mismatch: string;
  readonly continued: string;
  readonly page: (n: number) => string;
  readonly foreignKinds: Record<string, string>;
}

const MONTHS_ID = ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'];
const MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export const TAX_TEXTS: Record<'id' | 'en', TaxTexts> = {
  id: {
    title: 'Laporan Pajak',
    name: 'Nama',
    nik: 'NIK',
    period: 'Periode',
    yearPeriod: (year) => `Tahun ${year}`,
    monthPeriod: (year, month) => `${MONTHS_ID[month - 1]} ${year}`,
    generated: 'Dibuat',
    costMethod: 'Metode biaya saham AS: rata-rata tertimbang (sama dengan portofolio).',
    conversion: 'Angka USD/USDT dikonversi ke Rupiah dengan kurs tengah saat kejadian (kurs tercantum); aset akhir periode pada harga perolehan.',
    totals: 'Ringkasan',
    summary: {
      cryptoSales: 'Jumlah penjualan kripto',
      cryptoSaleValue: 'Nilai penjualan kripto (Rp)',
      cryptoTaxWithheld: 'PPh 22 final kripto dipotong (Rp)',
      cryptoVatWithheld: 'PPN pembelian kripto dipungut (Rp)',
      idxSales: 'Jumlah penjualan saham IDX',
      idxSaleValue: 'Nilai penjualan saham IDX (Rp)',
      idxTaxWithheld: 'PPh final 0,1% saham IDX (Rp)',
      usRealizedIdr: 'Laba/rugi terealisasi saham AS (Rp)',
      usDividendsIdr: 'Dividen saham AS bruto (Rp)',
      usDividendTaxIdr: 'Pajak dividen dipotong (Rp)',
      usFinancingIdr: 'Biaya pembiayaan (Rp)',
      perpsRealizedIdr: 'Laba/rugi terealisasi futures (Rp)',
      perpsFeesIdr: 'Biaya transaksi futures (Rp)',
      perpsFundingIdr: 'Funding futures (Rp)',
      holdingsValueIdr: 'Harta akhir periode (Rp)',
      mismatches: 'Transaksi dengan potongan berbeda dari tarif',
    },
    sections: {
      sales: 'Kripto dan saham IDX: pajak yang dipotong per transaksi (PPh atas penjualan, PPN atas pembelian kripto pada periode yang mengenakannya)',
      monthly: 'Total per bulan',
      statement: 'Bukti pemotongan PPh 22 kripto per bulan',
      foreign: 'Saham AS dan futures',
      holdings: 'Daftar harta akhir periode (untuk SPT)',
    },
    columns: {
      time: 'Waktu (WIB)',
      product: 'Produk',
      symbol: 'Simbol',
      quantity: 'Jumlah',
      value: 'Nilai (Rp)',
      rate: 'Tarif',
      withheld: 'Dipotong (Rp)',
      month: 'Bulan',
      count: 'Transaksi',
      kind: 'Jenis',
      amount: 'Jumlah asli',
      fxRate: 'Kurs (Rp)',
      amountIdr: 'Rupiah',
      asset: 'Aset',
      wallet: 'Dompet',
      cost: 'Harga perolehan',
      side: 'Jenis',
    },
    sides: { BUY: 'Beli (PPN)', SELL: 'Jual' },
    statementLine: (month, count) => `${month}: ${count} penjualan`,
    none: 'Tidak ada.',
    mismatch: 'berbeda',
    continued: '(lanjutan)',
    page: (n) => `Halaman ${n}`,
    foreignKinds: {
      US_REALIZED: 'Laba/rugi jual',
      US_DIVIDEND: 'Dividen',
      US_DIVIDEND_TAX: 'Pajak dividen',
      US_FINANCING: 'Pembiayaan',
      PERPS_REALIZED: 'Laba/rugi futures',
      PERPS_FEE: 'Biaya futures',
      PERPS_FUNDING: 'Funding',
    },
  },
  en: {
    title: 'Tax Report',
    name: 'Name',
    nik: 'NIK',
    period: 'Period',
    yearPeriod: (year) => `Year ${year}`,
    monthPeriod: (year, month) => `${MONTHS_EN[month - 1]} ${year}`,
    generated: 'Generated',
    costMethod: 'US stock cost method: average cost (the same as the portfolio).',
    conversion: 'USD/USDT figures are converted to Rupiah at the mid rate of the moment (rate shown); year-end assets at their acquisition cost.',
    totals: 'Summary',
    summary: {
      cryptoSales: 'Crypto sales',
      cryptoSaleValue: 'Crypto sales value (IDR)',
      cryptoTaxWithheld: 'Crypto final PPh 22 withheld (IDR)',
      cryptoVatWithheld: 'VAT collected on crypto purchases (IDR)',
      idxSales: 'IDX share sales',
      idxSaleValue: 'IDX share sales value (IDR)',
      idxTaxWithheld: 'IDX 0.1% final tax (IDR)',
      usRealizedIdr: 'US stocks realized gain/loss (IDR)',
      usDividendsIdr: 'US dividends, gross (IDR)',
      usDividendTaxIdr: 'Dividend tax withheld (IDR)',
      usFinancingIdr: 'Financing charges (IDR)',
      perpsRealizedIdr: 'Futures realized P&L (IDR)',
      perpsFeesIdr: 'Futures fees (IDR)',
      perpsFundingIdr: 'Futures funding (IDR)',
      holdingsValueIdr: 'Assets at period end (IDR)',
      mismatches: 'Trades withheld differently from the rate',
    },
    sections: {
      sales: 'Crypto and IDX shares: tax withheld per trade (PPh on sales, VAT on crypto purchases in the periods that levied it)',
      monthly: 'Monthly totals',
      statement: 'Crypto PPh 22 withholding statement per month',
      foreign: 'US stocks and futures',
      holdings: 'Assets at period end (for the SPT)',
    },
    columns: {
      time: 'Time (WIB)',
      product: 'Product',
      symbol: 'Symbol',
      quantity: 'Quantity',
      value: 'Value (IDR)',
      rate: 'Rate',
      withheld: 'Withheld (IDR)',
      month: 'Month',
      count: 'Trades',
      kind: 'Kind',
      amount: 'Amount',
      fxRate: 'Rate (IDR)',
      amountIdr: 'Rupiah',
      asset: 'Asset',
      wallet: 'Wallet',
      cost: 'Acquisition cost',
      side: 'Kind',
    },
    sides: { BUY: 'Buy (VAT)', SELL: 'Sell' },
    statementLine: (month, count) => `${month}: ${count} sales`,
    none: 'None.',
    mismatch: 'differs',
    continued: '(continued)',
    page: (n) => `Page ${n}`,
    foreignKinds: {
      US_REALIZED: 'Realized gain/loss',
      US_DIVIDEND: 'Dividend',
      US_DIVIDEND_TAX: 'Dividend tax',
      US_FINANCING: 'Financing',
      PERPS_REALIZED: 'Futures P&L',
      PERPS_FEE: 'Futures fee',
      PERPS_FUNDING: 'Funding',
    },
  },
};

/** The order of the summary's totals, in the PDF and in the CSV's TOTAL lines. */
export const SUMMARY_KEYS: readonly SummaryKey[] = [
  'cryptoSales',
  'cryptoSaleValue',
  'cryptoTaxWithheld',
  'cryptoVatWithheld',
  'idxSales',
  'idxSaleValue',
  'idxTaxWithheld',
  'usRealizedIdr',
  'usDividendsIdr',
  'usDividendTaxIdr',
  'usFinancingIdr',
  'perpsRealizedIdr',
  'perpsFeesIdr',
  'perpsFundingIdr',
  'holdingsValueIdr',
  'mismatches',
];
