// Transaction history (§7 "reports: transaction, filters") — zod schemas and their types. Paths and
// plain constants: `reports-paths.ts`. Amounts are decimal strings, signed from the person's side
// (negative leaves their account); times are ISO 8601, date filters are WIB calendar days.
import { DecimalString } from './envelope';
import { z } from './zod';
import { TAX_REPORT_PERIODS, TAX_REPORT_STATUSES, TRANSACTION_PRODUCTS, TRANSACTION_STATUSES, TRANSACTION_TYPES } from './reports-paths';

const IsoDateTime = z.string().describe('ISO 8601 date-time');
const WibDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2026-11-27')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00+07:00`)), 'must be a real calendar date');

export const TransactionProduct = z.enum(TRANSACTION_PRODUCTS);
export type TransactionProduct = z.infer<typeof TransactionProduct>;
export const TransactionType = z.enum(TRANSACTION_TYPES);
export type TransactionType = z.infer<typeof TransactionType>;
export const TransactionStatus = z.enum(TRANSACTION_STATUSES);
export type TransactionStatus = z.infer<typeof TransactionStatus>;

/** One movement on one of the person's accounts. */
export const TransactionAmount = z.object({
  currency: z.string(),
  /** The wallet the amount moved in (CASH, SPOT, USD_PALN, PERP_MARGIN …). */
  wallet: z.string(),
  amount: DecimalString,
});
export type TransactionAmount = z.infer<typeof TransactionAmount>;

/** A fee or tax the row paid, per currency. */
export const TransactionCharge = z.object({ currency: z.string(), amount: DecimalString });
export type TransactionCharge = z.infer<typeof TransactionCharge>;

export const TransactionRow = z.object({
  /** The ledger transfer's id (an unfinished top-up's or cashout's own id). */
  id: z.string(),
  product: TransactionProduct,
  type: TransactionType,
  status: TransactionStatus,
  /** The ledger's kind of the transfer (ORDER_FILL, TOPUP, FX …). */
  kind: z.string(),
  symbol: z.string().nullable(),
  amounts: z.array(TransactionAmount),
  fees: z.array(TransactionCharge),
  taxes: z.array(TransactionCharge),
  createdAt: IsoDateTime,
});
export type TransactionRow = z.infer<typeof TransactionRow>;

/** Filters of the list and of the CSV export. */
export const TransactionFilterQuery = z.object({
  product: TransactionProduct.optional(),
  type: TransactionType.optional(),
  status: TransactionStatus.optional(),
  /** First WIB day, inclusive. */
  from: WibDate.optional(),
  /** Last WIB day, inclusive. */
  to: WibDate.optional(),
  /** Part of a symbol (case-insensitive). */
  symbol: z.string().trim().max(32).regex(/^[A-Za-z0-9._-]*$/, 'must be part of a symbol').optional(),
});
export type TransactionFilterQuery = z.infer<typeof TransactionFilterQuery>;

export const TransactionHistoryQuery = TransactionFilterQuery.extend({
  /** The `nextCursor` of the page before (opaque). */
  cursor: z.string().max(200).optional(),
});
export type TransactionHistoryQuery = z.infer<typeof TransactionHistoryQuery>;

export const TransactionHistoryResponse = z.object({
  items: z.array(TransactionRow),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
  pageSize: z.number().int(),
});
export type TransactionHistoryResponse = z.infer<typeof TransactionHistoryResponse>;

export const TransactionFiltersResponse = z.object({
  products: z.array(TransactionProduct),
  types: z.array(TransactionType),
  statuses: z.array(TransactionStatus),
  /** Symbols in the person's history, for the search's suggestions. */
  symbols: z.array(z.string()),
});
export type TransactionFiltersResponse = z.infer<typeof TransactionFiltersResponse>;

/** One ledger entry of the transfer: the person's own account, or the house's side. */
export const TransactionLeg = z.object({
  owner: z.enum(['YOU', 'HOUSE']),
  /** The wallet (the person's) or the house account (FEES, TAX_PAYABLE, INVENTORY …). */
  account: z.string(),
  currency: z.string(),
  /** Signed: negative left the account. */
  amount: DecimalString,
  /** The person's account balance after it; null for the house's side. */
  balanceAfter: DecimalString.nullable(),
});
export type TransactionLeg = z.infer<typeof TransactionLeg>;

export const TransactionDetail = TransactionRow.extend({
  legs: z.array(TransactionLeg),
  /** What the transfer recorded with itself (order id, price, quantity …). */
  memo: z.record(z.string(), z.unknown()),
});
export type TransactionDetail = z.infer<typeof TransactionDetail>;

export const TransactionIdParams = z.object({ id: z.uuid() });
export type TransactionIdParams = z.infer<typeof TransactionIdParams>;

// ---- Tax reports: figures in IDR (decimal strings, whole Rupiah), USD figures converted at the
// rate shown beside them in the files.
export const TaxReportPeriod = z.enum(TAX_REPORT_PERIODS);
export type TaxReportPeriod = z.infer<typeof TaxReportPeriod>;
export const TaxReportStatus = z.enum(TAX_REPORT_STATUSES);
export type TaxReportStatus = z.infer<typeof TaxReportStatus>;

export const CreateTaxReportRequest = z
  .object({
    period: TaxReportPeriod,
    year: z.number().int().min(2000).max(9999),
    /** 1–12, only for a MONTH report. */
    month: z.number().int().min(1).max(12).optional(),
  })
  .refine((r) => (r.period === 'MONTH') === (r.month !== undefined), { message: 'a MONTH report names its month, a YEAR report none', path: ['month'] });
export type CreateTaxReportRequest = z.infer<typeof CreateTaxReportRequest>;

/** The report's totals (each also a TOTAL line of the CSV and a total of the PDF). */
export const TaxReportSummary = z.object({
  /** How US stock gains are computed: the portfolio's method. */
  costMethod: z.literal('AVERAGE_COST'),
  cryptoSales: z.number().int(),
  cryptoSaleValue: DecimalString,
  cryptoTaxWithheld: DecimalString,
  /** VAT withheld on crypto purchases (periods before August 2025); reports made before it was counted read 0. */
  cryptoVatWithheld: DecimalString.default('0'),
  idxSales: z.number().int(),
  idxSaleValue: DecimalString,
  idxTaxWithheld: DecimalString,
  usRealizedIdr: DecimalString,
  usDividendsIdr: DecimalString,
  usDividendTaxIdr: DecimalString,
  usFinancingIdr: DecimalString,
  perpsRealizedIdr: DecimalString,
  perpsFeesIdr: DecimalString,
  perpsFundingIdr: DecimalString,
  holdingsValueIdr: DecimalString,
  /** Sales whose withheld tax differs from the period's rate (0 when every one agrees). */
  mismatches: z.number().int(),
});
export type TaxReportSummary = z.infer<typeof TaxReportSummary>;

export const TaxReport = z.object({
  id: z.uuid(),
  period: TaxReportPeriod,
  year: z.number().int(),
  month: z.number().int().nullable(),
  status: TaxReportStatus,
  /** 0–100 while RUNNING; 100 when READY. */
  progress: z.number().int(),
  summary: TaxReportSummary.nullable(),
  createdAt: IsoDateTime,
  finishedAt: IsoDateTime.nullable(),
});
export type TaxReport = z.infer<typeof TaxReport>;

export const TaxReportList = z.object({ items: z.array(TaxReport) });
export type TaxReportList = z.infer<typeof TaxReportList>;

export const TaxReportIdParams = z.object({ id: z.uuid() });
export type TaxReportIdParams = z.infer<typeof TaxReportIdParams>;
