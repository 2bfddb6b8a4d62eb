import { idxTickSize, isOnIdxGrid, stepIdxPrice } from './idx-ticks';

describe('IDX ticks', () => {
  it.each([
    [199, 1],
    [200, 2],
    [499, 2],
    [500, 5],
    [1995, 5],
    [2000, 10],
    [4990, 10],
    [5000, 25],
  ])('the tick at Rp%i is %i', (price, tick) => expect(idxTickSize(price)).toBe(tick));

  it.each([
    [198, 1, 199],
    [199, 1, 200],
    [200, 1, 202],
    [200, -1, 199],
    [498, 1, 500],
    [500, -1, 498],
    [1995, 1, 2000],
    [2000, -1, 1995],
    [4990, 1, 5000],
    [5000, -1, 4990],
    [5000, 1, 5025],
    [2003, 1, 2010],
    [2003, -1, 2000],
    [1, -1, 1],
  ] as const)('Rp%i stepped %i is Rp%i', (price, direction, next) => {
    expect(stepIdxPrice(price, direction)).toBe(next);
    expect(isOnIdxGrid(next)).toBe(true);
  });
});
