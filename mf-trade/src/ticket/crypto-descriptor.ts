// Crypto spot as the order ticket sees it (§2 CryptoInstant / CryptoAdvanced, §5, §9): IDR, the
// simple ticket (a market order; buys by amount) and the pro one (every order type, quantity or
// amount, time in force), the fee math of §9 as the preview, IDR cash to buy and the asset less
// open sells to sell.
import { addDecimal, TIMES_IN_FORCE, useAppStore, useBalances, type CryptoEstimate, type CryptoOrder, type CryptoOrderTypesResponse, type EstimateRequest } from '@pasar/shared';
import { orderNumbers, type FeeRates } from '@pasar/shared/trading';
import { isOpenOrder } from '../my-orders/order-updates';
import { fetchEstimate, fetchOrderTypes, placeOrder } from '../order-calls/crypto-calls';
import type { MarketDescriptor, TicketFunds, TicketNumbers, TicketQuote } from './market-descriptor';
import { advancedRequest, cleanDecimal, estimateRequest, instantRequest, isPositive, numbersPriceOf, percentToFraction, subtractFloor, type OrderDraft } from './order-math';

/** Units held by open quantity sell orders: the ledger holds them until they fill or are cancelled. */
export function heldBySells(orders: readonly CryptoOrder[]): string {
  let held = '0';
  for (const order of orders) {
    if (order.side !== 'SELL' || !isOpenOrder(order) || !order.quantity) continue;
    held = addDecimal(held, subtractFloor(order.quantity, order.filledQuantity));
  }
  return held;
}

export const fromEstimate = (estimate: CryptoEstimate): TicketNumbers => ({
  price: estimate.price,
  quantity: estimate.quantity,
  amount: estimate.estimatedAmount,
  fee: estimate.fee,
  tax: estimate.tax,
  total: estimate.estimatedTotalAmount,
  totalIdr: null,
});

export const feeRatesOf = (types: CryptoOrderTypesResponse): FeeRates => ({
  feeRate: percentToFraction(types.feeRatePercent),
  buyTaxRate: percentToFraction(types.buyTaxRatePercent),
  sellTaxRate: percentToFraction(types.sellTaxRatePercent),
});

/** The fee math of §9 for a draft, or null while it lacks a price or a size (or the math refuses it). */
export function cryptoLocalNumbers(draft: OrderDraft, quote: TicketQuote, quantityStep: string, rates: FeeRates): TicketNumbers | null {
  const price = cleanDecimal(numbersPriceOf(draft, quote));
  const size = draft.inputType === 'quantity' ? draft.quantity : draft.amount;
  if (!isPositive(price) || !isPositive(size)) return null;
  try {
    const result = orderNumbers({
      side: draft.side,
      price,
      ...(draft.inputType === 'quantity' ? { quantity: cleanDecimal(size) } : { amount: cleanDecimal(size) }),
      quantityStep,
      rates,
    });
    return { price, quantity: result.quantity, amount: result.base, fee: result.fee, tax: result.tax, total: result.total, totalIdr: null };
  } catch {
    return null;
  }
}

const noRefresh = () => undefined;

function useCryptoFunds({ symbol }: { symbol: string }, openOrders: readonly CryptoOrder[]): TicketFunds {
  const balances = useBalances();
  const idrAccount = useAppStore((state) => state.trading.idrAccount);
  const cryptoBalance = balances.cryptoBalances[symbol] ?? null;
  return {
    buyingPower: idrAccount?.cashBalance ?? balances.idrBalance,
    holdings: cryptoBalance === null ? null : subtractFloor(cryptoBalance, heldBySells(openOrders)),
    idrRate: null,
    // The balances an order changes are refreshed through `balances`.
    refresh: noRefresh,
  };
}

export const cryptoDescriptor: MarketDescriptor<CryptoOrderTypesResponse, EstimateRequest> = {
  market: 'CRYPTO',
  currency: 'IDR',
  sessions: false,
  taxLabel: 'numbers.tax',
  typesKey: ({ symbol }) => `order-types:${symbol}`,
  fetchTypes: ({ symbol }, signal) => fetchOrderTypes(symbol, signal),
  rules: (types, { pro, instrument }, { side }) => {
    const flags = pro ? types.advanced : types.instant;
    return {
      orderTypes: pro ? types.advanced.orderTypes : ['MARKET'],
      inputTypes: pro ? types.advanced.inputTypes : side === 'BUY' ? ['amount'] : ['quantity', 'amount'],
      enableBuy: flags.enableBuy,
      enableSell: flags.enableSell,
      disabledReason: types.disabledReason,
      pricePrecision: types.pricePrecision,
      tickSize: instrument?.tickSize ?? null,
      quantityPrecision: types.quantityPrecision,
      quantityStep: types.quantityStep,
      amountPrecision: types.amountPrecision,
      minQuantity: types.minQuantity,
      minAmount: types.minAmount,
      timesInForce: pro ? TIMES_IN_FORCE : [],
      extendedHours: false,
    };
  },
  useFunds: useCryptoFunds,
  localNumbers: (draft, quote, types) => cryptoLocalNumbers(draft, quote, types.quantityStep, feeRatesOf(types)),
  estimateRequest: ({ symbol, pro }, draft) => estimateRequest(symbol, draft, pro),
  estimate: async (request, signal) => fromEstimate(await fetchEstimate(request, signal)),
  place: async ({ symbol, pro }, draft, requestId) => {
    const body = pro ? { pro: true as const, body: advancedRequest(symbol, draft) } : { pro: false as const, body: instantRequest(symbol, draft) };
    return (await placeOrder(draft.side, body, requestId)).orders;
  },
  balances: (symbol) => ({ crypto: [symbol] }),
  reviewEvent: (side) => (side === 'BUY' ? 'crypto_buy_review' : 'crypto_sell_review'),
};
