import { distanceToDrawing, distanceToLine, fibLevelYs, pickDrawing, rayEnd } from './drawing-geometry';

test('distance to a segment, a ray and past their ends', () => {
  const a = { x: 0, y: 0 };
  const b = { x: 10, y: 0 };
  expect(distanceToLine({ x: 5, y: 3 }, a, b)).toBe(3);
  expect(distanceToLine({ x: 14, y: 3 }, a, b)).toBe(5); // past the end: to the end point
  expect(distanceToLine({ x: 40, y: 3 }, a, b, 'ray')).toBe(3); // a ray goes on
  expect(distanceToLine({ x: -4, y: 3 }, a, b, 'ray')).toBe(5); // but not backwards
});

test('a ray ends beyond the pane in its own direction', () => {
  const end = rayEnd({ x: 10, y: 10 }, { x: 20, y: 20 }, 100, 100);
  expect(end.x).toBeGreaterThan(100);
  expect(end.x - 10).toBeCloseTo(end.y - 10, 8);
});

test('Fibonacci levels run from the second point (0) to the first (1)', () => {
  const levels = fibLevelYs({ x: 0, y: 100 }, { x: 50, y: 0 });
  expect(levels.map((l) => l.level)).toEqual([0, 0.236, 0.382, 0.5, 0.618, 0.786, 1]);
  expect(levels[0]!.y).toBe(0);
  expect(levels[3]!.y).toBe(50);
  expect(levels[6]!.y).toBe(100);
});

test('each tool is picked where it is drawn', () => {
  const pts = [{ x: 10, y: 10 }, { x: 50, y: 40 }];
  expect(distanceToDrawing('hline', [pts[0]!], { x: 300, y: 12 }, 400)).toBe(2);
  expect(distanceToDrawing('rect', pts, { x: 30, y: 20 }, 400)).toBe(0);
  expect(distanceToDrawing('rect', pts, { x: 60, y: 20 }, 400)).toBe(10);
  // a Fibonacci level line reaches the pane's right edge
  expect(distanceToDrawing('fib', pts, { x: 390, y: 40 }, 400)).toBe(0);
  expect(distanceToDrawing('text', [{ x: 10, y: 30 }], { x: 20, y: 25 }, 400, { width: 40, height: 15 })).toBe(0);
});

test('the drawing on top wins, and nothing is picked beyond the tolerance', () => {
  const items = [
    { tool: 'hline' as const, pixels: [{ x: 0, y: 50 }] },
    { tool: 'hline' as const, pixels: [{ x: 0, y: 52 }] },
  ];
  expect(pickDrawing(items, { x: 10, y: 51 }, 400, 6)).toBe(1);
  expect(pickDrawing(items, { x: 10, y: 49 }, 400, 6)).toBe(0);
  expect(pickDrawing(items, { x: 10, y: 80 }, 400, 6)).toBe(-1);
});
