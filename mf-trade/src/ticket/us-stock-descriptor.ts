// US stocks (the PALN wallet) as the order ticket sees it (§3 US stock order payload, §5, domain
// "US stocks"): USD, market / limit / stop / stop-limit and TP/SL (OCO) as the order-types call
// allows them now, fractional quantities or a USD amount, GOOD_TILL_CANCEL or
// GOOD_TILL_MARKET_CLOSE, and the extended-hours switch for stocks with post-market (`ipme`),
// which takes limit orders only. Buying power is the PALN wallet's; what can be sold is the
// holding's quantityAvailableForSale (the server already subtracts open sells).
import { useApiData, useAppStore, type UsStockEstimate, type UsStockOrderInput, type UsStockOrderTypesResponse, type UsStockPriceQuery } from '@pasar/shared';
import { TradingDecimal, plain } from '@pasar/shared/trading';
import { useRef } from 'react';
import { usStockOrders } from '../order-calls/us-stock-calls';
import type { MarketDescriptor, TicketFunds, TicketNumbers, TicketTarget } from './market-descriptor';
import { cleanDecimal, isPositive, numbersPriceOf, type OrderDraft } from './order-math';

/** The order-types answers of both sides (the call is per side). */
export interface UsTicketTypes {
  BUY: UsStockOrderTypesResponse;
  SELL: UsStockOrderTypesResponse;
}

const decimalsOf = (value: string): number => value.split('.')[1]?.replace(/0+$/, '').length ?? 0;
const stepOf = (precision: number): string => (precision <= 0 ? '1' : `0.${'0'.repeat(precision - 1)}1`);

/** The instrument's id, which every US call takes as stockId. */
export function stockIdOf(target: TicketTarget): number {
  const id = target.instrument?.id;
  if (id === undefined) throw new Error(`the stock id of ${target.symbol} is not known yet`);
  return id;
}

export const fromUsEstimate = (estimate: UsStockEstimate): TicketNumbers => ({
  price: estimate.price,
  quantity: estimate.quantity,
  amount: estimate.estimatedAmount,
  fee: estimate.commission,
  tax: plain(new TradingDecimal(estimate.secFee).plus(estimate.tafFee)),
  total: estimate.estimatedTotalAmount,
  totalIdr: estimate.estimatedTotalAmountIdr,
});

const cents = (value: TradingDecimal, up: boolean) => value.toDecimalPlaces(2, up ? TradingDecimal.ROUND_UP : TradingDecimal.ROUND_DOWN);

/**
 * The preview before the server's estimate: the notional to the cent (up for buys, down for
 * sells) and the commission (a percent with a minimum). A sell's regulatory fees come with the
 * estimate. A buy by amount spends at most the amount, commission included.
 */
export function usLocalNumbers(draft: OrderDraft, quote: { bid?: string; ask?: string; last?: string }, types: UsStockOrderTypesResponse, idrRate: string | null): TicketNumbers | null {
  const price = cleanDecimal(numbersPriceOf(draft, { ...quote, last: quote.last ?? types.lastPrice }));
  const size = cleanDecimal(draft.inputType === 'quantity' ? draft.quantity : draft.amount);
  if (!isPositive(price) || !isPositive(size)) return null;
  const buy = draft.side === 'BUY';
  const rate = new TradingDecimal(cleanDecimal(types.commissionRatePercent) || '0').div(100);
  const minimum = new TradingDecimal(cleanDecimal(types.commission) || '0');
  const step = new TradingDecimal(stepOf(types.quantityPrecision));
  const commissionOf = (amount: TradingDecimal) => (amount.gt(0) ? TradingDecimal.max(cents(amount.times(rate), true), minimum) : new TradingDecimal(0));
  let quantity: TradingDecimal;
  if (draft.inputType === 'quantity') quantity = new TradingDecimal(size).div(step).floor().times(step);
  else {
    const budget = new TradingDecimal(size);
    // A buy's amount pays the commission too; a sell's is the notional to sell.
    const notional = buy ? TradingDecimal.max(budget.minus(commissionOf(budget.div(rate.plus(1)))), 0) : budget;
    quantity = notional.div(price).div(step).floor().times(step);
  }
  const amount = cents(quantity.times(price), buy);
  const fee = commissionOf(amount);
  const total = buy ? amount.plus(fee) : TradingDecimal.max(amount.minus(fee), 0);
  return {
    price,
    quantity: plain(quantity),
    amount: plain(amount),
    fee: plain(fee),
    tax: '0',
    total: plain(total),
    totalIdr: idrRate ? plain(total.times(idrRate).toDecimalPlaces(0, TradingDecimal.ROUND_DOWN)) : null,
  };
}

