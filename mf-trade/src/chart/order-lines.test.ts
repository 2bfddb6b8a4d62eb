import { BrokerOrderState } from '@pasar/shared';
import { cryptoOrder } from '../testing/order-fixtures';
import { chartOrderLines, chartPriceOf } from './order-lines';

const title = (_: unknown, type: string) => type;

describe('orders on the chart (§4 chart-order type and status mapping)', () => {
  it('draws a working order (Working) and a partially filled one (Filled); nothing else', () => {
    const lines = chartOrderLines(
      [
        cryptoOrder({ id: 'working', status: 'PENDING', limitPrice: '100' }),
        cryptoOrder({ id: 'partly', status: 'PARTIALLY_FILLED', limitPrice: '101' }),
        cryptoOrder({ id: 'filled', status: 'SUCCESS', limitPrice: '102' }),
        cryptoOrder({ id: 'cancelled', status: 'CANCELLED', limitPrice: '103' }),
        cryptoOrder({ id: 'failed', status: 'FAILED', limitPrice: '104' }),
        cryptoOrder({ id: 'market', orderType: 'MARKET', limitPrice: null }),
      ],
      title,
    );
    expect(lines.map(({ id, state, price }) => ({ id, state, price }))).toEqual([
      { id: 'working', state: BrokerOrderState.Working, price: '100' },
      { id: 'partly', state: BrokerOrderState.Filled, price: '101' },
    ]);
  });

  it('shows a stop at its stop price, a stop-limit at its stop until triggered, then at its limit; an OCO leg as stop or limit', () => {
    const stopLimit = cryptoOrder({ orderType: 'STOP_LIMIT', stopPrice: '90', limitPrice: '89' });
    expect(chartPriceOf(cryptoOrder({ orderType: 'STOP', stopPrice: '90', limitPrice: null }))).toBe('90');
    expect(chartPriceOf(stopLimit)).toBe('90');
    expect(chartPriceOf({ ...stopLimit, triggeredAt: '2026-11-22T03:00:00Z' })).toBe('89');
    const legs = chartOrderLines(
      [
        cryptoOrder({ id: 'tp', side: 'SELL', orderType: 'OCO', ocoLeg: 'TAKE_PROFIT', limitPrice: '120', stopPrice: null }),
        cryptoOrder({ id: 'sl', side: 'SELL', orderType: 'OCO', ocoLeg: 'STOP_LOSS', limitPrice: null, stopPrice: '80' }),
      ],
      title,
    );
    expect(legs.map(({ id, type, price, side }) => ({ id, type, price, side }))).toEqual([
      { id: 'tp', type: 'limit', price: '120', side: 'SELL' },
      { id: 'sl', type: 'stop', price: '80', side: 'SELL' },
    ]);
  });
});
