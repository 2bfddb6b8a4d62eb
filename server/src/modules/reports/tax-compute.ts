// A tax report's figures from what the ledger and the engine's fills recorded, with no per-market
// code beyond the transfers' classification (product and type):
// - withholdings on CRYPTO and IDX trades (PPh 22 on a crypto sale, VAT on a crypto purchase in the
//   periods that had it, the final tax on an IDX sale): the value (the fill's base amount), the tax
//   the ledger withheld (the TAX_PAYABLE leg), the engine's recorded tax, and what the rate in force
//   at the trade's instant gives — they must agree;
// - US_STOCK: each sale's realized gain by the portfolio's average cost (`replayFills` over every
//   fill before the period's end, splits in their place), a leveraged close's P&L, dividends with
//   the tax withheld, financing charges; in USD, converted at the USD/IDR mid of the moment;
// - PERPS: realized P&L, fees and funding in USDT, converted at the USDT/IDR mid of the moment;
// - holdings at the period's end as the SPT asset list asks: each asset with its acquisition cost.
// IDR figures are whole Rupiah: taxes and values as recorded, conversions rounded half up.
import type { TaxReportSummary } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { D, replayFills, type PositionEvent } from '../portfolio/average-cost';
import type { RateFrom, TaxReportsConfig } from './tax-config';
import type { TaxBalance, TaxFill, TaxSplit, TaxTransfer } from './tax-repo';

export interface WithholdingRow {
  readonly at: Date;
  readonly product: 'CRYPTO' | 'IDX';
  /** SELL: the sale's final tax (PPh 22, IDX final); BUY: the VAT on a crypto purchase. */
  readonly side: 'BUY' | 'SELL';
  readonly symbol: string;
  readonly quantity: string;
  readonly price: string;
  readonly value: string;
  /** The period's statutory rate (fraction). */
  readonly rate: string;
  /** value × rate, rounded as the fee math rounds the tax: up on a sale, down on a purchase. */
  readonly expected: string;
  /** What the ledger withheld (TAX_PAYABLE). */
  readonly withheld: string;
  readonly agrees: boolean;
}

export interface MonthRow {
  /** YYYY-MM (WIB). */
  readonly month: string;
  readonly product: 'CRYPTO' | 'IDX';
  readonly count: number;
  readonly value: string;
  readonly withheld: string;
}

/** A figure in a foreign currency with the IDR it converts to and the rate used. */
export interface ForeignRow {
  readonly at: Date;
  readonly section: 'US_REALIZED' | 'US_DIVIDEND' | 'US_DIVIDEND_TAX' | 'US_FINANCING' | 'PERPS_REALIZED' | 'PERPS_FEE' | 'PERPS_FUNDING';
  readonly symbol: string;
  readonly currency: string;
  readonly amount: string;
  /** IDR per unit of `currency`. */
  readonly rate: string;
  readonly amountIdr: string;
  /** The quantity sold, for a realized gain. */
  readonly quantity: string;
}

export interface HoldingRow {
  readonly asset: string;
  readonly wallet: string;
  readonly quantity: string;
  /** The acquisition cost (assets) or the balance (money), in `costCurrency`. */
  readonly cost: string;
  readonly costCurrency: string;
  readonly rate: string;
  readonly valueIdr: string;
}

export interface TaxFigures {
  readonly withholdings: readonly WithholdingRow[];
  readonly monthly: readonly MonthRow[];
  readonly foreign: readonly ForeignRow[];
  readonly holdings: readonly HoldingRow[];
  readonly summary: TaxReportSummary;
}

export interface TaxInputs {
  readonly transfers: readonly TaxTransfer[];
  /** Every ORDER_FILL fill before the period's end, oldest first. */
  readonly fills: readonly TaxFill[];
  readonly splits: readonly TaxSplit[];
  readonly balancesAtEnd: readonly TaxBalance[];
  readonly periodEnd: Date;
}

/** The configured rate schedules and calendar, and the conversions of the moment. */
export interface TaxRules extends Pick<TaxReportsConfig, 'cryptoSaleRates' | 'cryptoPurchaseVatRates' | 'idxSaleRates' | 'periodOffset'> {
  /** IDR per USD and per USDT at an instant. */
  readonly usdIdr: (at: Date) => Decimal;
  readonly usdtIdr: (at: Date) => Decimal;
}

