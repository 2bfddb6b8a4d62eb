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
import type { ErrorCode, TimeInForce, TradingHours, UsSession } from '@pasar/shared/contract';
import { nyseCalendar, type MarketCalendar, type Session } from '../../market/calendar';

export interface UsSessionNow {
  readonly session: UsSession;
  readonly nextChangeAt: number | null;
  readonly nextSession: UsSession | null;
}

const sessionOf = (s: Session): UsSession => (s.kind === 'PRE_MARKET' || s.kind === 'POST_MARKET' ? s.kind : 'REGULAR');

/** The session at `at`. */
export function usSessionAt(at: number, calendar: MarketCalendar = nyseCalendar): UsSession {
  for (const s of calendar.sessions(calendar.localDate(at))) if (at >= s.open && at < s.close) return sessionOf(s);
  return 'CLOSED';
}

/** The session at `at` and the next instant it changes (to another session kind). */
export function usSessionNow(at: number, calendar: MarketCalendar = nyseCalendar): UsSessionNow {
  const session = usSessionAt(at, calendar);
  let date = calendar.localDate(at);
  for (let i = 0; i < 15; i += 1) {
    const bounds = calendar.sessions(date).flatMap((s) => [s.open, s.close]);
    for (const b of bounds.sort((x, y) => x - y)) {
      if (b <= at) continue;
      const next = usSessionAt(b, calendar);
      if (next !== session) return { session, nextChangeAt: b, nextSession: next };
    }
    date = nextDate(date);
  }
  return { session, nextChangeAt: null, nextSession: null };
}

const nextDate = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

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
    date = calendar.nextTradingDay(nextDate(date));
  }
  return null;
}
