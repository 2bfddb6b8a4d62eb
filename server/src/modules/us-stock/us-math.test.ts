import { fitBuyQuantity, isOnTick, tickSizeAt, usCharges, usFillNumbers, walkUsBook, type UsFees } from './us-math';

// The defaults (decision 0015): commission-free, SEC $27.80 per million, FINRA TAF $0.000166 a share up to $8.30.
const defaults: UsFees = { commissionRate: '0', commissionMin: '0', secFeeRate: '0.0000278', tafPerShare: '0.000166', tafMax: '8.30' };
// A commission of 0.25 % with a $1 minimum.
const withCommission: UsFees = { ...defaults, commissionRate: '0.0025', commissionMin: '1' };

describe('ticks', () => {
  const table: [string, string, boolean][] = [
    ['187.25', '0.01', true],
    ['187.255', '0.01', false],
    ['1.00', '0.01', true],
    ['1.005', '0.01', false],
    ['0.9999', '0.0001', true],
    ['0.12345', '0.0001', false],
    ['0.5', '0.0001', true],
  ];
  it.each(table)('%s ticks by %s (on the grid: %s)', (price, tick, on) => {
    expect(tickSizeAt(price)).toBe(tick);
    expect(isOnTick(price)).toBe(on);
  });
});

describe('fees and rounding', () => {
  // [side, raw notional, quantity, fees, amount, commission, SEC fee, TAF, total]
  const table: [string, 'BUY' | 'SELL', string, string, UsFees, string, string, string, string, string][] = [
    ['fractional buy rounds the notional up', 'BUY', '93.625', '0.5', defaults, '93.63', '0', '0', '0', '93.63'],
    ['fractional sell rounds it down', 'SELL', '93.625', '0.5', defaults, '93.62', '0', '0.01', '0.01', '93.6'],
    ['sell: SEC fee and TAF each rounded up to the cent', 'SELL', '1872.5', '10', defaults, '1872.5', '0', '0.06', '0.01', '1872.43'],
    ['sell: the TAF is capped per trade', 'SELL', '1000000', '100000', defaults, '1000000', '0', '27.8', '8.3', '999963.9'],
    ['buy: commission at its minimum', 'BUY', '93.625', '0.5', withCommission, '93.63', '1', '0', '0', '94.63'],
    ['buy: commission above its minimum, rounded up', 'BUY', '1872.5', '10', withCommission, '1872.5', '4.69', '0', '0', '1877.19'],
    ['sell: never more fees than the sale raises', 'SELL', '0.999', '0.3', withCommission, '0.99', '0.97', '0.01', '0.01', '0'],
  ];
  it.each(table)('%s', (_name, side, raw, quantity, fees, amount, commission, secFee, tafFee, total) => {
    expect(usCharges(side, raw, quantity, fees)).toEqual({ amount, commission, secFee, tafFee, total });
  });

  it('fits a buy by USD amount to the most fractional shares it pays for, commission included', () => {
    expect(fitBuyQuantity('100', '187.25', '0.0001', defaults).toFixed()).toBe('0.534');
    expect(fitBuyQuantity('100', '187.25', '0.0001', withCommission).toFixed()).toBe('0.5287');
    expect(fitBuyQuantity('100', '187.25', '0.01', defaults).toFixed()).toBe('0.53');
    expect(fitBuyQuantity('0.5', '187.25', '0.0001', withCommission).toFixed()).toBe('0');
  });

  it('charges a sell fill by fill so the fills add up to the whole (TAF and SEC fee once, not per fill)', () => {
    const start = { side: 'SELL' as const, filledQuantity: '0', filledAmount: '0', fee: '0', tax: '0', total: '0' };
    const first = usFillNumbers(start, [{ price: '100', quantity: '3' }], defaults);
    const second = usFillNumbers({ side: 'SELL', ...first.after }, [{ price: '100', quantity: '7' }], defaults);
    const whole = usCharges('SELL', '1000', '10', defaults);
    expect(second.after.total).toBe(whole.total);
    expect(Number(first.tax) + Number(second.tax)).toBeCloseTo(Number(whole.secFee) + Number(whole.tafFee), 10);
  });
});

describe('a market order against the book', () => {
  const book = {
    bids: [
      { price: '187.2', quantity: '0.4' },
      { price: '187.1', quantity: '5' },
    ],
    asks: [
      { price: '187.25', quantity: '0.3' },
      { price: '187.3', quantity: '1' },
      { price: '200', quantity: '10' },
    ],
  };
  const walk = (input: { side: 'BUY' | 'SELL'; quantity?: string; amount?: string }) =>
    walkUsBook({ book, step: '0.0001', fees: defaults, bandPercent: '5', ...input });

  it('buys a fractional quantity level by level', () => {
    const w = walk({ side: 'BUY', quantity: '0.5' });
    expect(w).toMatchObject({ ok: true, quantity: '0.5', base: '93.64', fee: '0', tax: '0', total: '93.64', averagePrice: '187.27', worstPrice: '187.3' });
  });

  it('buys by USD amount: the most shares on the grid the amount pays for', () => {
    const w = walk({ side: 'BUY', amount: '50' });
    expect(w).toMatchObject({ ok: true, quantity: '0.267', total: '50' });
  });

  it('sells with the regulatory fees taken from the proceeds', () => {
    const w = walk({ side: 'SELL', quantity: '1' });
    expect(w).toMatchObject({ ok: true, quantity: '1', base: '187.14', tax: '0.02', total: '187.12' });
  });

  it('refuses to walk beyond the band, and below one step', () => {
    expect(walk({ side: 'BUY', quantity: '2' })).toMatchObject({ ok: false, reason: 'PRICE_BAND' });
    expect(walk({ side: 'BUY', quantity: '0.00001' })).toMatchObject({ ok: false, reason: 'BELOW_STEP' });
    expect(walk({ side: 'BUY', amount: '0.01' })).toMatchObject({ ok: false, reason: 'BELOW_STEP' });
  });
});