const ZERO = new D(0);
const sum = (values: readonly Decimal.Value[]): Decimal => values.reduce<Decimal>((total, v) => total.plus(v), ZERO);
const plain = (value: Decimal): string => {
  const text = value.toFixed();
  return text === '-0' ? '0' : text;
};
const idr = (value: Decimal): Decimal => value.toDecimalPlaces(0, Decimal.ROUND_HALF_UP);

/** The rate in force at `at` (the last entry from before it); 0 before the first. */
export function rateAt(rates: readonly RateFrom[], at: Date): string {
  let found = '0';
  for (const entry of rates) if (Date.parse(entry.from) <= at.getTime()) found = entry.rate;
  return found;
}

/** An instant as the calendar at the offset ('+07:00') reads it: `YYYY-MM-DDTHH:mm:ss.sss`. */
export function localIso(at: Date, offset: string): string {
  const [, sign, hh, mm] = /^([+-])(\d{2}):(\d{2})$/.exec(offset) ?? ['', '+', '00', '00'];
  const shift = (sign === '-' ? -1 : 1) * (Number(hh) * 60 + Number(mm)) * 60_000;
  return new Date(at.getTime() + shift).toISOString().slice(0, 23);
}

/** The calendar month (YYYY-MM) of an instant at the offset. */
export const monthOf = (at: Date, offset: string): string => localIso(at, offset).slice(0, 7);

const userNet = (t: TaxTransfer, currency: string): Decimal => sum(t.entries.filter((e) => e.purpose !== null && e.currency === currency).map((e) => e.amount));
const houseSum = (t: TaxTransfer, house: string, currency: string): Decimal =>
  sum(t.entries.filter((e) => e.house === house && e.currency === currency).map((e) => e.amount));
const symbolOf = (t: TaxTransfer): string => (typeof t.memo.symbol === 'string' ? t.memo.symbol : '');

/** A currency's smallest unit: whole Rupiah, else cents. */
const decimalsOf = (currency: string): number => (currency === 'IDR' ? 0 : 2);

