import { heikinAshi, heikinAshiBar } from './heikin-ashi';

test('Heikin-Ashi bars average each bar with the previous Heikin-Ashi bar', () => {
  const bars = [
    { open: 10, high: 14, low: 9, close: 12 },
    { open: 12, high: 16, low: 11, close: 15 },
  ];
  const [first, second] = heikinAshi(bars);
  expect(first).toEqual({ open: 11, high: 14, low: 9, close: 11.25 });
  // open = (11 + 11.25) / 2, close = (12 + 16 + 11 + 15) / 4
  expect(second).toEqual({ open: 11.125, high: 16, low: 11, close: 13.5 });
  expect(heikinAshiBar(bars[1]!, first!)).toEqual(second);
});
