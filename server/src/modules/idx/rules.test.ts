// IDX rules, table by table (decisions 0018 and 0019): the tick grid at every band edge, the
// ARA/ARB band from several previous closes (a Rp50 stock included), the Jakarta phases on a
// Monday and a Friday (11:45 is session I on a Monday and the lunch break on a Friday), a holiday,
// T+2 across a weekend and across holidays, lots, price refusals, the fee math and the call
// auction's price on small books computed by hand, and when each auction is due to be uncrossed.
import { chargesForBase } from '@pasar/shared/trading';
import { idxTickSize, isOnIdxGrid } from '../../market/idx-rules';
import { auctionPrice, matchedVolumeAt, type AuctionOrder } from './auction';
import { bandOf, isWholeLots, priceRefusal } from './rules';
import { auctionDueAt, fillTradeDateOf, idxExpiryOf, idxSessionAt, idxSessionNow, settlementDate, tradingDayOf } from './sessions';
import { idxRatesOf } from './settings';

/** A Jakarta wall time (WIB, UTC+7) as an instant. */
const wib = (date: string, time: string): number => Date.parse(`${date}T${time}+07:00`);

describe('ticks', () => {
  it.each([
    [1, 1],
    [199, 1],
    [200, 2],
    [498, 2],
    [499, 2],
    [500, 5],
    [1995, 5],
    [2000, 10],
    [4990, 10],
    [5000, 25],
    [5025, 25],
  ])('the tick at Rp%i is %i', (price, tick) => {
    expect(idxTickSize(price)).toBe(tick);
  });

  it.each([
    [199, true],
    [201, false],
    [498, true],
    [502, false],
    [1995, true],
    [1997, false],
    [4990, true],
    [4995, false],
    [5010, false],
    [5025, true],
  ])('Rp%i is on the grid: %s', (price, on) => {
    expect(isOnIdxGrid(price)).toBe(on);
  });
});

describe('auto-rejection band', () => {
  it.each([
    // previous close, ARB, ARA
    [50, 50, 67], // 35 % up; 15 % down stops at the Rp50 floor
    [100, 85, 135],
    [137, 117, 184],
    [200, 170, 270], // Rp200 is still the 35 % band
    [1000, 850, 1250],
    [5000, 4250, 6250], // Rp5,000 is still the 25 % band
    [8000, 6800, 9600], // 20 % above Rp5,000
    [9025, 7675, 10825],
  ])('previous close Rp%i: ARB %i, ARA %i', (previous, arb, ara) => {
    expect(bandOf(previous)).toEqual({ low: arb, high: ara });
  });

  it('refuses a price off the grid (3902) before one outside the band (3903)', () => {
    const band = bandOf(8000);
    expect(priceRefusal('8000', band)).toBeNull();
    expect(priceRefusal('9600', band)).toBeNull();
    expect(priceRefusal('9625', band)).toBe('3903');
    expect(priceRefusal('6775', band)).toBe('3903');
    expect(priceRefusal('8010', band)).toBe('3902');
    expect(priceRefusal('8000.5', band)).toBe('3902');
  });
});

describe('lots', () => {
  it.each([
    ['100', true],
    ['200', true],
    ['150', false],
    ['50', false],
    ['0', false],
    ['100.0', false],
  ])('%s shares is a whole number of lots: %s', (q, whole) => {
    expect(isWholeLots(q)).toBe(whole);
  });
});

