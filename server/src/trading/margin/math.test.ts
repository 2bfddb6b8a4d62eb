import fc from 'fast-check';
import {
  applyFill,
  bankruptcyPrice,
  buildTiers,
  fundingPayment,
  initialMargin,
  liquidationPrice,
  maintenanceMargin,
  marginRatioPercent,
  maxLeverageFor,
  MarginDecimal,
  tierFor,
  unrealizedPnl,
} from './math';

/** domain.md's example: one tier, MMR 0.5 %, no maintenance amount. */
const FLAT = buildTiers([{ cap: '1000000000', maxLeverage: 125, rate: '0.005' }]);
/** Binance's published BTCUSDT bracket table (caps, max leverage, rate). */
const BINANCE_BTC = buildTiers([
  { cap: '50000', maxLeverage: 125, rate: '0.004' },
  { cap: '250000', maxLeverage: 100, rate: '0.005' },
  { cap: '1000000', maxLeverage: 50, rate: '0.01' },
  { cap: '10000000', maxLeverage: 20, rate: '0.025' },
  { cap: '20000000', maxLeverage: 10, rate: '0.05' },
  { cap: '50000000', maxLeverage: 5, rate: '0.1' },
  { cap: '100000000', maxLeverage: 4, rate: '0.125' },
  { cap: '200000000', maxLeverage: 3, rate: '0.15' },
  { cap: '300000000', maxLeverage: 2, rate: '0.25' },
  { cap: '9223372036854775807', maxLeverage: 1, rate: '0.5' },
]);
const fixed = (v: MarginDecimal | null, dp = 2) => (v === null ? null : v.toFixed(dp));

describe('tier table', () => {
  it("derives Binance's published maintenance amounts from the brackets", () => {
    expect(BINANCE_BTC.map((t) => t.maintenanceAmount)).toEqual(['0', '50', '1300', '16300', '266300', '1266300', '2516300', '5016300', '25016300', '100016300']);
  });

  it('finds the tier by notional, the cap inclusive', () => {
    expect(tierFor(BINANCE_BTC, '50000').tier).toBe(1);
    expect(tierFor(BINANCE_BTC, '50000.01').tier).toBe(2);
    expect(maxLeverageFor(BINANCE_BTC, '300000')).toBe(50);
    expect(maxLeverageFor(BINANCE_BTC, '2000000')).toBe(20);
  });

  it('keeps the maintenance margin continuous across a tier edge', () => {
    expect(maintenanceMargin(BINANCE_BTC, '50000').toFixed()).toBe('200');
    expect(maintenanceMargin(BINANCE_BTC, '50000.0001').toFixed(4)).toBe('200.0000');
    expect(maintenanceMargin(BINANCE_BTC, '300000').toFixed()).toBe('1700');
    expect(initialMargin('20000', 50).toFixed()).toBe('400');
  });
});

describe('liquidation price', () => {
  it('1 BTC long at 20,000, isolated, 50x, MMR 0.5 % → about 19,698 (domain.md)', () => {
    const lp = liquidationPrice({ size: '1', entryPrice: '20000', walletBalance: initialMargin('20000', 50), tiers: FLAT });
    expect(fixed(lp)).toBe('19698.49');
  });

  it('the same short → about 20,298.51', () => {
    const lp = liquidationPrice({ size: '-1', entryPrice: '20000', walletBalance: '400', tiers: FLAT });
    expect(fixed(lp)).toBe('20298.51');
  });

  it('10 BTC long at 30,000, isolated 20x on the Binance table uses tier 3 at the liquidation notional', () => {
    // (15,000 + 1,300 − 300,000) / (10 × 1 % − 10) = 28,656.57; 286,565 notional is in tier 3.
    const lp = liquidationPrice({ size: '10', entryPrice: '30000', walletBalance: '15000', tiers: BINANCE_BTC });
    expect(fixed(lp)).toBe('28656.57');
  });

  it('cross margin counts the whole wallet and the other positions', () => {
    const alone = liquidationPrice({ size: '1', entryPrice: '20000', walletBalance: '1000', tiers: FLAT });
    expect(fixed(alone)).toBe('19095.48');
    const withOthers = liquidationPrice({ size: '1', entryPrice: '20000', walletBalance: '1000', otherMaintenance: '50', otherUnrealizedPnl: '-150', tiers: FLAT });
    // (1000 − 50 − 150 − 20000) / (0.005 − 1) = 19296.48
    expect(fixed(withOthers)).toBe('19296.48');
  });

  it('a fully collateralised long cannot be liquidated by price', () => {
    expect(liquidationPrice({ size: '1', entryPrice: '20000', walletBalance: '30000', tiers: FLAT })).toBeNull();
  });

  it('the bankruptcy price is where the margin is used up', () => {
    expect(fixed(bankruptcyPrice('1', '20000', '400'))).toBe('19600.00');
    expect(fixed(bankruptcyPrice('-1', '20000', '400'))).toBe('20400.00');
  });

  it('at the liquidation price the margin ratio is 100 %', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 125 }), fc.integer({ min: 1, max: 500 }), fc.boolean(), (leverage, tenths, long) => {
        const size = new MarginDecimal(tenths).div(10).times(long ? 1 : -1);
        const entry = '20000';
        const margin = initialMargin(size.abs().times(entry), leverage);
        const lp = liquidationPrice({ size, entryPrice: entry, walletBalance: margin, tiers: BINANCE_BTC });
        if (lp === null) return;
        const mm = maintenanceMargin(BINANCE_BTC, size.abs().times(lp));
        const ratio = marginRatioPercent(mm, margin.plus(unrealizedPnl(size, entry, lp)));
        expect(ratio.minus(100).abs().lt('0.000001')).toBe(true);
      }),
    );
  });
});

describe('funding and fills', () => {
  it('funding on 2 BTC long at mark 60,000 and rate 0.01 % is 12 USDT, paid by the long', () => {
    expect(fundingPayment('2', '60000', '0.0001').toFixed()).toBe('12');
    expect(fundingPayment('-2', '60000', '0.0001').toFixed()).toBe('-12');
    expect(fundingPayment('2', '60000', '-0.0001').toFixed()).toBe('-12');
  });

  it('opens, averages the entry, realizes on a reduce and flips past zero', () => {
    const open = applyFill('0', '0', '1', '20000');
    expect([open.size.toFixed(), open.entryPrice.toFixed()]).toEqual(['1', '20000']);
    const more = applyFill('1', '20000', '1', '22000');
    expect([more.size.toFixed(), more.entryPrice.toFixed(), more.realizedPnl.toFixed()]).toEqual(['2', '21000', '0']);
    const part = applyFill('2', '21000', '-0.5', '23000');
    expect([part.size.toFixed(), part.entryPrice.toFixed(), part.realizedPnl.toFixed()]).toEqual(['1.5', '21000', '1000']);
    const flip = applyFill('1.5', '21000', '-2', '20000');
    expect([flip.size.toFixed(), flip.entryPrice.toFixed(), flip.realizedPnl.toFixed(), flip.opened.toFixed()]).toEqual(['-0.5', '20000', '-1500', '0.5']);
    const shortClose = applyFill('-1', '20000', '1', '19000');
    expect([shortClose.size.toFixed(), shortClose.realizedPnl.toFixed()]).toEqual(['0', '1000']);
  });

  it('uPnL is size × (mark − entry)', () => {
    expect(unrealizedPnl('-2', '20000', '19000').toFixed()).toBe('2000');
    expect(unrealizedPnl('0.5', '20000', '19000').toFixed()).toBe('-500');
  });
});
