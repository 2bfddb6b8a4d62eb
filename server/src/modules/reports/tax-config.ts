// The tax reports' settings, with their defaults: the statutory rates each period applies (the
// report shows what the ledger withheld beside what the period's rate gives, and counts any sale
// where they differ), and how the background generation runs.
import { TAX_REPORT_LIST_MAX } from '@pasar/shared/contract';

/** A rate in force from an instant on (until the next entry's). */
export interface RateFrom {
  /** ISO 8601 instant. */
  readonly from: string;
  /** A fraction (0.0021 is 0.21%). */
  readonly rate: string;
}

export interface TaxReportsConfig {
  /** PPh 22 final on a crypto sale's value: 0.1% (PMK 68/2022), 0.21% since 1 August 2025 (PMK 50/2025). */
  readonly cryptoSaleRates: readonly RateFrom[];
  /**
   * VAT on a crypto purchase's value: 0.11% (PMK 68/2022) until 1 August 2025; none since (PMK
   * 50/2025 puts VAT on the platform's fee instead). A period at 0 lists no purchases.
   */
  readonly cryptoPurchaseVatRates: readonly RateFrom[];
  /** The final tax on a sale of listed Indonesian shares. */
  readonly idxSaleRates: readonly RateFrom[];
  /** The offset of the calendar the periods are named in: WIB, UTC+7. */
  readonly periodOffset: string;
  /** How often an instance looks for waiting reports (it also looks at once when one is requested). */
  readonly pollSeconds: number;
  /** A runner holds a report this long between progress marks; past it another instance may take it over. */
  readonly leaseSeconds: number;
  /** Transfers read between progress marks. */
  readonly progressEvery: number;
  /** Rows per PDF table page before the table continues on the next page. */
  readonly pdfRowsPerPage: number;
  /** Reports the list shows at most. */
  readonly listMax: number;
}

export const TAX_REPORTS_CONFIG: TaxReportsConfig = {
  cryptoSaleRates: [
    { from: '2022-05-01T00:00:00+07:00', rate: '0.001' },
    { from: '2025-08-01T00:00:00+07:00', rate: '0.0021' },
  ],
  cryptoPurchaseVatRates: [
    { from: '2022-05-01T00:00:00+07:00', rate: '0.0011' },
    { from: '2025-08-01T00:00:00+07:00', rate: '0' },
  ],
  idxSaleRates: [{ from: '1997-05-01T00:00:00+07:00', rate: '0.001' }],
  periodOffset: '+07:00',
  pollSeconds: 60,
  leaseSeconds: 120,
  progressEvery: 2000,
  pdfRowsPerPage: 28,
  listMax: TAX_REPORT_LIST_MAX,
};
