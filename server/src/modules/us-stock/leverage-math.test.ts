// Exact figures of leveraged US positions: margins, the wallet's margin ratio, the liquidation
// price (where the ratio reaches 100 %), a day of financing, the 4x cut-off (early close too) and
// the financing days between closes (weekends and holidays have none).
import { maintenanceMargin, tierFor } from '../../trading/margin/math';
import { dailyFinancing, financingDays, initialMargin, intradayCutoff, liquidationPrice, maintenanceRate, usTiers, walletRisk } from './leverage-math';

describe('US leverage math', () => {
  it('initial margin is notional / leverage, up to the cent; maintenance is half of it by default', () => {
    expect(initialMargin('3', '100.01', 4).toFixed(2)).toBe('75.01');
    expect(initialMargin('2', '200.03', 2).toFixed(2)).toBe('200.03');
    expect(maintenanceRate(4, '50').toFixed()).toBe('0.125');
    expect(maintenanceRate(2, '50').toFixed()).toBe('0.25');
  });

  it('the wallet margin ratio is maintenance / (collateral + unrealized P&L); at the liquidation price it is 100 %', () => {
    const position = { quantity: '2', entryPrice: '200', leverage: 4 };
    const at = (mark: string) => walletRisk('120', [{ ...position, mark }], '50');
    // 120 − 2 × 37 = 46 against 2 × 163 × 0.125 = 40.75.
    expect(at('163').marginRatioPercent.toFixed(2)).toBe('88.59');
    const liq = liquidationPrice(position, '120', '50');
    // (2 × 200 − 120) / (2 × 0.875) = 160.
    expect(liq.toFixed(2)).toBe('160.00');
    expect(at(liq.toFixed()).marginRatioPercent.toFixed(2)).toBe('100.00');
    // Past it the ratio keeps rising; with no equity left it reads 100 % (liquidation is due either way).
    expect(at('150').marginRatioPercent.toFixed(2)).toBe('187.50');
    expect(at('140').marginRatioPercent.toFixed(2)).toBe('100.00');
    expect(walletRisk('120', [], '50').marginRatioPercent.toFixed(2)).toBe('0.00');
  });

  it('the margin engine carries 2x and 4x as one tier: max leverage L, maintenance rate 1/(2L), for any notional', () => {
    const four = usTiers(4, '50');
    expect(four).toHaveLength(1);
    expect(tierFor(four, '1000000000').maxLeverage).toBe(4);
    expect(maintenanceMargin(four, '326').toFixed()).toBe('40.75');
    expect(maintenanceMargin(usTiers(2, '50'), '326').toFixed()).toBe('81.5');
    // A second position's equity counts in cross margin: 150 of equity elsewhere lowers the price.
    expect(liquidationPrice({ quantity: '2', entryPrice: '200', leverage: 4 }, '270', '50').toFixed(2)).toBe('74.29');
    // No price liquidates a long whose equity covers it all: 0.
    expect(liquidationPrice({ quantity: '1', entryPrice: '100', leverage: 2 }, '200', '50').toFixed(2)).toBe('0.00');
  });

  it('a day of 2x financing is the borrowed half × the daily percent, up to the cent', () => {
    expect(dailyFinancing({ quantity: '5', entryPrice: '200.01', leverage: 2 }, '0.03').toFixed(2)).toBe('0.16');
    expect(dailyFinancing({ quantity: '100', entryPrice: '300', leverage: 2 }, '0.03').toFixed(2)).toBe('4.50');
  });

  it('the 4x cut-off is minutes before the regular close: 15:45 New York, 12:45 on an early close', () => {
    expect(new Date(intradayCutoff(Date.parse('2026-12-02T15:00:00Z'), 15)!).toISOString()).toBe('2026-12-02T20:45:00.000Z');
    expect(new Date(intradayCutoff(Date.parse('2026-11-27T17:30:00Z'), 15)!).toISOString()).toBe('2026-11-27T17:45:00.000Z');
  });

  it('financing days: each regular close passed while open, after the last charged day; none on a weekend or Thanksgiving', () => {
    const opened = Date.parse('2026-11-25T15:00:00Z');
    expect(financingDays(opened, null, Date.parse('2026-11-25T20:59:00Z'))).toEqual([]);
    // Wed 25, (Thu 26 Thanksgiving), Fri 27 early close, Mon 30.
    expect(financingDays(opened, null, Date.parse('2026-12-01T15:00:00Z'))).toEqual(['2026-11-25', '2026-11-27', '2026-11-30']);
    expect(financingDays(opened, '2026-11-27', Date.parse('2026-12-01T15:00:00Z'))).toEqual(['2026-11-30']);
  });
});
