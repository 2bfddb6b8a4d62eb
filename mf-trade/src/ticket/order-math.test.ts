import {
  advancedRequest,
  availabilityOf,
  checkDraft,
  emptyDraft,
  estimateRequest,
  instantRequest,
  multiplyDecimal,
  numbersPriceOf,
  percentOf,
  percentOfMax,
  percentToFraction,
  priceFieldsOf,
  quantityToStep,
  sideAllowed,
  subtractFloor,
  truncateTo,
  type OrderDraft,
} from './order-math';

const draft = (patch: Partial<OrderDraft>): OrderDraft => ({ ...emptyDraft('BUY'), ...patch });
const LIMITS = { minQuantity: '0.00001', minAmount: '10000', buyingPower: '1000000', holdings: '0.5' };

describe('slider math (§9: a share of buying power or holdings)', () => {
  it('takes a whole percent of a value, cut to the precision, never rounded up', () => {
    expect(percentOf('1000000', 25, 0)).toBe('250000');
    expect(percentOf('999999', 50, 0)).toBe('499999');
    expect(percentOf('0.12345678', 33, 8)).toBe('0.04074073');
    expect(percentOf('0.5', 100, 8)).toBe('0.5');
    expect(percentOf('0.5', 0, 8)).toBe('0');
    expect(percentOf('', 50, 0)).toBe('0');
  });

  it('tells what percent of the maximum a value is, rounded down and clamped to 0–100', () => {
    expect(percentOfMax('250000', '1000000')).toBe(25);
    expect(percentOfMax('499999', '1000000')).toBe(49);
    expect(percentOfMax('2000000', '1000000')).toBe(100);
    expect(percentOfMax('1', '0')).toBe(0);
    expect(percentOfMax('1', null)).toBe(0);
    expect(percentOfMax('', '100')).toBe(0);
  });

  it('rounds a share of holdings down to the quantity step', () => {
    expect(quantityToStep(percentOf('0.123456', 50, 8), '0.0001', 8)).toBe('0.0617');
    expect(quantityToStep('0.00000999', '0.00001', 8)).toBe('0');
  });
});

describe('decimal helpers', () => {
  it('multiplies, subtracts (not below 0), converts percent to fraction and truncates exactly', () => {
    expect(multiplyDecimal('0.1', '0.2')).toBe('0.02');
    expect(multiplyDecimal('1650001000', '0.0006')).toBe('990000.6');
    expect(subtractFloor('0.5', '0.2')).toBe('0.3');
    expect(subtractFloor('0.1', '0.2')).toBe('0');
    expect(percentToFraction('0.1')).toBe('0.001');
    expect(percentToFraction('0.21')).toBe('0.0021');
    expect(percentToFraction('0')).toBe('0');
    expect(truncateTo('1650000999.99', 0)).toBe('1650000999');
    expect(truncateTo('', 2)).toBe('');
  });
});

describe('availability (§4 buy/sell availability, §5 flags)', () => {
  it('maps the two flags to Disabled, BuyDisabled, SellDisabled or None', () => {
    expect(availabilityOf(false, false)).toBe('Disabled');
    expect(availabilityOf(false, true)).toBe('BuyDisabled');
    expect(availabilityOf(true, false)).toBe('SellDisabled');
    expect(availabilityOf(true, true)).toBe('None');
    expect(sideAllowed('BuyDisabled', 'BUY')).toBe(false);
    expect(sideAllowed('BuyDisabled', 'SELL')).toBe(true);
    expect(sideAllowed('SellDisabled', 'SELL')).toBe(false);
    expect(sideAllowed('Disabled', 'SELL')).toBe(false);
    expect(sideAllowed('None', 'BUY')).toBe(true);
  });
});

