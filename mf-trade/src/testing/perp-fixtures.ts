// Contract-shaped perps data for the perps panel and account tests, and a helper answering the
// perps calls through the shared test API client.
import {
  FX_WALLET_PATHS,
  WALLET_PATHS,
  type PerpBalance,
  type PerpOrder,
  type PerpOrderEstimate,
  type PerpOrderTypesResponse,
  type PerpPosition,
} from '@pasar/shared';
import { PERPS_PATHS } from '@pasar/shared/contract/perps-paths';
import type { TestApiClient } from '@pasar/shared/testing';
import { cryptoOrder } from './order-fixtures';

export const PERP = 'BTCUSDT-PERP';

export function perpTypes(overrides: Partial<PerpOrderTypesResponse> = {}): PerpOrderTypesResponse {
  return {
    symbol: PERP,
    orderTypes: ['MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT'],
    enableBuy: true,
    enableSell: true,
    disabledReason: null,
    leverage: 10,
    marginMode: 'CROSS',
    maxLeverage: 125,
    minQuantity: '0.001',
    quantityStep: '0.001',
    minNotional: '5',
    tickSize: '0.1',
    makerFeeRate: '0.0002',
    takerFeeRate: '0.0004',
    markPrice: '60000',
    priceBandLow: '57000',
    priceBandHigh: '63000',
    ...overrides,
  };
}

export function perpBalance(overrides: Partial<PerpBalance> = {}): PerpBalance {
  return { buyingPower: '1000', marginRatioPercentage: '0', walletBalance: '1000', availableBalance: '1000', unrealizedPnl: '0', positionMargin: '0', ...overrides };
}

export function perpEstimate(overrides: Partial<PerpOrderEstimate> = {}): PerpOrderEstimate {
  return {
    symbol: PERP,
    side: 'BUY',
    price: '60000',
    quantity: '0.01',
    notional: '600',
    estimatedAmount: '600',
    initialMargin: '60',
    fee: '0.24',
    feeRate: '0.0004',
    estimatedTotalAmount: '60.24',
    leverage: 10,
    marginMode: 'CROSS',
    liquidationPrice: '54321.5',
    availableBalance: '1000',
    availableAfter: '939.76',
    refusalCode: null,
    ...overrides,
  };
}

/** 0.01 BTC long at 60,000, 10x isolated: margin 60, MMR 0.4 %. */
export function perpPosition(overrides: Partial<PerpPosition> = {}): PerpPosition {
  return {
    symbol: PERP,
    side: 'LONG',
    quantity: '0.01',
    entryPrice: '60000',
    markPrice: '60000',
    indexPrice: '59990',
    notional: '600',
    leverage: 10,
    marginMode: 'ISOLATED',
    margin: '60',
    initialMargin: '60',
    maintenanceMargin: '2.4',
    maintenanceMarginRate: '0.004',
    tier: 1,
    unrealizedPnl: '0',
    roePercent: '0',
    realizedPnl: '0',
    feesPaid: '0.24',
    fundingPaid: '0',
    liquidationPrice: '54240.9',
    bankruptcyPrice: '54000',
    marginRatioPercentage: '4',
    takeProfit: null,
    stopLoss: null,
    openedAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
    ...overrides,
  };
}

/** A perp order: the crypto order fixture in the perps market, with the perp fields. */
export function perpOrder(overrides: Partial<PerpOrder> = {}): PerpOrder {
  const base = cryptoOrder({ market: 'PERPS', currency: 'USDT', symbol: PERP, limitPrice: '59000', createdAt: '2026-11-25T10:00:00.000Z', updatedAt: '2026-11-25T10:00:00.000Z' });
  return { ...base, reduceOnly: false, leverage: '10', marginMode: 'CROSS', realizedPnl: '0', ...overrides };
}

