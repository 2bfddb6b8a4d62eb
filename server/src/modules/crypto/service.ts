// The crypto spot API over the order engine: the order types a symbol offers now, the estimate in
// the specification's shape, and placing, cancelling, amending and listing as market 'CRYPTO'.
// The rules (rules.ts) decide; the engine (server/src/trading) keeps the orders.
import {
  ERROR_CATALOGUE,
  ORDER_TYPES,
  CRYPTO_ORDERS_PAGE_SIZE,
  errorMessage,
  type AmendOrderRequest,
  type CryptoEstimate,
  type CryptoOrder,
  type CryptoOrderList,
  type CryptoOrdersQuery,
  type CryptoOrderTypesResponse,
  type Language,
  type PlaceOrderResponse,
  type ProductInfo,
} from '@pasar/shared/contract';
import { TradingDecimal, plain, type FeeRates } from '@pasar/shared/trading';
import type { OrderSpec, TradingEngine } from '../../trading';
import type { CryptoSettings } from './order-plan';

export interface CryptoServiceDeps {
  readonly engine: TradingEngine;
  /** The market module's product info (halts, enableBuy/enableSell and the pro flags). */
  readonly productInfo: (symbol: string, language: Language) => Promise<ProductInfo>;
  readonly settings: CryptoSettings;
  readonly rates: FeeRates;
}

export type CryptoService = ReturnType<typeof createCryptoService>;

const MARKET = 'CRYPTO';

export function createCryptoService(deps: CryptoServiceDeps) {
  const { engine, settings, rates } = deps;

  return {
    rates,

    async orderTypes(symbol: string, language: Language): Promise<CryptoOrderTypesResponse> {
      const inst = engine.rules(MARKET).instrument(symbol);
      const info = await deps.productInfo(inst.symbol, language);
      const on = settings.ordersEnabled;
      let disabledReason: string | null = null;
      if (!on) disabledReason = errorMessage('1162', language);
      else if (info.tradingHaltReason) disabledReason = info.tradingHaltReason.title;
      else if (!info.enableBuy && !info.enableSell) disabledReason = ERROR_CATALOGUE['3701'][language];
      const percent = (rate: string) => plain(new TradingDecimal(rate).times(100));
      return {
        symbol: inst.symbol,
        instant: { enableBuy: on && info.enableBuy, enableSell: on && info.enableSell },
        advanced: {
          enableBuy: on && info.enableBuyForProMode,
          enableSell: on && info.enableSellForProMode,
          orderTypes: [...ORDER_TYPES],
          inputTypes: ['quantity', 'amount'],
        },
        disabledReason,
        pricePrecision: inst.pricePrecision,
        quantityPrecision: inst.quantityPrecision,
        quantityStep: inst.quantityStep,
        amountPrecision: 0,
        minQuantity: inst.minQuantity,
        minAmount: settings.minOrderAmount,
        feeRatePercent: percent(rates.feeRate),
        buyTaxRatePercent: percent(rates.buyTaxRate),
        sellTaxRatePercent: percent(rates.sellTaxRate),
      };
    },

    /** The numbers an order would execute with now (nothing changes). */
    estimate(spec: OrderSpec, language: Language): CryptoEstimate {
      const p = engine.estimate(MARKET, spec, language);
      return {
        symbol: p.spec.symbol,
        side: spec.side,
        price: p.estimate.price,
        quantity: p.estimate.quantity,
        estimatedAmount: p.estimate.base,
        fee: p.estimate.fee,
        tax: p.estimate.tax,
        estimatedTotalAmount: p.estimate.total,
        cryptocurrencyUnits: p.asset,
        worstPrice: p.estimate.worstPrice,
      };
    },

    /**
     * Places an order (both legs of an OCO). The same request id again answers the order(s) it
     * placed, even if the first attempt's answer was lost.
     */
    place: (userId: string, requestId: string, spec: OrderSpec, language: Language): Promise<PlaceOrderResponse> =>
      engine.place(MARKET, userId, requestId, spec, language),

    /** Cancels an open order (an OCO leg with its sibling) and releases its hold. */
    cancel: (userId: string, orderId: string): Promise<PlaceOrderResponse> => engine.cancel(MARKET, userId, orderId),

    /** Amends an open order's size and/or prices, with its hold made exactly what the amended order may spend. */
    amend: (userId: string, orderId: string, body: AmendOrderRequest, language: Language): Promise<PlaceOrderResponse> =>
      engine.amend(MARKET, userId, orderId, body, language),

    list: (userId: string, query: CryptoOrdersQuery): Promise<CryptoOrderList> =>
      engine.list(MARKET, userId, { scope: query.scope, symbol: query.symbol, page: query.page, size: query.size ?? CRYPTO_ORDERS_PAGE_SIZE }),

    get: (userId: string, orderId: string): Promise<CryptoOrder> => engine.get(MARKET, userId, orderId),
  };
}
