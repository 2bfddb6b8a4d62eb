import { cryptoOrder } from '../testing/order-fixtures';
import { isOpenOrder, mergeOrders, ordersOf, upsertOrder } from './order-updates';

describe('order updates', () => {
  it('replaces a known order, adds a new one newest first, and drops a closed one from open orders', () => {
    const a = cryptoOrder({ id: 'a', createdAt: '2026-11-22T01:00:00Z', updatedAt: '2026-11-22T01:00:00Z' });
    const b = cryptoOrder({ id: 'b', createdAt: '2026-11-22T02:00:00Z', updatedAt: '2026-11-22T02:00:00Z' });
    let open = upsertOrder([], a, isOpenOrder);
    open = upsertOrder(open, b, isOpenOrder);
    expect(open.map((o) => o.id)).toEqual(['b', 'a']);
    const partly = { ...a, status: 'PARTIALLY_FILLED' as const, filledQuantity: '0.004', updatedAt: '2026-11-22T03:00:00Z' };
    open = upsertOrder(open, partly, isOpenOrder);
    expect(open.find((o) => o.id === 'a')?.filledQuantity).toBe('0.004');
    open = upsertOrder(open, { ...b, status: 'CANCELLED', updatedAt: '2026-11-22T03:00:00Z' }, isOpenOrder);
    expect(open.map((o) => o.id)).toEqual(['a']);
  });

  it('ignores an update older than what it holds (a late answer after a newer stream message)', () => {
    const filled = cryptoOrder({ id: 'x', status: 'SUCCESS', updatedAt: '2026-11-22T05:00:00Z' });
    const stale = { ...filled, status: 'PENDING' as const, updatedAt: '2026-11-22T04:00:00Z' };
    expect(upsertOrder([filled], stale)).toEqual([filled]);
    expect(mergeOrders([filled], [stale])).toEqual([filled]);
  });

  it('merges lists one entry per order', () => {
    const a = cryptoOrder({ id: 'a', createdAt: '2026-11-22T01:00:00Z' });
    const b = cryptoOrder({ id: 'b', createdAt: '2026-11-22T02:00:00Z' });
    expect(mergeOrders([a, b], [b], [a]).map((o) => o.id)).toEqual(['b', 'a']);
  });

  it('reads the orders of any answer shape: { orders }, { order }, one order, or nothing', () => {
    const a = cryptoOrder({ id: 'a' });
    expect(ordersOf({ orders: [a] })).toEqual([a]);
    expect(ordersOf({ order: a })).toEqual([a]);
    expect(ordersOf(a)).toEqual([a]);
    expect(ordersOf({ ok: true })).toEqual([]);
    expect(ordersOf(null)).toEqual([]);
  });
});
