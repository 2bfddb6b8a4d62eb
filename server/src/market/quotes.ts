// The conversion quotes the house gives: USD/IDR (for the USD stock wallets and the market's
// USD price call) and USDT/IDR (for the perpetuals margin wallet). Prices are whole Rupiah per
// unit on the customer's side, rounded in the house's favour: what the customer pays up, what the
// customer receives down — by at most one Rupiah beyond the documented spread.
import Decimal from 'decimal.js';
import type { MarketFeed } from './feed';

export interface ConversionQuote {
  /** Mid price, IDR per unit (USD: 2 decimals; USDT: the book's mid). */
  readonly mid: Decimal;
  /** IDR per unit the customer pays to buy the currency (whole Rupiah, rounded up). */
  readonly buy: Decimal;
  /** IDR per unit the customer receives to sell the currency (whole Rupiah, rounded down). */
  readonly sell: Decimal;
  readonly spreadPercent: Decimal;
  /** Epoch ms the quote is for. */
  readonly at: number;
}

/** What a USD/IDR source offers: the simulator's mid (or a real feed's). */
export interface UsdIdrSource {
  usdIdr(at: number): number;
}

/** USD/IDR: the spread (percent of the mid) split evenly between buy and sell. */
export function usdIdrQuote(source: UsdIdrSource, spreadPercent: number, at: number): ConversionQuote {
  const mid = new Decimal(source.usdIdr(at).toFixed(2));
  return spreadAround(mid, mid, mid, spreadPercent, at);
}

export const USDT_IDR_SYMBOL = 'USDT-IDR';

export interface UsdtIdrQuote extends ConversionQuote {
  /** The USDT-IDR market is halted: its book is frozen, conversions should wait. */
  readonly halted: boolean;
}

/**
 * USDT/IDR from the USDT-IDR book's best bid and ask (the customer buys at the ask, sells at the
 * bid, as on the exchange), widened by `spreadPercent` of each split evenly (0: the book's prices).
 */
export function usdtIdrQuote(market: Pick<MarketFeed, 'ticker'>, spreadPercent: number, at: number): UsdtIdrQuote {
  const ticker = market.ticker(USDT_IDR_SYMBOL, at);
  const bid = new Decimal(ticker.bid);
  const ask = new Decimal(ticker.ask);
  const mid = bid.plus(ask).div(2);
  return { ...spreadAround(mid, ask, bid, spreadPercent, at), halted: ticker.marketState === 'HALTED' };
}

function spreadAround(mid: Decimal, ask: Decimal, bid: Decimal, spreadPercent: number, at: number): ConversionQuote {
  const half = new Decimal(spreadPercent).div(200);
  return {
    mid,
    buy: ask.times(half.plus(1)).toDecimalPlaces(0, Decimal.ROUND_UP),
    sell: bid.times(new Decimal(1).minus(half)).toDecimalPlaces(0, Decimal.ROUND_DOWN),
    spreadPercent: new Decimal(spreadPercent),
    at,
  };
}
