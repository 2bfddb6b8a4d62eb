// Contract-shaped US stock order data (the PALN wallet) for the US panel and orders tests, and a
// helper answering the US order and wallet calls through the shared test API client. The
// estimate follows the server's rules (notional to the cent, commission with a minimum, SEC and
// TAF fees on sells) at the fixture's fee settings, so reviews show numbers that could be wrong.
import {
  FX_WALLET_PATHS,
  US_LEVERAGE_PATHS,
  US_STOCK_PATHS,
  usStockHoldingPath,
  WALLET_PATHS,
  type CryptoOrder,
  type OrderSideText,
  type UsStockEstimate,
  type UsStockOrderTypesResponse,
} from '@pasar/shared';
import type { TestApiClient } from '@pasar/shared/testing';
import { cryptoOrder } from './order-fixtures';
import { TradingDecimal, plain } from '@pasar/shared/trading';

export const AAPL_ID = 7;
/** The wallet's USD/IDR price. */
export const USD_IDR = '16250';

export function usTypes(side: OrderSideText, overrides: Partial<UsStockOrderTypesResponse> = {}): UsStockOrderTypesResponse {
  return {
    stockId: AAPL_ID,
    symbol: 'AAPL',
    transactionType: side,
    session: { session: 'REGULAR', nextChangeAt: '2026-11-24T21:00:00.000Z', nextSession: 'POST_MARKET' },
    ipme: true,
    extendedHoursAllowed: true,
    enabled: true,
    disabledReason: null,
    orderTypes: side === 'BUY' ? ['MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT'] : ['MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT', 'OCO'],
    timesInForce: ['GOOD_TILL_CANCEL', 'GOOD_TILL_MARKET_CLOSE'],
    tradingHours: ['REGULAR_HOURS', 'INCLUDE_EXTENDED_HOURS'],
    quantityPrecision: 6,
    amountPrecision: 2,
    minAmount: '1',
    minQuantity: '0.000001',
    tickSize: '0.01',
    lastPrice: '187.25',
    commission: '0',
    commissionRatePercent: '0',
    ...overrides,
  };
}

const D = (v: string | TradingDecimal) => new TradingDecimal(v);

/** The server's price calculate at the fixture's quote (ask 187.30, bid 187.20; no commission; SEC 0.0000278, TAF 0.000166/share). */
export function usEstimateFor(query: Record<string, string>): UsStockEstimate {
  const buy = query.transactionType === 'BUY';
  const price = query.orderType === 'MARKET' ? (buy ? '187.3' : '187.2') : (query.unitPrice ?? query.stopPrice ?? '187.25');
  const quantity = query.quantity ? D(query.quantity) : D(query.amount ?? '0').div(price).toDecimalPlaces(6, TradingDecimal.ROUND_DOWN);
  const amount = quantity.times(price).toDecimalPlaces(2, buy ? TradingDecimal.ROUND_UP : TradingDecimal.ROUND_DOWN);
  const secFee = buy ? D('0') : amount.times('0.0000278').toDecimalPlaces(2, TradingDecimal.ROUND_UP);
  const tafFee = buy ? D('0') : quantity.times('0.000166').toDecimalPlaces(2, TradingDecimal.ROUND_UP);
  const total = buy ? amount : amount.minus(secFee).minus(tafFee);
  return {
    stockId: AAPL_ID,
    symbol: 'AAPL',
    transactionType: buy ? 'BUY' : 'SELL',
    price,
    quantity: plain(quantity),
    estimatedAmount: plain(amount),
    commission: '0',
    secFee: plain(secFee),
    tafFee: plain(tafFee),
    estimatedTotalAmount: plain(total),
    usdIdrPrice: USD_IDR,
    estimatedTotalAmountIdr: plain(total.times(USD_IDR).toDecimalPlaces(0, TradingDecimal.ROUND_DOWN)),
  };
}

let sequence = 0;

/** A US order: the one order schema with market USSTOCK, in USD. */
export function usOrder(overrides: Partial<CryptoOrder> = {}): CryptoOrder {
  sequence += 1;
  return cryptoOrder({
    id: `us-order-${sequence}`,
    market: 'USSTOCK',
    symbol: 'AAPL',
    quantity: '0.5',
    limitPrice: '180',
    timeInForce: 'GOOD_TILL_MARKET_CLOSE',
    currency: 'USD',
    tradingHours: 'REGULAR_HOURS',
    expiresAt: '2026-11-24T21:00:00.000Z',
    createdAt: '2026-11-24T15:00:00.000Z',
    updatedAt: '2026-11-24T15:00:00.000Z',
    ...overrides,
  });
}

export interface UsMockOptions {
  buy?: Partial<UsStockOrderTypesResponse>;
  sell?: Partial<UsStockOrderTypesResponse>;
  /** USD buying power of the PALN wallet. */
  cash?: string;
  /** Shares available to sell. */
  available?: string;
  open?: CryptoOrder[];
  history?: CryptoOrder[];
}

const wallet = (buyingPower: string) => ({ usdCash: buyingPower, usdMargin: '0', idrCash: plain(D(buyingPower).times(USD_IDR)), buyingPower, usdIdrPrice: USD_IDR });

/** Answers the US panel's and the US orders list's calls (and the wallet they refresh). */
export function mockUsOrders(api: TestApiClient, { buy = {}, sell = {}, cash = '1000', available = '2.5', open = [], history = [] }: UsMockOptions = {}): TestApiClient {
  return api
    .on('GET', US_STOCK_PATHS.orderTypes, (request) => ({
      body: { status: 'success', data: request.query.transactionType === 'SELL' ? usTypes('SELL', sell) : usTypes('BUY', buy) },
    }))
    .on('GET', US_STOCK_PATHS.priceCalculate, (request) => ({ body: { status: 'success', data: usEstimateFor(request.query as Record<string, string>) } }))
    .on('GET', US_STOCK_PATHS.orders, (request) => {
      const items = request.query.scope === 'history' ? history : open;
      return { body: { status: 'success', data: { items, page: Number(request.query.page ?? 1), size: 30, hasMore: false } } };
    })
    .reply('GET', usStockHoldingPath(AAPL_ID), {
      stockId: AAPL_ID,
      symbol: 'AAPL',
      quantity: available,
      quantityAvailableForSale: available,
      intradayQuantityAvailableForSale: '0',
      averageCost: '150',
    })
    .reply('GET', FX_WALLET_PATHS.stockBalance, { paln: wallet(cash), leverage: wallet('0'), intraday: wallet('0') })
    // No leveraged positions (the asset page's and the leveraged ticket's list).
    .reply('GET', US_LEVERAGE_PATHS.positions, { items: [], wallets: [] })
    // Every balance refresh includes the IDR cash account.
    .reply('GET', WALLET_PATHS.accounts, { cashAccount: { cashBalance: '5000000', voucherBalance: '0', freeBalance: '0', cashOnHold: '0' } });
}

export const SIGNED_IN_US = { accessToken: 'test-access-token-0123456789', userDetails: { id: 'user-1', gssKycStatus: 'VERIFIED' as const } };
