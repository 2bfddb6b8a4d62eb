// Contract-shaped crypto order data for the panel and orders tests, and a helper answering the
// order and balance calls through the shared test API client.
import { ACCOUNT_PATHS, CRYPTO_PATHS, cryptoBalancePath, WALLET_PATHS, type CryptoEstimate, type CryptoOrder, type CryptoOrderTypesResponse, type EstimateRequest } from '@pasar/shared';
import type { TestApiClient } from '@pasar/shared/testing';
import { orderNumbers } from '@pasar/shared/trading';

export function orderTypes(overrides: Partial<CryptoOrderTypesResponse> = {}): CryptoOrderTypesResponse {
  return {
    symbol: 'BTC-IDR',
    instant: { enableBuy: true, enableSell: true },
    advanced: { enableBuy: true, enableSell: true, orderTypes: ['MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT', 'OCO'], inputTypes: ['quantity', 'amount'] },
    disabledReason: null,
    pricePrecision: 0,
    quantityPrecision: 8,
    quantityStep: '0.00001',
    amountPrecision: 0,
    minQuantity: '0.00001',
    minAmount: '10000',
    feeRatePercent: '0.1',
    buyTaxRatePercent: '0',
    sellTaxRatePercent: '0.21',
    ...overrides,
  };
}

let sequence = 0;

export function cryptoOrder(overrides: Partial<CryptoOrder> = {}): CryptoOrder {
  sequence += 1;
  return {
    id: `order-${sequence}`,
    market: 'CRYPTO',
    currency: 'IDR',
    symbol: 'BTC-IDR',
    side: 'BUY',
    orderType: 'LIMIT',
    source: 'ADVANCED',
    inputType: 'quantity',
    quantity: '0.01',
    amount: null,
    limitPrice: '1600000000',
    stopPrice: null,
    timeInForce: 'GOOD_TILL_CANCEL',
    status: 'PENDING',
    exchangeStatus: 'ACCEPTED_FROM_EXCHANGE',
    filledQuantity: '0',
    filledAmount: '0',
    averagePrice: null,
    fee: '0',
    tax: '0',
    total: '0',
    ocoGroupId: null,
    ocoLeg: null,
    triggeredAt: null,
    reason: null,
    createdAt: '2026-11-22T03:00:00.000Z',
    updatedAt: '2026-11-22T03:00:00.000Z',
    ...overrides,
  };
}

/** The estimate the server would give (the market walks the book: here, the ticker's ask/bid). */
export function estimateFor(request: EstimateRequest, types = orderTypes()): CryptoEstimate {
  const price =
    request.orderType === 'MARKET' ? (request.side === 'BUY' ? '1650001000' : '1649999000') : (request.limitPrice ?? request.stopPrice ?? request.takeProfit ?? '1');
  const rates = { feeRate: '0.001', buyTaxRate: '0', sellTaxRate: '0.0021' };
  const numbers = orderNumbers({
    side: request.side,
    price,
    ...(request.quantity ? { quantity: request.quantity } : { amount: request.amount ?? '0' }),
    quantityStep: types.quantityStep,
    rates,
  });
  return {
    symbol: request.symbol,
    side: request.side,
    price,
    quantity: numbers.quantity,
    estimatedAmount: numbers.base,
    fee: numbers.fee,
    tax: numbers.tax,
    estimatedTotalAmount: numbers.total,
    cryptocurrencyUnits: 'BTC',
    worstPrice: null,
  };
}

export interface OrderMockOptions {
  types?: CryptoOrderTypesResponse;
  cash?: string;
  btc?: string;
  open?: CryptoOrder[];
  history?: CryptoOrder[];
  /** The user has the PRO_USER tag (§6): the panel starts in pro mode. */
  pro?: boolean;
}

/** Answers the order panel's and the orders list's calls (and the balances they refresh). */
export function mockOrders(api: TestApiClient, { types = orderTypes(), cash = '10000000', btc = '0.5', open = [], history = [], pro = false }: OrderMockOptions = {}): TestApiClient {
  return api
    .reply('GET', CRYPTO_PATHS.orderTypes, types)
    .on('POST', CRYPTO_PATHS.estimate, (request) => ({ body: { status: 'success', data: estimateFor(request.body as EstimateRequest, types) } }))
    .on('GET', CRYPTO_PATHS.orders, (request) => {
      const items = request.query.scope === 'history' ? history : open;
      return { body: { status: 'success', data: { items, page: Number(request.query.page ?? 1), size: 30, hasMore: false } } };
    })
    .reply('GET', WALLET_PATHS.accounts, { cashAccount: { cashBalance: cash, voucherBalance: '0', freeBalance: '0', cashOnHold: '0' } })
    .reply('GET', cryptoBalancePath('BTC-IDR'), { symbol: 'BTC-IDR', balance: btc, available: btc })
    .reply('GET', ACCOUNT_PATHS.userTags, { tags: pro ? ['PRO_USER'] : [] });
}

export const SIGNED_IN = { accessToken: 'test-access-token-0123456789', userDetails: { id: 'user-1', gssKycStatus: 'VERIFIED' as const } };