describe('requests (§5: quantity orders omit amount, amount orders omit quantity)', () => {
  it('simple mode: a buy goes by amount only, a sell by what was chosen', () => {
    expect(instantRequest('BTC-IDR', draft({ amount: '1000000', quantity: '0.1' }))).toEqual({ symbol: 'BTC-IDR', amount: '1000000' });
    expect(instantRequest('BTC-IDR', { ...emptyDraft('SELL'), quantity: '0.10', amount: '5' })).toEqual({ symbol: 'BTC-IDR', quantity: '0.1' });
    expect(estimateRequest('BTC-IDR', { ...emptyDraft('SELL'), inputType: 'amount', amount: '500000' }, false)).toEqual({
      symbol: 'BTC-IDR',
      amount: '500000',
      side: 'SELL',
      orderType: 'MARKET',
      inputType: 'amount',
    });
  });

  it('pro mode: each type sends its own prices and a time in force; a market order neither', () => {
    const base = draft({ inputType: 'quantity', quantity: '0.01', amount: '99', limitPrice: '1600000000', stopPrice: '1700000000', takeProfit: '1800000000', stopLoss: '1500000000' });
    expect(advancedRequest('BTC-IDR', { ...base, orderType: 'MARKET' })).toEqual({ symbol: 'BTC-IDR', orderType: 'MARKET', inputType: 'quantity', quantity: '0.01' });
    expect(advancedRequest('BTC-IDR', { ...base, orderType: 'LIMIT' })).toEqual({
      symbol: 'BTC-IDR',
      orderType: 'LIMIT',
      inputType: 'quantity',
      quantity: '0.01',
      limitPrice: '1600000000',
      timeInForce: 'GOOD_TILL_CANCEL',
    });
    expect(advancedRequest('BTC-IDR', { ...base, orderType: 'STOP_LIMIT' })).toMatchObject({ stopPrice: '1700000000', limitPrice: '1600000000' });
    const oco = advancedRequest('BTC-IDR', { ...base, orderType: 'OCO', inputType: 'amount' });
    expect(oco).toEqual({
      symbol: 'BTC-IDR',
      orderType: 'OCO',
      inputType: 'amount',
      amount: '99',
      takeProfit: '1800000000',
      stopLoss: '1500000000',
      timeInForce: 'GOOD_TILL_CANCEL',
    });
    expect(priceFieldsOf('STOP')).toEqual(['stopPrice']);
  });

  it('works the numbers out at the book side for market orders and at the order’s price otherwise', () => {
    const quote = { bid: '99', ask: '101', last: '100' };
    expect(numbersPriceOf(draft({}), quote)).toBe('101');
    expect(numbersPriceOf({ ...emptyDraft('SELL') }, quote)).toBe('99');
    expect(numbersPriceOf(draft({ orderType: 'STOP', stopPrice: '120' }), quote)).toBe('120');
    expect(numbersPriceOf(draft({ orderType: 'STOP_LIMIT', stopPrice: '120', limitPrice: '121' }), quote)).toBe('121');
    expect(numbersPriceOf(draft({ orderType: 'OCO', takeProfit: '130', stopLoss: '90' }), quote)).toBe('130');
  });
});

describe('checks before the review', () => {
  it('asks for a size and every price the type needs', () => {
    expect(checkDraft(draft({ orderType: 'STOP_LIMIT' }), LIMITS, null)).toEqual({ size: 'required', stopPrice: 'required', limitPrice: 'required' });
  });

  it('holds the minimums, the buying power and the holdings', () => {
    expect(checkDraft(draft({ amount: '9999' }), LIMITS, null)).toEqual({ size: 'belowMinAmount' });
    expect(checkDraft(draft({ amount: '1000001' }), LIMITS, null)).toEqual({ size: 'aboveBuyingPower' });
    expect(checkDraft(draft({ amount: '1000000' }), LIMITS, null)).toEqual({});
    expect(checkDraft(draft({ inputType: 'quantity', quantity: '0.000001' }), LIMITS, null)).toEqual({ size: 'belowMinQuantity' });
    // A buy by quantity is checked on its total.
    expect(checkDraft(draft({ inputType: 'quantity', quantity: '0.01' }), LIMITS, { quantity: '0.01', total: '1000001' })).toEqual({ size: 'aboveBuyingPower' });
    expect(checkDraft({ ...emptyDraft('SELL'), quantity: '0.6' }, LIMITS, null)).toEqual({ size: 'aboveHoldings' });
    expect(checkDraft({ ...emptyDraft('SELL'), inputType: 'amount', amount: '900000000' }, LIMITS, { quantity: '0.54', total: '1' })).toEqual({ size: 'aboveHoldings' });
    // Unknown balances are not checked (the server still is).
    expect(checkDraft(draft({ amount: '5000000' }), { ...LIMITS, buyingPower: null }, null)).toEqual({});
  });

  it('wants an OCO sell’s take profit above its stop loss, and a buy’s below', () => {
    const sell = { ...emptyDraft('SELL'), orderType: 'OCO' as const, quantity: '0.1' };
    expect(checkDraft({ ...sell, takeProfit: '100', stopLoss: '100' }, LIMITS, null)).toEqual({ takeProfit: 'takeProfitBelowStopLoss' });
    expect(checkDraft({ ...sell, takeProfit: '120', stopLoss: '100' }, LIMITS, null)).toEqual({});
    const buy = draft({ orderType: 'OCO', amount: '100000', takeProfit: '120', stopLoss: '100' });
    expect(checkDraft(buy, LIMITS, null)).toEqual({ takeProfit: 'takeProfitAboveStopLoss' });
  });
});