/** The §3 payload of a draft: only the fields its order type uses; exactly one of quantity and amount. */
export function usOrderPayload(stockId: number, draft: OrderDraft): UsStockOrderInput {
  const payload: UsStockOrderInput = {
    stockId,
    orderType: draft.orderType,
    orderSubType: 'NORMAL',
    tradingHours: draft.extendedHours ? 'INCLUDE_EXTENDED_HOURS' : 'REGULAR_HOURS',
    leverage: 1,
    isIntradayLeverage: false,
  };
  if (draft.inputType === 'quantity') payload.quantity = cleanDecimal(draft.quantity);
  else payload.amount = cleanDecimal(draft.amount);
  if (draft.orderType === 'LIMIT' || draft.orderType === 'STOP_LIMIT') payload.unitPrice = cleanDecimal(draft.limitPrice);
  if (draft.orderType === 'STOP' || draft.orderType === 'STOP_LIMIT') payload.stopPrice = cleanDecimal(draft.stopPrice);
  if (draft.orderType === 'OCO') {
    payload.takeProfit = cleanDecimal(draft.takeProfit);
    payload.stopLoss = cleanDecimal(draft.stopLoss);
  }
  if (draft.orderType !== 'MARKET') payload.timeInForce = draft.timeInForce;
  return payload;
}

/** The price-calculate query of a draft (an OCO is estimated at its take-profit price). */
export function usPriceQuery(stockId: number, draft: OrderDraft): UsStockPriceQuery {
  const query: UsStockPriceQuery = { stockId, transactionType: draft.side, orderType: draft.orderType === 'OCO' ? 'LIMIT' : draft.orderType };
  if (draft.inputType === 'quantity') query.quantity = cleanDecimal(draft.quantity);
  else query.amount = cleanDecimal(draft.amount);
  if (draft.orderType === 'LIMIT' || draft.orderType === 'STOP_LIMIT') query.unitPrice = cleanDecimal(draft.limitPrice);
  if (draft.orderType === 'OCO') query.unitPrice = cleanDecimal(draft.takeProfit);
  if (draft.orderType === 'STOP' || draft.orderType === 'STOP_LIMIT') query.stopPrice = cleanDecimal(draft.stopPrice);
  return query;
}

function useUsFunds(target: TicketTarget): TicketFunds {
  const paln = useAppStore((state) => state.trading.stockBalances.paln);
  const stockId = target.instrument?.id ?? null;
  const holding = useApiData(() => usStockOrders.holding(stockId as number), [stockId], stockId !== null);
  const reload = useRef(holding.reload);
  reload.current = holding.reload;
  return {
    buyingPower: paln.info?.buyingPower ?? null,
    holdings: holding.data ? holding.data.quantityAvailableForSale : null,
    idrRate: paln.info?.usdIdrPrice ?? null,
    refresh: () => void reload.current(),
  };
}

export const usStockDescriptor: MarketDescriptor<UsTicketTypes, UsStockPriceQuery> = {
  market: 'USSTOCK',
  currency: 'USD',
  sessions: true,
  taxLabel: 'numbers.regulatoryFees',
  typesKey: (target) => `us-order-types:${target.symbol}:${target.instrument?.id ?? ''}`,
  fetchTypes: async (target, signal) => {
    const stockId = stockIdOf(target);
    const [BUY, SELL] = await Promise.all([usStockOrders.orderTypes(stockId, 'BUY', signal), usStockOrders.orderTypes(stockId, 'SELL', signal)]);
    return { BUY, SELL };
  },
  rules: (types, { instrument }, { side, extendedHours }) => {
    const sideTypes = types[side];
    // The switch only for a stock with post-market (ipme), and only while the server takes extended-hours orders.
    const extended = (instrument?.hasPostMarket ?? sideTypes.ipme) && sideTypes.extendedHoursAllowed;
    const orderTypes = extended && extendedHours ? sideTypes.orderTypes.filter((type) => type === 'LIMIT') : sideTypes.orderTypes;
    return {
      orderTypes,
      inputTypes: ['quantity', 'amount'],
      enableBuy: types.BUY.enabled,
      enableSell: types.SELL.enabled,
      disabledReason: sideTypes.disabledReason,
      pricePrecision: Math.max(2, decimalsOf(sideTypes.tickSize)),
      tickSize: sideTypes.tickSize,
      quantityPrecision: sideTypes.quantityPrecision,
      quantityStep: stepOf(sideTypes.quantityPrecision),
      amountPrecision: sideTypes.amountPrecision,
      minQuantity: sideTypes.minQuantity,
      minAmount: sideTypes.minAmount,
      timesInForce: sideTypes.timesInForce,
      extendedHours: extended,
    };
  },
  useFunds: useUsFunds,
  localNumbers: (draft, quote, types, _rules, funds) => usLocalNumbers(draft, quote, types[draft.side], funds.idrRate),
  estimateRequest: (target, draft) => usPriceQuery(stockIdOf(target), draft),
  estimate: async (query, signal) => fromUsEstimate(await usStockOrders.priceCalculate(query, signal)),
  place: async (target, draft, requestId) => (await usStockOrders.place(draft.side, usOrderPayload(stockIdOf(target), draft), requestId)).orders,
  balances: () => ({ gss: true }),
  reviewEvent: (side) => (side === 'BUY' ? 'usstock_buy_review' : 'usstock_sell_review'),
};