describe('sessions (Jakarta time)', () => {
  // Monday 30 Nov 2026 and Friday 4 Dec 2026.
  it.each([
    ['2026-11-30', '08:44:59', 'CLOSED'],
    ['2026-11-30', '08:45:00', 'PRE_OPENING'],
    ['2026-11-30', '08:59:59', 'PRE_OPENING'],
    ['2026-11-30', '09:00:00', 'SESSION_1'],
    ['2026-11-30', '11:45:00', 'SESSION_1'],
    ['2026-11-30', '11:59:59', 'SESSION_1'],
    ['2026-11-30', '12:00:00', 'LUNCH_BREAK'],
    ['2026-11-30', '13:29:59', 'LUNCH_BREAK'],
    ['2026-11-30', '13:30:00', 'SESSION_2'],
    ['2026-11-30', '15:49:59', 'SESSION_2'],
    ['2026-11-30', '15:50:00', 'PRE_CLOSING'],
    ['2026-11-30', '15:59:59', 'PRE_CLOSING'],
    ['2026-11-30', '16:00:00', 'CLOSED'],
    ['2026-12-04', '11:29:59', 'SESSION_1'],
    ['2026-12-04', '11:30:00', 'LUNCH_BREAK'],
    ['2026-12-04', '11:45:00', 'LUNCH_BREAK'],
    ['2026-12-04', '13:30:00', 'LUNCH_BREAK'],
    ['2026-12-04', '13:59:59', 'LUNCH_BREAK'],
    ['2026-12-04', '14:00:00', 'SESSION_2'],
    ['2026-12-04', '15:50:00', 'PRE_CLOSING'],
    ['2026-12-05', '10:00:00', 'CLOSED'], // Saturday
    ['2026-12-25', '10:00:00', 'CLOSED'], // Christmas (IDX calendar)
    ['2026-12-24', '09:30:00', 'CLOSED'], // cuti bersama Natal
  ])('%s %s is %s', (date, time, session) => {
    expect(idxSessionAt(wib(date, time))).toBe(session);
  });

  it('names the next change: Friday lunch to session II at 14:00, Thursday before Christmas to the Monday after', () => {
    expect(idxSessionNow(wib('2026-12-04', '11:45:00'))).toEqual({ session: 'LUNCH_BREAK', nextChangeAt: wib('2026-12-04', '14:00:00'), nextSession: 'SESSION_2' });
    expect(idxSessionNow(wib('2026-12-23', '16:30:00'))).toEqual({ session: 'CLOSED', nextChangeAt: wib('2026-12-28', '08:45:00'), nextSession: 'PRE_OPENING' });
  });

  it('a day order expires at the close of its trading day; after the close it is for the next trading day', () => {
    expect(idxExpiryOf('GOOD_TILL_MARKET_CLOSE', wib('2026-11-30', '10:00:00'))).toBe(wib('2026-11-30', '16:00:00'));
    expect(idxExpiryOf('GOOD_TILL_MARKET_CLOSE', wib('2026-12-04', '16:30:00'))).toBe(wib('2026-12-07', '16:00:00'));
    expect(idxExpiryOf('GOOD_TILL_CANCEL', wib('2026-11-30', '10:00:00'))).toBeNull();
    expect(tradingDayOf(wib('2026-12-23', '17:00:00'))).toBe('2026-12-28');
  });
});

describe('T+2 settlement', () => {
  it.each([
    ['2026-11-30', '2026-12-02'], // Monday → Wednesday
    ['2026-12-03', '2026-12-07'], // Thursday → Monday, over the weekend
    ['2026-12-04', '2026-12-08'], // Friday → Tuesday
    ['2026-12-22', '2026-12-28'], // Tuesday → Wed 23, then 24 and 25 holidays, the weekend → Monday 28
    ['2026-12-30', '2027-01-06'], // 31 Dec, 1 Jan and the weekend closed: T+1 is Mon 4 Jan; Tue 5 Jan is Isra Mikraj
  ])('a trade on %s settles on %s', (trade, settle) => {
    expect(settlementDate(trade)).toBe(settle);
  });
});

describe('fees and tax', () => {
  const settings = { ordersEnabled: true, buyFeeRate: '0.0015', sellFeeRate: '0.0015', sellTaxRate: '0.001', settlementJobMinutes: 15 };
  it('a buy pays 0.15 %; a sell gives up 0.25 % (0.15 % fee and the 0.1 % final tax)', () => {
    expect(chargesForBase('BUY', '1800000', idxRatesOf(settings, 'BUY'))).toEqual({ base: '1800000', fee: '2700', tax: '0', total: '1802700' });
    expect(chargesForBase('SELL', '900000', idxRatesOf(settings, 'SELL'))).toEqual({ base: '900000', fee: '1350', tax: '900', total: '897750' });
  });
  it('rounds fees up and the tax up to whole Rupiah', () => {
    // 100 × 137 = 13,700: fee 20.55 → 21, tax 13.7 → 14.
    expect(chargesForBase('SELL', '13700', idxRatesOf(settings, 'SELL'))).toEqual({ base: '13700', fee: '21', tax: '14', total: '13665' });
  });
});