export function computeTaxFigures(input: TaxInputs, rules: TaxRules): TaxFigures {
  const fillByTransfer = new Map(input.fills.map((f) => [f.transferId, f]));

  // The average cost of every ORDER_FILL market, per currency's smallest unit, splits in place.
  const events = new Map<string, { at: number; order: number; event: PositionEvent }[]>();
  input.fills.forEach((fill, order) => {
    const list = events.get(fill.currency) ?? [];
    list.push({ at: fill.executedAt.getTime(), order, event: { id: fill.id, symbol: fill.symbol, side: fill.side, quantity: fill.quantity, total: fill.total } });
    events.set(fill.currency, list);
  });
  input.splits.forEach((split, i) => {
    const list = events.get('USD') ?? [];
    list.push({ at: split.at.getTime(), order: input.fills.length + i, event: { kind: 'SPLIT', symbol: split.symbol, shares: split.shares } });
    events.set('USD', list);
  });
  const replays = new Map(
    [...events].map(([currency, list]) => [currency, replayFills(list.sort((a, b) => a.at - b.at || a.order - b.order).map((e) => e.event), decimalsOf(currency))]),
  );

  /** What a trade of a market and side withholds: the rates by period and how its tax rounds. */
  const withholdingOf = (product: string, type: string): { rates: readonly RateFrom[]; rounding: Decimal.Rounding } | null => {
    if (product === 'CRYPTO' && type === 'SELL') return { rates: rules.cryptoSaleRates, rounding: Decimal.ROUND_UP };
    if (product === 'CRYPTO' && type === 'BUY') return { rates: rules.cryptoPurchaseVatRates, rounding: Decimal.ROUND_DOWN };
    if (product === 'IDX' && type === 'SELL') return { rates: rules.idxSaleRates, rounding: Decimal.ROUND_UP };
    return null;
  };

  const withholdings: WithholdingRow[] = [];
  const foreign: ForeignRow[] = [];
  const convert = (at: Date, section: ForeignRow['section'], symbol: string, currency: string, amount: Decimal, quantity = '') => {
    const rate = currency === 'USDT' ? rules.usdtIdr(at) : rules.usdIdr(at);
    foreign.push({ at, section, symbol, currency, amount: plain(amount), rate: plain(rate), amountIdr: plain(idr(amount.times(rate))), quantity });
  };

  for (const t of input.transfers) {
    const fill = fillByTransfer.get(t.id);
    const withholding = withholdingOf(t.product, t.type);
    if (withholding) {
      const rate = rateAt(withholding.rates, t.createdAt);
      const withheld = houseSum(t, 'TAX_PAYABLE', 'IDR');
      // A purchase is listed in a period with VAT, or when VAT was withheld all the same.
      if (t.type === 'BUY' && new D(rate).isZero() && withheld.isZero()) continue;
      const value = fill ? new D(fill.amount) : new D(String(t.memo.quantity ?? 0)).times(String(t.memo.price ?? 0)).toDecimalPlaces(0, Decimal.ROUND_DOWN);
      // The tax is on the exact base (quantity × price), as the fee math takes it, not on the whole Rupiah shown.
      const base = fill ? new D(fill.quantity).times(fill.price) : value;
      const expected = base.times(rate).toDecimalPlaces(0, withholding.rounding);
      const recorded = fill ? new D(fill.tax) : withheld;
      withholdings.push({
        at: t.createdAt,
        product: t.product as WithholdingRow['product'],
        side: t.type as WithholdingRow['side'],
        symbol: symbolOf(t),
        quantity: plain(new D(fill?.quantity ?? String(t.memo.quantity ?? 0))),
        price: plain(new D(fill?.price ?? String(t.memo.price ?? 0))),
        value: plain(value),
        rate,
        expected: plain(expected),
        withheld: plain(withheld),
        agrees: withheld.eq(expected) && recorded.eq(withheld),
      });
      continue;
    }
    if (t.product === 'US_STOCK') {
      if (t.type === 'SELL' || t.type === 'LIQUIDATION') {
        // A leveraged close: what its wallet received, net of the close's fee and charges, as a
        // sale's gain is net of its fee and charges.
        const realized = fill ? (replays.get(fill.currency)?.realizedBySell.get(fill.id) ?? ZERO) : userNet(t, 'USD');
        convert(t.createdAt, 'US_REALIZED', symbolOf(t), 'USD', new D(realized), plain(new D(fill?.quantity ?? String(t.memo.quantity ?? 0))));
      } else if (t.type === 'DIVIDEND') {
        const tax = houseSum(t, 'TAX_PAYABLE', 'USD');
        convert(t.createdAt, 'US_DIVIDEND', symbolOf(t), 'USD', userNet(t, 'USD').plus(tax));
        convert(t.createdAt, 'US_DIVIDEND_TAX', symbolOf(t), 'USD', tax);
      } else if (t.type === 'FINANCING') {
        convert(t.createdAt, 'US_FINANCING', symbolOf(t), 'USD', userNet(t, 'USD').neg());
      }
      continue;
    }
    if (t.product === 'PERPS') {
      if (t.type === 'FUNDING') {
        convert(t.createdAt, 'PERPS_FUNDING', symbolOf(t), 'USDT', userNet(t, 'USDT'));
      } else {
        const fee = houseSum(t, 'FEES', 'USDT');
        const realized = userNet(t, 'USDT').plus(fee);
        if (!realized.isZero()) convert(t.createdAt, 'PERPS_REALIZED', symbolOf(t), 'USDT', realized);
        if (!fee.isZero()) convert(t.createdAt, 'PERPS_FEE', symbolOf(t), 'USDT', fee);
      }
    }
  }

  const monthly = new Map<string, { month: string; product: 'CRYPTO' | 'IDX'; count: number; value: Decimal; withheld: Decimal }>();
  for (const sale of withholdings.filter((w) => w.side === 'SELL')) {
    const month = monthOf(sale.at, rules.periodOffset);
    const key = `${month}:${sale.product}`;
    const row = monthly.get(key) ?? { month, product: sale.product, count: 0, value: ZERO, withheld: ZERO };
    monthly.set(key, { ...row, count: row.count + 1, value: row.value.plus(sale.value), withheld: row.withheld.plus(sale.withheld) });
  }

  const holdings = holdingsOf(input, replays, rules);
  const of = (product: 'CRYPTO' | 'IDX', side: 'BUY' | 'SELL' = 'SELL') => withholdings.filter((s) => s.product === product && s.side === side);
  const idrOf = (section: ForeignRow['section']) => plain(sum(foreign.filter((f) => f.section === section).map((f) => f.amountIdr)));
  const summary: TaxReportSummary = {
    costMethod: 'AVERAGE_COST',
    cryptoSales: of('CRYPTO').length,
    cryptoSaleValue: plain(sum(of('CRYPTO').map((s) => s.value))),
    cryptoTaxWithheld: plain(sum(of('CRYPTO').map((s) => s.withheld))),
    cryptoVatWithheld: plain(sum(of('CRYPTO', 'BUY').map((s) => s.withheld))),
    idxSales: of('IDX').length,
    idxSaleValue: plain(sum(of('IDX').map((s) => s.value))),
    idxTaxWithheld: plain(sum(of('IDX').map((s) => s.withheld))),
    usRealizedIdr: idrOf('US_REALIZED'),
    usDividendsIdr: idrOf('US_DIVIDEND'),
    usDividendTaxIdr: idrOf('US_DIVIDEND_TAX'),
    usFinancingIdr: idrOf('US_FINANCING'),
    perpsRealizedIdr: idrOf('PERPS_REALIZED'),
    perpsFeesIdr: idrOf('PERPS_FEE'),
    perpsFundingIdr: idrOf('PERPS_FUNDING'),
    holdingsValueIdr: plain(sum(holdings.map((h) => h.valueIdr))),
    mismatches: withholdings.filter((s) => !s.agrees).length,
  };
  return {
    withholdings,
    monthly: [...monthly.values()]
      .sort((a, b) => a.month.localeCompare(b.month) || a.product.localeCompare(b.product))
      .map((m) => ({ ...m, value: plain(m.value), withheld: plain(m.withheld) })),
    foreign,
    holdings,
    summary,
  };
}

