import type { TradingHours, UsSession } from '@pasar/shared/contract';
import { expiryOf, marketOrderVerdict, mayMatchIn, sessionRefusal, usSessionAt, usSessionNow } from './sessions';

const at = (iso: string): number => Date.parse(iso);
const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

describe('US sessions in New York time', () => {
  // [instant (UTC), session, what it is]
  const table: [string, UsSession, string][] = [
    // Before the March DST change (EST, UTC−5): regular 14:30–21:00 UTC.
    ['2026-03-06T08:59:00Z', 'CLOSED', 'Fri 03:59 EST, before pre-market'],
    ['2026-03-06T09:00:00Z', 'PRE_MARKET', 'Fri 04:00 EST'],
    ['2026-03-06T14:29:59Z', 'PRE_MARKET', 'Fri 09:29:59 EST'],
    ['2026-03-06T14:30:00Z', 'REGULAR', 'Fri 09:30 EST'],
    ['2026-03-06T20:59:59Z', 'REGULAR', 'Fri 15:59:59 EST'],
    ['2026-03-06T21:00:00Z', 'POST_MARKET', 'Fri 16:00 EST'],
    ['2026-03-07T01:00:00Z', 'CLOSED', 'Fri 20:00 EST'],
    // After it (8 March 2026, EDT, UTC−4): the same local times are an hour earlier in UTC.
    ['2026-03-09T07:59:00Z', 'CLOSED', 'Mon 03:59 EDT'],
    ['2026-03-09T08:00:00Z', 'PRE_MARKET', 'Mon 04:00 EDT'],
    ['2026-03-09T13:30:00Z', 'REGULAR', 'Mon 09:30 EDT'],
    ['2026-03-09T14:29:00Z', 'REGULAR', 'Mon 10:29 EDT (pre-market at this UTC time before the change)'],
    ['2026-03-09T20:00:00Z', 'POST_MARKET', 'Mon 16:00 EDT'],
    ['2026-03-10T00:00:00Z', 'CLOSED', 'Mon 20:00 EDT'],
    // Around the November change (1 November 2026, back to EST).
    ['2026-10-30T13:30:00Z', 'REGULAR', 'Fri 09:30 EDT'],
    ['2026-10-30T20:00:00Z', 'POST_MARKET', 'Fri 16:00 EDT'],
    ['2026-11-02T13:30:00Z', 'PRE_MARKET', 'Mon 08:30 EST (regular at this UTC time before the change)'],
    ['2026-11-02T14:30:00Z', 'REGULAR', 'Mon 09:30 EST'],
    ['2026-11-02T21:00:00Z', 'POST_MARKET', 'Mon 16:00 EST'],
    // Thanksgiving (closed all day) and the early close the day after (13:00, post-market to 17:00).
    ['2026-11-26T10:00:00Z', 'CLOSED', 'Thanksgiving 05:00 EST'],
    ['2026-11-26T15:00:00Z', 'CLOSED', 'Thanksgiving 10:00 EST'],
    ['2026-11-26T22:00:00Z', 'CLOSED', 'Thanksgiving 17:00 EST'],
    ['2026-11-27T14:29:00Z', 'PRE_MARKET', 'Fri 09:29 EST'],
    ['2026-11-27T17:59:59Z', 'REGULAR', 'Fri 12:59:59 EST'],
    ['2026-11-27T18:00:00Z', 'POST_MARKET', 'Fri 13:00 EST (early close)'],
    ['2026-11-27T21:59:59Z', 'POST_MARKET', 'Fri 16:59:59 EST'],
    ['2026-11-27T22:00:00Z', 'CLOSED', 'Fri 17:00 EST (post-market ends early)'],
    // A weekend.
    ['2026-11-28T15:00:00Z', 'CLOSED', 'Saturday'],
    ['2026-11-29T18:00:00Z', 'CLOSED', 'Sunday'],
  ];
  it.each(table)('%s is %s (%s)', (instant, session) => {
    expect(usSessionAt(at(instant))).toBe(session);
  });

  // [instant, session, next change (UTC), next session]
  const changes: [string, UsSession, string, UsSession][] = [
    ['2026-11-27T17:00:00Z', 'REGULAR', '2026-11-27T18:00:00.000Z', 'POST_MARKET'],
    ['2026-11-27T19:00:00Z', 'POST_MARKET', '2026-11-27T22:00:00.000Z', 'CLOSED'],
    ['2026-11-28T15:00:00Z', 'CLOSED', '2026-11-30T09:00:00.000Z', 'PRE_MARKET'],
    ['2026-11-26T02:00:00Z', 'CLOSED', '2026-11-27T09:00:00.000Z', 'PRE_MARKET'],
    ['2026-03-06T21:30:00Z', 'POST_MARKET', '2026-03-07T01:00:00.000Z', 'CLOSED'],
    ['2026-03-07T12:00:00Z', 'CLOSED', '2026-03-09T08:00:00.000Z', 'PRE_MARKET'],
  ];
  it.each(changes)('at %s (%s) the next change is %s to %s', (instant, session, nextAt, next) => {
    expect(usSessionNow(at(instant))).toEqual({ session, nextChangeAt: at(nextAt), nextSession: next });
  });
});