describe('call auction price', () => {
  let seq = 0;
  const o = (side: 'BUY' | 'SELL', price: number, quantity: number, id = `${side[0]}${price}-${seq}`): AuctionOrder => ({ id, side, price, quantity, seq: (seq += 1) });

  it('takes the price of the largest matched volume, nearest the previous close on a tie', () => {
    // 990: min(300, 150) = 150; 995: min(300, 150) = 150; 1000: min(100, 250) = 100. Tie at 150: 995 is nearer 1,000.
    const book = [o('BUY', 1000, 100, 'b1'), o('BUY', 995, 200, 'b2'), o('SELL', 990, 150, 's1'), o('SELL', 1000, 100, 's2')];
    expect(matchedVolumeAt(book, 990)).toBe(150);
    expect(matchedVolumeAt(book, 1000)).toBe(100);
    const result = auctionPrice(book, 1000);
    expect({ price: result.price, volume: result.volume, fills: Object.fromEntries(result.fills) }).toEqual({ price: 995, volume: 150, fills: { b1: 100, b2: 50, s1: 150 } });
  });

  it('on a tie equally near the previous close takes the higher price', () => {
    const result = auctionPrice([o('BUY', 1005, 100), o('SELL', 995, 100)], 1000);
    expect([result.price, result.volume]).toEqual([1005, 100]);
  });

  it('prefers volume over nearness to the previous close', () => {
    // 1000: min(600, 300) = 300; 1010: min(500, 600) = 500.
    const result = auctionPrice([o('BUY', 1010, 500), o('BUY', 1000, 100), o('SELL', 1000, 300), o('SELL', 1010, 300)], 1000);
    expect([result.price, result.volume]).toEqual([1010, 500]);
  });

  it('allocates by price, then time, at the one price', () => {
    // 2000: buys ≥ 2000 = 600, sells ≤ 2000 = 400 → 400; 2010: 300 vs 400 → 300.
    const first = o('BUY', 2000, 200, 'early');
    const second = o('BUY', 2000, 300, 'late');
    const result = auctionPrice([o('BUY', 2010, 100, 'better'), first, second, o('SELL', 1990, 400, 's')], 2000);
    expect({ price: result.price, fills: Object.fromEntries(result.fills) }).toEqual({ price: 2000, fills: { better: 100, early: 200, late: 100, s: 400 } });
  });

  it('strikes no price when nothing crosses', () => {
    const result = auctionPrice([o('BUY', 990, 100), o('SELL', 1000, 100)], 1000);
    expect([result.price, result.volume, result.fills.size]).toEqual([null, 0, 0]);
  });
});

describe('call auction due (the uncross window)', () => {
  it.each([
    ['2026-11-30', '08:58:59', null], // Monday, still collecting
    ['2026-11-30', '09:00:00', '2026-11-30:PRE_OPENING'],
    ['2026-11-30', '11:59:59', '2026-11-30:PRE_OPENING'], // until session I closes
    ['2026-11-30', '12:00:00', null], // lunch: too late for the opening
    ['2026-11-30', '15:55:00', null], // the pre-closing collects
    ['2026-11-30', '16:00:00', '2026-11-30:PRE_CLOSING'],
    ['2026-11-30', '23:59:59', '2026-11-30:PRE_CLOSING'],
    ['2026-12-01', '08:00:00', null], // the next morning
    ['2026-12-04', '11:30:00', null], // Friday: session I closes at 11:30
    ['2026-12-04', '11:29:59', '2026-12-04:PRE_OPENING'],
    ['2026-12-05', '10:00:00', null], // Saturday
    ['2026-12-25', '10:00:00', null], // Christmas
  ])('%s %s → %s', (date, time, key) => {
    expect(auctionDueAt(wib(date, time))?.key ?? null).toBe(key);
  });

  it('ends collection at 09:00 and 16:00; a fill after 16:00 trades on its own day, on a weekend on the next trading day', () => {
    expect(auctionDueAt(wib('2026-11-30', '10:00:00'))?.endedAt).toBe(wib('2026-11-30', '09:00:00'));
    expect(auctionDueAt(wib('2026-11-30', '16:10:00'))?.endedAt).toBe(wib('2026-11-30', '16:00:00'));
    expect(fillTradeDateOf(wib('2026-11-30', '16:00:30'))).toBe('2026-11-30');
    expect(tradingDayOf(wib('2026-11-30', '16:00:30'))).toBe('2026-12-01');
    expect(fillTradeDateOf(wib('2026-12-05', '10:00:00'))).toBe('2026-12-07');
  });
});
