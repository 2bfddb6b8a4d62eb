import { tradeTranslations } from '../i18n/all';
import { perpPosition, perpTypes } from '../testing/perp-fixtures';
import { perpsEn, perpsId } from './perps-i18n';
import { draftProblems, EMPTY_DRAFT, estimateQueryOf, leverageOf, liveFigures, maxNotionalAt, orderRequestOf, type PerpDraft } from './perps-math';

const TYPES = perpTypes();
const draft = (patch: Partial<PerpDraft>): PerpDraft => ({ ...EMPTY_DRAFT, ...patch });
const SETTING = { symbol: 'BTCUSDT-PERP', leverage: 10, marginMode: 'ISOLATED' as const };

describe('a perps draft', () => {
  it('needs a quantity of at least the minimum, on the step, worth at least the minimum notional', () => {
    expect(draftProblems(draft({}), TYPES).quantity).toEqual({ key: 'required' });
    expect(draftProblems(draft({ quantity: '0' }), TYPES).quantity).toEqual({ key: 'required' });
    expect(draftProblems(draft({ quantity: '0.0005' }), TYPES).quantity).toEqual({ key: 'belowMin', values: { min: '0.001' } });
    expect(draftProblems(draft({ quantity: '0.0015' }), TYPES).quantity).toEqual({ key: 'offStep', values: { step: '0.001' } });
    // 0.001 × 4,000 = 4 USDT < 5 USDT at a limit price inside a wide band.
    const wide = perpTypes({ priceBandLow: '1', priceBandHigh: '100000' });
    expect(draftProblems(draft({ quantity: '0.001', orderType: 'LIMIT', limitPrice: '4000' }), wide).quantity).toEqual({ key: 'belowMinNotional', values: { min: '5' } });
    expect(draftProblems(draft({ quantity: '0.01' }), TYPES)).toEqual({});
  });

  it('needs the prices of its type inside the band around the mark', () => {
    expect(draftProblems(draft({ quantity: '0.01', orderType: 'LIMIT' }), TYPES)).toEqual({ limitPrice: { key: 'required' } });
    expect(draftProblems(draft({ quantity: '0.01', orderType: 'LIMIT', limitPrice: '63000.1' }), TYPES).limitPrice).toEqual({
      key: 'outsideBand',
      values: { low: '57000', high: '63000' },
    });
    expect(draftProblems(draft({ quantity: '0.01', orderType: 'STOP_LIMIT', stopPrice: '56000', limitPrice: '58000' }), TYPES)).toEqual({
      stopPrice: { key: 'outsideBand', values: { low: '57000', high: '63000' } },
    });
    expect(draftProblems(draft({ quantity: '0.01', orderType: 'STOP', stopPrice: '59000', limitPrice: '1' }), TYPES)).toEqual({});
  });

  it('becomes an order with only its type’s prices, TP/SL when asked for and never on a reduce-only order', () => {
    const stop = draft({ orderType: 'STOP', quantity: '0.01', stopPrice: '59000', limitPrice: '58000', tpsl: true, takeProfit: '65000', stopLoss: '' });
    expect(orderRequestOf(stop, SETTING)).toEqual({
      symbol: 'BTCUSDT-PERP',
      orderType: 'STOP',
      quantity: '0.01',
      stopPrice: '59000',
      reduceOnly: false,
      takeProfit: '65000',
      leverage: 10,
      marginMode: 'ISOLATED',
    });
    expect(orderRequestOf({ ...stop, reduceOnly: true }, SETTING)).not.toHaveProperty('takeProfit');
    expect(estimateQueryOf(draft({ side: 'SELL', orderType: 'LIMIT', quantity: '0.5', limitPrice: '61000', reduceOnly: true }), SETTING)).toEqual({
      symbol: 'BTCUSDT-PERP',
      side: 'SELL',
      orderType: 'LIMIT',
      quantity: '0.5',
      limitPrice: '61000',
      reduceOnly: true,
      leverage: 10,
      marginMode: 'ISOLATED',
    });
  });
});

describe('leverage', () => {
  it('is a whole number from 1 to the maximum: 0, above it, fractions and letters are refused', () => {
    expect(leverageOf('20', 125)).toBe(20);
    expect(leverageOf(' 1 ', 125)).toBe(1);
    expect(leverageOf('125', 125)).toBe(125);
    for (const bad of ['0', '126', '2.5', 'abc', '', '-3', '1e2']) expect([bad, leverageOf(bad, 125)]).toEqual([bad, null]);
  });

  it('allows positions up to the cap of the last tier that reaches it', () => {
    const tiers = [
      { tier: 1, notionalFloor: '0', notionalCap: '50000', maxLeverage: 125, maintenanceMarginRate: '0.004', maintenanceAmount: '0' },
      { tier: 2, notionalFloor: '50000', notionalCap: '250000', maxLeverage: 100, maintenanceMarginRate: '0.005', maintenanceAmount: '50' },
      { tier: 3, notionalFloor: '250000', notionalCap: '3000000', maxLeverage: 50, maintenanceMarginRate: '0.01', maintenanceAmount: '1300' },
    ];
    expect(maxNotionalAt(125, tiers)).toBe('50000');
    expect(maxNotionalAt(100, tiers)).toBe('250000');
    expect(maxNotionalAt(20, tiers)).toBe('3000000');
    expect(maxNotionalAt(126, tiers)).toBeNull();
  });
});

describe('a position at the live mark', () => {
  it('has its P&L and ROE at the mark, and an isolated margin ratio that follows it', () => {
    // 1 BTC long at 20,000, 50x isolated: margin 400, MMR 0.5 % (MM 100 at 20,000, amount 0).
    const position = perpPosition({ quantity: '1', entryPrice: '20000', markPrice: '20000', notional: '20000', leverage: 50, margin: '400', initialMargin: '400', maintenanceMargin: '100', maintenanceMarginRate: '0.005', marginRatioPercentage: '25' });
    expect(liveFigures(position, '19800')).toEqual({ unrealizedPnl: '-200', roePercent: '-50', marginRatioPercentage: '49.5' });
    expect(liveFigures(position, '20100')).toEqual({ unrealizedPnl: '100', roePercent: '25', marginRatioPercentage: '20.1' });
    // Past the bankruptcy price: the whole margin is gone.
    expect(liveFigures(position, '19500').marginRatioPercentage).toBe('100');
    // A short gains when the mark falls; a cross position keeps the wallet's ratio.
    const short = { ...position, side: 'SHORT' as const, marginMode: 'CROSS' as const, marginRatioPercentage: '3.2' };
    expect(liveFigures(short, '19800')).toEqual({ unrealizedPnl: '200', roePercent: '50', marginRatioPercentage: '3.2' });
    // No live mark: the server's figures.
    expect(liveFigures(position, undefined)).toEqual({ unrealizedPnl: '0', roePercent: '0', marginRatioPercentage: '25' });
  });
});

describe('the perps strings', () => {
  const keysOf = (messages: object, prefix = ''): string[] =>
    Object.entries(messages).flatMap(([key, value]) => (typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`]));

  it('have the same keys in Indonesian and English, under their own name in the trade namespace', () => {
    expect(keysOf(perpsEn).sort()).toEqual(keysOf(perpsId).sort());
    expect(Object.keys(perpsId)).toEqual(['perps']);
    expect(Object.keys(tradeTranslations.id)).not.toContain('perps');
  });
});
