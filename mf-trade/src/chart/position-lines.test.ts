import type { UsLeveragePosition } from '@pasar/shared';
import { perpPosition, PERP } from '../testing/perp-fixtures';
import { perpPositionLines, usLeveragePositionLines, type PositionLineTitle } from './position-lines';

const title: PositionLineTitle = (line) => `${line.kind} ${line.side} ${line.quantity}`;

const us = (overrides: Partial<UsLeveragePosition>): UsLeveragePosition =>
  ({ id: 'p1', symbol: 'AAPL', status: 'OPEN', quantity: '2', entryPrice: '187.3', liquidationPrice: '160.04', ...overrides }) as UsLeveragePosition;

test('a perp position of the symbol gives its entry and liquidation lines; another symbol’s gives none', () => {
  const positions = [perpPosition({ side: 'SHORT', quantity: '0.5', entryPrice: '61000', liquidationPrice: '66000.5' }), perpPosition({ symbol: 'ETHUSDT-PERP' })];
  expect(perpPositionLines(positions, PERP, title)).toEqual([
    { id: `perp:${PERP}:entry`, kind: 'entry', side: 'SHORT', price: '61000', quantity: '0.5', title: 'entry SHORT 0.5' },
    { id: `perp:${PERP}:liquidation`, kind: 'liquidation', side: 'SHORT', price: '66000.5', quantity: '0.5', title: 'liquidation SHORT 0.5' },
  ]);
  expect(perpPositionLines(positions, 'SOLUSDT-PERP', title)).toEqual([]);
});

test('a position that cannot be liquidated by price draws its entry only', () => {
  expect(perpPositionLines([perpPosition({ liquidationPrice: null })], PERP, title).map((l) => l.kind)).toEqual(['entry']);
  expect(usLeveragePositionLines([us({ liquidationPrice: '0' })], 'AAPL', title).map((l) => l.kind)).toEqual(['entry']);
});

test('leveraged US positions: each open one of the symbol (one per wallet), long; closed ones are not drawn', () => {
  const lines = usLeveragePositionLines([us({ id: 'a' }), us({ id: 'b', quantity: '1', entryPrice: '190' }), us({ id: 'c', status: 'CLOSED' }), us({ id: 'd', symbol: 'MSFT' })], 'AAPL', title);
  expect(lines.map((l) => [l.id, l.price])).toEqual([
    ['us:a:entry', '187.3'],
    ['us:a:liquidation', '160.04'],
    ['us:b:entry', '190'],
    ['us:b:liquidation', '160.04'],
  ]);
  expect(lines.every((l) => l.side === 'LONG')).toBe(true);
});
