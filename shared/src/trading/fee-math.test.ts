import { chargesForBase, fitBuyQuantity, floorToStep, orderNumbers, type FeeRates } from './fee-math';

// Defaults of the crypto section: fee 0.1 %, no buy tax, PPh 22 final 0.21 % on sales.
const RATES: FeeRates = { feeRate: '0.001', buyTaxRate: '0', sellTaxRate: '0.0021' };
// Before August 2025 (PMK 68/2022): 0.11 % on purchases, 0.1 % on sales.
const OLD_RATES: FeeRates = { feeRate: '0.001', buyTaxRate: '0.0011', sellTaxRate: '0.001' };
const BTC_STEP = '0.00000001';

describe('orderNumbers by quantity', () => {
  it('charges a buyer ceil(b) + floor(b × tax) + ceil(b × fee)', () => {
    // b = 0.00123457 × 1,234,567,891 = 1,524,160.48119187; tax 1,676.58 -> 1,676; fee 1,524.16 -> 1,525
    const n = orderNumbers({ side: 'BUY', price: '1234567891', quantity: '0.00123457', quantityStep: BTC_STEP, rates: OLD_RATES });
    expect(n).toEqual({ quantity: '0.00123457', base: '1524161', fee: '1525', tax: '1676', total: '1527362' });
  });

  it('pays a seller floor(b) − ceil(b × tax) − ceil(b × fee)', () => {
    // b = 1,524,160.48...; tax 0.21 % = 3,200.74 -> 3,201; fee 1,524.16 -> 1,525
    const n = orderNumbers({ side: 'SELL', price: '1234567891', quantity: '0.00123457', quantityStep: BTC_STEP, rates: RATES });
    expect(n).toEqual({ quantity: '0.00123457', base: '1524160', fee: '1525', tax: '3201', total: '1519434' });
  });

  it('rounds the quantity down to the step', () => {
    const n = orderNumbers({ side: 'BUY', price: '50000', quantity: '1.23456789', quantityStep: '0.001', rates: RATES });
    expect(n.quantity).toBe('1.234');
    expect(n.base).toBe('61700');
  });

  it('writes tiny quantities in plain notation', () => {
    const n = orderNumbers({ side: 'BUY', price: '1500000000', quantity: '0.00000001', quantityStep: BTC_STEP, rates: RATES });
    expect(n).toEqual({ quantity: '0.00000001', base: '15', fee: '1', tax: '0', total: '16' });
  });

  it('keeps 18 decimals × 10-digit prices exact', () => {
    const n = orderNumbers({
      side: 'BUY',
      price: '9876543210',
      quantity: '123.123456789012345678',
      quantityStep: '0.000000000000000001',
      rates: { feeRate: '0', buyTaxRate: '0', sellTaxRate: '0' },
    });
    // 123.123456789012345678 × 9,876,543,210 = 1,216,034,141,141.248285312223746380 exactly; ceil -> ...142
    expect(n.quantity).toBe('123.123456789012345678');
    expect(n.base).toBe('1216034141142');
    expect(n.total).toBe('1216034141142');
  });

  it('gives quantity 0 (and no money) below one step', () => {
    expect(orderNumbers({ side: 'SELL', price: '100', quantity: '0.4', quantityStep: '1', rates: RATES })).toEqual({
      quantity: '0',
      base: '0',
      fee: '0',
      tax: '0',
      total: '0',
    });
  });
});

