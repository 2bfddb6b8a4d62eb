// The US rules' plans, pure (a market with a fixed last price and book): sizes by quantity and by
// USD amount, the TP/SL OCO sell's flooring (§5), holds of resting and queued orders, and refusals.
import type { Instrument } from '@pasar/shared/contract';
import { AppError } from '../../http/app-error';
import { loadConfig } from '../../config';
import type { OrderSpec } from '../../trading';
import { createUsStockRules } from './rules';

const aapl = { symbol: 'AAPL', id: 1, kind: 'usstock', hasPostMarket: true, quantityStep: '0.0001' } as unknown as Instrument;
const book = {
  bids: [{ price: '269.99', quantity: '100' }],
  asks: [{ price: '270.01', quantity: '100' }],
};
const settings = loadConfig({}).usStock;
const rules = createUsStockRules({
  market: {
    instrument: (s: string) => (s === 'AAPL' ? aapl : undefined),
    instruments: () => [aapl],
    ticker: () => ({ price: '270.00' }),
    orderBook: () => book,
    halts: { fresh: async () => undefined, get: () => undefined },
    now: () => Date.parse('2026-12-02T15:00:00Z'),
  } as never,
  settings,
  gssStatus: async () => 'VERIFIED',
  assertTermsAccepted: async () => undefined,
  productInfo: async () => ({ symbol: 'AAPL', tradingHaltReason: null, bottomBannerMessage: null, enableBuy: true, enableSell: true, enableBuyForProMode: true, enableSellForProMode: true }),
});

const spec = (over: Partial<OrderSpec>): OrderSpec => ({
  source: 'ADVANCED',
  side: 'BUY',
  symbol: 'AAPL',
  orderType: 'LIMIT',
  inputType: 'quantity',
  timeInForce: 'GOOD_TILL_CANCEL',
  ...over,
});
const plan = (over: Partial<OrderSpec>, queued = false) => rules.plan(spec(over), aapl, { language: 'en', queued });
const code = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
  return undefined;
};

describe('US order plans', () => {
  it('sizes a limit buy by USD amount to the most fractional shares it pays for, and holds that', () => {
    const p = plan({ inputType: 'amount', amount: '100', limitPrice: '250.00' });
    // 100 / 250 = 0.4 shares exactly.
    expect({ execQuantity: p.execQuantity, hold: p.hold }).toEqual({ execQuantity: '0.4', hold: { currency: 'USD', amount: '100' } });
    const q = plan({ quantity: '0.3333', limitPrice: '250.00' });
    // 0.3333 × 250 = 83.325, rounded up to the cent.
    expect(q.hold).toEqual({ currency: 'USD', amount: '83.33' });
  });

  it('floors a TP/SL OCO sell to whole shares and its amount to cents (§5)', () => {
    const byQuantity = plan({ side: 'SELL', orderType: 'OCO', quantity: '3.7', takeProfit: '300.00', stopLoss: '250.00' });
    expect({ quantity: byQuantity.spec.quantity, execQuantity: byQuantity.execQuantity, legs: byQuantity.legs.map((l) => l.ocoLeg), hold: byQuantity.hold }).toEqual({
      quantity: '3',
      execQuantity: '3',
      legs: ['TAKE_PROFIT', 'STOP_LOSS'],
      hold: { currency: 'AAPL', amount: '3' },
    });
    const byAmount = plan({ side: 'SELL', orderType: 'OCO', inputType: 'amount', amount: '1000.999', takeProfit: '300.00', stopLoss: '250.00' });
    // 1000.99 at the take-profit price: 3 whole shares.
    expect({ amount: byAmount.spec.amount, execQuantity: byAmount.execQuantity }).toEqual({ amount: '1000.99', execQuantity: '3' });
    // A plain sell keeps its fraction.
    expect(plan({ side: 'SELL', quantity: '3.7', limitPrice: '300.00' }).execQuantity).toBe('3.7');
  });

  it('holds a queued market buy at the banded last price, and a queued buy by amount at its amount', () => {
    // 2 × 270 × 1.05 = 567.
    expect(plan({ orderType: 'MARKET', quantity: '2' }, true).hold).toEqual({ currency: 'USD', amount: '567' });
    expect(plan({ orderType: 'MARKET', inputType: 'amount', amount: '50' }, true)).toMatchObject({ execQuantity: null, hold: { currency: 'USD', amount: '50' }, walk: null });
    // In regular hours it fills now against the book.
    expect(plan({ orderType: 'MARKET', quantity: '2' }).walk).toMatchObject({ ok: true, quantity: '2', base: '540.02' });
  });

  // [what, spec, code]
  const refusals: [string, Partial<OrderSpec>, string][] = [
    ['leverage', { orderType: 'MARKET', quantity: '1', leverage: '2' }, '3805'],
    ['an OCO buy', { orderType: 'OCO', quantity: '1', takeProfit: '300.00', stopLoss: '250.00' }, '3806'],
    ['an off-tick limit', { quantity: '1', limitPrice: '250.001' }, '3804'],
    ['an off-tick price below $1', { quantity: '100', limitPrice: '0.12345' }, '3804'],
    ['a stop buy below the last price', { orderType: 'STOP', quantity: '1', stopPrice: '260.00' }, '9601'],
    ['a stop-loss above the last price', { side: 'SELL', orderType: 'OCO', quantity: '1', takeProfit: '300.00', stopLoss: '280.00' }, '9601'],
    ['too many decimals of a share', { quantity: '0.00001', limitPrice: '250.00' }, '002'],
    ['cents of a cent', { inputType: 'amount', amount: '10.001', limitPrice: '250.00' }, '002'],
    ['below the minimum notional', { inputType: 'amount', amount: '0.99', limitPrice: '250.00' }, '3704'],
    ['a quantity worth less than the minimum', { quantity: '0.001', limitPrice: '250.00' }, '3704'],
    ['both sizes', { quantity: '1', amount: '10', limitPrice: '250.00' }, '002'],
    ['a TP/SL OCO sell of less than one whole share', { side: 'SELL', orderType: 'OCO', quantity: '0.8', takeProfit: '300.00', stopLoss: '250.00' }, '3704'],
  ];
  it.each(refusals)('refuses %s', (_what, over, expected) => {
    expect(code(() => plan(over))).toBe(expected);
  });

  it('accepts a sub-dollar price on its $0.0001 grid', () => {
    expect(plan({ quantity: '100', limitPrice: '0.1234' }).hold).toEqual({ currency: 'USD', amount: '12.34' });
  });
});
