import {
  BrokerOrderState,
  chartOrderState,
  chartOrderType,
  exchangeStatusDisplay,
  ExchangeOrderStatus,
  isIntradayLeverage,
  OrderSide,
  orderSideText,
  OrderTypeCode,
  orderTypeText,
} from './enums';

describe('specification enumerations', () => {
  it('numbers order sides Buy = 1 and Sell = -1 with text BUY and SELL', () => {
    expect(OrderSide).toEqual({ Buy: 1, Sell: -1 });
    expect(orderSideText(OrderSide.Buy)).toBe('BUY');
    expect(orderSideText(OrderSide.Sell)).toBe('SELL');
  });

  it('numbers order types Limit 1, Market 2, Stop 3, StopLimit 4', () => {
    expect(OrderTypeCode).toEqual({ Limit: 1, Market: 2, Stop: 3, StopLimit: 4 });
    expect(orderTypeText).toEqual({ 1: 'LIMIT', 2: 'MARKET', 3: 'STOP', 4: 'STOP_LIMIT' });
  });

  it('numbers broker order states Canceled 1 to Revised 7', () => {
    expect(BrokerOrderState).toEqual({
      Canceled: 1,
      Filled: 2,
      Inactive: 3,
      Placing: 4,
      Rejected: 5,
      Working: 6,
      Revised: 7,
    });
  });

  it('maps every exchange-order status to its display text', () => {
    const shown = Object.fromEntries(ExchangeOrderStatus.options.map((s) => [s, exchangeStatusDisplay(s)]));
    expect(shown).toEqual({
      PENDING: 'PENDING',
      WAITING_TO_BE_SENT: 'PENDING',
      SENT_TO_EXCHANGE: 'PENDING',
      ACCEPTED_FROM_EXCHANGE: 'ACCEPTED',
      REJECTED_FROM_EXCHANGE: 'REJECTED',
      FAILED: 'FAILED',
      AMEND_REQUESTED: 'AMEND REQUESTED',
      SUCCESS: 'SUCCESS',
    });
  });

  it('draws cancelled as Canceled, failed as Rejected, pending as Working, filled or partial as Filled', () => {
    expect(chartOrderState('CANCELLED')).toBe(BrokerOrderState.Canceled);
    expect(chartOrderState('FAILED')).toBe(BrokerOrderState.Rejected);
    expect(chartOrderState('PENDING')).toBe(BrokerOrderState.Working);
    expect(chartOrderState('SUCCESS')).toBe(BrokerOrderState.Filled);
    expect(chartOrderState('PARTIALLY_FILLED')).toBe(BrokerOrderState.Filled);
  });

  it('draws instant orders as market and OCO legs as stop (stop-loss) or limit (take-profit)', () => {
    expect(chartOrderType('INSTANT')).toBe('market');
    expect(chartOrderType('STOP_LIMIT')).toBe('stop-limit');
    expect(chartOrderType('OCO', 'STOP_LOSS')).toBe('stop');
    expect(chartOrderType('OCO', 'TAKE_PROFIT')).toBe('limit');
  });

  it('treats only leverage 4 as intraday', () => {
    expect(isIntradayLeverage(4)).toBe(true);
    expect(isIntradayLeverage(2)).toBe(false);
    expect(isIntradayLeverage(1)).toBe(false);
  });
});
