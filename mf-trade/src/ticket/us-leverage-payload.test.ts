// §5 as the browser builds leveraged payloads: no tradingHours; 4 = isIntradayLeverage; a 4x
// TP/SL sell is GOOD_TILL_MARKET_CLOSE; a TP/SL OCO amount is floored (not rounded) to cents.
import { floorDecimals, leverageBuyPayload, leverageSellPayload, leverageTpSlPayload, walletOf } from './us-leverage-payload';

describe('US leverage payloads (§5)', () => {
  it('a buy omits tradingHours and amount (by quantity) or quantity (by amount); 4x sets the intraday flag', () => {
    expect(leverageBuyPayload(7, 2, { inputType: 'quantity', value: '1.5' })).toEqual({ stockId: 7, leverage: 2, isIntradayLeverage: false, orderType: 'MARKET', quantity: '1.5' });
    expect(leverageBuyPayload(7, 4, { inputType: 'amount', value: '250' })).toEqual({ stockId: 7, leverage: 4, isIntradayLeverage: true, orderType: 'MARKET', amount: '250' });
    expect('tradingHours' in leverageSellPayload(7, 4, { inputType: 'quantity', value: '2' })).toBe(false);
  });

  it('a TP/SL OCO sell: 4x good till market close, 2x good till cancel; its amount floored to cents', () => {
    const prices = { takeProfit: '220', stopLoss: '180' };
    expect(leverageTpSlPayload(7, 4, { inputType: 'amount', value: '100.019' }, prices)).toEqual({
      stockId: 7,
      leverage: 4,
      isIntradayLeverage: true,
      orderType: 'OCO',
      orderSubType: 'NORMAL',
      timeInForce: 'GOOD_TILL_MARKET_CLOSE',
      amount: '100.01',
      takeProfit: '220',
      stopLoss: '180',
    });
    expect(leverageTpSlPayload(7, 2, { inputType: 'quantity', value: '0.75' }, prices)).toMatchObject({ timeInForce: 'GOOD_TILL_CANCEL', quantity: '0.75', isIntradayLeverage: false });
  });

  it('floors without rounding and names the wallet of each leverage', () => {
    expect([floorDecimals('12.999', 2), floorDecimals('12.5', 2), floorDecimals('12', 2), floorDecimals('0.001', 2)]).toEqual(['12.99', '12.5', '12', '0']);
    expect([walletOf(2), walletOf(4)]).toEqual(['leverage', 'intraday']);
  });
});
