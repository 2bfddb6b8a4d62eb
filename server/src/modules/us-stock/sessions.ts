// US stock sessions and what they allow (New York time, the NYSE calendar: holidays, early
// closes, DST): pre-market 04:00–09:30, regular 09:30–16:00, post-market 16:00–20:00 (an early
// close: regular to 13:00, post-market to 17:00). Pure: every function takes the instant.
//
// The rules (decision 0015):
// - New orders are taken while a session is open; outside every session (overnight, weekends,
//   holidays) an order is refused with 3801.
// - A market order executes in regular hours only. Placed in pre- or post-market for regular
//   hours it is queued and executes at the next regular open (Alpaca's behaviour); asking for
//   extended hours with a market order (or a stop, which becomes one) is refused (3803).
// - Extended hours (tradingHours other than REGULAR_HOURS) take limit orders only (3803), and only
//   for stocks with post-market (`ipme`, 3802). INTRADAY is the 4x leverage wallet's (3805).
// - GOOD_TILL_MARKET_CLOSE expires at the close of the trading day it is placed for: the regular
//   close, or the post-market close for orders that include post-market (early closes
//   included); an order placed after that close is for the next trading day.
import type { ErrorCode, MarketState, TimeInForce, TradingHours, UsSession } from '@pasar/shared/contract';
import { nyseCalendar, type MarketCalendar } from '../../market/calendar';
import { addDays } from '../../market/calendar/time';

export interface UsSessionNow {
  readonly session: UsSession;
  readonly nextChangeAt: number | null;
  readonly nextSession: UsSession | null;
}

/** The calendar's market state as a US session. */
const sessionOf = (state: MarketState): UsSession => (state === 'OPEN' ? 'REGULAR' : state === 'PRE_MARKET' || state === 'POST_MARKET' ? state : 'CLOSED');

/** The session at `at`. */
export const usSessionAt = (at: number, calendar: MarketCalendar = nyseCalendar): UsSession => sessionOf(calendar.state(at));

/** The session at `at` and the next instant it changes (to another session kind). */
export function usSessionNow(at: number, calendar: MarketCalendar = nyseCalendar): UsSessionNow {
  const next = calendar.nextChange(at);
  return { session: usSessionAt(at, calendar), nextChangeAt: next?.at ?? null, nextSession: next ? sessionOf(next.state) : null };
}

/** Extended hours: any trading-hours choice other than regular hours. */
export const isExtended = (tradingHours: TradingHours | null | undefined): boolean =>
  tradingHours !== undefined && tradingHours !== null && tradingHours !== 'REGULAR_HOURS';

/** The sessions an order may execute in. */
export function sessionsFor(tradingHours: TradingHours | null | undefined): readonly UsSession[] {
  switch (tradingHours ?? 'REGULAR_HOURS') {
    case 'INCLUDE_EXTENDED_HOURS':
      return ['PRE_MARKET', 'REGULAR', 'POST_MARKET'];
    case 'PRE_MARKET':
      return ['PRE_MARKET', 'REGULAR'];
    default:
      return ['REGULAR'];
  }
}

export interface PlacementCheck {
  readonly orderType: string;
  readonly tradingHours: TradingHours | null | undefined;
  /** The stock trades in pre- and post-market (symbol-info `ipme`). */
  readonly ipme: boolean;
  readonly session: UsSession;
}

/** Why an order may not be placed in this session (null: it may). Checked in this order. */
export function sessionRefusal(check: PlacementCheck): ErrorCode | null {
  if (check.tradingHours === 'INTRADAY') return '3805';
  if (check.session === 'CLOSED') return '3801';
  if (isExtended(check.tradingHours)) {
    if (check.orderType !== 'LIMIT') return '3803';
    if (!check.ipme) return '3802';
  }
  return null;
}

/** What a market order does now: execute (regular hours), wait for the next open, or refuse (closed). */
export function marketOrderVerdict(session: UsSession, tradingHours: TradingHours | null | undefined): 'EXECUTE' | 'QUEUE' | 'REFUSE' {
  if (isExtended(tradingHours) || session === 'CLOSED') return 'REFUSE';
  return session === 'REGULAR' ? 'EXECUTE' : 'QUEUE';
}

/** May an open order match now: limits in the sessions they asked for; market and stop orders in regular hours only. */
export function mayMatchIn(session: UsSession, orderType: string, tradingHours: TradingHours | null | undefined): boolean {
  if (session === 'CLOSED') return false;
  if (orderType !== 'LIMIT') return session === 'REGULAR';
  return sessionsFor(tradingHours).includes(session);
}

/** When an order placed at `now` expires (epoch ms); null for GOOD_TILL_CANCEL. */
export function expiryOf(
  timeInForce: TimeInForce,
  tradingHours: TradingHours | null | undefined,
  now: number,
  calendar: MarketCalendar = nyseCalendar,
): number | null {
  if (timeInForce !== 'GOOD_TILL_MARKET_CLOSE') return null;
  const closeOf = (date: string): number | null => {
    const sessions = calendar.sessions(date);
    const kind = tradingHours === 'INCLUDE_EXTENDED_HOURS' ? 'POST_MARKET' : 'REGULAR';
    return sessions.find((s) => s.kind === kind)?.close ?? null;
  };
  let date = calendar.nextTradingDay(calendar.localDate(now));
  for (let i = 0; i < 15; i += 1) {
    const close = closeOf(date);
    if (close !== null && close > now) return close;
    date = calendar.nextTradingDay(addDays(date, 1));
  }
  return null;
}