export interface PerpMockOptions {
  types?: Partial<PerpOrderTypesResponse>;
  positions?: PerpPosition[];
  balance?: Partial<PerpBalance>;
  estimate?: Partial<PerpOrderEstimate>;
  open?: PerpOrder[];
  history?: PerpOrder[];
}

/** Answers every perps call with the options' data (orders placed answer the first position or none). */
export function mockPerps(api: TestApiClient, options: PerpMockOptions = {}): TestApiClient {
  const balance = perpBalance(options.balance);
  const positions = options.positions ?? [];
  const noPosition = { symbol: PERP, position: positions[0] ?? null, balance };
  const placed = { order: perpOrder({ status: 'SUCCESS', orderType: 'MARKET' }), position: positions[0] ?? null };
  return api
    .reply('GET', PERPS_PATHS.orderTypes, perpTypes(options.types))
    .on('GET', PERPS_PATHS.estimate, (request) => ({
      body: { status: 'success', data: perpEstimate({ side: request.query.side === 'SELL' ? 'SELL' : 'BUY', quantity: String(request.query.quantity), ...options.estimate }) },
    }))
    .reply('GET', PERPS_PATHS.positions, { items: positions, balance, updatedAt: 1_764_064_800_000 })
    .reply('GET', FX_WALLET_PATHS.perpBalance, balance)
    // A perps action refreshes the shared balances, Rupiah included.
    .reply('GET', WALLET_PATHS.accounts, { cashAccount: { cashBalance: '0', voucherBalance: '0', freeBalance: '0', cashOnHold: '0' } })
    .reply('GET', PERPS_PATHS.leverage, {
      symbol: PERP,
      leverage: options.types?.leverage ?? 10,
      marginMode: 'CROSS',
      maxLeverage: 125,
      tiers: [
        { tier: 1, notionalFloor: '0', notionalCap: '50000', maxLeverage: 125, maintenanceMarginRate: '0.004', maintenanceAmount: '0' },
        { tier: 2, notionalFloor: '50000', notionalCap: '250000', maxLeverage: 100, maintenanceMarginRate: '0.005', maintenanceAmount: '50' },
        { tier: 3, notionalFloor: '250000', notionalCap: '3000000', maxLeverage: 50, maintenanceMarginRate: '0.01', maintenanceAmount: '1300' },
      ],
    })
    .reply('POST', PERPS_PATHS.leverage, noPosition)
    .reply('POST', PERPS_PATHS.marginMode, noPosition)
    .reply('POST', PERPS_PATHS.buy, placed)
    .reply('POST', PERPS_PATHS.sell, placed)
    .reply('POST', PERPS_PATHS.tpsl, noPosition)
    .reply('POST', PERPS_PATHS.positionMargin, noPosition)
    .reply('POST', PERPS_PATHS.close, placed)
    .reply('GET', PERPS_PATHS.closeEstimate, { symbol: PERP, side: 'SELL', quantity: '0.01', price: '61000', notional: '610', fee: '0.244', realizedPnl: '10', marginReleased: '60', netPnl: '9.756' })
    .on('GET', PERPS_PATHS.orders, (request) => ({
      body: { status: 'success', data: { items: request.query.scope === 'history' ? (options.history ?? []) : (options.open ?? []), page: 1, size: 50, hasMore: false } },
    }))
    .reply('GET', PERPS_PATHS.fundingHistory, { items: [], page: 1, size: 50, hasMore: false })
    .on('POST', '/api/perp/orders/:id/cancel', () => ({ body: { status: 'success', data: { order: perpOrder({ status: 'CANCELLED' }), position: null } } }))
    .reply('GET', PERPS_PATHS.fundingRate, {
      symbol: PERP,
      fundingRate: '0.0001',
      nextFundingTime: Date.parse('2026-11-25T16:00:00.000Z'),
      markPrice: '60000',
      indexPrice: '59990',
      fundingRateCap: '0.0075',
      fundingRateFloor: '-0.0075',
      updatedAt: Date.parse('2026-11-25T13:45:00.000Z'),
    });
}