describe('orderNumbers by amount', () => {
  it('buys what amount / (1 + tax + fee), rounded up, buys at the price, down to the step', () => {
    // base = ceil(1,000,000 / 1.001) = 999,001; quantity = floor(999,001 / 1.5e9, 1e-8) = 0.000666
    const n = orderNumbers({ side: 'BUY', price: '1500000000', amount: '1000000', quantityStep: BTC_STEP, rates: RATES });
    expect(n).toEqual({ quantity: '0.000666', base: '999000', fee: '999', tax: '0', total: '999999' });
  });

  it('never costs more than the amount when rounding the base up overshoots', () => {
    // base = ceil(1000 / 1.001) = 1000 -> 1000 units cost 1000 + 1 fee = 1001 > 1000: 999 units.
    const n = orderNumbers({ side: 'BUY', price: '1', amount: '1000', quantityStep: '1', rates: RATES });
    expect(n).toEqual({ quantity: '999', base: '999', fee: '1', tax: '0', total: '1000' });
  });

  it('with a buy tax too: the total stays within the amount and one more step would not', () => {
    for (const amount of ['10000', '12345', '999999', '1000001', '250000000']) {
      const n = orderNumbers({ side: 'BUY', price: '3.7', amount, quantityStep: '1', rates: OLD_RATES });
      expect(BigInt(n.total) <= BigInt(amount)).toBe(true);
      const more = orderNumbers({ side: 'BUY', price: '3.7', quantity: String(BigInt(n.quantity) + 1n), quantityStep: '1', rates: OLD_RATES });
      // §9's reverse may leave a Rupiah unused, never a whole step's worth plus fees.
      expect(BigInt(more.total) >= BigInt(amount)).toBe(true);
    }
  });

  it('sells amount / price of the asset, down to the step', () => {
    const n = orderNumbers({ side: 'SELL', price: '1500000000', amount: '1000000', quantityStep: BTC_STEP, rates: RATES });
    // 1,000,000 / 1.5e9 = 0.000666666... -> 0.00066666; b = 999,990
    expect(n).toEqual({ quantity: '0.00066666', base: '999990', fee: '1000', tax: '2100', total: '996890' });
  });

  it('gives quantity 0 when the amount buys less than one step', () => {
    const n = orderNumbers({ side: 'BUY', price: '1500000000', amount: '10', quantityStep: BTC_STEP, rates: RATES });
    expect(n.quantity).toBe('0');
    expect(n.total).toBe('0');
  });
});

describe('orderNumbers input checks', () => {
  const base = { side: 'BUY' as const, price: '100', quantityStep: '1', rates: RATES };
  it('needs exactly one of quantity and amount', () => {
    expect(() => orderNumbers(base)).toThrow(RangeError);
    expect(() => orderNumbers({ ...base, quantity: '1', amount: '100' })).toThrow(RangeError);
  });
  it('refuses a zero price, a zero step and numbers that are not decimals', () => {
    expect(() => orderNumbers({ ...base, price: '0', quantity: '1' })).toThrow(RangeError);
    expect(() => orderNumbers({ ...base, quantityStep: '0', quantity: '1' })).toThrow(RangeError);
    expect(() => orderNumbers({ ...base, quantity: 'abc' })).toThrow(RangeError);
    expect(() => orderNumbers({ ...base, quantity: '-1' })).toThrow(RangeError);
  });
});

describe('the pieces', () => {
  it('chargesForBase on an exact base equals orderNumbers at one price', () => {
    const n = orderNumbers({ side: 'SELL', price: '777.77', quantity: '12.5', quantityStep: '0.1', rates: RATES });
    expect({ quantity: n.quantity, ...chargesForBase('SELL', '9722.125', RATES) }).toEqual(n);
  });

  it('floorToStep works on non-decimal steps too', () => {
    expect(floorToStep('1234', '100').toFixed()).toBe('1200');
    expect(floorToStep('0.75', '0.25').toFixed()).toBe('0.75');
    expect(floorToStep('0.74', '0.25').toFixed()).toBe('0.5');
  });

  it('fitBuyQuantity finds the exact largest fitting quantity, or null when nothing fits', () => {
    // Already spent 990 (fee 1 -> 991 of 1000): at price 3 with fee, 2 more units total 997 + 1 = 998; 3 more: 999 + 1 = 1000.
    const fit = fitBuyQuantity({ spentBase: '990', price: '3', maxQuantity: '100', amount: '1000', quantityStep: '1', rates: RATES });
    expect(fit?.toFixed()).toBe('3');
    expect(fitBuyQuantity({ spentBase: '1000', price: '3', maxQuantity: '5', amount: '1000', quantityStep: '1', rates: RATES })).toBeNull();
    // The cap wins when everything fits.
    expect(fitBuyQuantity({ price: '1', maxQuantity: '7', amount: '1000', quantityStep: '1', rates: RATES })?.toFixed()).toBe('7');
  });
});