describe('what a session allows', () => {
  // [order type, trading hours, ipme, session, refusal]
  const table: [string, TradingHours, boolean, UsSession, string | null][] = [
    ['LIMIT', 'INCLUDE_EXTENDED_HOURS', true, 'PRE_MARKET', null],
    ['LIMIT', 'INCLUDE_EXTENDED_HOURS', true, 'POST_MARKET', null],
    ['LIMIT', 'PRE_MARKET', true, 'PRE_MARKET', null],
    ['LIMIT', 'INCLUDE_EXTENDED_HOURS', false, 'PRE_MARKET', '3802'],
    ['LIMIT', 'INCLUDE_EXTENDED_HOURS', false, 'REGULAR', '3802'],
    ['MARKET', 'INCLUDE_EXTENDED_HOURS', true, 'POST_MARKET', '3803'],
    ['STOP', 'PRE_MARKET', true, 'PRE_MARKET', '3803'],
    ['STOP_LIMIT', 'INCLUDE_EXTENDED_HOURS', true, 'REGULAR', '3803'],
    ['MARKET', 'REGULAR_HOURS', false, 'REGULAR', null],
    ['MARKET', 'REGULAR_HOURS', false, 'PRE_MARKET', null],
    ['LIMIT', 'REGULAR_HOURS', false, 'POST_MARKET', null],
    ['MARKET', 'REGULAR_HOURS', true, 'CLOSED', '3801'],
    ['LIMIT', 'INCLUDE_EXTENDED_HOURS', true, 'CLOSED', '3801'],
    ['LIMIT', 'INTRADAY', true, 'REGULAR', '3805'],
  ];
  it.each(table)('%s %s (ipme %s) in %s: %s', (orderType, tradingHours, ipme, session, refusal) => {
    expect(sessionRefusal({ orderType, tradingHours, ipme, session })).toBe(refusal);
  });

  it('executes market orders in regular hours only, queues them in pre- and post-market, refuses them when closed', () => {
    expect(marketOrderVerdict('REGULAR', 'REGULAR_HOURS')).toBe('EXECUTE');
    expect(marketOrderVerdict('PRE_MARKET', 'REGULAR_HOURS')).toBe('QUEUE');
    expect(marketOrderVerdict('POST_MARKET', undefined)).toBe('QUEUE');
    expect(marketOrderVerdict('CLOSED', 'REGULAR_HOURS')).toBe('REFUSE');
    expect(marketOrderVerdict('REGULAR', 'INCLUDE_EXTENDED_HOURS')).toBe('REFUSE');
  });

  // [session, order type, trading hours, may match]
  const matching: [UsSession, string, TradingHours | null, boolean][] = [
    ['POST_MARKET', 'LIMIT', 'INCLUDE_EXTENDED_HOURS', true],
    ['PRE_MARKET', 'LIMIT', 'INCLUDE_EXTENDED_HOURS', true],
    ['POST_MARKET', 'LIMIT', 'REGULAR_HOURS', false],
    ['POST_MARKET', 'LIMIT', null, false],
    ['PRE_MARKET', 'LIMIT', 'PRE_MARKET', true],
    ['POST_MARKET', 'LIMIT', 'PRE_MARKET', false],
    ['REGULAR', 'LIMIT', 'REGULAR_HOURS', true],
    ['REGULAR', 'STOP', 'REGULAR_HOURS', true],
    ['PRE_MARKET', 'STOP', 'REGULAR_HOURS', false],
    ['PRE_MARKET', 'MARKET', 'REGULAR_HOURS', false],
    ['REGULAR', 'OCO', 'REGULAR_HOURS', true],
    ['CLOSED', 'LIMIT', 'INCLUDE_EXTENDED_HOURS', false],
  ];
  it.each(matching)('in %s a %s order (%s) may match: %s', (session, orderType, tradingHours, may) => {
    expect(mayMatchIn(session, orderType, tradingHours)).toBe(may);
  });
});

describe('time in force', () => {
  // [placed at, time in force, trading hours, expires at]
  const table: [string, 'GOOD_TILL_CANCEL' | 'GOOD_TILL_MARKET_CLOSE', TradingHours, string | null][] = [
    ['2026-11-27T15:00:00Z', 'GOOD_TILL_CANCEL', 'REGULAR_HOURS', null],
    // The early close after Thanksgiving: regular until 13:00 EST, post-market until 17:00.
    ['2026-11-27T15:00:00Z', 'GOOD_TILL_MARKET_CLOSE', 'REGULAR_HOURS', '2026-11-27T18:00:00.000Z'],
    ['2026-11-27T15:00:00Z', 'GOOD_TILL_MARKET_CLOSE', 'INCLUDE_EXTENDED_HOURS', '2026-11-27T22:00:00.000Z'],
    ['2026-11-27T12:00:00Z', 'GOOD_TILL_MARKET_CLOSE', 'PRE_MARKET', '2026-11-27T18:00:00.000Z'],
    // Placed after that day's close: the next trading day's (Monday, a normal day).
    ['2026-11-27T19:00:00Z', 'GOOD_TILL_MARKET_CLOSE', 'REGULAR_HOURS', '2026-11-30T21:00:00.000Z'],
    // Placed on the holiday: the next trading day's early close.
    ['2026-11-26T15:00:00Z', 'GOOD_TILL_MARKET_CLOSE', 'REGULAR_HOURS', '2026-11-27T18:00:00.000Z'],
    // DST: 16:00 EDT is 20:00 UTC, 16:00 EST 21:00 UTC.
    ['2026-03-09T12:00:00Z', 'GOOD_TILL_MARKET_CLOSE', 'REGULAR_HOURS', '2026-03-09T20:00:00.000Z'],
    ['2026-03-06T12:00:00Z', 'GOOD_TILL_MARKET_CLOSE', 'REGULAR_HOURS', '2026-03-06T21:00:00.000Z'],
    ['2026-03-06T12:00:00Z', 'GOOD_TILL_MARKET_CLOSE', 'INCLUDE_EXTENDED_HOURS', '2026-03-07T01:00:00.000Z'],
  ];
  it.each(table)('placed %s %s (%s) expires %s', (placed, tif, hours, expires) => {
    expect(iso(expiryOf(tif, hours, at(placed)))).toBe(expires);
  });
});