/**
 * Each account at the period's end: money at its balance (foreign money at the end's rate), assets
 * at their acquisition cost by the average cost (foreign cost at the end's rate).
 */
function holdingsOf(input: TaxInputs, replays: ReadonlyMap<string, ReturnType<typeof replayFills>>, rules: TaxRules): HoldingRow[] {
  const money = new Set(['IDR', 'USD', 'USDT']);
  // Which fills' symbol and currency hold an asset (BTC ← BTC-IDR in IDR, AAPL ← AAPL in USD).
  const assetSymbol = new Map<string, { symbol: string; currency: string }>();
  for (const fill of input.fills) assetSymbol.set(fill.asset, { symbol: fill.symbol, currency: fill.currency });
  for (const split of input.splits) if (!assetSymbol.has(split.symbol)) assetSymbol.set(split.symbol, { symbol: split.symbol, currency: 'USD' });
  const rateOf = (currency: string): Decimal =>
    currency === 'IDR' ? new D(1) : currency === 'USDT' ? rules.usdtIdr(input.periodEnd) : rules.usdIdr(input.periodEnd);

  return input.balancesAtEnd.map((b): HoldingRow => {
    if (money.has(b.currency)) {
      const rate = rateOf(b.currency);
      return { asset: b.currency, wallet: b.purpose, quantity: plain(new D(b.balance)), cost: plain(new D(b.balance)), costCurrency: b.currency, rate: plain(rate), valueIdr: plain(idr(new D(b.balance).times(rate))) };
    }
    const source = assetSymbol.get(b.currency);
    const position = source ? replays.get(source.currency)?.positions.get(source.symbol) : undefined;
    const costCurrency = source?.currency ?? 'IDR';
    // The share of the replayed position this account holds (all of it unless part is elsewhere).
    const quantity = new D(b.balance);
    const cost = position && position.quantity.gt(0)
      ? (quantity.gte(position.quantity) ? position.costBasis : position.costBasis.times(quantity).div(position.quantity).toDecimalPlaces(decimalsOf(costCurrency), Decimal.ROUND_HALF_UP))
      : ZERO;
    const rate = rateOf(costCurrency);
    return { asset: b.currency, wallet: b.purpose, quantity: plain(quantity), cost: plain(cost), costCurrency, rate: plain(rate), valueIdr: plain(idr(cost.times(rate))) };
  });
}
